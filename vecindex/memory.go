package vecindex

import "unsafe"

// keyMapEntryBytes estimates one byKey entry: 8-byte key, 4-byte id padded
// to 8, plus the swiss table's control byte and 7/8 load factor.
const keyMapEntryBytes = 19

// MemoryBytes returns the bytes the index holds: vectors is the vector
// arena (Dims float32 per allocated node slot, segSize slots per segment)
// plus the byte codes (Dims bytes per slot, only while all vectors are
// byte-valued, codes.go, or with QuantSQ8, plus 4 bytes per slot for IP
// and Cosine, sq.go);
// graph is everything else: layer-0 blocks (count + 2*m ids, 4 bytes each,
// per slot), upper-layer blocks, keys (8), meta (4), locks (4) and upper
// pointers (8) per slot, the key map (estimated) and the free list.
func (h *HNSW) MemoryBytes() (vectors, graph int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	dir := *h.segs.Load()
	slots := int64(len(dir)) * segSize
	vectors = slots * int64(h.cfg.Dims) * 4
	for _, s := range dir {
		vectors += int64(len(s.codes)) + 4*int64(len(s.sqSum))
	}
	perSlot := int64(h.stride0)*4 + 8 + 4 + 4 + int64(unsafe.Sizeof((*[]uint32)(nil)))
	graph = slots * perSlot
	for id := range h.n.Load() {
		if u := h.seg(id).upper[id&segMask]; u != nil {
			graph += int64(cap(*u))*4 + int64(unsafe.Sizeof(*u))
		}
	}
	graph += int64(len(h.byKey))*keyMapEntryBytes + int64(cap(h.free))*4
	graph += int64(cap(dir)) * 8
	return vectors, graph
}
