package vecindex

import (
	"fmt"
	"slices"
)

// revive settles Insert(id, v) when id's slot was busy (allocate): it
// runs outside any epoch holding compactMu, so no Compact runs meanwhile
// and a slot being reclaimed has become free. A tombstone holding v
// becomes live again, with in-edges added back (reviveEdges); done is
// false when the slot changed state meanwhile and tryInsert should run
// again. ErrTombstoned: the tombstone holds another vector.
func (h *HNSW) revive(id uint32, v []float32) (done bool, err error) {
	h.compactMu.Lock()
	defer h.compactMu.Unlock()
	e := h.enter()
	defer h.exit(e)
	s := h.getScratch()
	defer h.putScratch(s)
	h.mu.Lock()
	if m := h.meta(id); m&flagDead == 0 || m&flagFree != 0 {
		h.mu.Unlock()
		return false, nil // live again (duplicate) or free: tryInsert decides
	}
	if !h.holds(id, v) {
		h.mu.Unlock()
		return true, fmt.Errorf("%w: %d", ErrTombstoned, id)
	}
	h.clearFlag(id, flagDead)
	h.dead.Add(-1)
	h.live.Add(1)
	h.mu.Unlock()
	h.reviveEdges(s, id)
	if ep, _, ok := h.loadEntry(); ok && h.isDead(ep) {
		h.replaceDeadEntry()
	}
	return true, nil
}

// holds reports whether node id's stored vector is v's stored form.
func (h *HNSW) holds(id uint32, v []float32) bool {
	want := make([]float32, h.cfg.Dims)
	h.prepare(want, v)
	return slices.Equal(h.floatVec(nil, id), want)
}

// reviveEdges gives a revived node in-edges from its live neighbours on
// each of its layers: while it was tombstoned, lists that overflowed
// dropped it and no insert linked it. A copy (dup.go) gets them only from
// nodes at distance 0, as connect adds a copy's reverse edges.
func (h *HNSW) reviveEdges(s *scratch, id uint32) {
	q := h.floatVec(s.q, id) // s.q is free here
	copied := h.isCopy(id)
	for lc := h.level(id); lc >= 0; lc-- {
		nb := h.neighbours(nil, id, lc)
		for _, x := range nb {
			if h.isDead(x) {
				continue
			}
			if d := h.distTo(q, x); !copied || d <= h.dupEps {
				h.addEdge(s, x, id, d, lc)
			}
		}
	}
}
