package vecindex

import (
	"math"

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
	h.quant.Store(nil)
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
		ns.vecs = alignedFloats(len(s.codes))
		for j, c := range s.codes {
			ns.vecs[j] = float32(c)
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
	o := int(id&segMask) * d
	return s.codes[o : o+d : o+d]
}

// codesFor returns node id's codes if a code path (byte codes or a
// published SQ8 quantizer) is on, else nil.
func (h *HNSW) codesFor(id uint32) []uint8 {
	if !h.codesOn.Load() && h.quant.Load() == nil {
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

// nodeDist is the internal distance between two nodes, on codes when a
// code path is on.
func (h *HNSW) nodeDist(a, b uint32) float32 {
	sq := h.quant.Load()
	if h.codesOn.Load() || sq != nil {
		if ca, cb := h.codes(a), h.codes(b); ca != nil && cb != nil {
			if sq != nil {
				return sq.dist(ca, cb, h.sqSum(a), h.sqSum(b))
			}
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
	d := h.cfg.Dims
	oa, ob := int(a&segMask)*d, int(b&segMask)*d
	switch {
	case sa.halves != nil && sb.halves != nil:
		return h.halfNodeDist(sa.halves[oa:oa+d:oa+d], sb.halves[ob:ob+d:ob+d])
	case sa.vecs != nil && sb.vecs != nil:
		return h.dist(sa.vecs[oa:oa+d:oa+d], sb.vecs[ob:ob+d:ob+d])
	case sa.vecs != nil:
		return sane(distance.L2SquaredFloatUint8(sa.vecs[oa:oa+d:oa+d], sb.codes[ob:ob+d:ob+d]))
	case sb.vecs != nil:
		return sane(distance.L2SquaredFloatUint8(sb.vecs[ob:ob+d:ob+d], sa.codes[oa:oa+d:oa+d]))
	}
	return float32(distance.L2SquaredUint8(sa.codes[oa:oa+d:oa+d], sb.codes[ob:ob+d:ob+d]))
}
