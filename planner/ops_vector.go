package planner

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/distance"
)

// Vector operators and functions with pgvector's semantics (vector.c):
// sums in float4, the final step in float8. The sums run in the SIMD
// kernels of vecindex/distance, as pgvector's are auto-vectorised (it is
// built with -fassociative-math), so the last bits of a distance depend on
// the summation order there too; every path of vecgres (SQL operators,
// index scans, exact scans) uses these same functions, so they agree with
// each other exactly.

func checkSameDims(a, b types.Vector) error {
	if len(a) != len(b) {
		return pgerror.Errorf(pgerror.DataException, "different vector dimensions %d and %d", len(a), len(b))
	}
	return nil
}

func l2Distance(a, b types.Vector) float64 {
	return math.Sqrt(float64(distance.L2Squared(a, b)))
}

func innerProduct(a, b types.Vector) float64 { return float64(distance.Dot(a, b)) }

// cosineDistance is 1 - cos(a, b), clamped to [0, 2]; NaN when either
// vector is zero.
func cosineDistance(a, b types.Vector) float64 {
	dot, na, nb := distance.CosineParts(a, b)
	sim := float64(dot) / math.Sqrt(float64(na)*float64(nb))
	if math.IsNaN(sim) {
		return math.NaN()
	}
	sim = math.Max(-1, math.Min(1, sim))
	return 1 - sim
}

func l1Distance(a, b types.Vector) float64 { return float64(distance.L1(a, b)) }

func vectorNorm(a types.Vector) float64 {
	var s float64
	for _, x := range a {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func l2Normalize(a types.Vector) types.Vector {
	n := vectorNorm(a)
	out := make(types.Vector, len(a))
	if n > 0 {
		for i, x := range a {
			out[i] = float32(float64(x) / n)
		}
	}
	return out
}

// distanceOps maps each distance operator to its function. <#> is the
// negative inner product.
var distanceOps = map[string]func(a, b types.Vector) float64{
	"<->": l2Distance,
	"<#>": func(a, b types.Vector) float64 { return -innerProduct(a, b) },
	"<=>": cosineDistance,
	"<+>": l1Distance,
}

// vectorArith applies + - * element-wise (float32, as pgvector's
// vector_add, vector_sub, vector_mul): an infinite element is 22003
// `value out of range: overflow`; for *, a zero product of non-zero
// elements is 22003 `value out of range: underflow` (a subnormal is not).
func vectorArith(op string, a, b types.Vector) (types.Vector, error) {
	if err := checkSameDims(a, b); err != nil {
		return nil, err
	}
	out := make(types.Vector, len(a))
	for i := range a {
		switch op {
		case "+":
			out[i] = a[i] + b[i]
		case "-":
			out[i] = a[i] - b[i]
		default:
			out[i] = a[i] * b[i]
		}
		if math.IsInf(float64(out[i]), 0) {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
		if op == "*" && out[i] == 0 && a[i] != 0 && b[i] != 0 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
		}
	}
	return out, nil
}

func vectorConcat(a, b types.Vector) (types.Vector, error) {
	if len(a)+len(b) > maxVectorDims {
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "vector cannot have more than %d dimensions", maxVectorDims)
	}
	out := make(types.Vector, 0, len(a)+len(b))
	return append(append(out, a...), b...), nil
}

// maxVectorDims is pgvector's VECTOR_MAX_DIM.
const maxVectorDims = 16000

// distExpr is a distance operator between two vectors.
type distExpr struct {
	op   string
	l, r expr
	fn   func(a, b types.Vector) float64
}

func (*distExpr) Type() types.Type { return types.Float8 }
func (d *distExpr) Eval(e *env) (any, error) {
	l, r, err := evalOperands(e, d.l, d.r)
	if err != nil || l == nil {
		return nil, err
	}
	a, b := l.(types.Vector), r.(types.Vector)
	if err := checkSameDims(a, b); err != nil {
		return nil, err
	}
	return d.fn(a, b), nil
}
