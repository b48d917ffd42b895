package vecindex

import (
	"fmt"
	"slices"
	"testing"
)

// gridVec is the catalog tests' vector shape: byte-valued points of a
// 17-wide grid, so many rows share a vector and the byte path is on.
func gridVec(i int) []float32 { return []float32{float32(i % 17), float32(i / 17)} }

// liveSet returns h's live keys and their stored vectors (h quiescent).
func liveSet(h *HNSW) map[uint64][]float32 {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[uint64][]float32, h.Live())
	for id := range h.n.Load() {
		if !h.isDead(id) {
			out[h.key(id)] = slices.Clone(h.floatVec(nil, id))
		}
	}
	return out
}

// checkExact fails unless Search with ef = Live (and k = 5) returns, rank
// by rank, the brute-force distances over the live keys, unfiltered and
// with an accept filter. h must be quiescent.
func checkExact(t *testing.T, h *HNSW, qs [][]float32) {
	t.Helper()
	live := liveSet(h)
	keys := make([]uint64, 0, len(live))
	data := make([][]float32, 0, len(live))
	for k, v := range live {
		keys = append(keys, k)
		data = append(data, v)
	}
	odd := func(key uint64) bool { return key%2 == 1 }
	for _, q := range qs {
		for _, acc := range []func(uint64) bool{nil, odd} {
			var keep func(uint64) bool
			if acc != nil {
				keep = func(i uint64) bool { return acc(keys[i]) }
			}
			want := bruteForce(h.Config().Metric, data, q, 5, keep)
			got := h.Search(q, 5, h.Live(), acc)
			if len(got) != len(want) {
				t.Fatalf("query %v (filter %v): %d results, want %d", q, acc != nil, len(got), len(want))
			}
			for i := range got {
				if got[i].Dist != want[i].Dist {
					t.Fatalf("query %v (filter %v) rank %d: distance %g, exact %g (ef = Live = %d)",
						q, acc != nil, i, got[i].Dist, want[i].Dist, h.Live())
				}
			}
		}
	}
}

// checkGraph fails unless h (quiescent) satisfies the graph invariants:
// the entry point is a live node of its level whenever a live node exists,
// and no list names a reclaimed slot or a node without that layer. (Live
// nodes the heuristic left without in-edges are allowed: Search scans
// them; see checkExact.)
func checkGraph(t *testing.T, h *HNSW) {
	t.Helper()
	if err := graphErr(h); err != nil {
		t.Fatal(err)
	}
}

func graphErr(h *HNSW) error {
	n := h.n.Load()
	ep, top, ok := h.loadEntry()
	if h.Live() > 0 && (!ok || h.isDead(ep) || h.level(ep) != top) {
		return fmt.Errorf("entry point %d (level %d, meta %#x) is not a live node of its level", ep, top, h.meta(ep))
	}
	for id := range n {
		if h.meta(id)&flagFree != 0 {
			continue
		}
		for lc := 0; lc <= h.level(id); lc++ {
			for _, x := range h.neighbours(nil, id, lc) {
				if x >= n || h.meta(x)&flagFree != 0 || h.level(x) < lc {
					return fmt.Errorf("node %d links node %d (meta %#x) on layer %d", id, x, h.meta(x), lc)
				}
			}
		}
	}
	return nil
}
