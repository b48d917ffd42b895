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
// is the array of the operands' common element type
// (sem.ConcatElemType), to which each operand is converted (integer[] ||
// bigint is bigint[]).
func arrayConcatExpr(f *sem.Func, l, r expr) expr {
	name := "array_cat"
	switch {
	case f.Args[1].Kind == sem.AnyElement.Kind:
		name = "array_append"
	case f.Args[0].Kind == sem.AnyElement.Kind:
		name = "array_prepend"
	}
	et, _ := sem.ConcatElemType(concatElem(l), concatElem(r))
	at, _ := types.ArrayOf(et)
	l, r = concatOperand(l, et, at), concatOperand(r, et, at)
	return &funcExpr{name: name, args: []expr{l, r}, t: at, fn: func(e *env, a []any) (any, error) { return f.Fn(e, a) }}
}

// concatElem is the element type x brings to an array ||: its element
// type for an array, else its type.
func concatElem(x expr) types.Type {
	if et, ok := types.ElemType(x.Type()); ok {
		return et
	}
	return x.Type()
}

// concatOperand returns x converted to the array type at (an array) or
// its element type et (an element); as it is when of that kind already
// or untyped.
func concatOperand(x expr, et, at types.Type) expr {
	to := et
	if types.IsArray(x.Type().Kind) {
		to = at
	}
	if k := x.Type().Kind; k == to.Kind || k == types.KindUnknown {
		return x
	}
	return &castExpr{x: x, t: to}
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
	lt, rt := noTypmod(l.Type()), noTypmod(r.Type())
	if lt.Kind == types.KindJSON && b.untyped(x.R) {
		rt = types.Unknown // json has no containment: PostgreSQL names the literal's type
	} else if rt.Kind == types.KindJSON && b.untyped(x.L) {
		lt = types.Unknown
	}
	return nil, noOperator(lt, x.Op, rt).WithPosition(x.P + 1)
}
