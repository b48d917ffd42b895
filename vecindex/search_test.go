package vecindex

import (
	"slices"
	"sync"
	"testing"
)

// smallIndex builds 2,000 synthetic gaussian vectors of 32 dims under L2.
func smallIndex(t testing.TB) (*HNSW, [][]float32) {
	data := gaussian(2000, 32, 11)
	return build(t, Config{Dims: 32, M: 16, EfConstruction: 64, Seed: 5}, data), data
}

// TestTombstones: deleting the 10 nearest keys of a query leaves Search
// returning 10 results, none deleted, close to brute force on the rest.
func TestTombstones(t *testing.T) {
	h, data := smallIndex(t)
	h.SetCompactThreshold(0) // this test counts tombstones
	const k = 10
	var sum float64
	qs := gaussian(20, 32, 12)
	live := func(key uint64) bool { return !h.isDead(uint32(key)) } // key == node id here
	for _, q := range qs {
		gone := map[uint64]bool{}
		for _, r := range bruteForce(L2, data, q, k, live) {
			h.Delete(r.Key)
			gone[r.Key] = true
		}
		got := h.Search(q, k, 40, nil)
		if len(got) != k {
			t.Fatalf("got %d results, want %d", len(got), k)
		}
		checkSorted(t, got)
		for _, r := range got {
			if gone[r.Key] {
				t.Fatalf("tombstoned key %d returned", r.Key)
			}
		}
		sum += recall(got, bruteForce(L2, data, q, k, live))
	}
	if h.Live() != len(data)-k*len(qs) || h.Len() != len(data) {
		t.Errorf("Live, Len = %d, %d, want %d, %d", h.Live(), h.Len(), len(data)-k*len(qs), len(data))
	}
	if r := sum / float64(len(qs)); r < 0.95 {
		t.Errorf("recall@10 after tombstones = %.3f, want >= 0.95", r)
	}
}

// TestAcceptFilter: with 1% of keys accepted Search still returns exactly k
// accepted results, ordered, equal to filtered brute force.
func TestAcceptFilter(t *testing.T) {
	h, data := smallIndex(t)
	const k = 10
	accept := func(key uint64) bool { return key%100 == 0 }
	var sum float64
	qs := gaussian(20, 32, 13)
	for _, q := range qs {
		got := h.Search(q, k, 40, accept)
		if len(got) != k {
			t.Fatalf("got %d results, want %d", len(got), k)
		}
		checkSorted(t, got)
		for _, r := range got {
			if !accept(r.Key) {
				t.Fatalf("key %d not accepted", r.Key)
			}
		}
		sum += recall(got, bruteForce(L2, data, q, k, accept))
	}
	r := sum / float64(len(qs))
	t.Logf("filtered (1%%) recall@10 = %.4f", r)
	if r < 0.99 {
		t.Errorf("filtered recall@10 = %.3f, want >= 0.99", r)
	}
}

// TestFewerThanK: when fewer than k live keys are accepted, all of them
// are returned.
func TestFewerThanK(t *testing.T) {
	h, data := smallIndex(t)
	accept := func(key uint64) bool { return key == 3 || key == 1500 || key == 1999 }
	got := h.Search(data[0], 10, 10, accept)
	if len(got) != 3 {
		t.Fatalf("got %v, want the 3 accepted keys", got)
	}
	h.Delete(1500)
	if got = h.Search(data[0], 10, 10, accept); len(got) != 2 {
		t.Fatalf("got %v, want keys 3 and 1999", got)
	}
}

