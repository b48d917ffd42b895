package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Array operators (PostgreSQL docs 9.19, Table 9.53): || concatenates two
// arrays of one type (array_cat) or adds an element at the end
// (array_append) or the start (array_prepend); these and @>, <@ and &&
// are sem.Operators entries (planner/sem/array.go, array_concat.go).

// arrayConcatExpr is the node of an array || entry f of sem.Operators
// (array_cat, array_append, array_prepend) over bound operands: its type
// is the array operand's (without modifier), and an element operand of
// another type is converted to the element type (a narrower number
// widened, a varchar or char element to text).
func arrayConcatExpr(f *sem.Func, l, r expr) expr {
	name, arr := "array_cat", l
	switch {
	case f.Args[1].Kind == sem.AnyElement.Kind:
		name, r = "array_append", elemOperand(r, l.Type())
	case f.Args[0].Kind == sem.AnyElement.Kind:
		name, arr, l = "array_prepend", r, elemOperand(l, r.Type())
	}
	return &funcExpr{name: name, args: []expr{l, r}, t: noTypmod(arr.Type()), fn: func(e *env, a []any) (any, error) { return f.Fn(e, a) }}
}

// elemOperand returns x as an element of arrays of type at: as it is
// when of the element kind or untyped, else converted to it.
func elemOperand(x expr, at types.Type) expr {
	et, _ := types.ElemType(at)
	if k := x.Type().Kind; k == et.Kind || k == types.KindUnknown {
		return x
	}
	return &castExpr{x: x, t: noTypmod(et)}
}

// bindContainment binds @> and <@: over arrays when either operand is a
// typed array (an untyped operand then reads as the same array type),
// else over jsonb; both resolved in sem.Operators. Errors: 42883 for other operand types.
func (b *binder) bindContainment(x *sql.BinaryExpr) (expr, error) {
	var l, r expr
	var err error
	if !b.untyped(x.L) {
		if l, err = b.bind(x.L, types.Unknown); err != nil {
			return nil, err
		}
	}
	if !b.untyped(x.R) {
		if r, err = b.bind(x.R, types.Unknown); err != nil {
			return nil, err
		}
	}
	hint := types.JSONBType
	if l != nil && types.IsArray(l.Type().Kind) {
		hint = noTypmod(l.Type())
	} else if r != nil && types.IsArray(r.Type().Kind) {
		hint = noTypmod(r.Type())
	}
	if l == nil {
		if l, err = b.bind(x.L, hint); err != nil {
			return nil, err
		}
	}
	if r == nil {
		if r, err = b.bind(x.R, hint); err != nil {
			return nil, err
		}
	}
	if e := b.makeBinary(x.Op, l, r); e != nil { // sem.Operators' array and jsonb entries
		return e, nil
	}
	return nil, noOperator(noTypmod(l.Type()), x.Op, noTypmod(r.Type())).WithPosition(x.P + 1)
}
