package vecindex

import (
	"encoding/binary"
	"math"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// Scalar quantization (SQ8), Config.Quantization = QuantSQ8: a lossy
// uint8 code per component for float32 data that is not byte-valued, so
// that the layer-0 walks read a quarter of the bytes (Jégou, Douze &
// Schmid's "scalar quantizer" baseline; the per-dimension offset with one
// shared step is chosen so the VNNI kernels apply unchanged).
//
// Training: once the index holds sqTrainSize nodes (the first inserted
// vectors, or every loaded one), allocate learns per dimension d the
// minimum lo[d] and maximum over those vectors, and one step
// s = max_d(max[d]-lo[d]) / 255 shared by all dimensions. It encodes every
// node so far, then publishes the quantizer (HNSW.quant); from then on
// each new node is encoded at allocation, before it is reachable. Before
// training the walks use floats. Code c[d] = round((v[d]-lo[d]) / s),
// clamped to 0..255: a later vector outside the trained range is clamped
// (HNSW.QuantClamped counts such nodes); its code distances are then
// coarser, which can cost recall but never a wrong Result.Dist. The
// quantizer is kept in checkpoints (persist.go) and is not re-trained
// while the index is live: a rebuild (CREATE INDEX, REINDEX) trains anew.
//
// Distances on codes, in the same units as the float distances so the two
// may meet in one heuristic (upper layers walk on floats):
//
//   - L2: s² · Σ(ca-cb)² (distance.L2SquaredUint8); per-dimension offsets
//     cancel.
//   - InnerProduct, Cosine (stored normalized, so IP): a·b ≈
//     C + s·(A + B) + s²·Σ ca·cb with C = Σ lo², A = Σ lo·ca per node
//     (kept in the node's code row after its codes, codeStride) and distance.DotUint8 for the
//     last sum; the distance is its negation (Cosine: 1 minus it).
//   - L1 has no code kernel and walks on floats.
//
// Search walks layer 0 on codes with ef = ef_search + k·sqRerank, then
// re-ranks the k·sqRerankDepth nearest candidates (search.go) by their
// exact float32 distance and returns
// the k best with that distance, bit-identical to Distance. Filtered
// searches, the exact mode (ef >= Live()) and walks that find fewer than k
// keys use floats. Costs Dims bytes per node, plus 4 for IP and Cosine,
// padded to whole cache lines within 1.3 bytes per dimension (codeStride).

// Quantization selects how an index's graph walks read vectors.
type Quantization uint8

const (
	// QuantAuto walks on exact byte codes while every vector is
	// byte-valued (L2 only, codes.go); on float data (L2, InnerProduct,
	// Cosine) searches walk on SQ8 codes with float re-ranking when a
	// recall probe at training accepts them (sqauto.go), else on float32.
	QuantAuto Quantization = iota
	// QuantSQ8 walks on trained 8-bit scalar codes (sq.go) and re-ranks in
	// float32; L2, InnerProduct and Cosine.
	QuantSQ8
	// quantHalfV5 is the value checkpoints before Config.Half gave a
	// halfvec index (halves, walked on halves); ReadFrom reads it as
	// Half with QuantAuto (persist.go). Not a valid Config value.
	quantHalfV5
	// QuantNone walks on float32, or on exact byte codes while every
	// vector is byte-valued (L2 only): QuantAuto without SQ8.
	QuantNone
)

// sqTrainSize is how many vectors train the quantizer.
var sqTrainSize = 1000

// sqRerank widens the candidate list: an SQ8 walk keeps ef + k·sqRerank
// candidates for re-ranking, so that neighbours the codes rank just past
// the ef-th still reach it. At ef = k = 10 on GloVe (TestSQAutoRecallGloVe)
// a walk keeping only ef lost 0.055 of recall@10 against the float32 walk.
var sqRerank = 1

// quantizer is a trained SQ8 code book. Immutable once published.
type quantizer struct {
	lo    []float32 // per-dimension offset
	step  float32   // shared step s
	inv   float32   // 1/s
	step2 float32   // s²
	c     float32   // Σ lo² (IP)
	ip    bool      // InnerProduct or Cosine codes
}

// newQuantizer returns the quantizer for offsets lo and step.
func newQuantizer(lo []float32, step float32, m Metric) *quantizer {
	if !(step > 0) || math.IsInf(float64(step), 0) {
		step = 1
	}
	var c float64
	for _, x := range lo {
		c += float64(x) * float64(x)
	}
	return &quantizer{lo: lo, step: step, inv: 1 / step, step2: step * step,
		c: float32(c), ip: m == InnerProduct || m == Cosine}
}

// trainQuantizer learns offsets and step from n vectors vec(0..n-1).
func trainQuantizer(dims, n int, vec func(i int) []float32, m Metric) *quantizer {
	lo := make([]float32, dims)
	hi := make([]float32, dims)
	for d := range lo {
		lo[d], hi[d] = float32(math.Inf(1)), float32(math.Inf(-1))
	}
	for i := range n {
		for d, x := range vec(i) {
			lo[d] = min(lo[d], x)
			hi[d] = max(hi[d], x)
		}
	}
	var span float32
	for d := range lo {
		if lo[d] > hi[d] { // n == 0
			lo[d], hi[d] = 0, 0
		}
		span = max(span, hi[d]-lo[d])
	}
	return newQuantizer(lo, span/255, m)
}

// encode writes v's codes into dst (len(v) bytes) and returns Σ lo·c (used
// by IP) and whether any component was clamped.
func (q *quantizer) encode(dst []uint8, v []float32) (sum float32, clamped bool) {
	dst = dst[:len(v)]
	var s float64
	for d, x := range v {
		c := (x - q.lo[d]) * q.inv
		switch {
		case !(c >= 0):
			c, clamped = 0, clamped || c < -0.5
		case c > 255:
			c, clamped = 255, clamped || c > 255.5
		}
		b := uint8(c + 0.5)
		dst[d] = b
		s += float64(q.lo[d]) * float64(b)
	}
	return float32(s), clamped
}

// dist is the code distance between codes a (with Σ lo·a = sa) and b
// (sb), in the metric's units.
func (q *quantizer) dist(a, b []uint8, sa, sb float32) float32 {
	if !q.ip {
		return q.step2 * float32(distance.L2SquaredUint8(a, b))
	}
	return -(q.c + q.step*(sa+sb+q.step*float32(distance.DotUint8(a, b))))
}

// sqSum returns node id's Σ lo·c (0 for L2 indexes).
func (h *HNSW) sqSum(id uint32) float32 {
	s := h.seg(id)
	if s.codes == nil || !h.sumsKept() {
		return 0
	}
	return rowSum(s.codes, int(id&segMask)*h.cstride+sumOffset(h.cfg.Dims))
}

// sumsKept reports whether code rows keep SQ8's Σ lo·c (InnerProduct and
// Cosine).
func (h *HNSW) sumsKept() bool { return h.cfg.Metric == InnerProduct || h.cfg.Metric == Cosine }

// rowSum reads the float32 Σ lo·c kept at codes[o:o+4].
func rowSum(codes []uint8, o int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(codes[o : o+4 : o+4]))
}

