package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pgvector/pgvector-go"
)

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

// TestParseFlagsIVFFlat: --index ivfflat sweeps ivfflat.probes over
// --probes; an unknown --index is refused by name.
func TestParseFlagsIVFFlat(t *testing.T) {
	cfg, err := parseFlags([]string{"--index", "ivfflat", "--lists", "200", "--probes", "1,4"})
	if err != nil {
		t.Fatal(err)
	}
	if setting, v := cfg.sweep(); setting != "ivfflat.probes" || len(v) != 2 || v[1] != 4 || cfg.lists != 200 {
		t.Fatalf("sweep %s %v, lists %d", setting, v, cfg.lists)
	}
	if setting, _ := (&config{index: "hnsw"}).sweep(); setting != "hnsw.ef_search" {
		t.Fatalf("hnsw sweeps %s", setting)
	}
	if _, err := parseFlags([]string{"--index", "ivf"}); err == nil || !strings.Contains(err.Error(), "--index") {
		t.Fatalf("bad --index: err = %v", err)
	}
}

// TestParseFlagsShape: --shape picks the statement (plain by default,
// lateral answers 10 query vectors per statement); an unknown shape is
// refused by name.
func TestParseFlagsShape(t *testing.T) {
	cfg, err := parseFlags(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.shape.name != "plain" || cfg.shape.query != "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10" || cfg.shape.batch != 1 {
		t.Fatalf("default shape %+v", cfg.shape)
	}
	cfg, err = parseFlags([]string{"--shape", "lateral"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cfg.shape.query, "CROSS JOIN LATERAL") || cfg.shape.batch != 10 || cfg.shape.setup == nil {
		t.Fatalf("lateral shape %+v", cfg.shape)
	}
	if _, err := parseFlags([]string{"--shape", "cross"}); err == nil || !strings.Contains(err.Error(), "--shape") {
		t.Fatalf("bad --shape: err = %v", err)
	}
}

// TestParseFlagsGloVe: --data glove-100 builds vector_cosine_ops and is
// labelled glove-100-angular; other data sets and --derive with GloVe are
// refused naming the flag.
func TestParseFlagsGloVe(t *testing.T) {
	cfg, err := parseFlags([]string{"--data", "glove-100", "--base", "1000"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.opclass() != "vector_cosine_ops" || cfg.datasetName() != "glove-100-angular" {
		t.Errorf("glove-100: opclass %q, data set %q", cfg.opclass(), cfg.datasetName())
	}
	if cfg, _ := parseFlags(nil); cfg.opclass() != "vector_l2_ops" || cfg.datasetName() != "fashion-mnist-784-euclidean" {
		t.Errorf("default: opclass %q, data set %q", cfg.opclass(), cfg.datasetName())
	}
	if _, err := parseFlags([]string{"--data", "sift"}); err == nil || !strings.Contains(err.Error(), "--data") {
		t.Errorf("--data sift: %v", err)
	}
	if _, err := parseFlags([]string{"--data", "glove-100", "--derive", "unit"}); err == nil || !strings.Contains(err.Error(), "--derive") {
		t.Errorf("--data glove-100 --derive unit: %v", err)
	}
}

// TestParseFlagsType: --type picks the column type, its operator class
// and its parameter values; an unknown type is refused naming the flag.
func TestParseFlagsType(t *testing.T) {
	cfg, err := parseFlags([]string{"--type", "halfvec"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.opclass() != "halfvec_l2_ops" || cfg.column(784) != "halfvec(784)" {
		t.Errorf("halfvec: opclass %q, column %q", cfg.opclass(), cfg.column(784))
	}
	if _, ok := cfg.value([]float32{1, 2}).(pgvector.HalfVector); !ok {
		t.Errorf("halfvec value is %T", cfg.value([]float32{1, 2}))
	}
	cfg, err = parseFlags([]string{"--type", "sparsevec", "--data", "glove-100"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.opclass() != "sparsevec_cosine_ops" || cfg.column(100) != "sparsevec(100)" {
		t.Errorf("sparsevec: opclass %q, column %q", cfg.opclass(), cfg.column(100))
	}
	if _, err := parseFlags([]string{"--type", "bit"}); err == nil || !strings.Contains(err.Error(), "--type") {
		t.Errorf("--type bit: %v", err)
	}
}
