package vecindex

import (
	"slices"
	"unsafe"

	"github.com/vecgres/vecgres/vecindex/distance"
	"github.com/vecgres/vecgres/vecindex/fp16"
)

// Node storage is split into segments of segSize nodes. A segment is
// allocated whole and never reallocated, so a reader holding a node id can
// reach its vector and lists without any lock while writers grow the index:
// growth only appends a segment to a copy of the directory.
const (
	segShift = 10
	segSize  = 1 << segShift
	segMask  = segSize - 1
)

// segment holds segSize consecutive node ids. Its fields are set when the
// segment is made and never reassigned (only their elements change), so a
// copy of the struct shares every array with the original; dropByteCodes
// (codes.go) publishes such copies with a float arena added.
//
// A segment keeps every vector in vecs, in codes, or both: code-only while
// HNSW.codesOn holds (byte-valued L2 data, codes.go: float32(code) is the
// vector exactly), floats only otherwise, both with QuantSQ8 (sq.go). A
// Half index's segment keeps halves instead of floats, always, and codes
// beside them as a float index would.
type segment struct {
	vecs   []float32  // segSize*Dims floats, 64-byte aligned, stored form; nil in a code-only or half segment
	halves []uint16   // segSize*Dims binary16 halves, stored form, with Config.Half only (half.go); nil otherwise
	links0 []uint32   // segSize*2m neighbour ids, unused slots noNode, node state in slots 0 and 1 (lists.go, state.go; atomic)
	up     *upperPool // upper-layer lists of the nodes of level > 0 (upper.go)
	codes  []uint8    // segSize rows of HNSW.cstride bytes: byte codes (codes.go) or SQ8 codes and Σ lo·c (sq.go); 64-byte aligned; nil without either
	dists  *listDists // layer-0 member distances during bulk builds (listdist.go); nil in the hole
}

// newSegment makes a segment for the current mode: code-only while
// codesOn holds, floats plus SQ8 codes with QuantSQ8 or QuantAuto's
// accepted quantizer (sqCodes), floats otherwise. A Half index's segment
// keeps halves where the others keep floats, and its codes beside them
// (byte codes too: the halves stay the stored vector, half.go).
// Caller holds h.mu (or is loading), which also guards codesOn's changes.
func (h *HNSW) newSegment() *segment {
	var codes []uint8
	var vecs []float32
	var halves []uint16
	codesOnly := h.codesOn.Load()
	sq := h.sqCodes()
	if codesOnly || sq {
		codes = h.newCodes()
	}
	switch {
	case h.cfg.Half:
		halves = alignedHalves(segSize * h.cfg.Dims)
	case !codesOnly:
		vecs = alignedFloats(segSize * h.cfg.Dims)
	}
	return &segment{
		codes:  codes,
		vecs:   vecs,
		halves: halves,
		links0: freeBlocks(segSize, h.m0),
		up:     new(upperPool),
		dists:  new(listDists),
	}
}

// alignedFloats returns n zero floats starting on a 64-byte boundary, so
// that with Dims a multiple of 16 every vector starts a cache line.
func alignedFloats(n int) []float32 {
	b := make([]float32, n+16)
	off := int(uintptr(unsafe.Pointer(&b[0]))&63) / 4
	if off != 0 {
		off = 16 - off
	}
	return b[off : off+n : off+n]
}

// Holes. Node ids are row slots, so the ids of a table's dead row
// versions are never used again, and a range of them can hold no node at
// all (after many UPDATEs, or a rolled-back bulk INSERT). The directory
// entry of a segment without nodes is h.hole, one shared segment whose
// blocks all mark free slots and which has no vectors: it costs 8 bytes
// of directory. A segment gets its own storage when a node is allocated in
// it (materialize), and gives it back once Compact has freed every slot
// in it (releaseEmpty), so the index holds storage for the segments with
// nodes, not for every row version the table ever had.

// newHole returns the shared segment of a directory entry without nodes.
func (h *HNSW) newHole() *segment {
	return &segment{links0: freeBlocks(segSize, h.m0), up: new(upperPool)}
}

// ensureCapacity makes the directory hold ids < n, new entries holes.
// Caller holds h.mu.
func (h *HNSW) ensureCapacity(n int) {
	dir := *h.segs.Load()
	if len(dir)*segSize >= n {
		return
	}
	grown := make([]*segment, len(dir), (n+segMask)>>segShift)
	copy(grown, dir)
	for len(grown)*segSize < n {
		grown = append(grown, h.hole)
	}
	h.segs.Store(&grown)
}

