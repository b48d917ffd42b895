package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// idxBytes builds an IDX3 ubyte stream with the given header and pixels.
func idxBytes(magic, count, rows, cols uint32, pixels []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, []uint32{magic, count, rows, cols})
	b.Write(pixels)
	return b.Bytes()
}

func TestReadIdxImages(t *testing.T) {
	pix := []byte{0, 1, 2, 255, 10, 20, 30, 40, 7, 7, 7, 7} // 3 images of 2x2
	tests := []struct {
		name    string
		data    []byte
		limit   int
		want    [][]float32
		wantErr string
	}{
		{"all", idxBytes(idxUbyte3Magic, 3, 2, 2, pix), 0,
			[][]float32{{0, 1, 2, 255}, {10, 20, 30, 40}, {7, 7, 7, 7}}, ""},
		{"limit", idxBytes(idxUbyte3Magic, 3, 2, 2, pix), 2,
			[][]float32{{0, 1, 2, 255}, {10, 20, 30, 40}}, ""},
		{"limit above count", idxBytes(idxUbyte3Magic, 1, 2, 2, pix[:4]), 5,
			[][]float32{{0, 1, 2, 255}}, ""},
		{"bad magic", idxBytes(0x00000801, 3, 2, 2, pix), 0, nil, "idx magic 0x00000801"},
		{"zero cols", idxBytes(idxUbyte3Magic, 3, 2, 0, pix), 0, nil, "out of range"},
		{"oversized image", idxBytes(idxUbyte3Magic, 1, 1<<11, 1<<10, nil), 0, nil, "out of range"},
		{"huge count truncated", idxBytes(idxUbyte3Magic, 0xffffffff, 1, 1, []byte{9}), 0, nil, "read image 1 of 4294967295"},
		{"truncated", idxBytes(idxUbyte3Magic, 3, 2, 2, pix[:10]), 0, nil, "read image 2 of 3"},
		{"short header", []byte{0, 0, 8}, 0, nil, "read idx header"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readIdxImages(bytes.NewReader(tc.data), tc.limit)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d images, want %d", len(got), len(tc.want))
			}
			for i := range got {
				for j := range got[i] {
					if got[i][j] != tc.want[i][j] {
						t.Fatalf("image %d = %v, want %v", i, got[i], tc.want[i])
					}
				}
			}
		})
	}
}

func TestLoadImagesGzip(t *testing.T) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(idxBytes(idxUbyte3Magic, 2, 1, 3, []byte{1, 2, 3, 4, 5, 6}))
	w.Close()
	path := filepath.Join(t.TempDir(), "tiny-idx3-ubyte.gz")
	if err := os.WriteFile(path, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := loadImages(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1][0] != 4 || got[1][2] != 6 {
		t.Fatalf("got %v, want [[1 2 3] [4 5 6]]", got)
	}
}

// line returns n base vectors at 1-d positions 0, 1, 2, ... (dim 1).
func line(n int) [][]float32 {
	base := make([][]float32, n)
	for i := range base {
		base[i] = []float32{float32(i)}
	}
	return base
}

