package planner

import (
	"math"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Vector operators with pgvector's semantics (vector.c). The distances
// are sem's (planner/sem/vector.go), the functions l2_distance ... use, so
// SQL operators and functions, index scans and exact scans agree exactly.

// distanceOps maps each distance operator to its function. <#> is the
// negative inner product.
var distanceOps = map[string]func(a, b types.Vector) float64{
	"<->": sem.L2Distance,
	"<#>": func(a, b types.Vector) float64 { return -sem.InnerProduct(a, b) },
	"<=>": sem.CosineDistance,
	"<+>": sem.L1Distance,
}

// vectorArith applies + - * element-wise (float32, as pgvector's
// vector_add, vector_sub, vector_mul): an infinite element is 22003
// `value out of range: overflow`; for *, a zero product of non-zero
// elements is 22003 `value out of range: underflow` (a subnormal is not).
func vectorArith(op string, a, b types.Vector) (types.Vector, error) {
	if err := sem.CheckSameDims(a, b); err != nil {
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
	if err := sem.CheckSameDims(a, b); err != nil {
		return nil, err
	}
	return d.fn(a, b), nil
}
