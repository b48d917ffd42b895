package vecindex

import (
	"math"
	"unsafe"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// Byte codes: an exact fast path for L2 indexes whose vectors are all
// byte-valued (every component an integer in 0..255, e.g. image pixels
// such as Fashion-MNIST, or embeddings stored as uint8).
//
// While that holds (HNSW.codesOn), each node keeps its vector only as Dims
// bytes: segments are code-only (segment.vecs nil), since float32(code) is
// the vector exactly. The layer-0 walks of Search and Insert, and the
// neighbour heuristic, compute Σ(a-b)² on the bytes with
// distance.L2SquaredUint8 (AVX-512 VNNI): the same value as on the floats,
// exactly (an integer, no rounding), from a quarter of the memory traffic.
// Walks with a float query (a query that is not byte-valued, upper layers,
// filtered searches) and the returned distances use
// distance.L2SquaredFloatUint8 on the codes (distTo), which sums exactly as
// distance.L2Squared does, so Result.Dist is always bit-identical to the
// float32 Distance. Checkpoints store the floats (persist.go).
//
// The first stored vector that is not byte-valued clears codesOn for good
// (dropByteCodes): under h.mu every code-only segment gets a float arena
// filled from its codes, published as a new segment struct (sharing every
// other array with the old one, without the codes) in a new directory, and
// only then is codesOn cleared. Later segments get floats and no codes.
// An operation still holding the old directory keeps reading a consistent
// segment: its codes. The non-exact node has rounded, clamped codes there,
// so an operation that walks past it on the old directory gets an
// approximate distance for it (it can only cost recall for that operation,
// never a wrong Dist: returned distances read the current directory, which
// a reader reaching that node through a link or the node count sees).
//
// Saves 4·Dims bytes per node against keeping floats (3·Dims net against
// floats plus codes).

// DisableByteCodes turns the byte path off for good: code-only segments
// get their float arenas (as when a vector that is not byte-valued
// arrives), later operations use floats only and later segments get no
// codes. For benchmarks comparing the two paths, or when the caller knows
// its vectors are not byte-valued.
//
// It also turns an SQ8 quantizer (sq.go) off for good: walks use floats.
// Call it before searching (searches in flight may mix code and float
// distances).
func (h *HNSW) DisableByteCodes() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sqOff.Store(true)
	h.walkQuant.Store(nil)
	h.dropByteCodes()
}

// dropByteCodes clears codesOn after giving every code-only segment a
// float arena filled from its codes, published as a new segment struct in
// a new directory (see the comment at the top of this file). Caller holds
// h.mu (or is loading).
func (h *HNSW) dropByteCodes() {
	dir := *h.segs.Load()
	out := make([]*segment, len(dir), cap(dir))
	for i, s := range dir {
		if s.vecs != nil || s.codes == nil || s == h.hole {
			out[i] = s
			continue
		}
		ns := *s
		if s.halves != nil { // the halves are the vector: drop the codes
			ns.codes = nil
			out[i] = &ns
			continue
		}
		d := h.cfg.Dims
		ns.vecs = alignedFloats(segSize * d)
		for j := range segSize {
			for i, c := range s.codes[j*h.cstride : j*h.cstride+d] {
				ns.vecs[j*d+i] = float32(c)
			}
		}
		ns.codes = nil
		out[i] = &ns
	}
	h.segs.Store(&out)
	h.codesOn.Store(false)
	h.dropListDists() // their distances were on codes
}

// maxCodeDims keeps uint32 sums of 255² terms from wrapping.
const maxCodeDims = math.MaxUint32 / (255 * 255)

// toCodes writes v rounded and clamped to 0..255 into dst and reports
// whether that was exact.
func toCodes(dst []uint8, v []float32) bool {
	dst = dst[:len(v)]
	exact := true
	for i, x := range v {
		c := x
		switch {
		case !(c >= 0): // also NaN
			c = 0
		case c > 255:
			c = 255
		}
		b := uint8(c + 0.5)
		dst[i] = b
		exact = exact && float32(b) == x
	}
	return exact
}

// storeVector writes v (Dims elements) as node id's vector. v is in
// stored form if prepared, else it is prepared (normalized for Cosine).
// In a code-only segment it writes only the codes; a v that is not
// byte-valued first drops the byte codes for good (dropByteCodes). With a
// trained SQ8 quantizer it also encodes the node. Caller holds h.mu (or is
// loading); the slot is not reachable yet.
func (h *HNSW) storeVector(id uint32, v []float32, prepared bool) {
	if hv := h.halves(id); hv != nil {
		h.storeHalves(hv, v, prepared) // half.go
		if c := h.codes(id); c != nil && h.codesOn.Load() {
			if toCodes(c, v) { // L2, so v is in stored form
				return
			}
			h.dropByteCodes()
		}
		if sq := h.trainedQuant(); sq != nil {
			h.sqEncode(sq, id)
		}
		return
	}
	if h.seg(id).vecs == nil { // code-only: L2, so v is in stored form
		if toCodes(h.codes(id), v) {
			return
		}
		h.dropByteCodes()
	}
	if dst := h.vec(id); prepared {
		copy(dst, v)
	} else {
		h.prepare(dst, v)
	}
	if sq := h.trainedQuant(); sq != nil {
		h.sqEncode(sq, id)
	}
}

