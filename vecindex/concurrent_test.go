package vecindex

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// meanRecall is recall@k of h against brute force over data (keys ==
// indexes) restricted to keep, at ef_search ef.
func meanRecall(t *testing.T, h *HNSW, data, qs [][]float32, k, ef int, keep func(uint64) bool) float64 {
	t.Helper()
	var sum float64
	for _, q := range qs {
		got := h.Search(q, k, ef, nil)
		checkSorted(t, got)
		sum += recall(got, bruteForce(h.Config().Metric, data, q, k, keep))
	}
	return sum / float64(len(qs))
}

// TestParallelBuildRecall: InsertBatch at 2 and 4 workers gives recall@10
// within 0.005 of the one-worker build (8,000 seeded gaussian vectors of
// 24 dims, m = 16, ef_construction = 64, ef_search = 48, 500 queries).
func TestParallelBuildRecall(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("-race/-short: three 8,000-vector builds")
	}
	data := gaussian(8000, 24, 71)
	qs := gaussian(500, 24, 72)
	keys := make([]uint64, len(data))
	for i := range keys {
		keys[i] = uint64(i)
	}
	var base float64
	for _, w := range []int{1, 2, 4} {
		h, _ := New(Config{Dims: 24, M: 16, EfConstruction: 64, Seed: 9})
		if err := h.InsertBatch(keys, data, w); err != nil {
			t.Fatal(err)
		}
		if h.Live() != len(data) {
			t.Fatalf("workers %d: Live = %d, want %d", w, h.Live(), len(data))
		}
		r := meanRecall(t, h, data, qs, 10, 48, nil)
		t.Logf("workers %d: recall@10 = %.4f", w, r)
		if w == 1 {
			base = r
		} else if math.Abs(r-base) > 0.005 {
			t.Errorf("workers %d: recall@10 %.4f, one worker %.4f: differ by more than 0.005", w, r, base)
		}
	}
}

func TestInsertBatchErrors(t *testing.T) {
	h, _ := New(Config{Dims: 2, M: 4, EfConstruction: 8})
	if err := h.InsertBatch([]uint64{1}, nil, 2); err == nil {
		t.Error("mismatched lengths: no error")
	}
	err := h.InsertBatch([]uint64{1, 2, 1, 3}, [][]float32{{0, 0}, {1, 1}, {2, 2}, {3}}, 2)
	if err == nil || h.Live() != 2 {
		t.Errorf("duplicate key and bad dims: err %v, Live %d; want an error and 2 inserted", err, h.Live())
	}
}

// TestConcurrentReadersWriters: over 10,000 seeded gaussian vectors, two
// writers insert, one deletes (20%, which triggers background compaction)
// and two readers search at the same time; meant for go test -race.
// Readers check that results are sorted, never hold a key whose Delete
// had returned before the search began, and have k entries.
func TestConcurrentReadersWriters(t *testing.T) {
	const n, dims, k = 10000, 8, 5
	data := gaussian(n, dims, 81)
	h, _ := New(Config{Dims: dims, M: 8, EfConstruction: 24, Seed: 2})
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = uint64(i)
	}
	if err := h.InsertBatch(keys[:2000], data[:2000], 2); err != nil {
		t.Fatal(err)
	}
	var deleted [n]atomic.Bool
	var done atomic.Bool
	var wg sync.WaitGroup
	var writers sync.WaitGroup
	for w := range 2 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			lo, hi := 2000+w*4000, 2000+(w+1)*4000
			if err := h.InsertBatch(keys[lo:hi], data[lo:hi], 1); err != nil {
				t.Error(err)
			}
		}()
	}
	writers.Add(1)
	go func() { // deletes 2,000 of the preloaded keys in random order
		defer writers.Done()
		r := rand.New(rand.NewPCG(5, 5))
		for _, i := range r.Perm(2000)[:2000] {
			if i%5 != 0 {
				h.Delete(uint64(i))
				deleted[i].Store(true)
			}
		}
	}()
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !done.Load(); i++ {
				var gone []bool
				for j := 0; j < 2000; j += 97 {
					gone = append(gone, deleted[j].Load())
				}
				res := h.Search(data[(i*31+g)%n], k, 16, nil)
				if len(res) != k {
					t.Errorf("got %d results, want %d", len(res), k)
					return
				}
				for x, r := range res {
					if x > 0 && r.Dist < res[x-1].Dist {
						t.Errorf("results not sorted: %v", res)
						return
					}
					if r.Key < 2000 && r.Key%97 == 0 && gone[r.Key/97] {
						t.Errorf("key %d returned after its Delete returned", r.Key)
						return
					}
				}
			}
		}()
	}
	writers.Wait()
	done.Store(true)
	wg.Wait()
	h.WaitCompact()
	live := n - 1600
	if h.Live() != live {
		t.Fatalf("Live = %d, want %d", h.Live(), live)
	}
	keep := func(key uint64) bool { return !deleted[key].Load() }
	if r := meanRecall(t, h, data, gaussian(50, dims, 82), 10, 64, keep); r < 0.95 {
		t.Errorf("recall@10 after concurrent churn = %.3f, want >= 0.95", r)
	}
}

