package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// jsonbOps are the jsonb operators vecgres serves (PostgreSQL docs 9.16,
// tables 9.45 and 9.46): -> and ->> (object field by text key or array
// element by integer index), @> and <@ (containment), ? (key exists).
var jsonbOps = map[string]bool{"->": true, "->>": true, "@>": true, "<@": true, "?": true}

// bindJSONB binds a jsonb operator. An untyped left operand reads as
// jsonb; an untyped right operand as text for ->, ->> and ? (PostgreSQL
// resolves unknown to its preferred string type) and as jsonb for @> and
// <@ (bound by bindContainment, which serves arrays too). Other operand
// types: 42883 operator does not exist.
func (b *binder) bindJSONB(x *sql.BinaryExpr) (expr, error) {
	if x.Op == "@>" || x.Op == "<@" {
		return b.bindContainment(x) // ops_array.go: arrays or jsonb
	}
	lhint, rhint := types.JSONBType, types.Text
	l, err := b.bind(x.L, lhint)
	if err != nil {
		return nil, err
	}
	r, err := b.bind(x.R, rhint)
	if err != nil {
		return nil, err
	}
	if e := jsonbOperator(x.Op, l, r); e != nil {
		return e, nil
	}
	return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", noTypmod(l.Type()).Name(), x.Op, noTypmod(r.Type()).Name()).
		WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").
		WithPosition(x.P + 1)
}

// jsonbOperator builds a jsonb operator over bound operands as a strict
// function call, or nil when the operand types do not fit.
func jsonbOperator(op string, l, r expr) expr {
	lk, rk := l.Type().Kind, r.Type().Kind
	if lk != types.KindJSONB {
		return nil
	}
	call := func(name string, t types.Type, fn func(j types.JSONB, arg any) any) expr {
		return &funcExpr{name: name, args: []expr{l, r}, t: t, strict: true, fn: func(_ *env, args []any) (any, error) {
			j, _ := args[0].(types.JSONB)
			return fn(j, args[1]), nil
		}}
	}
	stringRight := rk == types.KindText || rk == types.KindVarchar || rk == types.KindBpchar || rk == types.KindUnknown
	intRight := rk == types.KindInt2 || rk == types.KindInt4 || rk == types.KindInt8
	switch {
	case (op == "->" || op == "->>") && stringRight:
		return call(jsonbFuncName(op, "object_field"), jsonbResult(op), func(j types.JSONB, a any) any {
			k, _ := a.(string)
			v, ok := j.Field(k)
			return jsonbOut(op, v, ok)
		})
	case (op == "->" || op == "->>") && intRight:
		return call(jsonbFuncName(op, "array_element"), jsonbResult(op), func(j types.JSONB, a any) any {
			i, _ := a.(int64)
			v, ok := j.Index(i)
			return jsonbOut(op, v, ok)
		})
	case op == "?" && stringRight:
		return call("jsonb_exists", types.Bool, func(j types.JSONB, a any) any {
			k, _ := a.(string)
			return j.Exists(k)
		})
	case (op == "@>" || op == "<@") && rk == types.KindJSONB:
		return call("jsonb_contains", types.Bool, func(j types.JSONB, a any) any {
			w, _ := a.(types.JSONB)
			if op == "<@" {
				return w.Contains(j)
			}
			return j.Contains(w)
		})
	}
	return nil
}

func jsonbFuncName(op, base string) string {
	if op == "->>" {
		return "jsonb_" + base + "_text"
	}
	return "jsonb_" + base
}

func jsonbResult(op string) types.Type {
	if op == "->>" {
		return types.Text
	}
	return types.JSONBType
}

// jsonbOut is the result of -> (the jsonb value) or ->> (its text; JSON
// null is SQL NULL); nil when the field or element is absent.
func jsonbOut(op string, v types.JSONB, ok bool) any {
	if !ok {
		return nil
	}
	if op == "->" {
		return v
	}
	if s, ok := v.Text(); ok {
		return s
	}
	return nil
}
