package fmnist

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func idx(magic uint32, dims []uint32, data []byte) []byte {
	var b bytes.Buffer
	_ = binary.Write(&b, binary.BigEndian, magic)
	_ = binary.Write(&b, binary.BigEndian, dims)
	b.Write(data)
	return b.Bytes()
}

func TestReadImages(t *testing.T) {
	raw := idx(magicImages, []uint32{3, 1, 2}, []byte{0, 255, 7, 8, 9, 10})
	got, err := ReadImages(bytes.NewReader(raw), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float32{{0, 255}, {7, 8}, {9, 10}}
	if len(got) != 3 || got[0][1] != 255 || got[2][0] != 9 || len(got[1]) != 2 {
		t.Fatalf("got %v, want %v", got, want)
	}
	if got, _ := ReadImages(bytes.NewReader(raw), 2); len(got) != 2 {
		t.Errorf("max 2: got %d images", len(got))
	}
}

func TestReadLabels(t *testing.T) {
	raw := idx(magicLabels, []uint32{3}, []byte{9, 0, 4})
	got, err := ReadLabels(bytes.NewReader(raw), 0)
	if err != nil || !bytes.Equal(got, []byte{9, 0, 4}) {
		t.Fatalf("got %v, %v; want [9 0 4]", got, err)
	}
}

func TestMalformed(t *testing.T) {
	tests := []struct {
		name   string
		raw    []byte
		labels bool
	}{
		{"image wrong magic", idx(magicLabels, []uint32{1, 1, 1}, []byte{1}), false},
		{"image truncated", idx(magicImages, []uint32{2, 2, 2}, []byte{1, 2, 3, 4, 5}), false},
		{"image zero size", idx(magicImages, []uint32{1, 0, 5}, nil), false},
		{"image huge", idx(magicImages, []uint32{1, 1 << 16, 1 << 16}, nil), false},
		{"short header", []byte{0, 0, 8}, false},
		{"label wrong magic", idx(magicImages, []uint32{1}, []byte{1}), true},
		{"label truncated", idx(magicLabels, []uint32{4}, []byte{1, 2}), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.labels {
				_, err = ReadLabels(bytes.NewReader(tc.raw), 0)
			} else {
				_, err = ReadImages(bytes.NewReader(tc.raw), 0)
			}
			if !errors.Is(err, ErrFormat) {
				t.Errorf("err = %v, want ErrFormat", err)
			}
		})
	}
}

func TestLoadN(t *testing.T) {
	if _, err := os.Stat(filepath.Join(DefaultDir, TrainImages)); err != nil {
		t.Skipf("Fashion-MNIST not installed at %s: %v", DefaultDir, err)
	}
	d, err := LoadN(DefaultDir, 100, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Train) != 100 || len(d.Test) != 10 || len(d.TrainLabels) != 100 || len(d.TestLabels) != 10 {
		t.Fatalf("sizes %d %d %d %d", len(d.Train), len(d.Test), len(d.TrainLabels), len(d.TestLabels))
	}
	if len(d.Train[0]) != 784 || d.TrainLabels[0] != 9 || d.TestLabels[0] != 9 {
		t.Errorf("dims %d, first labels %d %d; want 784, 9 (ankle boot), 9", len(d.Train[0]), d.TrainLabels[0], d.TestLabels[0])
	}
	if _, err := LoadN(t.TempDir(), 1, 1); err == nil {
		t.Error("LoadN on empty dir: no error")
	}
}

func FuzzReadImages(f *testing.F) {
	f.Add(idx(magicImages, []uint32{2, 1, 2}, []byte{1, 2, 3, 4}))
	f.Add(idx(magicImages, []uint32{5, 28, 28}, []byte{1}))
	f.Add(idx(magicLabels, []uint32{2}, []byte{1, 2}))
	f.Fuzz(func(t *testing.T, raw []byte) {
		imgs, err := ReadImages(bytes.NewReader(raw), 100)
		if err == nil && len(imgs) > 0 && len(imgs[0]) > maxPixels {
			t.Fatalf("image of %d pixels", len(imgs[0]))
		}
		_, _ = ReadLabels(bytes.NewReader(raw), 100)
	})
}

// Cases carried over from bench/ann's former IDX reader, which now uses
// this package: a max above the count, and a count far beyond the data.
func TestReadImagesCounts(t *testing.T) {
	raw := idx(magicImages, []uint32{1, 2, 2}, []byte{0, 1, 2, 255})
	got, err := ReadImages(bytes.NewReader(raw), 5)
	if err != nil || len(got) != 1 || got[0][3] != 255 {
		t.Fatalf("max above count: %v, %v; want one image", got, err)
	}
	huge := idx(magicImages, []uint32{0xffffffff, 1, 1}, []byte{9})
	if _, err := ReadImages(bytes.NewReader(huge), 0); !errors.Is(err, ErrFormat) {
		t.Fatalf("count 4294967295 with one image of data: %v, want ErrFormat", err)
	}
}

// LoadN reads gzip-compressed files from a directory (a tiny synthetic set).
func TestLoadNGzip(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, raw []byte) {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(raw)
		w.Close()
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(TrainImages, idx(magicImages, []uint32{2, 1, 3}, []byte{1, 2, 3, 4, 5, 6}))
	write(TrainLabels, idx(magicLabels, []uint32{2}, []byte{7, 8}))
	write(TestImages, idx(magicImages, []uint32{1, 1, 3}, []byte{9, 9, 9}))
	write(TestLabels, idx(magicLabels, []uint32{1}, []byte{3}))
	d, err := LoadN(dir, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Train) != 2 || d.Train[1][0] != 4 || d.Train[1][2] != 6 || len(d.Test) != 1 || d.TrainLabels[1] != 8 {
		t.Fatalf("got %+v", d)
	}
}

// Every image returned has the header's rows*cols pixels.
func FuzzReadImagesShape(f *testing.F) {
	f.Add(idx(magicImages, []uint32{2, 1, 2}, []byte{1, 2, 3, 4}))
	f.Add(idx(magicImages, []uint32{0xffffffff, 0xffffffff, 1}, nil))
	f.Fuzz(func(t *testing.T, raw []byte) {
		imgs, err := ReadImages(bytes.NewReader(raw), 4)
		if err != nil {
			return
		}
		rows := binary.BigEndian.Uint32(raw[8:12])
		cols := binary.BigEndian.Uint32(raw[12:16])
		for _, im := range imgs {
			if uint64(len(im)) != uint64(rows)*uint64(cols) {
				t.Fatalf("image has %d pixels, header says %dx%d", len(im), rows, cols)
			}
		}
	})
}
