package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// arrayMoreFuncs are PostgreSQL 15's array functions (docs 9.19, Table
// 9.54) over one-dimensional arrays: array_append, array_prepend and
// array_cat (as the || operators, arrayConcat; not strict), array_position(a,
// x [, start]) (the first index from start whose element is not distinct
// from x, NULL when none; NULL start is 22004), array_positions(a, x) (every such
// index, as integer[]), and string_to_array(s, delimiter [, null_string])
// (s split at each delimiter; a NULL delimiter splits into characters, an
// empty one gives s whole, an empty s no element; fields equal to
// null_string become NULL).
var arrayMoreFuncs = []Func{
	{Name: "array_append", Args: []types.Type{AnyArray, AnyElement}, Ret: AnyArray, Fn: arrayConcat(false, true),
		Check: func(a []types.Type) bool { return ElemFits(a[0], a[1]) }},
	{Name: "array_prepend", Args: []types.Type{AnyElement, AnyArray}, Ret: AnyArray, Fn: arrayConcat(true, false),
		Check: func(a []types.Type) bool { return ElemFits(a[1], a[0]) }},
	{Name: "array_cat", Args: []types.Type{AnyArray, AnyArray}, Ret: AnyArray, Fn: arrayConcat(false, false),
		Check: func(a []types.Type) bool {
			return a[0].Kind == types.KindUnknown || a[1].Kind == types.KindUnknown || arrayConcatOperators[0].Check(a)
		}},
	{Name: "array_position", Args: []types.Type{AnyArray, AnyElement}, Ret: types.Int4,
		Check: func(a []types.Type) bool { return ElemFits(a[0], a[1]) }, Specialize: arrayPosition(false)},
	{Name: "array_position", Args: []types.Type{AnyArray, AnyElement, types.Int4}, Ret: types.Int4,
		Check: func(a []types.Type) bool { return ElemFits(a[0], a[1]) }, Specialize: arrayPosition(false)},
	{Name: "array_positions", Args: []types.Type{AnyArray, AnyElement}, Ret: int4Array,
		Check: func(a []types.Type) bool { return ElemFits(a[0], a[1]) }, Specialize: arrayPosition(true)},
	{Name: "string_to_array", Args: []types.Type{types.Text, types.Text}, Ret: textArray, Fn: stringToArray},
	{Name: "string_to_array", Args: []types.Type{types.Text, types.Text, types.Text}, Ret: textArray, Fn: stringToArray},
}

// arrayPosition is array_position (all false) or array_positions for
// argument types ts: elements compare with the element type's =, a NULL
// x matches NULL elements.
func arrayPosition(all bool) func(ts []types.Type) Impl {
	return func(ts []types.Type) Impl {
		et, _ := types.ElemType(ts[0])
		xt := ts[1]
		if xt.Kind == types.KindUnknown {
			xt = et
		}
		cmp, _, err := Comparer("=", et, xt)
		return func(_ Context, a []any) (any, error) {
			if a[0] == nil {
				return nil, nil
			}
			if err != nil {
				return nil, pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an equality operator for type %s", et.Name())
			}
			start := int64(1)
			if len(a) > 2 {
				if a[2] == nil {
					return nil, pgerror.New(pgerror.NullValueNotAllowed, "initial position must not be null")
				}
				start = a[2].(int64)
			}
			dims, lbs, elems, _ := types.ArrayShape(a[0])
			if len(dims) > 1 {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "searching for elements in multidimensional arrays is not supported")
			}
			lb := int64(1)
			if len(lbs) == 1 {
				lb = int64(lbs[0])
			}
			if len(a) <= 2 {
				start = lb
			}
			var out types.Array
			for i := max(start-lb, 0); i < int64(len(elems)); i++ {
				e := elems[i]
				if (e == nil) != (a[1] == nil) || e != nil && cmp(e, a[1]) != 0 {
					continue
				}
				if !all {
					return i + lb, nil
				}
				out = append(out, i+lb)
			}
			if all {
				if out == nil {
					out = types.Array{}
				}
				return out, nil
			}
			return nil, nil
		}
	}
}

func stringToArray(_ Context, a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	s := a[0].(string)
	var fields []string
	switch {
	case s == "":
		return types.Array{}, nil
	case a[1] == nil:
		for _, r := range s {
			fields = append(fields, string(r))
		}
	case a[1].(string) == "":
		fields = []string{s}
	default:
		fields = strings.Split(s, a[1].(string))
	}
	out := make(types.Array, len(fields))
	for i, f := range fields {
		if len(a) > 2 && a[2] != nil && f == a[2].(string) {
			continue // NULL
		}
		out[i] = f
	}
	return out, nil
}