// TestCompactDuringQueries: 40% of 5,000 keys (2,000 under -race) are deleted, then Compact
// runs while two goroutines search; searches never see a deleted key and
// keep recall; afterwards the slots are free (Len == Live), the graph
// still has recall >= 0.95, and the freed keys take new vectors in their
// old slots.
func TestCompactDuringQueries(t *testing.T) {
	const dims = 16
	n := 5000
	if raceEnabled {
		n = 2000 // Compact still overlaps the searches many times over
	}
	data := gaussian(n, dims, 91)
	h := build(t, Config{Dims: dims, M: 12, EfConstruction: 48, Seed: 4}, data)
	h.SetCompactThreshold(0)
	gone := func(key uint64) bool { return key%5 < 2 }
	for key := range uint64(n) {
		if gone(key) {
			h.Delete(key)
		}
	}
	keep := func(key uint64) bool { return !gone(key) }
	qs := gaussian(40, dims, 92)
	var stop atomic.Bool
	var wg sync.WaitGroup
	var searched atomic.Int64
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !stop.Load() || i < 20; i++ {
				res := h.Search(qs[(i+g)%len(qs)], 10, 40, nil)
				if len(res) != 10 {
					t.Errorf("got %d results during compaction", len(res))
					return
				}
				for _, r := range res {
					if gone(r.Key) {
						t.Errorf("deleted key %d returned during compaction", r.Key)
						return
					}
				}
				searched.Add(1)
			}
		}()
	}
	freed := h.Compact()
	stop.Store(true)
	wg.Wait()
	if freed < 2*n/5-1 || h.Len() != h.Live()+(2*n/5-freed) {
		t.Errorf("freed %d of %d; Len %d Live %d", freed, 2*n/5, h.Len(), h.Live())
	}
	if r := meanRecall(t, h, data, qs, 10, 40, keep); r < 0.95 {
		t.Errorf("recall@10 after Compact = %.3f, want >= 0.95", r)
	}
	nodes := h.n.Load()
	more := gaussian(n/5, dims, 93)
	all := slices.Clone(data)
	for i, v := range more {
		key := uint64(5*i + i%2) // gone: freed above
		if err := h.Insert(key, v); err != nil {
			t.Fatal(err)
		}
		all[key] = v
	}
	if h.n.Load() != nodes {
		t.Errorf("inserts grew the node count %d -> %d instead of reusing freed slots", nodes, h.n.Load())
	}
	reinserted := func(key uint64) bool { return key%5 == key/5%2 } // 5i + i%2
	keep2 := func(key uint64) bool { return !gone(key) || reinserted(key) }
	if r := meanRecall(t, h, all, qs, 10, 40, keep2); r < 0.95 {
		t.Errorf("recall@10 after reuse = %.3f, want >= 0.95", r)
	}
}

// TestMemoryBound is issue 3's memory target: beyond the vectors, the
// index holds per node its layer-0 list of exactly 2·m ids (4 bytes each,
// no count slot, the node's state in the ids' spare bits) and, if its
// level is above 0, its upper lists (level·m ids) in the segment's upper
// table (a 32-byte entry each, capacity at most doubled by growth); no key
// array, no key map (node ids are the keys), no meta word. What is left
// is per segment (its struct) and the directory: at most 0.25 bytes per
// node here. Vectors: float32 per slot for gaussian data; code bytes only
// for byte-valued data (codes.go).
func TestMemoryBound(t *testing.T) {
	const n, dims, m = 2 * segSize, 8, 16
	for _, tc := range []struct {
		name      string
		data      [][]float32
		vecsBytes int64
	}{
		{"floats", gaussian(n, dims, 95), n * dims * 4},
		{"codes", byteVectors(n, dims, 96), n * dims},
	} {
		h := build(t, Config{Dims: dims, M: m, EfConstruction: 16}, tc.data)
		vecs, graph := h.MemoryBytes()
		if vecs != tc.vecsBytes {
			t.Errorf("%s: vectors = %d bytes, want %d", tc.name, vecs, tc.vecsBytes)
		}
		if got := len(h.seg(0).links0); got != segSize*2*m {
			t.Errorf("%s: layer-0 lists hold %d ids per segment, want %d", tc.name, got, segSize*2*m)
		}
		var need, upper int64 // upper lists and entries; the tables' bytes
		for id := range uint32(n) {
			if l := h.level(id); l > 0 {
				need += int64(l*m*4 + 32)
			}
		}
		for _, s := range *h.segs.Load() {
			upper += s.up.bytes()
		}
		if upper < need || upper > 2*need {
			t.Errorf("%s: upper tables hold %d bytes for %d bytes of lists and entries", tc.name, upper, need)
		}
		perNode := float64(graph-upper-n*2*m*4) / n
		t.Logf("%s: graph %d bytes = %.2f bytes/node: 2·m·4 = %d, upper layers %.2f (lists and entries %.2f), rest %.2f",
			tc.name, graph, float64(graph)/n, 2*m*4, float64(upper)/n, float64(need)/n, perNode)
		if perNode > 0.25 {
			t.Errorf("%s: %.2f bytes per node beyond layer 0 and upper layers, want <= 0.25", tc.name, perNode)
		}
	}
}