// TestUnreachableNodesScanned: nodes the graph cannot reach are still
// found when fewer than k were reached (here every edge is cut).
func TestUnreachableNodesScanned(t *testing.T) {
	data := gaussian(300, 8, 21)
	h := build(t, Config{Dims: 8, M: 4, EfConstruction: 16}, data)
	h.WaitCompact() // a background repair (autorepair.go) would restore edges cut below
	for id := range h.n.Load() {
		for lc := 0; lc <= h.level(id); lc++ {
			setNeighbours(h.block(id, lc), nil)
		}
	}
	got := h.Search(data[7], 5, 5, nil)
	want := bruteForce(L2, data, data[7], 5, nil)
	if len(got) != 5 || recall(got, want) != 1 {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestExactWhenEfCoversLive: with ef_search >= Live, Search is exact even
// when the walk finds k results without reaching every node: here the 3
// nearest nodes of the query lose all in-edges, and tombstones crowd the
// ef bound.
func TestExactWhenEfCoversLive(t *testing.T) {
	data := gaussian(300, 8, 22)
	h := build(t, Config{Dims: 8, M: 4, EfConstruction: 16}, data)
	h.WaitCompact() // a background repair would add edges back
	h.SetCompactThreshold(0)
	q := gaussian(1, 8, 23)[0]
	near := bruteForce(L2, data, q, 3, nil)
	cut := func(x uint32) bool {
		return slices.ContainsFunc(near, func(r Result) bool { return r.Key == uint64(x) })
	}
	for id := range h.n.Load() {
		for lc := 0; lc <= h.level(id); lc++ {
			b := h.block(id, lc)
			var keep []item
			for _, x := range listIDs(nil, b) {
				if !cut(x) {
					keep = append(keep, item{id: x})
				}
			}
			setNeighbours(b, keep)
		}
	}
	for key := uint64(100); key < 200; key++ {
		h.Delete(key)
	}
	keep := func(key uint64) bool { return key < 100 || key >= 200 }
	for _, ef := range []int{h.Live(), h.Len()} {
		got := h.Search(q, 5, ef, nil)
		if want := bruteForce(L2, data, q, 5, keep); !slices.Equal(got, want) {
			t.Errorf("ef %d (Live %d): got %v, want %v", ef, h.Live(), got, want)
		}
	}
}

// TestCosineZeroVectors: zero vectors are not indexed under Cosine (as
// pgvector leaves them out: their cosine distance is NaN) and the others
// are found as usual; a zero query is at distance 1 from everything.
func TestCosineZeroVectors(t *testing.T) {
	data := gaussian(1000, 16, 31)
	for i := 0; i < len(data); i += 10 {
		data[i] = make([]float32, 16)
	}
	h := build(t, Config{Dims: 16, M: 8, EfConstruction: 32, Metric: Cosine}, data)
	if h.Live() != 900 {
		t.Fatalf("Live = %d, want 900 (zero vectors left out)", h.Live())
	}
	nonzero := func(key uint64) bool { return key%10 != 0 }
	var sum float64
	for _, q := range gaussian(20, 16, 32) {
		got := h.Search(q, 10, 40, nil)
		checkSorted(t, got)
		sum += recall(got, bruteForce(Cosine, data, q, 10, nonzero))
	}
	if r := sum / 20; r < 0.95 {
		t.Errorf("cosine recall@10 beside 10%% zero vectors = %.3f, want >= 0.95", r)
	}
	got := h.Search(make([]float32, 16), 3, 10, nil)
	if len(got) != 3 || got[0].Dist != 1 || got[2].Dist != 1 || !nonzero(got[0].Key) {
		t.Errorf("zero query: %v, want 3 indexed results at distance 1", got)
	}
}

// TestSearchAllocs: a warm Search allocates only its result slice, on a
// float index and on a code-only one (byte-valued data, codes.go) with
// byte-valued and fractional queries.
func TestSearchAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("-race: sync.Pool drops items on purpose, so allocations are not meaningful")
	}
	h, _ := smallIndex(t)
	q := gaussian(1, 32, 41)[0]
	bh := build(t, Config{Dims: 32, M: 16, EfConstruction: 64, Seed: 5}, byteVectors(2000, 32, 42))
	bq := byteVectors(1, 32, 43)[0]
	fq := slices.Clone(bq)
	fq[3] += 0.5
	accept := func(key uint64) bool { return key%3 == 0 }
	for _, tc := range []struct {
		name   string
		h      *HNSW
		q      []float32
		accept func(uint64) bool
	}{
		{"nil accept", h, q, nil}, {"filter", h, q, accept},
		{"codes", bh, bq, nil}, {"codes, fractional query", bh, fq, nil}, {"codes, filter", bh, bq, accept},
	} {
		tc.h.Search(tc.q, 10, 40, tc.accept)
		allocs := testing.AllocsPerRun(100, func() { tc.h.Search(tc.q, 10, 40, tc.accept) })
		if allocs > 1 {
			t.Errorf("%s: Search allocates %.1f times per run, want 1", tc.name, allocs)
		}
	}
	if !bh.codesOn.Load() || bh.seg(0).vecs != nil {
		t.Error("byte-valued index is not code-only")
	}
}

// TestConcurrentInsertSearch runs inserts and searches at the same time;
// meant for go test -race.
func TestConcurrentInsertSearch(t *testing.T) {
	data := gaussian(3000, 16, 51)
	h, _ := New(Config{Dims: 16, M: 8, EfConstruction: 32})
	h.SetCompactThreshold(0) // Len counts tombstones; TestCompact* cover compaction
	for i := range 500 {
		_ = h.Insert(uint64(i), data[i])
	}
	var wg sync.WaitGroup
	deleted := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 500; i < len(data); i++ {
			if err := h.Insert(uint64(i), data[i]); err != nil {
				t.Error(err)
				return
			}
			if i%7 == 0 {
				h.Delete(uint64(i - 100))
				deleted++
			}
		}
	}()
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				res := h.Search(data[(i*13+g)%len(data)], 5, 20, nil)
				if len(res) != 5 {
					t.Errorf("got %d results, want 5", len(res))
					return
				}
			}
		}()
	}
	wg.Wait()
	if h.Live() != len(data)-deleted || h.Len() != len(data) {
		t.Errorf("Live, Len = %d, %d, want %d, %d", h.Live(), h.Len(), len(data)-deleted, len(data))
	}
}
