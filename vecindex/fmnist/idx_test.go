package fmnist

import (
	"bytes"
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
