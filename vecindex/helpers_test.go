package vecindex

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// gaussian returns n labelled-synthetic vectors of dims i.i.d. N(0,1)
// components from a fixed seed.
func gaussian(n, dims int, seed uint64) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		out[i] = v
	}
	return out
}

// build inserts data[i] under key uint64(i).
func build(t testing.TB, cfg Config, data [][]float32) *HNSW {
	t.Helper()
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range data {
		if err := h.Insert(uint64(i), v); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// bruteForce returns the k nearest keys (indexes into data) to q among
// those keep accepts (nil: all), by Distance, ascending.
func bruteForce(m Metric, data [][]float32, q []float32, k int, keep func(uint64) bool) []Result {
	all := make([]Result, 0, len(data))
	for i, v := range data {
		if keep == nil || keep(uint64(i)) {
			all = append(all, Result{Key: uint64(i), Dist: Distance(m, q, v)})
		}
	}
	slices.SortFunc(all, func(a, b Result) int {
		switch {
		case a.Dist < b.Dist:
			return -1
		case a.Dist > b.Dist:
			return 1
		}
		return 0
	})
	return all[:min(k, len(all))]
}

// recall is |got ∩ want| / |want| over keys.
func recall(got, want []Result) float64 {
	in := make(map[uint64]bool, len(want))
	for _, w := range want {
		in[w.Key] = true
	}
	hit := 0
	for _, g := range got {
		if in[g.Key] {
			hit++
		}
	}
	return float64(hit) / float64(len(want))
}

// checkSorted fails unless res is ascending by Dist.
func checkSorted(t *testing.T, res []Result) {
	t.Helper()
	for i := 1; i < len(res); i++ {
		if res[i].Dist < res[i-1].Dist {
			t.Fatalf("results not ascending at %d: %v then %v", i, res[i-1], res[i])
		}
	}
}
