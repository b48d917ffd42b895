package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// arrayOperators are the containment and overlap operators on two
// arrays of one type (PostgreSQL docs 9.19, Table 9.53; arraycontains,
// arraycontained, arrayoverlap): a @> b when every element of b equals
// one of a, a <@ b the converse, a && b when some element of a equals
// one of b; elements compare by their type's = entry, and a NULL element
// equals nothing.
var arrayOperators = []Func{
	arrayOp("@>", func(a, b types.Array, eq CompareFunc) bool { return containsAll(a, b, eq) }),
	arrayOp("<@", func(a, b types.Array, eq CompareFunc) bool { return containsAll(b, a, eq) }),
	arrayOp("&&", overlaps),
}

// arrayOp is the entry of op on anyarray, anyarray.
func arrayOp(op string, fn func(a, b types.Array, eq CompareFunc) bool) Func {
	return Func{Name: op, Args: []types.Type{AnyArray, AnyArray}, Ret: types.Bool, Strict: true,
		Specialize: func(ts []types.Type) Impl {
			et, _ := types.ElemType(ts[0])
			eq, _, err := Comparer("=", et, et)
			return func(_ Context, a []any) (any, error) {
				if err != nil { // as PostgreSQL's, when the elements have no =
					return nil, pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an equality operator for type %s", et.Name())
				}
				x, _ := types.AsArray(a[0])
				y, _ := types.AsArray(a[1])
				return fn(x, y, eq), nil
			}
		}}
}

// containsAll reports whether every element of inner equals one of
// outer.
func containsAll(outer, inner types.Array, eq CompareFunc) bool {
	for _, v := range inner {
		if !has(outer, v, eq) {
			return false
		}
	}
	return true
}

// overlaps reports whether some element of a equals one of b.
func overlaps(a, b types.Array, eq CompareFunc) bool {
	for _, v := range a {
		if has(b, v, eq) {
			return true
		}
	}
	return false
}

// has reports whether v is non-NULL and equals a non-NULL element of arr.
func has(arr types.Array, v any, eq CompareFunc) bool {
	if v == nil {
		return false
	}
	for _, w := range arr {
		if w != nil && eq(v, w) == 0 {
			return true
		}
	}
	return false
}
