package vecindex

import (
	"slices"
)

// SQ8 by default (QuantAuto on float data): an L2, InnerProduct or Cosine
// index of at least sqAutoMinDims dimensions whose vectors are not all
// byte-valued walks its searches on SQ8 codes (sq.go) and re-ranks the
// candidates in float32, when a recall probe at training says the codes
// keep the neighbours; otherwise it walks on float32 as before. Below
// sqAutoMinDims a float vector spans at most two cache lines, so codes
// save walks little, and on 4-dim Gaussian data under inner product
// (TestRecallInnerProductGaussian) the code walk lost recall at ef 10.
// WITH (quantization = none) (QuantNone) keeps float32 walks,
// quantization = sq8 (QuantSQ8) forces the codes.
//
// As under QuantSQ8, inserts walk and pick neighbours on floats, so the
// graph is the one a float32 index builds from the same inserts: only the
// searches' walks read codes (HNSW.walkQuant).
//
// Training happens where QuantSQ8's does (sqTrain): once sqTrainSize
// nodes are held, or when a loaded checkpoint is complete (the quantizer
// is not written to checkpoints under QuantAuto; a load trains anew),
// and, for L2, only once the byte path has ended (codes.go): byte-valued
// data keeps its exact byte codes. Segments get their code arrays (one
// byte per dimension, plus 4 bytes per node for InnerProduct and Cosine)
// only when the probe accepts (sqAddCodes); a refusal turns the codes off
// for good (sqOff), so such an index costs what a float32 one does.
//
// The probe (sqProbe): sqProbeQueries training vectors, spread evenly
// over the first sqProbeBase ones, each queried against those base
// vectors (itself left out). A query's exact sqProbeK nearest by float
// distance are compared with its sqProbeDepth nearest by code distance;
// the codes are accepted when at least sqProbeMin of all exact
// neighbours are among them. Re-ranking sqProbeDepth = 2·sqProbeK code
// candidates is what a search for k = 10 at ef_search = 10 does at the end
// of its walk (it keeps ef + k, Search), so a rejected share is
// neighbours that re-ranking at the smallest useful ef would lose. On
// 1,000 to 2,000 training vectors neighbours are far apart, so the probe
// catches codes too coarse for the data (a range stretched by outliers),
// not the finer losses of a large index, which ef + k re-ranking covers. The data-set checks are in sqauto_test.go: GloVe 100-d passes
// with a margin; a set whose span is dominated by one dimension (the
// shared step leaves the others a few levels) fails.

// Probe parameters (see the comment at the top of this file).
var (
	sqProbeBase    = 2000
	sqProbeQueries = 50
	sqProbeK       = 10
	sqProbeDepth   = 20
	sqProbeMin     = 0.99
)

// sqAutoMinDims is the fewest dimensions QuantAuto walks SQ8 codes for.
const sqAutoMinDims = 32

// searchQuant returns the quantizer searches walk on: QuantSQ8's, or
// QuantAuto's once trained and accepted; nil otherwise.
func (h *HNSW) searchQuant() *quantizer { return h.walkQuant.Load() }

// trainedQuant returns the published quantizer whichever mode holds it
// (new nodes are encoded with it, codes.go).
func (h *HNSW) trainedQuant() *quantizer { return h.searchQuant() }

// quantizer returns the SQ8 quantizer s.qc was encoded with: the
// Search's own; nil for byte codes and in inserts and repairs, which walk
// on floats or exact byte codes.
func (s *scratch) quantizer(*HNSW) *quantizer { return s.sq }

// sqProbe reports whether q keeps recall on n training vectors vec(0..n-1)
// (stored form): the share of the exact sqProbeK nearest found among the
// sqProbeDepth nearest by code distance is at least sqProbeMin.
func (h *HNSW) sqProbe(q *quantizer, n int, vec func(i int) []float32) bool {
	return h.sqProbeRecall(q, n, vec) >= sqProbeMin
}

// sqProbeRecall is sqProbe's share (0..1) of exact neighbours found.
func (h *HNSW) sqProbeRecall(q *quantizer, n int, vec func(i int) []float32) float64 {
	nb := min(n, sqProbeBase)
	nq := min(nb, sqProbeQueries)
	if nb <= sqProbeDepth || nq == 0 {
		return 1 // too few to judge; a later rebuild probes again
	}
	dims := h.cfg.Dims
	codes := make([]uint8, nb*dims)
	sums := make([]float32, nb)
	for i := range nb {
		sums[i], _ = q.encode(codes[i*dims:(i+1)*dims], vec(i*n/nb))
	}
	exact := make([]item, 0, nb)
	approx := make([]item, 0, nb)
	found := 0
	for j := range nq {
		qi := j * nb / nq
		qv, qcode := vec(qi*n/nb), codes[qi*dims:(qi+1)*dims]
		exact, approx = exact[:0], approx[:0]
		for i := range nb {
			if i == qi {
				continue
			}
			exact = append(exact, item{dist: h.dist(qv, vec(i*n/nb)), id: uint32(i)})
			approx = append(approx, item{dist: q.dist(qcode, codes[i*dims:(i+1)*dims], sums[qi], sums[i]), id: uint32(i)})
		}
		found += overlap(nearest(exact, sqProbeK), nearest(approx, sqProbeDepth))
	}
	return float64(found) / float64(nq*min(sqProbeK, nb-1))
}

// nearest sorts the first k items of xs ascending by (dist, id) after a
// partial selection and returns them.
func nearest(xs []item, k int) []item {
	slices.SortFunc(xs, func(a, b item) int {
		switch {
		case a.dist < b.dist:
			return -1
		case a.dist > b.dist:
			return 1
		}
		return int(a.id) - int(b.id)
	})
	return xs[:min(k, len(xs))]
}

// overlap counts the ids of a that are in b.
func overlap(a, b []item) int {
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x.id == y.id {
				n++
				break
			}
		}
	}
	return n
}

// sqCodes reports whether new segments get SQ8 codes: QuantSQ8 (trained
// or not), or QuantAuto once its quantizer is accepted.
func (h *HNSW) sqCodes() bool {
	return h.sqActive() && (h.cfg.Quantization == QuantSQ8 || h.walkQuant.Load() != nil)
}

// sqRefuse turns QuantAuto's SQ8 off for good after a failed probe.
// Caller holds h.mu.
func (h *HNSW) sqRefuse() { h.sqOff.Store(true) }

// sqAddCodes gives every segment of a QuantAuto index SQ8 code rows
// (with Σ lo·c slots for InnerProduct and Cosine, codeStride), published as new segment
// structs sharing every other array with the old ones (as dropByteCodes
// publishes floats, codes.go). Searches holding the old directory walk
// those segments on floats. Caller holds h.mu; codesOn is false.
func (h *HNSW) sqAddCodes() {
	dir := *h.segs.Load()
	out := make([]*segment, len(dir), cap(dir))
	for i, s := range dir {
		if s.codes != nil || s.vecs == nil && s.halves == nil || s == h.hole {
			out[i] = s
			continue
		}
		ns := *s
		ns.codes = h.newCodes()
		out[i] = &ns
	}
	h.segs.Store(&out)
}
