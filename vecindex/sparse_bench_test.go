package vecindex

import (
	"fmt"
	"math/rand"
	"testing"
)

// BenchmarkSparseSearch: k = 10, ef_search = 40 over 10,000 clustered
// sparse vectors (35 non-zeros of 30,000 dimensions) per sparse metric,
// walking with the densified query's gathers and with merges; recall@10
// against brute force is reported with each run.
func BenchmarkSparseSearch(b *testing.B) {
	const n, dim = 10000, 30000
	rng := rand.New(rand.NewSource(5))
	idx, val := clusteredSparse(rng, n, dim)
	qi, qv := clusteredSparse(rng, 200, dim)
	data := make([][]float32, n)
	for i := range data {
		data[i] = SparseVector(idx[i], val[i])
	}
	qs := make([][]float32, len(qi))
	for i := range qs {
		qs[i] = SparseVector(qi[i], qv[i])
	}
	for _, m := range []Metric{SparseL2, SparseIP, SparseCosine} {
		h := build(b, Config{Dims: SparseDims, M: 16, EfConstruction: 64, Metric: m, Seed: 1}, data)
		for _, merge := range []bool{false, true} {
			b.Run(fmt.Sprintf("%v/merge=%v", m, merge), func(b *testing.B) {
				noSparseGather = merge
				defer func() { noSparseGather = false }()
				var rec float64
				for _, q := range qs {
					rec += recall(h.Search(q, 10, 40, nil), bruteForce(m, data, q, 10, nil)) / float64(len(qs))
				}
				i := 0
				for b.Loop() {
					h.Search(qs[i%len(qs)], 10, 40, nil)
					i++
				}
				b.ReportMetric(rec, "recall@10")
			})
		}
	}
}
