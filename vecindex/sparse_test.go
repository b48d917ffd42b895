package vecindex

import (
	"math"
	"math/rand"
	"slices"
	"sort"
	"testing"
)

// clusteredSparse returns n sparse vectors over dim dimensions: each takes
// the 30 indices of one of 20 centres with noisy values, plus 5 random
// indices (ascending, no duplicates).
func clusteredSparse(rng *rand.Rand, n, dim int) (idx [][]int32, val [][]float32) {
	centres := make([][]int32, 20)
	for c := range centres {
		for range 30 {
			centres[c] = append(centres[c], int32(rng.Intn(dim)))
		}
	}
	for range n {
		set := map[int32]float32{}
		for _, i := range centres[rng.Intn(len(centres))] {
			set[i] = 1 + float32(rng.NormFloat64())*0.3
		}
		for range 5 {
			set[int32(rng.Intn(dim))] = float32(rng.NormFloat64())
		}
		var is []int32
		for i, v := range set {
			if v != 0 {
				is = append(is, i)
			}
		}
		slices.Sort(is)
		vs := make([]float32, len(is))
		for k, i := range is {
			vs[k] = set[i]
		}
		idx, val = append(idx, is), append(val, vs)
	}
	return idx, val
}

// TestSparseMetricsRecall: HNSW over SparseVector slots with each sparse
// metric reaches recall@10 >= 0.9 against brute force at ef 100 on 2,000
// clustered sparse vectors of 100,000 dimensions, and the sparse L2 of a
// pair equals the dense computation's on small integers.
func TestSparseMetricsRecall(t *testing.T) {
	a := SparseVector([]int32{0, 5, 9}, []float32{1, 2, 3})
	b := SparseVector([]int32{5, 7}, []float32{-1, 4})
	if d := Distance(SparseL2, a, b); d != 1+9+16+9 {
		t.Fatalf("sparse L2² %v, want 35", d)
	}
	if d := Distance(SparseL1, a, b); d != 1+3+4+3 {
		t.Fatalf("sparse L1 %v, want 11", d)
	}
	if d := Distance(SparseIP, a, b); d != 2 {
		t.Fatalf("sparse -ip %v, want 2", d)
	}
	const n, dim, k = 2000, 100000, 10
	rng := rand.New(rand.NewSource(11))
	idx, val := clusteredSparse(rng, n, dim)
	for _, m := range []Metric{SparseL2, SparseIP, SparseCosine, SparseL1} {
		t.Run(m.String(), func(t *testing.T) {
			h, err := New(Config{Dims: SparseDims, M: 16, EfConstruction: 64, Metric: m, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			vecs := make([][]float32, n)
			for i := range vecs {
				vecs[i] = SparseVector(idx[i], val[i])
				if err := h.Insert(uint64(i), vecs[i]); err != nil {
					t.Fatal(err)
				}
			}
			qi, qv := clusteredSparse(rng, 50, dim)
			hits := 0
			for j := range qi {
				q := SparseVector(qi[j], qv[j])
				got := h.Search(q, k, 100, nil)
				order := make([]int, n)
				for i := range order {
					order[i] = i
				}
				sort.SliceStable(order, func(x, y int) bool { return Distance(m, q, vecs[order[x]]) < Distance(m, q, vecs[order[y]]) })
				kth := Distance(m, q, vecs[order[k-1]])
				for _, r := range got {
					if r.Dist != Distance(m, q, vecs[r.Key]) {
						t.Fatalf("key %d: dist %v, want %v", r.Key, r.Dist, Distance(m, q, vecs[r.Key]))
					}
					if r.Dist <= kth {
						hits++
					}
				}
			}
			recall := float64(hits) / float64(k*len(qi))
			t.Logf("recall@%d %.3f", k, recall)
			if recall < 0.9 {
				t.Errorf("recall@%d %.3f < 0.9", k, recall)
			}
		})
	}
}

// TestSparseGatherDist: the gather distance of a densified query
// (sparse.go) agrees with the merge's (Distance) within float32 rounding
// for L2, IP and Cosine on clustered sparse vectors, is exactly 0 (L2)
// from a vector to itself, leaves the dense array all zeros after
// undensify, and a query with an index at or above sparseDenseMax or an
// L1 query is not densified.
func TestSparseGatherDist(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	idx, val := clusteredSparse(rng, 200, 5000)
	s := new(scratch)
	for _, m := range []Metric{SparseL2, SparseIP, SparseCosine} {
		for j := range 20 {
			q := SparseVector(idx[j], val[j])
			if !s.densify(m, q) {
				t.Fatalf("%v: query %d not densified", m, j)
			}
			for i := range idx {
				v := SparseVector(idx[i], val[i])
				got, want := s.gatherDist(m, v), Distance(m, q, v)
				if math.Abs(float64(got-want)) > 1e-5*max(1, math.Abs(float64(want))) {
					t.Fatalf("%v: query %d, vector %d: gather %v, merge %v", m, j, i, got, want)
				}
				if i == j && m == SparseL2 && got != 0 {
					t.Fatalf("L2 to itself %v", got)
				}
			}
			s.undensify(q)
			if slices.ContainsFunc(s.dense[:cap(s.dense)], func(x float32) bool { return x != 0 }) {
				t.Fatal("dense query not zeroed")
			}
		}
	}
	if s.densify(SparseL2, SparseVector([]int32{1, sparseDenseMax}, []float32{1, 2})) {
		t.Fatal("query with an index at sparseDenseMax densified")
	}
	if s.densify(SparseL1, SparseVector(idx[0], val[0])) {
		t.Fatal("L1 query densified")
	}
}

// TestSparseSearchWideIndex: a search whose query has an index above
// sparseDenseMax (merged, not densified) and one below (gathered) both
// return the exact nearest (ef >= Live()) with the merge's distances.
func TestSparseSearchWideIndex(t *testing.T) {
	h, err := New(Config{Dims: SparseDims, M: 8, EfConstruction: 32, Metric: SparseL2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	vecs := make([][]float32, 100)
	for i := range vecs {
		vecs[i] = SparseVector([]int32{int32(i), int32(i + 1), 999_999_000}, []float32{1, 2, float32(i + 1)})
		if err := h.Insert(uint64(i), vecs[i]); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range [][]float32{
		SparseVector([]int32{7, 8, 999_999_000}, []float32{1, 2, 7}),
		SparseVector([]int32{7, 8}, []float32{1, 2}),
	} {
		got, want := h.Search(q, 3, 200, nil), bruteForce(SparseL2, vecs, q, 3, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("search %v, brute force %v", got, want)
		}
	}
}
