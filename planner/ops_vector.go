package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// Vector operators with pgvector's semantics (vector.c). The distances
// are sem's (planner/sem/vector.go), the functions l2_distance ... use, so
// SQL operators and functions, index scans and exact scans agree exactly.

// distExpr is a distance operator between two vectors, or (bits set)
// between two bit strings (pgvector's <~> and <%>).
type distExpr struct {
	op   string
	l, r expr
	fn   func(a, b types.Vector) float64
	bits func(a, b types.Bits) float64
	// sparse is set for sparsevec operands (a vector operand is converted
	// as the implicit cast does)
	sparse func(a, b types.SparseVec) float64
}

func (*distExpr) Type() types.Type { return types.Float8 }
func (d *distExpr) Eval(e *env) (any, error) {
	l, r, err := evalOperands(e, d.l, d.r)
	if err != nil || l == nil {
		return nil, err
	}
	if d.bits != nil {
		return bitDistance(d.bits, l, r)
	}
	if d.sparse != nil {
		return sem.SparseDistance(d.sparse, l, r)
	}
	a, b := l.(types.Vector), r.(types.Vector)
	if err := sem.CheckSameDims(a, b); err != nil {
		return nil, err
	}
	return d.fn(a, b), nil
}

// bitDistance is a bit distance of two non-NULL bit strings (22000 for
// different lengths, as pgvector's).
func bitDistance(fn func(a, b types.Bits) float64, l, r any) (any, error) {
	a, b := l.(types.Bits), r.(types.Bits)
	if err := sem.CheckSameBits(a, b); err != nil {
		return nil, err
	}
	return fn(a, b), nil
}
