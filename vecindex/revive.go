package vecindex

import (
	"fmt"

	"github.com/vecgres/vecgres/vecindex/fp16"
)

// revive settles Insert(id, v) when id's slot was busy (allocate): it
// runs outside any epoch holding compactMu, so no Compact runs meanwhile
// and a slot being reclaimed has become free. A tombstone holding v
// becomes live again: while still tombstoned (so that no walk returns it
// and it does not find itself as a copy) it is linked again as an insert
// links a new node (link, on its own level: other nodes' lists on its
// upper layers may name it), since lists that overflowed while it was
// tombstoned dropped it and no insert linked it; then it counts as live.
// done is false when the slot changed state meanwhile and tryInsert
// should run again. ErrTombstoned: the tombstone holds another vector.
func (h *HNSW) revive(id uint32, v []float32) (done bool, err error) {
	h.compactMu.Lock()
	defer h.compactMu.Unlock()
	e := h.enter()
	defer h.exit(e)
	s := h.getScratch()
	defer h.putScratch(s)
	h.mu.Lock()
	m := h.meta(id)
	if m&flagDead == 0 || m&flagFree != 0 {
		h.mu.Unlock()
		return false, nil // live again (duplicate) or free: tryInsert decides
	}
	if !h.holds(id, v) {
		h.mu.Unlock()
		return true, fmt.Errorf("%w: %d", ErrTombstoned, id)
	}
	h.mu.Unlock()
	if ep, top, ok := h.loadEntry(); ok && ep != id {
		s.racers = s.racers[:0]
		h.link(s, id, h.level(id), ep, top)
	}
	h.mu.Lock()
	h.clearFlag(id, flagDead)
	h.dead.Add(-1)
	h.live.Add(1)
	h.mu.Unlock()
	if ep, _, ok := h.loadEntry(); ok && h.isDead(ep) {
		h.replaceDeadEntry()
	}
	return true, nil
}

// holds reports whether node id's stored vector is v's stored form.
func (h *HNSW) holds(id uint32, v []float32) bool {
	want := make([]float32, h.cfg.Dims)
	h.prepare(want, v)
	if hv := h.halves(id); hv != nil { // stored rounded to halves (half.go)
		for i, x := range want {
			want[i] = fp16.ToFloat32(fp16.FromFloat32(x))
		}
	}
	return sameSlots(h.cfg.Metric, h.floatVec(nil, id), want)
}
