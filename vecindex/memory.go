package vecindex

import "unsafe"

// slotMetaBytes: per slot the meta word (level, flags, lock bit and
// upper-list index, segment.go). A node's id is its key, so there is no
// key array and no key map.
const slotMetaBytes = 4

// MemoryBytes returns the bytes the index holds, allocated node slots
// counted whole (segSize per segment):
//
// vectors is the vector storage: Dims float32 per slot where the segment
// keeps floats, plus Dims bytes per slot of byte codes (a code-only segment
// of a byte-valued L2 index keeps only these, codes.go; QuantSQ8 keeps
// them beside the floats, plus 4 bytes per slot for IP and Cosine, sq.go).
//
// graph is everything else: per slot the layer-0 list (2·m·4 bytes) and
// meta word (4); per node of level > 0 its upper lists (level·m·4 bytes)
// and pool entry (a 24-byte slice header); the pools' free lists, the
// segment structs and the directory.
func (h *HNSW) MemoryBytes() (vectors, graph int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	dir := *h.segs.Load()
	for _, s := range dir {
		vectors += 4*int64(len(s.vecs)) + int64(len(s.codes)) + 4*int64(len(s.sqSum))
		graph += 4*int64(len(s.links0)) + slotMetaBytes*int64(len(s.meta))
		graph += int64(unsafe.Sizeof(*s)) + int64(unsafe.Sizeof(*s.up)) + 4*int64(cap(s.up.free))
		if l := s.up.lists.Load(); l != nil {
			graph += int64(cap(*l)) * int64(unsafe.Sizeof([]uint32(nil)))
			for _, u := range *l {
				graph += 4 * int64(cap(u))
			}
		}
	}
	graph += int64(cap(dir)) * 8
	return vectors, graph
}
