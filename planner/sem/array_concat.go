package sem

import "github.com/vecgres/vecgres/sql/types"

// arrayConcatOperators are || on arrays (PostgreSQL docs 9.19, Table
// 9.53): array_cat of two arrays of one type, array_append of an array
// and an element, array_prepend of an element and an array. PostgreSQL's
// take anycompatiblearray and anycompatible; vecgres's take an element of
// the array's element type, an untyped one, a number that converts to
// the element type implicitly (a narrower one), or any string for text[]
// (ElemFits); the binder converts the element (planner/ops_array.go).
// They are not strict: a NULL array is left out (NULL when both are),
// a NULL element is added.
var arrayConcatOperators = []Func{
	{Name: "||", Args: []types.Type{AnyArray, AnyArray}, Ret: AnyArray, Fn: arrayConcat(false, false),
		Check: func(a []types.Type) bool { return a[0].Kind == a[1].Kind }},
	{Name: "||", Args: []types.Type{AnyArray, AnyElement}, Ret: AnyArray, Fn: arrayConcat(false, true),
		Check: func(a []types.Type) bool { return ElemFits(a[0], a[1]) }},
	{Name: "||", Args: []types.Type{AnyElement, AnyArray}, Ret: AnyArray, Fn: arrayConcat(true, false),
		Check: func(a []types.Type) bool { return ElemFits(a[1], a[0]) }},
}

// ElemFits reports whether a value of type t joins arrays of type arr as
// an element (t is not itself an array).
func ElemFits(arr, t types.Type) bool {
	et, ok := types.ElemType(arr)
	if !ok || types.IsArray(t.Kind) {
		return false
	}
	ec, _ := categoryOf(et)
	tc, _ := categoryOf(t)
	switch {
	case t.Kind == et.Kind || t.Kind == types.KindUnknown:
		return true
	case ec == catNumeric && ImplicitCast(t.Kind, et.Kind):
		return true
	}
	return et.Kind == types.KindText && tc == catString
}

// arrayConcat is array_cat (neither operand an element), array_append
// (the right one is) or array_prepend (the left one is).
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
