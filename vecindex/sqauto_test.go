package vecindex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vecgres/vecgres/vecindex/glove"
)

// TestSQAutoRecallGloVe: on the first 20,000 GloVe 100-d vectors under
// cosine (500 queries: the next words), QuantAuto trains SQ8 codes, its
// probe accepts them, and recall@10 against brute force at each ef_search
// is within 0.005 of the float32 walk on the same graph (DisableByteCodes
// afterwards). Before QuantAuto used SQ8 the index walked on floats
// (walkQuant nil: this test failed on its first check). Skips when the
// npm package is not installed.
func TestSQAutoRecallGloVe(t *testing.T) {
	h, qs, truth := gloveIndex(t, QuantAuto)
	const k = 10
	if h.walkQuant.Load() == nil {
		t.Fatal("QuantAuto on GloVe: no SQ8 walk quantizer (probe refused or never trained)")
	}
	efs := []int{10, 20, 40, 80, 160}
	sq := recallAtEfs(h, qs, truth, k, efs)
	h.DisableByteCodes() // float32 walk on the same graph
	fl := recallAtEfs(h, qs, truth, k, efs)
	for i, ef := range efs {
		t.Logf("ef_search %3d: recall@10 SQ8 walk %.4f, float32 walk %.4f", ef, sq[i], fl[i])
		if sq[i] < fl[i]-0.005 {
			t.Errorf("ef_search %d: SQ8 walk recall@10 %.4f, more than 0.005 below the float32 walk's %.4f", ef, sq[i], fl[i])
		}
	}
}

// gloveIndex builds a cosine index of 20,000 GloVe words with quant
// (m 16, ef_construction 64, two workers) and returns it with 500 other
// words as queries and their exact 10 nearest. It skips under -race and
// -short, and without the npm package.
func gloveIndex(t *testing.T, quant Quantization) (*HNSW, [][]float32, [][]Result) {
	t.Helper()
	if raceEnabled || testing.Short() {
		t.Skip("skipped under -race and -short: building 20,000 x 100 dims takes seconds")
	}
	if _, err := os.Stat(filepath.Join(gloveDir, glove.File)); err != nil {
		t.Skipf("GloVe not installed (npm ci in vecindex/testdata/glove): %v", err)
	}
	const n, nq, k = 20000, 500, 10
	_, vecs, err := glove.LoadN(gloveDir, n+nq)
	if err != nil {
		t.Fatal(err)
	}
	data, qs := vecs[:n], vecs[n:]
	h, err := New(Config{Dims: glove.Dims, M: 16, EfConstruction: 64, Metric: Cosine, Seed: 1, Quantization: quant})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = uint64(i)
	}
	if err := h.InsertBatch(keys, data, 2); err != nil {
		t.Fatal(err)
	}
	truth := make([][]Result, nq)
	for i, q := range qs {
		truth[i] = bruteForce(Cosine, data, q, k, nil)
	}
	return h, qs, truth
}

// TestSQ8GraphOnFloats: a forced QuantSQ8 index chooses its neighbours on
// floats, as QuantAuto does, so its recall on GloVe matches the default's
// at every ef_search (a graph built on code distances had 0.77 against
// 0.99 at ef 40 on 30,000 words).
func TestSQ8GraphOnFloats(t *testing.T) {
	auto, qs, truth := gloveIndex(t, QuantAuto)
	sq8, _, _ := gloveIndex(t, QuantSQ8)
	if sq8.walkQuant.Load() == nil {
		t.Fatal("QuantSQ8: no walk quantizer after training")
	}
	efs := []int{10, 40, 160}
	a, s := recallAtEfs(auto, qs, truth, 10, efs), recallAtEfs(sq8, qs, truth, 10, efs)
	for i, ef := range efs {
		t.Logf("ef_search %3d: recall@10 QuantSQ8 %.4f, QuantAuto %.4f", ef, s[i], a[i])
		if s[i] < a[i]-0.01 {
			t.Errorf("ef_search %d: QuantSQ8 recall@10 %.4f, more than 0.01 below QuantAuto's %.4f", ef, s[i], a[i])
		}
	}
}

// recallAtEfs returns the mean recall@k of h's searches for qs against
// truth at each ef_search.
func recallAtEfs(h *HNSW, qs [][]float32, truth [][]Result, k int, efs []int) []float64 {
	out := make([]float64, len(efs))
	for i, ef := range efs {
		for j, q := range qs {
			out[i] += recall(h.Search(q, k, ef, nil), truth[j])
		}
		out[i] /= float64(len(qs))
	}
	return out
}

