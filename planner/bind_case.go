package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// bindCase binds both forms of CASE as PostgreSQL's transformCaseExpr
// does. The result type is the common type (select_common_type) of the
// ELSE result followed by the THEN results, so `CASE WHEN c THEN 'a'::text
// ELSE 1 END` is 42804 `CASE types integer and text cannot be matched`
// positioned at the THEN result; untyped literals take that type (text
// when all are untyped); the type modifier is kept only when every
// result, the implicit ELSE NULL included, has the same one. A searched
// WHEN condition must be boolean (42804 `argument of CASE/WHEN must be
// type boolean, not type integer`); a simple CASE compares its argument
// (an untyped one read as text) with each WHEN value by = (42883 at the
// WHEN when there is no such operator).
func (b *binder) bindCase(x *sql.CaseExpr) (expr, error) {
	out := &caseExpr{whens: make([]caseWhen, len(x.Whens))}
	if x.Arg != nil {
		if err := b.bindCaseArg(x, out); err != nil {
			return nil, err
		}
	} else {
		for i, w := range x.Whens {
			c, err := b.bind(w.Cond, types.Bool)
			if err != nil {
				return nil, err
			}
			if c.Type().Kind != types.KindBool {
				return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of CASE/WHEN must be type boolean, not type %s",
					c.Type().Name()).WithPosition(leftmost(w.Cond) + 1)
			}
			out.whens[i].cond = c
		}
	}
	results := make([]sql.Expr, 0, len(x.Whens)+1)
	results = append(results, x.Else) // first, as in transformCaseExpr
	for _, w := range x.Whens {
		results = append(results, w.Result)
	}
	bound, t, err := b.bindCommonResults(results)
	if err != nil {
		return nil, err
	}
	out.t, out.els = t, bound[0]
	for i := range x.Whens {
		out.whens[i].result = bound[i+1]
	}
	return out, nil
}

// bindCaseArg binds the simple form's argument and WHEN values, and the
// = comparison between them.
func (b *binder) bindCaseArg(x *sql.CaseExpr, out *caseExpr) error {
	arg, err := b.bind(x.Arg, types.Unknown)
	if err != nil {
		return err
	}
	if arg.Type().Kind == types.KindUnknown {
		if arg, err = b.bind(x.Arg, types.Text); err != nil {
			return err
		}
	}
	out.arg = arg
	hint := noTypmod(arg.Type())
	for i, w := range x.Whens {
		v, err := b.bind(w.Cond, hint)
		if err != nil {
			return err
		}
		cmp, ok := comparerFor(arg.Type(), v.Type())
		if !ok {
			return pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s = %s", hint.Name(), noTypmod(v.Type()).Name()).
				WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").
				WithPosition(w.P + 1)
		}
		out.whens[i].cond, out.whens[i].cmp = v, cmp
	}
	return nil
}

// bindCommonResults binds the results of CASE (a nil one is an omitted
// ELSE: NULL) and converts them to their common type, which it returns
// with the shared type modifier when all results have the same.
func (b *binder) bindCommonResults(list []sql.Expr) ([]expr, types.Type, error) {
	bound := make([]expr, len(list))
	pos := make([]int, len(list))
	for i, e := range list {
		if e == nil || b.untyped(e) {
			bound[i] = &constExpr{t: types.Unknown} // a placeholder, bound below
			continue
		}
		x, err := b.bind(e, types.Unknown)
		if err != nil {
			return nil, types.Type{}, err
		}
		bound[i], pos[i] = x, leftmost(e)
	}
	t, err := commonType("CASE", bound, pos)
	if err != nil {
		return nil, t, err
	}
	for i, e := range list {
		if e == nil {
			bound[i] = &constExpr{t: t}
			continue
		}
		if b.untyped(e) {
			if bound[i], err = b.bind(e, t); err != nil {
				return nil, t, err
			}
			pos[i] = leftmost(e)
		}
	}
	t = withCommonTypmod(t, bound)
	for i := range bound {
		if noTypmod(bound[i].Type()) == t {
			continue // the same type: only the modifier may differ
		}
		if bound[i], err = coerce(bound[i], t, pos[i]); err != nil {
			return nil, t, err
		}
	}
	return bound, t, nil
}

// withCommonTypmod gives t the type modifier of xs when they all have type
// t with the same modifier, as PostgreSQL's exprTypmod of a CASE does
// (`CASE WHEN c THEN v ELSE v END` of a varchar(5) v is varchar(5), without
// the ELSE varchar).
func withCommonTypmod(t types.Type, xs []expr) types.Type {
	for i, x := range xs {
		xt := x.Type()
		if xt.Kind != t.Kind || xt.Typmod != xs[0].Type().Typmod {
			return t
		}
		if i == len(xs)-1 {
			t.Typmod = xt.Typmod
		}
	}
	return t
}
