package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Array operators (PostgreSQL docs 9.19, Table 9.53): || concatenates two
// arrays of one type (array_cat) or adds an element at the end
// (array_append) or the start (array_prepend); @> and <@ are containment,
// NULL elements never matching (arraycontains).

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
// else over jsonb (ops_jsonb.go). Errors: 42883 for other operand types.
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
	if e := arrayContains(x.Op, l, r); e != nil {
		return e, nil
	}
	if e := jsonbOperator(x.Op, l, r); e != nil {
		return e, nil
	}
	return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", noTypmod(l.Type()).Name(), x.Op, noTypmod(r.Type()).Name()).
		WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").
		WithPosition(x.P + 1)
}

// arrayContains builds a @> b (every element of b is in a) or
// a <@ b, nil unless both are arrays of one kind.
func arrayContains(op string, l, r expr) expr {
	lt, rt := l.Type(), r.Type()
	if !types.IsArray(lt.Kind) || lt.Kind != rt.Kind {
		return nil
	}
	et, _ := types.ElemType(lt)
	cmp, ok := comparerFor(et, et)
	if !ok {
		return nil
	}
	name := "arraycontains"
	if op == "<@" {
		name = "arraycontained"
	}
	return &funcExpr{name: name, args: []expr{l, r}, t: types.Bool, strict: true, fn: func(_ *env, a []any) (any, error) {
		outer, _ := types.AsArray(a[0])
		inner, _ := types.AsArray(a[1])
		if op == "<@" {
			outer, inner = inner, outer
		}
		return containsAll(outer, inner, cmp), nil
	}}
}

// containsAll reports whether every element of inner equals one of outer;
// a NULL element of inner matches nothing.
func containsAll(outer, inner types.Array, cmp compareFunc) bool {
	for _, v := range inner {
		if v == nil {
			return false
		}
		found := false
		for _, w := range outer {
			if w != nil && cmp(v, w) == 0 {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
