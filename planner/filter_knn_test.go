package planner

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// The index scan takes ORDER BY values from the graph's distances
// (indexKey); they must equal the SQL operators exactly, or pages of one
// query could disagree with each other.
func TestIndexKeyMatchesOperators(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7)) // synthetic vectors
	for _, dims := range []int{1, 3, 16, 100, 784} {
		for _, m := range []vecindex.Metric{vecindex.L2, vecindex.InnerProduct, vecindex.L1} {
			checkIndexKeys(t, rng, dims, m, false)
			checkIndexKeys(t, rng, dims, m, true) // byte-valued: the graph walks on byte codes
		}
	}
	if _, exact := indexKey(vecindex.Cosine, 0.5); exact {
		t.Fatal("cosine keys must be computed from the row")
	}
}

func checkIndexKeys(t *testing.T, rng *rand.Rand, dims int, m vecindex.Metric, bytes bool) {
	t.Helper()
	g, err := vecindex.New(vecindex.Config{Dims: dims, M: 8, EfConstruction: 16, Metric: m, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]types.Vector, 50)
	for i := range rows {
		rows[i] = randomVector(rng, dims, bytes)
		if err := g.Insert(uint64(i), rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	q := randomVector(rng, dims, bytes)
	op := map[vecindex.Metric]string{vecindex.L2: "<->", vecindex.InnerProduct: "<#>", vecindex.L1: "<+>"}[m]
	for _, r := range g.Search(q, 50, 50, nil) {
		got, exact := indexKey(m, r.Dist)
		want := sem.Distances[op](rows[r.Key], q)
		if !exact || got != want {
			t.Fatalf("%v dims %d bytes %v row %d: index key %v, operator %v", m, dims, bytes, r.Key, got, want)
		}
	}
}

// randomVector returns synthetic gaussian values, or whole numbers 0..255
// when bytes is set.
func randomVector(rng *rand.Rand, dims int, bytes bool) types.Vector {
	v := make(types.Vector, dims)
	for i := range v {
		if bytes {
			v[i] = float32(rng.IntN(256))
		} else {
			v[i] = float32(rng.NormFloat64())
		}
	}
	return v
}

// TestIndexKeyMatchesHalfOperators: a halfvec index's graph distance
// (float32 query by stored halves) is bit for bit the halfvec operator's
// (halves by halves), so its rows come out of the scan in the order the
// operator gives, with no operator evaluated again above (knnSorted).
func TestIndexKeyMatchesHalfOperators(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8)) // synthetic vectors
	ops := map[vecindex.Metric]string{vecindex.L2: "<->", vecindex.InnerProduct: "<#>", vecindex.L1: "<+>"}
	for _, dims := range []int{1, 3, 16, 100, 784} {
		for m, op := range ops {
			g, err := vecindex.New(vecindex.Config{Dims: dims, M: 8, EfConstruction: 16, Metric: m, Seed: 1, Half: true})
			if err != nil {
				t.Fatal(err)
			}
			rows := make([]types.HalfVec, 50)
			for i := range rows {
				rows[i], _ = types.HalfvecFromFloats(randomVector(rng, dims, false))
				if err := g.Insert(uint64(i), types.HalfvecFloats(rows[i])); err != nil {
					t.Fatal(err)
				}
			}
			q, _ := types.HalfvecFromFloats(randomVector(rng, dims, false))
			for _, r := range g.Search(types.HalfvecFloats(q), 50, 50, nil) {
				got, exact := indexKey(m, r.Dist)
				want := sem.HalfDistances[op](rows[r.Key], q)
				if !exact || got != want {
					t.Fatalf("%v dims %d row %d: index key %v, operator %v", m, dims, r.Key, got, want)
				}
			}
		}
	}
}

// TestIndexKeyMatchesSparseOperators: a sparse index's result distance
// (the merge vecindex recomputes after its walk on gathers) is bit for
// bit the sparsevec operator's (row <op> query) for L2, inner product and
// L1, so those rows need no operator evaluated again (materialize); an
// infinite one (a float32 overflow, where the operator may give NaN) is
// not taken.
func TestIndexKeyMatchesSparseOperators(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9)) // synthetic sparse vectors
	ops := map[vecindex.Metric]string{vecindex.SparseL2: "<->", vecindex.SparseIP: "<#>", vecindex.SparseL1: "<+>"}
	const dim = 300
	for m, op := range ops {
		g, err := vecindex.New(vecindex.Config{Dims: vecindex.SparseDims, M: 8, EfConstruction: 16, Metric: m, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		rows := make([]types.SparseVec, 60)
		for i := range rows {
			rows[i] = randomSparse(rng, dim)
			if err := g.Insert(uint64(i), vecindex.SparseVector(rows[i].Indices, rows[i].Values)); err != nil {
				t.Fatal(err)
			}
		}
		for range 5 {
			q := randomSparse(rng, dim)
			res := g.Search(vecindex.SparseVector(q.Indices, q.Values), 60, 60, nil)
			if len(res) != len(rows) {
				t.Fatalf("%v: %d results of %d rows", m, len(res), len(rows))
			}
			for _, r := range res {
				got, exact := indexKey(m, r.Dist)
				want := sem.SparseDistances[op](rows[r.Key], q)
				if !exact || got != want {
					t.Fatalf("%v row %d: index key %v (exact %v), operator %v", m, r.Key, got, exact, want)
				}
			}
		}
		if _, exact := indexKey(m, float32(math.Inf(1))); exact {
			t.Fatalf("%v: an infinite graph distance must be computed from the row", m)
		}
	}
	if _, exact := indexKey(vecindex.SparseCosine, 0.5); exact {
		t.Fatal("sparse cosine keys must be computed from the row")
	}
}

// randomSparse returns a sparsevec of dim dimensions with 1..40
// non-zeros at random sorted indices, gaussian values.
func randomSparse(rng *rand.Rand, dim int) types.SparseVec {
	n := 1 + rng.IntN(40)
	idx := rng.Perm(dim)[:n]
	slices.Sort(idx)
	s := types.SparseVec{Dim: int32(dim)}
	for _, i := range idx {
		s.Indices = append(s.Indices, int32(i))
		s.Values = append(s.Values, float32(rng.NormFloat64()))
	}
	return s
}
