package vecindex

import (
	"math"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// Sparse vectors (pgvector's sparsevec_*_ops) are indexed in the same
// float32 slots as dense ones: SparseVector lays one out as slot 0 = the
// non-zero count, then (index, value) pairs, the index's uint32 bits in
// the first slot of a pair, zero-padded to SparseDims slots. Indices are
// below 1e9 < 2^30, so their bits are never NaN or infinite and Insert's
// finiteness check holds. The Sparse* metrics read the pairs back and
// merge them by index, as pgvector's sparse distances do (float32 sums in
// index order).

// SparseMaxNNZ is the most non-zero elements an indexed sparse vector
// may have (pgvector's HNSW_MAX_NNZ).
const SparseMaxNNZ = 1000

// SparseDims is the Config.Dims of a sparse index: the count slot and
// SparseMaxNNZ pairs.
const SparseDims = 1 + 2*SparseMaxNNZ

// SparseVector lays out the sparse vector (indices ascending, values
// non-zero; at most SparseMaxNNZ of them) in SparseDims slots.
func SparseVector(indices []int32, values []float32) []float32 {
	out := make([]float32, SparseDims)
	out[0] = math.Float32frombits(uint32(len(indices)))
	for k, i := range indices {
		out[1+2*k] = math.Float32frombits(uint32(i))
		out[2+2*k] = values[k]
	}
	return out
}

// isSparseMetric reports the metrics over SparseVector slots.
func isSparseMetric(m Metric) bool { return m >= SparseL2 && m <= SparseL1 }

// sparseView is the (indices, values) of SparseVector slots without
// copying: the index slots are read as uint32 bits by the merge.
type sparseView []float32

func (s sparseView) nnz() int            { return int(math.Float32bits(s[0])) }
func (s sparseView) index(k int) uint32  { return math.Float32bits(s[1+2*k]) }
func (s sparseView) value(k int) float32 { return s[2+2*k] }

// The merges below walk the indices of a and b in ascending order, as
// pgvector's sparse distances do, each written out as its own loop: a
// merge taking its per-element steps as closures cost a call per
// element, which on the upper layers of a walk and for each result's
// final distance was most of a sparse search's time outside the gathers.

func sparseL2Sq(q, v []float32) float32 {
	a, b := sparseView(q), sparseView(v)
	na, nb := a.nnz(), b.nnz()
	var s float32
	i, j := 0, 0
	for i < na && j < nb {
		ai, bj := a.index(i), b.index(j)
		switch {
		case ai == bj:
			d := a.value(i) - b.value(j)
			s += d * d
			i, j = i+1, j+1
		case ai < bj:
			s += a.value(i) * a.value(i)
			i++
		default:
			s += b.value(j) * b.value(j)
			j++
		}
	}
	for ; i < na; i++ {
		s += a.value(i) * a.value(i)
	}
	for ; j < nb; j++ {
		s += b.value(j) * b.value(j)
	}
	return s
}

func sparseDot(q, v []float32) float32 {
	a, b := sparseView(q), sparseView(v)
	na, nb := a.nnz(), b.nnz()
	var s float32
	i, j := 0, 0
	for i < na && j < nb {
		ai, bj := a.index(i), b.index(j)
		switch {
		case ai == bj:
			s += a.value(i) * b.value(j)
			i, j = i+1, j+1
		case ai < bj:
			i++
		default:
			j++
		}
	}
	return s
}

func sparseNormSq(v []float32) float32 {
	var s float32
	a := sparseView(v)
	for k := range a.nnz() {
		s += a.value(k) * a.value(k)
	}
	return s
}

// sparseCosine is pgvector's sparse cosine distance, clamped to [0, 2];
// 1 (orthogonal) for a zero vector, as cosineDistance.
func sparseCosine(q, v []float32) float32 {
	na, nb := sparseNormSq(q), sparseNormSq(v)
	if na == 0 || nb == 0 {
		return 1
	}
	sim := float64(sparseDot(q, v)) / math.Sqrt(float64(na)*float64(nb))
	return clampCos(float32(1 - math.Max(-1, math.Min(1, sim))))
}

func sparseL1(q, v []float32) float32 {
	a, b := sparseView(q), sparseView(v)
	na, nb := a.nnz(), b.nnz()
	var s float32
	i, j := 0, 0
	for i < na && j < nb {
		ai, bj := a.index(i), b.index(j)
		switch {
		case ai == bj:
			s += abs32(a.value(i) - b.value(j))
			i, j = i+1, j+1
		case ai < bj:
			s += abs32(a.value(i))
			i++
		default:
			s += abs32(b.value(j))
			j++
		}
	}
	for ; i < na; i++ {
		s += abs32(a.value(i))
	}
	for ; j < nb; j++ {
		s += abs32(b.value(j))
	}
	return s
}

// abs32 is |x|, as float32(math.Abs(float64(x))) (exact either way).
func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// sparseDistFunc is the internal distance of a sparse metric.
func sparseDistFunc(m Metric) func(q, v []float32) float32 {
	switch m {
	case SparseL2:
		return func(q, v []float32) float32 { return sane(sparseL2Sq(q, v)) }
	case SparseIP:
		return func(q, v []float32) float32 { return sane(-sparseDot(q, v)) }
	case SparseCosine:
		return func(q, v []float32) float32 { return sane(sparseCosine(q, v)) }
	}
	return func(q, v []float32) float32 { return sane(sparseL1(q, v)) }
}

// Densified queries. A search over a sparse index spends its time in
// distances from one query to many nodes; with the query laid out densely
// (scratch.dense: its value at each index, 0 elsewhere) each distance is a
// gather over the node's non-zeros (distance.SparseGather, O(nnz(v)))
// instead of a merge of both index lists, on every layer and in filtered
// walks too (pointDist). Only queries whose largest
// index is below sparseDenseMax are densified (the dense array costs 4
// bytes per index up to it, kept in the scratch for the next search);
// others, and L1 (no gather form), merge as before. The walk's distances
// then differ from the merge's by float32 rounding only, so Search
// recomputes its results' distances with the merge (sparseDistFunc),
// bit-identical to Distance.

// sparseDenseMax bounds the indices of a densified query (4 MiB of
// float32 per search scratch at most).
const sparseDenseMax = 1 << 20

// noSparseGather: benchmarks: searches merge, as before densified queries.
var noSparseGather = false

// densify lays the sparse query q (SparseVector slots) out in s.dense
// and its squared norm in s.qnorm, for the gather distances; it reports
// false (nothing set) for L1 or an index at or above sparseDenseMax.
func (s *scratch) densify(m Metric, q []float32) bool {
	v := sparseView(q)
	n := v.nnz()
	if m == SparseL1 || n == 0 || v.index(n-1) >= sparseDenseMax || noSparseGather {
		return false
	}
	size := int(v.index(n-1)) + 1
	if cap(s.dense) < size {
		s.dense = make([]float32, size)
	}
	s.dense = s.dense[:size]
	for k := range n {
		s.dense[v.index(k)] = v.value(k)
	}
	// Σq² by the kernel itself: a node equal to q then sums its matched
	// part in the same order, and its L2 distance is exactly 0.
	_, _, s.qnorm, _ = distance.SparseGather(s.dense, q[1:1+2*n])
	return true
}

// undensify zeroes what densify wrote, so s.dense is all zeros again.
func (s *scratch) undensify(q []float32) {
	v := sparseView(q)
	for k := range v.nnz() {
		s.dense[v.index(k)] = 0
	}
	s.dense = s.dense[:0]
}

// gatherDist is the internal distance of sparse metric m from the query
// densified in s to the stored sparse vector v: L2 Σ(q-v)² over v's
// indices plus Σq² over the query's others (its norm less the matched
// part, so an identical vector is exactly 0), IP -Σq·v, Cosine 1 - that
// over both norms.
func (s *scratch) gatherDist(m Metric, v []float32) float32 {
	n := sparseView(v).nnz()
	dot, d2, qq, vv := distance.SparseGather(s.dense, v[1:1+2*n])
	switch m {
	case SparseL2:
		return sane(d2 + max(s.qnorm-qq, 0))
	case SparseIP:
		return sane(-dot)
	}
	if s.qnorm == 0 || vv == 0 {
		return 1
	}
	sim := float64(dot) / math.Sqrt(float64(s.qnorm)*float64(vv))
	return sane(clampCos(float32(1 - math.Max(-1, math.Min(1, sim)))))
}