// sqEncode encodes node id with q. Caller holds h.mu (or is loading).
func (h *HNSW) sqEncode(q *quantizer, id uint32) {
	s := h.seg(id)
	h.encBuf = h.floatVec(h.encBuf, id) // a Half index's halves widened
	sum, clamped := q.encode(h.codes(id), h.encBuf)
	if h.sumsKept() {
		o := int(id&segMask)*h.cstride + sumOffset(h.cfg.Dims)
		binary.LittleEndian.PutUint32(s.codes[o:o+4:o+4], math.Float32bits(sum))
	}
	if clamped {
		h.sqClamped.Add(1)
	}
}

// sqTrain trains the quantizer on the nodes so far (tombstones included),
// encodes them and publishes it, once there are sqTrainSize of them. Under
// QuantAuto it first waits for the byte path to end (codes.go) and
// publishes only what the recall probe accepts (sqauto.go). Caller holds
// h.mu.
func (h *HNSW) sqTrain() {
	if !h.sqActive() || h.trainedQuant() != nil || h.Len() < sqTrainSize || h.codesOn.Load() {
		return
	}
	n := h.n.Load()
	ids := make([]uint32, 0, h.Len())
	for id := range n {
		if h.meta(id)&flagFree == 0 {
			ids = append(ids, id)
		}
	}
	vec := func(i int) []float32 { return h.vec(ids[i]) }
	if h.cfg.Half { // one buffer: trainQuantizer reads a vector at a time
		vec = func(i int) []float32 { h.encBuf = h.floatVec(h.encBuf, ids[i]); return h.encBuf }
	}
	q := trainQuantizer(h.cfg.Dims, len(ids), vec, h.cfg.Metric)
	if h.cfg.Quantization == QuantAuto {
		if h.cfg.Half { // the probe holds two at once: widen each once
			vec = h.widened(ids)
		}
		if !h.sqProbe(q, len(ids), vec) {
			h.sqRefuse()
			return
		}
		h.sqAddCodes()
	}
	h.sqPublish(q, n)
}

// widened returns vec(i) = node ids[i]'s halves widened to float32, each
// converted once and kept (the probe reads at most sqProbeBase of them).
func (h *HNSW) widened(ids []uint32) func(i int) []float32 {
	got := map[int][]float32{}
	return func(i int) []float32 {
		v, ok := got[i]
		if !ok {
			v = h.floatVec(nil, ids[i])
			got[i] = v
		}
		return v
	}
}

// sqPublish encodes nodes < n with q, then makes q the searches' walk
// quantizer (h.walkQuant). Inserts keep walking and choosing neighbours
// on floats under QuantSQ8 as under QuantAuto: a graph built on code
// distances lost most of its recall on GloVe-100 (cosine, 300,000 words:
// recall@10 0.42 at ef_search 40 against 0.91; TestSQ8GraphOnFloats).
func (h *HNSW) sqPublish(q *quantizer, n uint32) {
	for id := range n {
		h.sqEncode(q, id)
	}
	h.walkQuant.Store(q)
}

// sqUsable reports whether m has SQ8 code distances.
func sqUsable(m Metric, dims int) bool {
	return m != L1 && !isBitMetric(m) && !isSparseMetric(m) && dims <= maxCodeDims
}

// QuantClamped returns how many nodes had a component clamped to the
// trained SQ8 range (0 without SQ8 codes). A high share means the first
// vectors did not represent the data: rebuild the index.
func (h *HNSW) QuantClamped() int64 { return h.sqClamped.Load() }

// sqActive reports whether SQ8 codes may be used: QuantSQ8, or QuantAuto
// (sqAutoMinDims dimensions or more) until its probe refused (sqauto.go),
// on a metric with code distances and not turned off.
func (h *HNSW) sqActive() bool {
	q := h.cfg.Quantization
	return (q == QuantSQ8 || q == QuantAuto && h.cfg.Dims >= sqAutoMinDims) && sqUsable(h.cfg.Metric, h.cfg.Dims) && !h.sqOff.Load()
}
