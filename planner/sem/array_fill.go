package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// arrayFillFuncs are array_fill(anyelement, integer[] [, integer[]])
// (PostgreSQL docs 9.19, Table 9.54): an array of the given dimensions
// (and lower bounds) filled with the value, NULL included; an empty one
// (a dimension of 0, or none) is '{}' as in PostgreSQL. The result type is
// the value's array type (the binder's polymorphic result, funcs_poly.go).
var arrayFillFuncs = []Func{
	{Name: "array_fill", Args: []types.Type{AnyElement, int4Array}, Ret: AnyArray, Fn: arrayFill},
	{Name: "array_fill", Args: []types.Type{AnyElement, int4Array, int4Array}, Ret: AnyArray, Fn: arrayFill},
}

var int4Array = types.Type{Kind: types.KindInt4Array, Typmod: types.NoTypmod}

// Array limits of PostgreSQL (utils/array.h): MAXDIM dimensions and
// MaxArraySize elements (1 GB of 8-byte Datums). vecgres holds an element
// in 16 bytes, so it fills at most arrayMaxHeld of them (1 GB too) and
// refuses larger arrays with the same error naming its own limit.
const (
	arrayMaxDims  = 6
	arrayMaxItems = (1<<30 - 1) / 8
	arrayMaxHeld  = (1<<30 - 1) / 16
)

// arrayFill checks the dimensions as PostgreSQL's array_fill_internal
// and ArrayGetNItems do, in their order: 22004 for a NULL dimension
// array, lower bound array or element of either; 2202E when the two
// differ in length; 54000 for more than 6 dimensions, a negative or too
// large size, or a lower bound whose last subscript overflows; then
// vecgres's arrayMaxHeld limit (54000).
func arrayFill(_ Context, a []any) (any, error) {
	if a[1] == nil || len(a) == 3 && a[2] == nil {
		return nil, pgerror.New(pgerror.NullValueNotAllowed, "dimension array or low bound array cannot be null")
	}
	dims, err := fillBounds(a[1])
	if err != nil {
		return nil, err
	}
	lbs := make([]int64, len(dims))
	for i := range lbs {
		lbs[i] = 1
	}
	if len(a) == 3 {
		if lbs, err = fillBounds(a[2]); err != nil {
			return nil, err
		}
		if len(lbs) != len(dims) {
			return nil, pgerror.New(pgerror.ArraySubscriptError, "wrong number of array subscripts").
				WithDetail("Low bound array has different size than dimensions array.")
		}
	}
	if len(dims) > arrayMaxDims {
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (%d)", len(dims), arrayMaxDims)
	}
	n := int64(1)
	for _, d := range dims {
		if d < 0 || d > arrayMaxItems || n*d > arrayMaxItems {
			return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "array size exceeds the maximum allowed (%d)", arrayMaxItems)
		}
		n *= d
	}
	for i, lb := range lbs {
		if lb+dims[i]-1 > 1<<31-1 {
			return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "array lower bound is too large: %d", lb)
		}
	}
	switch {
	case n == 0 || len(dims) == 0:
		return types.Array{}, nil
	case n > arrayMaxHeld:
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "array size exceeds the maximum allowed (%d)", arrayMaxHeld)
	}
	out := make(types.Array, n)
	for i := range out {
		out[i] = a[0]
	}
	d32, l32 := make([]int32, len(dims)), make([]int32, len(dims))
	for i := range dims {
		d32[i], l32[i] = int32(dims[i]), int32(lbs[i])
	}
	return types.NewArray(d32, l32, out), nil
}

// fillBounds reads an integer[] of dimensions or lower bounds (22004 for
// a NULL element).
func fillBounds(d any) ([]int64, error) {
	arr, _ := types.AsArray(d)
	out := make([]int64, len(arr))
	for i, e := range arr {
		v, ok := e.(int64)
		if !ok {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "dimension values cannot be null")
		}
		out[i] = v
	}
	return out, nil
}
