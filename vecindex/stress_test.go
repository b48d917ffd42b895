package vecindex

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
)

// churn runs writers goroutines that each insert ops grid vectors under
// keys of their own (base + i·writers + w), tombstone a third of them at
// random and roll back (insert, then delete at once) one in eight,
// mirroring the catalog's transactions.
func churn(t *testing.T, h *HNSW, seed uint64, base uint64, writers, ops int) {
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			var live []uint64
			for i := range ops {
				key := base + uint64(i*writers+w)
				if err := h.Insert(key, gridVec(r.IntN(500))); err != nil {
					t.Error(err)
					return
				}
				switch {
				case r.IntN(8) == 0:
					h.Delete(key)
				case r.IntN(3) == 0 && len(live) > 0:
					j := r.IntN(len(live))
					h.Delete(live[j])
					live[j] = key
				default:
					live = append(live, key)
				}
			}
		})
	}
	wg.Wait()
}

// TestStressCompactCheckpoint: inserts, deletes, rollbacks, searches and
// checkpoints run together on an m = 4 graph of grid vectors (byte path,
// many duplicates) with background Compact at a 5% tombstone share.
// Every checkpoint must load; the last one loaded gets the catalog's
// recovery treatment (tombstones, then concurrent inserts while its own
// background Compact runs). Afterwards both graphs satisfy the graph
// invariants and Search with ef = Live is exact, filtered or not.
func TestStressCompactCheckpoint(t *testing.T) {
	ops := 600
	if raceEnabled || testing.Short() {
		ops = 300
	}
	for seed := range uint64(3) {
		h, _ := New(Config{Dims: 2, M: 4, EfConstruction: 16, Seed: int64(seed)})
		h.SetCompactThreshold(0.05)
		var stop atomic.Bool
		var bg sync.WaitGroup
		var last []byte
		bg.Go(func() { // checkpoints; at least one
			for i := 0; i == 0 || !stop.Load(); i++ {
				var b bytes.Buffer
				if _, err := h.WriteTo(&b); err != nil {
					t.Error(err)
					return
				}
				if _, err := ReadFrom(bytes.NewReader(b.Bytes())); err != nil {
					t.Errorf("checkpoint taken during churn does not load: %v", err)
					return
				}
				last = b.Bytes()
			}
		})
		bg.Go(func() { // searches
			r := rand.New(rand.NewPCG(seed, 99))
			for !stop.Load() {
				checkSorted(t, h.Search(gridVec(r.IntN(500)), 5, 16, nil))
			}
		})
		churn(t, h, seed, 0, 2, ops)
		stop.Store(true)
		bg.Wait()
		h.WaitCompact()
		qs := [][]float32{{0, 0}, {8, 3}, {16, 9}, {5, 20}, {12, 29}}
		checkGraph(t, h)
		checkExact(t, h, qs)

		g, err := ReadFrom(bytes.NewReader(last))
		if err != nil {
			t.Fatal(err)
		}
		g.SetCompactThreshold(0.05)
		r := rand.New(rand.NewPCG(seed, 100))
		for key := range liveSet(g) {
			if r.IntN(4) == 0 {
				g.Delete(key)
			}
		}
		churn(t, g, seed+10, 1<<16, 2, ops/2)
		g.WaitCompact()
		checkGraph(t, g)
		checkExact(t, g, qs)
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
}

// TestStressEntryChurn: the entry point and the nodes near it are deleted
// over and over while inserts run and Compact reclaims slots (the shape of
// the catalog's Insert crash); the graph stays valid and exact.
func TestStressEntryChurn(t *testing.T) {
	h, _ := New(Config{Dims: 2, M: 4, EfConstruction: 16, Seed: 5})
	h.SetCompactThreshold(0.05)
	var stop atomic.Bool
	var bg sync.WaitGroup
	bg.Go(func() {
		for !stop.Load() {
			if ep, _, ok := h.loadEntry(); ok {
				h.mu.Lock()
				key := h.key(ep)
				h.mu.Unlock()
				h.Delete(key)
			}
		}
	})
	churn(t, h, 5, 0, 2, 400)
	stop.Store(true)
	bg.Wait()
	h.WaitCompact()
	checkGraph(t, h)
	checkExact(t, h, [][]float32{{0, 0}, {8, 3}, {16, 9}})
	h.Compact()
	if left := h.Len() - h.Live(); left != 0 {
		t.Errorf("Compact left %d tombstones, want 0 (the entry point is live)", left)
	}
	checkGraph(t, h)
	checkExact(t, h, [][]float32{{0, 0}, {8, 3}, {16, 9}})
}
