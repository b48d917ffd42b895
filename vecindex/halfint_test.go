package vecindex

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// smallIntData returns n vectors of dims integers in -4..4 from a fixed
// seed: exact in halves, many ties and parallel vectors (the data of
// tests.TestHalfvecKNNMatchesExact).
func smallIntData(n, dims int, seed uint64) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 12))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(r.IntN(9) - 4)
		}
		out[i] = v
	}
	return out
}

// TestHalfIntNonL2SameAsHalves: a Half index of 3,000 halfvec(8) rows of
// small integers under QuantAuto, for InnerProduct and Cosine (and L2,
// whose negative components drop the byte codes at once), keeps no codes
// (8 dims is below sqAutoMinDims, and byte codes are L2's) and builds,
// serially, the graph the same index walking halves only (QuantNone)
// builds: every search, plain and filtered, returns the same results. A
// search at ef >= Live() returns the k nearest by the distance to the
// stored halves, exactly (brute force over the stored form: for Cosine
// the normalized vector rounded to halves, half.go).
func TestHalfIntNonL2SameAsHalves(t *testing.T) {
	const n, dims = 3000, 8
	data := smallIntData(n, dims, 11)
	qs := smallIntData(20, dims, 13)
	for _, m := range []Metric{InnerProduct, Cosine, L2} {
		t.Run(m.String(), func(t *testing.T) {
			cfg := Config{Dims: dims, M: 16, EfConstruction: 64, Metric: m, Seed: 7, Half: true}
			auto := build(t, cfg, data)
			cfg.Quantization = QuantNone
			none := build(t, cfg, data)
			if auto.codesOn.Load() || auto.searchQuant() != nil || auto.codes(0) != nil {
				t.Fatalf("codes on %v, quantizer %v, codes %v", auto.codesOn.Load(), auto.searchQuant(), auto.codes(0))
			}
			keep := func(k uint64) bool { return k%10 == 3 }
			pq := make([]float32, dims)
			for _, q := range qs {
				for _, c := range []struct {
					k, ef int
					keep  func(uint64) bool
				}{{10, 40, nil}, {10, 40, keep}, {60, 60, nil}, {10, n, nil}, {45, n, keep}} {
					a, b := auto.Search(q, c.k, c.ef, c.keep), none.Search(q, c.k, c.ef, c.keep)
					if !slices.Equal(a, b) {
						t.Fatalf("k %d ef %d: auto %v, halves only %v", c.k, c.ef, a, b)
					}
					if c.ef < n {
						continue
					}
					auto.prepare(pq, q)
					var all []Result
					for id := range uint32(n) {
						if c.keep == nil || c.keep(auto.key(id)) {
							all = append(all, Result{Key: auto.key(id), Dist: auto.distTo(pq, id)})
						}
					}
					slices.SortFunc(all, cmpResult)
					if !sameDists(a, all[:c.k]) {
						t.Fatalf("k %d at ef %d: %v, brute force on the halves %v", c.k, c.ef, a, all[:c.k])
					}
				}
			}
		})
	}
}