func TestExactKNN(t *testing.T) {
	base := [][]float32{{0, 0}, {3, 4}, {1, 0}, {0, 2}, {10, 10}}
	gt := exactKNN(base, [][]float32{{0, 0}, {10, 9}}, 3)
	wantIDs := [][]int32{{0, 2, 3}, {4, 1, 3}}
	wantD := [][]float32{{0, 1, 2}, {1, 8.6023253, 12.206556}}
	for q := range wantIDs {
		for i := range wantIDs[q] {
			if gt.IDs[q][i] != wantIDs[q][i] || abs32(gt.Dists[q][i]-wantD[q][i]) > 1e-5 {
				t.Fatalf("query %d: ids %v dists %v, want %v %v", q, gt.IDs[q], gt.Dists[q], wantIDs[q], wantD[q])
			}
		}
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestRecallAtK(t *testing.T) {
	base := line(20)
	q := []float32{0}
	trueDists := []float32{0, 1, 2, 3} // k = 4: ids 0..3 are the true neighbours
	tests := []struct {
		name string
		got  []int32
		want float64
	}{
		{"exact", []int32{0, 1, 2, 3}, 1},
		{"order does not matter", []int32{3, 2, 1, 0}, 1},
		{"one miss", []int32{0, 1, 2, 9}, 0.75},
		{"short result", []int32{0, 1}, 0.5},
		{"duplicates count once", []int32{0, 0, 0, 0}, 0.25},
		{"unknown ids", []int32{-1, 99, 1, 2}, 0.5},
		{"empty", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := recallAtK(base, q, trueDists, tc.got, 4); got != tc.want {
				t.Fatalf("recall = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRecallAtKTiesAndEpsilon(t *testing.T) {
	// Points at distance 1 on both sides of the query: id 0 (x=-1), 1 (x=1),
	// 2 (x=1.0005, within 1e-3 of the 2nd distance), 3 (x=1.01, outside).
	base := [][]float32{{-1}, {1}, {1.0005}, {1.01}}
	q := []float32{0}
	trueDists := []float32{1, 1}
	if got := recallAtK(base, q, trueDists, []int32{1, 0}, 2); got != 1 {
		t.Fatalf("tie swap: recall = %v, want 1", got)
	}
	if got := recallAtK(base, q, trueDists, []int32{2, 0}, 2); got != 1 {
		t.Fatalf("within epsilon: recall = %v, want 1", got)
	}
	if got := recallAtK(base, q, trueDists, []int32{3, 0}, 2); got != 0.5 {
		t.Fatalf("outside epsilon: recall = %v, want 0.5", got)
	}
}

func TestPercentile(t *testing.T) {
	ds := make([]time.Duration, 100)
	for i := range ds {
		ds[i] = time.Duration(100-i) * time.Millisecond // 100ms .. 1ms, unsorted
	}
	tests := []struct {
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{ds, 50, 50 * time.Millisecond},
		{ds, 99, 99 * time.Millisecond},
		{ds, 100, 100 * time.Millisecond},
		{ds, 0.5, 1 * time.Millisecond},
		{[]time.Duration{7, 3, 5}, 50, 5},
		{[]time.Duration{7, 3, 5}, 99, 7},
		{[]time.Duration{4}, 99, 4},
		{nil, 50, 0},
	}
	for _, tc := range tests {
		if got := percentile(tc.ds, tc.p); got != tc.want {
			t.Errorf("percentile(len %d, %v) = %v, want %v", len(tc.ds), tc.p, got, tc.want)
		}
	}
	if ds[0] != 100*time.Millisecond {
		t.Fatal("percentile reordered its input")
	}
}

func TestGroundTruthCacheRoundTrip(t *testing.T) {
	gt := exactKNN(line(50), [][]float32{{3.2}, {40}}, 10)
	path := filepath.Join(t.TempDir(), "gt.bin")
	if err := writeGroundTruth(path, gt, 10); err != nil {
		t.Fatal(err)
	}
	got, err := readGroundTruth(path, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	for q := range gt.IDs {
		for i := range gt.IDs[q] {
			if got.IDs[q][i] != gt.IDs[q][i] || got.Dists[q][i] != gt.Dists[q][i] {
				t.Fatalf("query %d: read %v %v, wrote %v %v", q, got.IDs[q], got.Dists[q], gt.IDs[q], gt.Dists[q])
			}
		}
	}
	if _, err := readGroundTruth(path, 3, 10); err == nil {
		t.Fatal("reading with the wrong query count succeeded")
	}
}

func TestParseFlags(t *testing.T) {
	cfg, err := parseFlags([]string{"--ef-search", "10, 40", "--conns", "2", "--target", "pg"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.efSearch) != 2 || cfg.efSearch[1] != 40 || cfg.conns[0] != 2 || cfg.base != 60000 {
		t.Fatalf("cfg = %+v", cfg)
	}
	if !strings.HasPrefix(cfg.out, filepath.Join("bench", "results", "ann-pg-")) {
		t.Fatalf("default out = %q", cfg.out)
	}
	if _, err := parseFlags([]string{"--conns", "1,x"}); err == nil || !strings.Contains(err.Error(), "--conns") {
		t.Fatalf("bad --conns: err = %v", err)
	}
}

func TestCPUModel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpuinfo")
	os.WriteFile(path, []byte("processor\t: 0\nmodel name\t: Test CPU 9000\nflags\t: x\n"), 0o644)
	if got := cpuModel(path); got != "Test CPU 9000" {
		t.Fatalf("cpuModel = %q", got)
	}
}

// FuzzReadIdxImages checks that arbitrary input never panics and that any
// images returned have rows*cols pixels each.
func FuzzReadIdxImages(f *testing.F) {
	f.Add(idxBytes(idxUbyte3Magic, 2, 1, 2, []byte{1, 2, 3, 4}))
	f.Add(idxBytes(idxUbyte3Magic, 0xffffffff, 0xffffffff, 1, nil))
	f.Add([]byte{0, 0, 8, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		imgs, err := readIdxImages(bytes.NewReader(data), 4)
		if err != nil {
			return
		}
		rows := binary.BigEndian.Uint32(data[8:12])
		cols := binary.BigEndian.Uint32(data[12:16])
		for _, im := range imgs {
			if len(im) != int(rows*cols) {
				t.Fatalf("image has %d pixels, header says %dx%d", len(im), rows, cols)
			}
		}
	})
}
