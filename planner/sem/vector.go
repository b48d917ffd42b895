package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/distance"
)

// Vector is pgvector's vector without dimensions, the type its functions
// take.
var Vector = types.VectorOf(types.NoTypmod)

// vectorFuncs are pgvector's scalar functions (pgvector 0.8, vector.c),
// with its semantics: sums in float4, the final step in float8. The sums
// run in the SIMD kernels of vecindex/distance, as pgvector's are
// auto-vectorised (it is built with -fassociative-math), so the last bits
// of a distance depend on the summation order there too; every path of
// vecgres (SQL operators and functions, index scans, exact scans) uses
// these same functions, so they agree with each other exactly.
var vectorFuncs = []Func{
	distanceFunc("l2_distance", L2Distance),
	distanceFunc("inner_product", InnerProduct),
	distanceFunc("cosine_distance", CosineDistance),
	distanceFunc("l1_distance", L1Distance),
	{Name: "vector_dims", Args: []types.Type{Vector}, Ret: types.Int4, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return int64(len(a[0].(types.Vector))), nil }},
	{Name: "vector_norm", Args: []types.Type{Vector}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return VectorNorm(a[0].(types.Vector)), nil }},
	{Name: "l2_normalize", Args: []types.Type{Vector}, Ret: Vector, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return L2Normalize(a[0].(types.Vector)), nil }},
	{Name: "subvector", Args: []types.Type{Vector, types.Int4, types.Int4}, Ret: Vector, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			return Subvector(a[0].(types.Vector), a[1].(int64), a[2].(int64))
		}},
}

// distanceFunc is a distance function of two vectors of equal
// dimensions (inner_product is positive; only the <#> operator negates).
func distanceFunc(name string, dist func(a, b types.Vector) float64) Func {
	return Func{Name: name, Args: []types.Type{Vector, Vector}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			x, y := a[0].(types.Vector), a[1].(types.Vector)
			if err := CheckSameDims(x, y); err != nil {
				return nil, err
			}
			return dist(x, y), nil
		}}
}

// CheckSameDims is 22000 `different vector dimensions 3 and 2` unless a
// and b have as many elements.
func CheckSameDims(a, b types.Vector) error {
	if len(a) != len(b) {
		return pgerror.Errorf(pgerror.DataException, "different vector dimensions %d and %d", len(a), len(b))
	}
	return nil
}

// L2Distance is the Euclidean distance of vectors of equal length.
func L2Distance(a, b types.Vector) float64 {
	return math.Sqrt(float64(distance.L2Squared(a, b)))
}

// InnerProduct is the dot product of vectors of equal length.
func InnerProduct(a, b types.Vector) float64 { return float64(distance.Dot(a, b)) }

// CosineDistance is 1 - cos(a, b), clamped to [0, 2]; NaN when either
// vector is zero.
func CosineDistance(a, b types.Vector) float64 {
	dot, na, nb := distance.CosineParts(a, b)
	sim := float64(dot) / math.Sqrt(float64(na)*float64(nb))
	if math.IsNaN(sim) {
		return math.NaN()
	}
	sim = math.Max(-1, math.Min(1, sim))
	return 1 - sim
}

// L1Distance is the taxicab distance of vectors of equal length.
func L1Distance(a, b types.Vector) float64 { return float64(distance.L1(a, b)) }

// VectorNorm is a's Euclidean norm, summed in float64.
func VectorNorm(a types.Vector) float64 {
	var s float64
	for _, x := range a {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

// L2Normalize is a divided by its norm; all zeros for a zero vector.
func L2Normalize(a types.Vector) types.Vector {
	n := VectorNorm(a)
	out := make(types.Vector, len(a))
	if n > 0 {
		for i, x := range a {
			out[i] = float32(float64(x) / n)
		}
	}
	return out
}

// Subvector(v, start, count) is pgvector's subvector: elements start ..
// start+count-1 (1-based) of v, clipped to v's bounds. count < 1, start
// past the end, or nothing left after clipping is 22000 "vector must have
// at least 1 dimension".
func Subvector(v types.Vector, start, count int64) (types.Vector, error) {
	lo, hi, ok := subvectorBounds(int64(len(v)), start, count) // halfvec.go
	if !ok {
		return nil, pgerror.New(pgerror.DataException, "vector must have at least 1 dimension")
	}
	return append(types.Vector(nil), v[lo:hi]...), nil
}
