package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// arrayConcatOperators are || on arrays (PostgreSQL docs 9.19, Table
// 9.53): array_cat of two arrays, array_append of an array and an
// element, array_prepend of an element and an array. As PostgreSQL 15's
// anycompatiblearray and anycompatible parameters, the operands take
// their common type (ConcatElemType: integer[] || bigint is bigint[]);
// the binder converts them (planner/ops_array.go). They are not strict:
// a NULL array is left out (NULL when both are), a NULL element is added.
var arrayConcatOperators = []Func{
	{Name: "||", Args: []types.Type{AnyArray, AnyArray}, Ret: AnyArray, Fn: arrayConcat(false, false),
		Check: func(a []types.Type) bool {
			e0, ok0 := types.ElemType(a[0])
			e1, ok1 := types.ElemType(a[1])
			_, ok := ConcatElemType(e0, e1)
			return ok0 && ok1 && ok
		}},
	{Name: "||", Args: []types.Type{AnyArray, AnyElement}, Ret: AnyArray, Fn: arrayConcat(false, true),
		Check: func(a []types.Type) bool { return ElemFits(a[0], a[1]) }},
	{Name: "||", Args: []types.Type{AnyElement, AnyArray}, Ret: AnyArray, Fn: arrayConcat(true, false),
		Check: func(a []types.Type) bool { return ElemFits(a[1], a[0]) }},
}

// ElemFits reports whether a value of type t joins arrays of type arr as
// an element (t is not itself an array; the two have a common type).
func ElemFits(arr, t types.Type) bool {
	et, ok := types.ElemType(arr)
	if !ok || types.IsArray(t.Kind) {
		return false
	}
	_, ok = ConcatElemType(et, t)
	return ok
}

// ConcatElemType is the common element type of the operands of an array
// || whose element types are a and b in operand order (an untyped one
// takes the other's), as PostgreSQL's select_common_type for
// anycompatible: the same type; of two numbers the one the other
// converts to implicitly; of two strings the first (varchar[] || text is
// varchar[]). ok is false when there is none or its arrays do not exist.
func ConcatElemType(a, b types.Type) (t types.Type, ok bool) {
	ac, _ := categoryOf(a)
	bc, _ := categoryOf(b)
	switch {
	case b.Kind == a.Kind || b.Kind == types.KindUnknown:
		t = a
	case a.Kind == types.KindUnknown:
		t = b
	case ac == catNumeric && bc == catNumeric && ImplicitCast(b.Kind, a.Kind):
		t = a
	case ac == catNumeric && bc == catNumeric && ImplicitCast(a.Kind, b.Kind):
		t = b
	case ac == catString && bc == catString:
		t = a // they convert implicitly both ways: the first stays
	default:
		return types.Type{}, false
	}
	_, ok = types.ArrayOf(types.Type{Kind: t.Kind, Typmod: types.NoTypmod})
	return types.Type{Kind: t.Kind, Typmod: types.NoTypmod}, ok
}

// arrayConcat is array_cat (neither operand an element), array_append
// (the right one is) or array_prepend (the left one is), of plain
// arrays: 0A000 for an array of several dimensions or another lower
// bound (PostgreSQL keeps or stacks their shapes).
func arrayConcat(leftElem, rightElem bool) Impl {
	return func(_ Context, a []any) (any, error) {
		var out types.Array
		for i, v := range a {
			if i == 0 && leftElem || i == 1 && rightElem {
				out = append(out, v)
				continue
			}
			if v == nil {
				continue
			}
			if _, shaped := v.(types.ShapedArray); shaped {
				return nil, pgerror.NotSupported("concatenating arrays of several dimensions or with lower bounds other than 1")
			}
			arr, _ := types.AsArray(v)
			out = append(out, arr...)
		}
		if out == nil && a[0] == nil && a[1] == nil {
			return nil, nil
		}
		if out == nil {
			out = types.Array{}
		}
		return out, nil
	}
}