// codes returns node id's byte codes, nil if its segment has none.
func (h *HNSW) codes(id uint32) []uint8 {
	s := h.seg(id)
	if s.codes == nil {
		return nil
	}
	d := h.cfg.Dims
	o := int(id&segMask) * h.cstride
	return s.codes[o : o+d : o+d]
}

// codeStride is the bytes per node of a segment's codes for dims and m:
// the dims codes, then under InnerProduct and Cosine the node's SQ8
// Σ lo·c as a float32 at sumOffset(dims), rounded up to whole 64-byte
// lines when that costs at most 1.3 bytes per dimension, else to 4 bytes.
// Code arrays start on a line (alignedBytes), so a walk that reads a
// neighbour's codes and sum fetches ceil(stride/64) lines, not one more
// for a row straddling a line: 100-d GloVe under cosine takes 128 bytes,
// two lines, where 100 codes plus a sum kept apart took 2.5 lines on
// average plus one for the sum.
func codeStride(dims int, m Metric) int {
	n := dims
	if m == InnerProduct || m == Cosine {
		n = sumOffset(dims) + 4
	}
	if lines := (n + 63) &^ 63; lines*10 <= dims*13 {
		return lines
	}
	return (n + 3) &^ 3
}

// sumOffset is where a code row of dims codes keeps its SQ8 Σ lo·c.
func sumOffset(dims int) int { return (dims + 3) &^ 3 }

// alignedBytes returns n zero bytes starting on a 64-byte boundary.
func alignedBytes(n int) []uint8 {
	b := make([]uint8, n+63)
	off := (64 - int(uintptr(unsafe.Pointer(&b[0]))&63)) & 63
	return b[off : off+n : off+n]
}

// newCodes returns the zeroed code rows of one segment.
func (h *HNSW) newCodes() []uint8 { return alignedBytes(segSize * h.cstride) }

// codesFor returns node id's exact byte codes if the byte-code path is
// on, else nil (inserts and repairs never walk SQ8 codes).
func (h *HNSW) codesFor(id uint32) []uint8 {
	if !h.codesOn.Load() {
		return nil
	}
	return h.codes(id)
}

// pointDist is the internal distance from a query (q, and qc if a code
// path is used, with s.qsum its SQ8 Σ lo·c) to node id; a sparse query
// densified in s (s.sparse) takes the gather, on the upper layers too.
func (h *HNSW) pointDist(s *scratch, q []float32, qc []uint8, id uint32) float32 {
	if s.sparse {
		return s.gatherDist(h.cfg.Metric, h.vec(id))
	}
	if qc != nil {
		if c := h.codes(id); c != nil {
			if sq := s.quantizer(h); sq != nil {
				return sq.dist(qc, c, s.qsum, h.sqSum(id))
			}
			return float32(distance.L2SquaredUint8(qc, c))
		}
	}
	return h.distTo(q, id)
}

// nodeDist is the internal distance between two nodes, on exact byte
// codes when that path is on.
func (h *HNSW) nodeDist(a, b uint32) float32 {
	if h.codesOn.Load() {
		if ca, cb := h.codes(a), h.codes(b); ca != nil && cb != nil {
			return float32(distance.L2SquaredUint8(ca, cb))
		}
	}
	return h.floatNodeDist(a, b)
}

// floatNodeDist is the internal distance between two nodes in float32
// arithmetic; a node of a code-only segment (L2 only) is read from its
// codes. Both segments come from one directory load, so each is seen
// whole even while dropByteCodes publishes a new directory.
func (h *HNSW) floatNodeDist(a, b uint32) float32 {
	dir := *h.segs.Load()
	sa, sb := dir[a>>segShift], dir[b>>segShift]
	d, cs := h.cfg.Dims, h.cstride
	oa, ob := int(a&segMask)*d, int(b&segMask)*d
	ca, cb := int(a&segMask)*cs, int(b&segMask)*cs
	switch {
	case sa.halves != nil && sb.halves != nil:
		return h.halfNodeDist(sa.halves[oa:oa+d:oa+d], sb.halves[ob:ob+d:ob+d])
	case sa.vecs != nil && sb.vecs != nil:
		return h.dist(sa.vecs[oa:oa+d:oa+d], sb.vecs[ob:ob+d:ob+d])
	case sa.vecs != nil:
		return sane(distance.L2SquaredFloatUint8(sa.vecs[oa:oa+d:oa+d], sb.codes[cb:cb+d:cb+d]))
	case sb.vecs != nil:
		return sane(distance.L2SquaredFloatUint8(sb.vecs[ob:ob+d:ob+d], sa.codes[ca:ca+d:ca+d]))
	}
	return float32(distance.L2SquaredUint8(sa.codes[ca:ca+d:ca+d], sb.codes[cb:cb+d:cb+d]))
}
