package vecindex

import "sync/atomic"

// Member distances of layer-0 lists, cached during bulk builds. While an
// InsertBatch runs (h.bulk > 0), replaceOne keeps, for each slot of a
// layer-0 list it shrinks, the member's id and its distance from the
// list's node (nodeDist), so the next reverse edge into that list finds
// its place and judges members without reading their vectors again. An
// entry counts only while its id is the slot's member: the distance
// between two nodes does not change while neither slot is reused and the
// distance kind stays, so every writer of lists may ignore the entries.
// The arrays are dropped (dropListDists) when the last InsertBatch ends,
// when Compact makes slots reusable (after every operation that may
// still have written entries for them has ended), and when byte codes are dropped
// (codes.go): each of those ends the entries' validity, and an operation
// still holding a dropped array writes only into it. With QuantSQ8 (whose
// training changes the distance kind mid-build) nothing is cached.
//
// Cost: 8 bytes per layer-0 slot (2·m per node) of each segment with a
// shrunk list, during bulk builds only; single inserts never allocate
// them, and a built index holds none (MemoryBytes counts them while they
// exist). Readers and writers of a node's entries hold its lock.
type listDists struct {
	p atomic.Pointer[[]distEntry]
}

// distEntry is one slot's cached distance: id is the member's id plus 1
// (0: no entry).
type distEntry struct {
	id uint32
	d  float32
}

// bulkDists returns node id's 2m entries, allocating its segment's array,
// if a bulk build runs and distances may be cached; else nil.
func (h *HNSW) bulkDists(id uint32) []distEntry {
	if h.bulk.Load() == 0 || h.cfg.Quantization == QuantSQ8 || h.noVerdictCache || h.noDistCache {
		return nil
	}
	ld := h.seg(id).dists
	if ld == nil {
		return nil
	}
	p := ld.p.Load()
	if p == nil {
		a := make([]distEntry, segSize*h.m0)
		if ld.p.CompareAndSwap(nil, &a) {
			p = &a
		} else if p = ld.p.Load(); p == nil {
			return nil // dropped meanwhile
		}
	}
	o := int(id&segMask) * h.m0
	return (*p)[o : o+h.m0 : o+h.m0]
}

// noteWalkDists records, during a bulk build, the distances the walk of
// node id's insert (s.walk) found to the members of its new layer-0 list
// (ids in order of its slots). Caller holds id's lock.
func (h *HNSW) noteWalkDists(s *scratch, id uint32, list []item) {
	if s.walk.owner != id || !h.walkCurrent(s) {
		return
	}
	ds := h.bulkDists(id)
	if ds == nil {
		return
	}
	for j, x := range list {
		ds[j] = distEntry{}
		if d, ok := s.walk.lookup(x.id); ok {
			ds[j] = distEntry{id: x.id + 1, d: d}
		}
	}
}

// dropListDists drops every segment's cached distances.
func (h *HNSW) dropListDists() {
	for _, s := range *h.segs.Load() {
		if s.dists != nil {
			s.dists.p.Store(nil)
		}
	}
}

// beginBulk and endBulk bracket an InsertBatch: the cached distances
// live while one runs.
func (h *HNSW) beginBulk() { h.bulk.Add(1) }

func (h *HNSW) endBulk() {
	if h.bulk.Add(-1) == 0 {
		h.dropListDists()
	}
}

// bytes is the size of the cached distances, 0 if none.
func (ld *listDists) bytes() int64 {
	if ld == nil {
		return 0
	}
	if p := ld.p.Load(); p != nil {
		return 8 * int64(len(*p))
	}
	return 0
}
