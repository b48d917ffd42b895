package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// Vector operators with pgvector's semantics (vector.c). The distances
// are sem's (planner/sem/vector.go), the functions l2_distance ... use, so
// SQL operators and functions, index scans and exact scans agree exactly.

// distExpr is a distance operator between two vectors, two halfvecs, two
// sparsevecs or two bit strings (kind: the operator's operand kind, which
// an HNSW index's operator class must have; a vector operand of a halfvec
// or sparsevec operator is converted as the implicit cast does).
type distExpr struct {
	op     string
	l, r   expr
	kind   types.Kind
	fn     func(a, b types.Vector) float64    // vector operators
	half   func(a, b types.HalfVec) float64   // halfvec operators
	bits   func(a, b types.Bits) float64      // bit operators <~> <%>
	sparse func(a, b types.SparseVec) float64 // sparsevec operators
}

func (*distExpr) Type() types.Type { return types.Float8 }
func (d *distExpr) Eval(e *env) (any, error) {
	l, r, err := evalOperands(e, d.l, d.r)
	if err != nil || l == nil {
		return nil, err
	}
	switch d.kind {
	case types.KindHalfvec:
		return sem.HalfDistance(d.half, l, r)
	case types.KindBit:
		return bitDistance(d.bits, l, r)
	case types.KindSparsevec:
		return sem.SparseDistance(d.sparse, l, r)
	}
	a, b := l.(types.Vector), r.(types.Vector)
	if err := sem.CheckSameDims(a, b); err != nil {
		return nil, err
	}
	return d.fn(a, b), nil
}

// newDistExpr is the distance operator op resolved as f.
func newDistExpr(op string, f *sem.Func, l, r expr) *distExpr {
	switch f.Args[0].Kind {
	case types.KindHalfvec:
		return &distExpr{op: op, l: l, r: r, kind: types.KindHalfvec, half: sem.HalfDistances[op]}
	case types.KindBit:
		return &distExpr{op: op, l: l, r: r, kind: types.KindBit, bits: sem.BitDistances[op]}
	case types.KindSparsevec:
		return &distExpr{op: op, l: l, r: r, kind: types.KindSparsevec, sparse: sem.SparseDistances[op]}
	}
	return &distExpr{op: op, l: l, r: r, kind: types.KindVector, fn: sem.Distances[op]}
}

// graphQuery is the float32 query an HNSW search of ix takes for the
// ORDER BY operand qv: a vector as is; for a halfvec index, the halves
// widened exactly (a vector operand first rounded to halves, as the
// halfvec operator's implicit cast does, with its 22003); for bit and
// sparsevec indexes, indexQuery's form (ops_bits.go).
func graphQuery(qv any, ix *catalog.Index) (types.Vector, error) {
	switch kt := ix.KeyType(); kt.Kind {
	case types.KindHalfvec:
	case types.KindBit, types.KindSparsevec:
		q, _ := indexQuery(qv, kt)
		return q, nil
	default:
		return qv.(types.Vector), nil
	}
	h, ok := qv.(types.HalfVec)
	if !ok {
		x, err := types.Cast(qv, sem.Vector, sem.Halfvec, false)
		if err != nil {
			return nil, err
		}
		h = x.(types.HalfVec)
	}
	return types.HalfvecFloats(h), nil
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
