package vecindex

import (
	"math"

	"github.com/vecgres/vecgres/vecindex/distance"
)

var posInf = float32(math.Inf(1))

// Distance returns the index's internal distance between a and b (equal
// lengths), the value Result.Dist carries:
//
//   - L2: squared Euclidean distance Σ(a-b)² (monotone in pgvector's <->,
//     which is its square root).
//   - InnerProduct: -Σa·b, exactly pgvector's <#>.
//   - Cosine: 1 - a·b/(|a|·|b|) clamped to [0, 2], pgvector's <=>. Where
//     pgvector returns NaN (a zero vector on either side) this returns 1,
//     i.e. a zero vector is treated as orthogonal to everything.
//   - L1: Σ|a-b|, pgvector's <+>.
//
// A NaN result (only possible from NaN or infinite inputs, which Insert
// rejects) is returned as +Inf so that heap orderings stay total.
func Distance(m Metric, a, b []float32) float32 {
	var d float32
	switch m {
	case L2:
		d = distance.L2Squared(a, b)
	case InnerProduct:
		d = -distance.Dot(a, b)
	case Cosine:
		d = cosineDistance(a, b)
	case L1:
		d = distance.L1(a, b)
	case Hamming:
		d = hammingDist(a, b)
	case Jaccard:
		d = jaccardDist(a, b)
	case SparseL2, SparseIP, SparseCosine, SparseL1:
		d = sparseDistFunc(m)(a, b)
	default:
		panic("vecindex: unknown metric")
	}
	return sane(d)
}

func cosineDistance(a, b []float32) float32 {
	dot, na, nb := distance.CosineParts(a, b)
	if na == 0 || nb == 0 {
		return 1
	}
	sim := float64(dot) / math.Sqrt(float64(na)*float64(nb))
	return clampCos(float32(1 - sim))
}

func clampCos(d float32) float32 {
	if d < 0 {
		return 0
	}
	if d > 2 {
		return 2
	}
	return d
}

// sane maps NaN to +Inf.
func sane(d float32) float32 {
	if d != d {
		return posInf
	}
	return d
}

// distFunc returns the internal distance between a query (prepared by
// prepare) and a stored vector. Cosine vectors are stored normalized, so it
// is 1 - dot. L2 calls the kernel variable directly: the search hot path.
func distFunc(m Metric) func(q, v []float32) float32 {
	switch m {
	case L2:
		return l2Dist
	case InnerProduct:
		return func(q, v []float32) float32 { return sane(-distance.Dot(q, v)) }
	case Cosine:
		return func(q, v []float32) float32 { return sane(clampCos(1 - distance.Dot(q, v))) }
	case Hamming:
		return hammingDist
	case Jaccard:
		return jaccardDist
	case SparseL2, SparseIP, SparseCosine, SparseL1:
		return sparseDistFunc(m)
	}
	return func(q, v []float32) float32 { return sane(distance.L1(q, v)) }
}

// zeroNorm reports whether every component of v is 0: then, and only
// then, its squared norm summed in float64 (prepare) is 0.
func zeroNorm(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

func l2Dist(q, v []float32) float32 { return sane(distance.L2Squared(q, v)) }

// prepare copies v into dst in stored form: normalized to unit length for
// Cosine (a zero vector stays zero), unchanged otherwise.
func (h *HNSW) prepare(dst, v []float32) {
	copy(dst, v)
	if h.cfg.Metric != Cosine {
		return
	}
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 || math.IsInf(ss, 0) {
		return
	}
	inv := 1 / math.Sqrt(ss)
	for i, x := range v {
		dst[i] = float32(float64(x) * inv)
	}
}
