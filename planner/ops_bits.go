package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// indexQuery is the query an HNSW search on a column of type ct takes for
// the ORDER BY operand qv: a vector as is, a bit string packed into words
// (vecindex.BitVector); fits is false when qv has another size than the
// column's, which cannot walk the graph (the exact scan then answers, with
// the distance's "different vector dimensions" or "different bit
// lengths" at the first row compared).
func indexQuery(qv any, ct types.Type) (q types.Vector, fits bool) {
	if b, ok := qv.(types.Bits); ok {
		return vecindex.BitVector(b.Data), b.Len == int(ct.Typmod)
	}
	if ct.Kind == types.KindSparsevec {
		s, err := sem.SparseArg(qv)
		if err != nil || len(s.Indices) > vecindex.SparseMaxNNZ {
			return nil, false // the exact scan answers (and reports the error)
		}
		return vecindex.SparseVector(s.Indices, s.Values), s.Dim == ct.Typmod
	}
	q = qv.(types.Vector)
	return q, len(q) == int(ct.Typmod)
}
