package sem

import "github.com/vecgres/vecgres/sql/types"

// arrayBoundFuncs are array_lower(a, dim), array_upper(a, dim),
// array_ndims(a) and array_dims(a) (PostgreSQL docs 9.19, Table 9.54):
// the bounds of dimension dim (NULL for a dimension the array lacks),
// counted from the array's lower bounds (0 for int2vector and oidvector,
// whose subscripts start there). An empty array has no dimension, so all
// four give NULL, except for an empty int2vector or oidvector, which
// keeps its one dimension: lower 0, upper -1, dims "[0:-1]", as in
// PostgreSQL 15.
var arrayBoundFuncs = []Func{
	{Name: "array_lower", Args: []types.Type{AnyArray, types.Int4}, Ret: types.Int4, Strict: true,
		Specialize: arrayBound(false)},
	{Name: "array_upper", Args: []types.Type{AnyArray, types.Int4}, Ret: types.Int4, Strict: true,
		Specialize: arrayBound(true)},
	{Name: "array_ndims", Args: []types.Type{AnyArray}, Ret: types.Int4, Strict: true,
		Specialize: func(ts []types.Type) Impl {
			return func(_ Context, a []any) (any, error) {
				dims, _ := arrayBounds(ts[0], a[0])
				if len(dims) == 0 {
					return nil, nil
				}
				return int64(len(dims)), nil
			}
		}},
	{Name: "array_dims", Args: []types.Type{AnyArray}, Ret: types.Text, Strict: true,
		Specialize: func(ts []types.Type) Impl {
			return func(_ Context, a []any) (any, error) {
				dims, lbs := arrayBounds(ts[0], a[0])
				if len(dims) == 0 {
					return nil, nil
				}
				return types.FormatDims(dims, lbs), nil
			}
		}},
}

// arrayBound is array_upper (upper) or array_lower's implementation.
func arrayBound(upper bool) func(ts []types.Type) Impl {
	return func(ts []types.Type) Impl {
		return func(_ Context, a []any) (any, error) {
			dims, lbs := arrayBounds(ts[0], a[0])
			d, _ := a[1].(int64)
			if d < 1 || d > int64(len(dims)) {
				return nil, nil
			}
			if upper {
				return int64(lbs[d-1]) + int64(dims[d-1]) - 1, nil
			}
			return int64(lbs[d-1]), nil
		}
	}
}

// arrayBounds are the lengths and lower bounds of the dimensions of array
// d of type t: none for an empty array other than a catalog vector.
func arrayBounds(t types.Type, d any) (dims, lbs []int32) {
	if types.IsCatalogVector(t.Kind) {
		n, _ := types.ArrayLength(d)
		return []int32{int32(n)}, []int32{int32(types.LowerBound(t.Kind))}
	}
	dims, lbs, _, _ = types.ArrayShape(d)
	return dims, lbs
}

// arrayDimLength is array_length(a, dim) for an array of type t: false
// (NULL) for a dimension the array lacks.
func arrayDimLength(t types.Type, d any, dim int64) (int64, bool) {
	dims, _ := arrayBounds(t, d)
	if dim < 1 || dim > int64(len(dims)) {
		return 0, false
	}
	return int64(dims[dim-1]), true
}

// generate_subscripts(a, dim [, reverse]) (PostgreSQL docs 9.26, Table
// 9.66): the subscripts of dimension dim of a, ascending or, when reverse
// is true, descending; no rows for a dimension a lacks or an empty array.
// int2vector and oidvector have entries of their own (their subscripts
// start at 0), which resolution prefers to anyarray's.
func subscriptSeries(t types.Type, reverse bool) Func {
	args := []types.Type{t, types.Int4}
	if reverse {
		args = append(args, types.Bool)
	}
	return Func{Name: "generate_subscripts", Args: args, Ret: types.Int4, Strict: true, SetReturning: true,
		Rows: func(_ Context, a []any, emit func([]any) error) error {
			dims, lbs := arrayBounds(t, a[0])
			d, _ := a[1].(int64)
			if d < 1 || d > int64(len(dims)) || len(dims) == 1 && dims[0] == 0 {
				return nil
			}
			lb, n := int64(lbs[d-1]), int64(dims[d-1])
			desc := reverse && a[2] == true
			for i := range n {
				s := lb + i
				if desc {
					s = lb + n - 1 - i
				}
				if err := emit([]any{s}); err != nil {
					return err
				}
			}
			return nil
		}}
}

// subscriptFuncs are generate_subscripts' entries.
var subscriptFuncs = []Func{
	subscriptSeries(types.Type{Kind: types.KindInt2Vector, Typmod: types.NoTypmod}, false),
	subscriptSeries(types.Type{Kind: types.KindInt2Vector, Typmod: types.NoTypmod}, true),
	subscriptSeries(OIDVector, false), subscriptSeries(OIDVector, true),
	subscriptSeries(AnyArray, false), subscriptSeries(AnyArray, true),
}
