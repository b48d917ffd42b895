package planner

import (
	"slices"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// array_agg(anyarray) (PostgreSQL 15 accumArrayResultArr, docs 9.21):
// the inputs, all of one shape, become the sub-arrays of an array of one
// more dimension (length the number of inputs, lower bound 1).

// aggOfArrays reports whether c is array_agg of an array argument.
func aggOfArrays(c *aggCall) bool {
	return c.name == "array_agg" && c.arg != nil && types.IsArray(c.arg.Type().Kind)
}

// checkSubArray checks one input as accumArrayResultArr does: 22004
// "cannot accumulate null arrays"; 2202E "cannot accumulate empty arrays"
// for a first input without elements, "cannot accumulate arrays of
// different dimensionality" for one of another shape than the first;
// 54000 when the result would have more than 6 dimensions.
func (a *aggAcc) checkSubArray(v any) error {
	if v == nil {
		return pgerror.New(pgerror.NullValueNotAllowed, "cannot accumulate null arrays")
	}
	dims, lbs, _, _ := types.ArrayShape(v)
	if len(a.arr) == 0 {
		switch {
		case len(dims) == 0:
			return pgerror.New(pgerror.ArraySubscriptError, "cannot accumulate empty arrays")
		case len(dims) >= 6:
			return pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (6)", len(dims)+1)
		}
		return nil
	}
	fd, fl, _, _ := types.ArrayShape(a.arr[0])
	if !slices.Equal(dims, fd) || !slices.Equal(lbs, fl) {
		return pgerror.New(pgerror.ArraySubscriptError, "cannot accumulate arrays of different dimensionality")
	}
	return nil
}

// subArraysResult is array_agg(anyarray)'s value over the checked inputs.
func (a *aggAcc) subArraysResult() any {
	dims, lbs, _, _ := types.ArrayShape(a.arr[0])
	var elems types.Array
	for _, v := range a.arr {
		_, _, e, _ := types.ArrayShape(v)
		elems = append(elems, e...)
	}
	return types.NewArray(append([]int32{int32(len(a.arr))}, dims...), append([]int32{1}, lbs...), elems)
}