// materialize gives the segment of id its own storage if it is a hole,
// publishing a new directory before the slot is used. Caller holds h.mu
// (or is loading).
func (h *HNSW) materialize(id uint32) {
	h.ensureCapacity(int(id) + 1)
	dir := *h.segs.Load()
	i := id >> segShift
	if dir[i] != h.hole {
		return
	}
	next := slices.Clone(dir)
	next[i] = h.newSegment()
	h.segs.Store(&next)
}

// releaseEmpty turns each segment among those of ids whose slots are all
// free and reusable back into a hole. Caller holds h.mu, after the grace
// periods that made the slots reusable (Compact), so no operation holds
// an id of them.
func (h *HNSW) releaseEmpty(ids []uint32) {
	dir := *h.segs.Load()
	var next []*segment
	seen := map[uint32]bool{}
	for _, id := range ids {
		i := id >> segShift
		if seen[i] {
			continue
		}
		seen[i] = true
		if dir[i] == h.hole || !h.segmentFree(i) {
			continue
		}
		if next == nil {
			next = slices.Clone(dir)
		}
		next[i] = h.hole
	}
	if next != nil {
		h.segs.Store(&next)
	}
}

// segmentFree reports whether every slot of segment i is free and
// reusable.
func (h *HNSW) segmentFree(i uint32) bool {
	for j := range uint32(segSize) {
		if h.meta(i<<segShift|j)&(flagFree|flagDead) != flagFree {
			return false
		}
	}
	return true
}

func (h *HNSW) seg(id uint32) *segment { return (*h.segs.Load())[id>>segShift] }

// vec returns the stored float vector of node id (Dims elements, aliasing
// the segment), nil if its segment is code-only (use floatVec or distTo).
// It is immutable while the node is reachable.
func (h *HNSW) vec(id uint32) []float32 {
	s := h.seg(id)
	if s.vecs == nil {
		return nil
	}
	d := h.cfg.Dims
	o := int(id&segMask) * d
	return s.vecs[o : o+d : o+d]
}

// floatVec returns node id's vector in float32: the stored floats, or for
// a code-only segment its codes converted into buf (grown to Dims if
// needed; the result then aliases buf).
func (h *HNSW) floatVec(buf []float32, id uint32) []float32 {
	s := h.seg(id)
	d := h.cfg.Dims
	o := int(id&segMask) * d
	if s.vecs != nil {
		return s.vecs[o : o+d : o+d]
	}
	if cap(buf) < d {
		buf = make([]float32, d)
	}
	buf = buf[:d]
	if s.halves != nil {
		fp16.ToFloat32s(buf, s.halves[o:o+d:o+d])
		return buf
	}
	o = int(id&segMask) * h.cstride
	for i, c := range s.codes[o : o+d : o+d] {
		buf[i] = float32(c)
	}
	return buf
}

// distTo is the internal distance from q (Dims elements, stored form) to
// node id in float32 arithmetic. On a code-only segment it runs
// distance.L2SquaredFloatUint8, which sums exactly as distance.L2Squared
// does on the converted codes, so the value is bit-identical to
// Distance(L2, q, v) either way.
func (h *HNSW) distTo(q []float32, id uint32) float32 {
	s := h.seg(id)
	d := h.cfg.Dims
	o := int(id&segMask) * d
	switch {
	case s.halves != nil:
		return h.halfDist(q, s.halves[o:o+d:o+d])
	case s.vecs == nil:
		o = int(id&segMask) * h.cstride
		return sane(distance.L2SquaredFloatUint8(q, s.codes[o:o+d:o+d]))
	}
	return h.dist(q, s.vecs[o:o+d:o+d])
}

// prefetchVec prefetches node id's whole vector (floats, or the codes of
// a code-only segment); of a sparse vector (sparse.go), the lines its
// search walk prefetches, not the whole fixed slot (126 lines) its few
// pairs start.
func (h *HNSW) prefetchVec(id uint32) {
	s := h.seg(id)
	d := h.cfg.Dims
	o := int(id&segMask) * d
	switch {
	case isSparseMetric(h.cfg.Metric):
		prefetchLines(unsafe.Pointer(&s.vecs[o]), prefetchVecLines)
	case s.halves != nil:
		prefetchLines(unsafe.Pointer(&s.halves[o]), (d*2+63)/64)
	case s.vecs != nil:
		prefetchLines(unsafe.Pointer(&s.vecs[o]), (d*4+63)/64)
	default:
		prefetchLines(unsafe.Pointer(&s.codes[int(id&segMask)*h.cstride]), (d+63)/64)
	}
}

// key is node id's key: a node's id is its key (Insert).
func (h *HNSW) key(id uint32) uint64 { return uint64(id) }
