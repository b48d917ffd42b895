package planner

import (
	"math"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/fp16"
)

// sum(vector) and avg(vector) with pgvector's semantics (vector.c):
// sum adds element-wise in float4 like the + operator (22003 "value out
// of range: overflow" when an element becomes infinite; 22000 "different
// vector dimensions" on a dimension change); avg accumulates in float8
// and divides at the end (22000 "expected N dimensions, not M" on a
// dimension change). Both are NULL over no non-NULL rows.

//
// sum(halfvec) and avg(halfvec) (halfvec.c) likewise: sum adds with the
// halfvec + operator (each step rounded to a half, 22003 on overflow);
// avg sums the halves in float8 and rounds the mean to a half.

// vectorAcc accumulates sum or avg of vectors or of halfvecs.
type vectorAcc struct {
	n    int64
	sum  types.Vector  // sum: float4 running sum
	half types.HalfVec // sum of halfvecs: running sum
	isH  bool          // the input is halfvec
	sumD []float64     // avg: float8 running sums
}

func isVectorSum(c *aggCall) bool {
	return (c.t.Kind == types.KindVector || c.t.Kind == types.KindHalfvec) && (c.name == "sum" || c.name == "avg")
}

// add folds one non-NULL vector or halfvec in.
func (a *vectorAcc) add(name string, x any) error {
	if h, ok := x.(types.HalfVec); ok {
		return a.addHalf(name, h)
	}
	v := x.(types.Vector)
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

// addHalf folds one halfvec in.
func (a *vectorAcc) addHalf(name string, h types.HalfVec) error {
	a.n++
	a.isH = true
	if name == "avg" {
		return a.addAvg(types.HalfvecFloats(h))
	}
	if a.n == 1 {
		a.half = append(types.HalfVec(nil), h...)
		return nil
	}
	s, err := sem.HalfArith("+", a.half, h)
	a.half = s
	return err
}

// addAvg adds v to the float8 sums of avg (halfvec_accum: 22000 on a
// dimension change, 22003 when a sum overflows).
func (a *vectorAcc) addAvg(v types.Vector) error {
	if a.n == 1 {
		a.sumD = make([]float64, len(v))
	} else if len(v) != len(a.sumD) {
		return pgerror.Errorf(pgerror.DataException, "expected %d dimensions, not %d", len(a.sumD), len(v))
	}
	for i, x := range v {
		a.sumD[i] += float64(x)
		if math.IsInf(a.sumD[i], 0) {
			return pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
	}
	return nil
}

// result is the sum or the average; nil (NULL) over no rows.
func (a *vectorAcc) result(name string) any {
	if a.n == 0 {
		return nil
	}
	if name == "sum" {
		if a.isH {
			return a.half
		}
		return a.sum
	}
	if a.isH { // the mean of halves is within the halves' range
		out := make(types.HalfVec, len(a.sumD))
		for i, s := range a.sumD {
			out[i] = fp16.FromFloat32(float32(s / float64(a.n)))
		}
		return out
	}
	out := make(types.Vector, len(a.sumD))
	for i, s := range a.sumD {
		out[i] = float32(s / float64(a.n))
	}
	return out
}
