package vecindex

import (
	"math"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// Byte codes: an exact fast path for L2 indexes whose vectors are all
// byte-valued (every component an integer in 0..255, e.g. image pixels
// such as Fashion-MNIST, or embeddings stored as uint8).
//
// While that holds (HNSW.codesOn), each node also keeps its vector as Dims
// bytes and the layer-0 walks of Search and Insert, and the neighbour
// heuristic, compute Σ(a-b)² on the bytes with distance.L2SquaredUint8
// (AVX-512 VNNI): the same value as on the floats, exactly (an integer, no
// rounding), from a quarter of the memory traffic. Search recomputes the
// returned distances in float32 and re-sorts, so Result.Dist is always the
// float32 Distance. A query that is not byte-valued walks in floats.
//
// The first inserted vector that is not byte-valued clears codesOn for
// good: later operations use floats only and later segments get no codes.
// An operation already walking on codes finishes on them; the non-exact
// node has rounded, clamped codes, so its distances there are approximate
// (it can only cost recall for that operation, never a wrong Dist).
//
// Costs Dims bytes per node (counted in MemoryBytes' vectors) while on.

// DisableByteCodes turns the byte path off for good: later operations use
// floats only and later segments get no codes (existing ones keep theirs).
// For benchmarks comparing the two paths, or to save Dims bytes per node
// when the caller knows its vectors are not byte-valued.
//
// It also turns an SQ8 quantizer (sq.go) off for good: walks use floats.
// Call it before searching (searches in flight may mix code and float
// distances).
func (h *HNSW) DisableByteCodes() {
	h.codesOn.Store(false)
	h.sqOff.Store(true)
	h.quant.Store(nil)
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

// encode fills node id's codes from its stored vector, clearing codesOn if
// the vector is not byte-valued. Caller holds h.mu (or is loading).
func (h *HNSW) encode(id uint32) {
	c := h.codes(id)
	if c == nil || !h.codesOn.Load() {
		return
	}
	if !toCodes(c, h.vec(id)) {
		h.codesOn.Store(false)
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
// path is used, with s.qsum its SQ8 Σ lo·c) to node id.
func (h *HNSW) pointDist(s *scratch, q []float32, qc []uint8, id uint32) float32 {
	if qc != nil {
		if c := h.codes(id); c != nil {
			if sq := h.quant.Load(); sq != nil {
				return sq.dist(qc, c, s.qsum, h.sqSum(id))
			}
			return float32(distance.L2SquaredUint8(qc, c))
		}
	}
	return h.dist(q, h.vec(id))
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
	return h.dist(h.vec(a), h.vec(b))
}