// TestSQAutoProbe: the probe accepts SQ8 codes for Gaussian data of equal
// spread per dimension, and refuses them when a few outliers stretch one
// dimension's range to 10,000 times the others' (the shared step leaves
// the others under one code level, so code distances cannot tell the
// other vectors' neighbours apart); an index of such data then walks on
// floats and frees its codes.
func TestSQAutoProbe(t *testing.T) {
	good := gaussian(3000, 32, 11)
	bad := gaussian(3000, 32, 12)
	for i := range 5 {
		bad[i*500][0] = 10000
	}
	for _, c := range []struct {
		name   string
		data   [][]float32
		accept bool
	}{{"even", good, true}, {"one wide dimension", bad, false}} {
		h := build(t, Config{Dims: 32, M: 8, EfConstruction: 32, Metric: L2, Seed: 1}, c.data)
		q := h.walkQuant.Load()
		if (q != nil) != c.accept {
			t.Errorf("%s: walk quantizer trained and accepted = %v, want %v", c.name, q != nil, c.accept)
		}
		vecBytes, _ := h.MemoryBytes()
		codeBytes := int64(3*segSize) * 32 // three segments of codes
		if floats := int64(3*segSize) * 32 * 4; c.accept && vecBytes != floats+codeBytes || !c.accept && vecBytes != floats {
			t.Errorf("%s: vector bytes %d, want floats %d plus codes %d only if accepted", c.name, vecBytes, floats, codeBytes)
		}
	}
}

// TestSQRerankTombstones: with more tombstones nearer the query than the
// walk keeps candidates (ef + k), a search on SQ8 codes still returns k
// live keys with their exact distances. Before, the re-ranking drew only
// on the walk's candidate list, which held tombstones alone: the search
// returned fewer than k keys (QuantAuto and QuantSQ8 alike).
func TestSQRerankTombstones(t *testing.T) {
	const n, dims, k, dead = 3000, 32, 10, 200
	data := gaussian(n, dims, 21)
	q := data[0]
	order := bruteForce(L2, data, q, dead+k, nil)
	for _, quant := range []Quantization{QuantAuto, QuantSQ8} {
		h := build(t, Config{Dims: dims, M: 8, EfConstruction: 32, Metric: L2, Seed: 1, Quantization: quant}, data)
		h.SetCompactThreshold(1) // keep the tombstones
		if h.searchQuant() == nil {
			t.Fatalf("quantization %d: no SQ8 quantizer", quant)
		}
		for _, r := range order[:dead] {
			h.Delete(r.Key)
		}
		got := h.Search(q, k, 10, nil)
		if len(got) != k {
			t.Fatalf("quantization %d: %d results, want %d", quant, len(got), k)
		}
		checkSorted(t, got)
		for _, r := range got {
			if d := Distance(L2, q, data[r.Key]); r.Dist != d || r.Dist < order[dead-1].Dist {
				t.Errorf("quantization %d: result %v: want Distance %v, beyond the tombstones' %v", quant, r, d, order[dead-1].Dist)
			}
		}
	}
}

// TestSQAutoConcurrentTraining: under QuantAuto, parallel inserts cross
// the training point (the probe, then code arrays published in new
// segment structs) while searches run (run with -race); afterwards the
// walk quantizer is published, every segment has codes and searches
// return exact distances.
func TestSQAutoConcurrentTraining(t *testing.T) {
	const dims = 32
	data := gaussian(2500, dims, 23)
	h, err := New(Config{Dims: dims, M: 8, EfConstruction: 32, Metric: InnerProduct, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]uint64, len(data))
	for i := range keys {
		keys[i] = uint64(i)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; h.Len() < len(data); i++ {
			for _, r := range h.Search(data[i%len(data)], 5, 20, nil) {
				if d := Distance(InnerProduct, data[i%len(data)], data[r.Key]); d != r.Dist {
					t.Errorf("during training: key %d: Dist %v, want %v", r.Key, r.Dist, d)
					return
				}
			}
		}
	}()
	if err := h.InsertBatch(keys, data, 4); err != nil {
		t.Fatal(err)
	}
	<-done
	if h.walkQuant.Load() == nil {
		t.Fatal("QuantAuto: want the walk quantizer published")
	}
	for i := range (*h.segs.Load())[:len(data)/segSize+1] {
		if s := (*h.segs.Load())[i]; s.codes == nil || h.sqSum(uint32(i*segSize)) == 0 {
			t.Fatalf("segment %d has no SQ8 codes or sums", i)
		}
	}
	q := gaussian(1, dims, 24)[0]
	for _, r := range h.Search(q, 10, 40, nil) {
		if d := Distance(InnerProduct, q, data[r.Key]); d != r.Dist {
			t.Fatalf("key %d: Dist %v, want %v", r.Key, r.Dist, d)
		}
	}
}
