package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Array operators (PostgreSQL docs 9.19, Table 9.53): || concatenates two
// arrays of one type (array_cat) or adds an element at the end
// (array_append) or the start (array_prepend); @>, <@ and && are
// sem.Operators entries (planner/sem/array.go).

// arrayConcat builds || over arrays, nil when the operand types are not
// anyarray || anyarray of one type, anyarray || its element type or the
// element type || anyarray. An element of a narrower number type is
// widened, a varchar or char element joins text[] (implicit casts). A NULL operand is left out, as array_cat and
// array_append do.
func arrayConcat(l, r expr) expr {
	lt, rt := l.Type(), r.Type()
	la, ra := types.IsArray(lt.Kind), types.IsArray(rt.Kind)
	var t types.Type
	var appendElem, prependElem bool
	switch {
	case la && ra && lt.Kind == rt.Kind:
		t = lt
	case la && !ra:
		t, appendElem = lt, true
		if r = arrayElemOperand(r, lt); r == nil {
			return nil
		}
	case ra && !la:
		t, prependElem = rt, true
		if l = arrayElemOperand(l, rt); l == nil {
			return nil
		}
	default:
		return nil
	}
	t = noTypmod(t)
	name := map[bool]string{true: "array_append", false: "array_cat"}[appendElem]
	if prependElem {
		name = "array_prepend"
	}
	return &funcExpr{name: name, args: []expr{l, r}, t: t, fn: func(_ *env, a []any) (any, error) {
		var out types.Array
		for i, v := range a {
			if (i == 0 && prependElem) || (i == 1 && appendElem) {
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
	}}
}

// arrayElemOperand returns x as an element of arrays of type at: as it is
// when of the element kind, widened when a narrower number, nil otherwise.
func arrayElemOperand(x expr, at types.Type) expr {
	et, _ := types.ElemType(at)
	k := x.Type().Kind
	switch {
	case k == et.Kind || k == types.KindUnknown:
		return x
	case classOf(et) == classNumeric && sem.ImplicitCast(k, et.Kind), et.Kind == types.KindText && classOf(x.Type()) == classString:
		return &castExpr{x: x, t: noTypmod(et)}
	}
	return nil
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
