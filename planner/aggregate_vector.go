package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// sum(vector) and avg(vector) with pgvector's semantics (vector.c):
// sum adds element-wise in float4 like the + operator (22003 "value out
// of range: overflow" when an element becomes infinite; 22000 "different
// vector dimensions" on a dimension change); avg accumulates in float8
// and divides at the end (22000 "expected N dimensions, not M" on a
// dimension change). Both are NULL over no non-NULL rows.

// vectorAcc accumulates sum or avg of vectors.
type vectorAcc struct {
	n    int64
	sum  types.Vector // sum: float4 running sum
	sumD []float64    // avg: float8 running sums
}

func isVectorSum(c *aggCall) bool {
	return c.t.Kind == types.KindVector && (c.name == "sum" || c.name == "avg")
}

// add folds one non-NULL vector in.
func (a *vectorAcc) add(name string, v types.Vector) error {
	a.n++
	if name == "avg" {
		if a.n == 1 {
			a.sumD = make([]float64, len(v))
		} else if len(v) != len(a.sumD) {
			return pgerror.Errorf(pgerror.DataException, "expected %d dimensions, not %d", len(a.sumD), len(v))
		}
		for i, x := range v {
			a.sumD[i] += float64(x)
		}
		return nil
	}
	if a.n == 1 {
		a.sum = append(types.Vector(nil), v...)
		return nil
	}
	s, err := sem.VectorArith("+", a.sum, v)
	a.sum = s
	return err
}

// result is the sum or the average; nil (NULL) over no rows.
func (a *vectorAcc) result(name string) any {
	if a.n == 0 {
		return nil
	}
	if name == "sum" {
		return a.sum
	}
	out := make(types.Vector, len(a.sumD))
	for i, s := range a.sumD {
		out[i] = float32(s / float64(a.n))
	}
	return out
}
