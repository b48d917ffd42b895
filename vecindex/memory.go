package vecindex

import (
	"slices"
	"unsafe"
)

// MemoryBytes returns the bytes the index holds, allocated node slots
// counted whole (segSize per segment):
//
// vectors is the vector storage: Dims float32 per slot where the segment
// keeps floats, plus Dims bytes per slot of byte codes (a code-only segment
// of a byte-valued L2 index keeps only these, codes.go; QuantSQ8 keeps
// them beside the floats, plus 4 bytes per slot for IP and Cosine, sq.go).
//
// graph is everything else: per slot the layer-0 list (2·m·4 bytes, the
// node's state in its spare bits, state.go) and, while an InsertBatch
// runs, its cached member distances (2·m·8 bytes, listdist.go); per node of level > 0 its
// upper lists (level·m·4 bytes) and upper-table entry (32 bytes), with the
// tables' spare capacity; the segment structs, the shared hole segment
// (segment.go: entries without nodes) and the directory. There is
// no per-node byte beyond the lists: no key (ids are keys), no meta word.
func (h *HNSW) MemoryBytes() (vectors, graph int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	dir := *h.segs.Load()
	if slices.Contains(dir, h.hole) { // one hole serves every entry without nodes
		graph += 4 * int64(len(h.hole.links0))
	}
	for _, s := range dir {
		if s == h.hole {
			continue
		}
		vectors += 4*int64(len(s.vecs)) + 2*int64(len(s.halves)) + int64(len(s.codes))
		graph += 4*int64(len(s.links0)) + s.up.bytes() + s.dists.bytes()
		graph += int64(unsafe.Sizeof(*s)) + int64(unsafe.Sizeof(*s.up))
	}
	graph += int64(cap(dir)) * 8
	return vectors, graph
}
