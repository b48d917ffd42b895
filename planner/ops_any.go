package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// X op ANY (array) and X op ALL (array) (PostgreSQL ScalarArrayOpExpr,
// docs 9.24.3): op is a comparison operator between X and the array's
// element type, or [NOT] [I]LIKE (~~, !~~, ~~*, !~~*) between strings. An untyped array operand ($1, '{1,2}') takes the type
// "array of X's type", as make_scalar_array_op resolves it; an untyped X
// takes the element type of a typed array.

// anyExpr is X op ANY/ALL (array) with PostgreSQL's NULL rules: a NULL
// array gives NULL; an empty array gives false for ANY and true for ALL
// (even for a NULL X); else a NULL X gives NULL; ANY is true when some
// comparison is true, else NULL when an element is NULL, else false; ALL
// is the dual.
type anyExpr struct {
	op    string
	x     expr
	arr   expr
	all   bool
	match func(x, elem any) bool // op on two non-NULL values
}

func (*anyExpr) Type() types.Type { return types.Bool }

func (a *anyExpr) Eval(e *env) (any, error) {
	xv, err := a.x.Eval(e)
	if err != nil {
		return nil, err
	}
	av, err := a.arr.Eval(e)
	if err != nil || av == nil {
		return nil, err
	}
	elems, _ := types.AsArray(av)
	if len(elems) == 0 {
		return a.all, nil
	}
	if xv == nil {
		return nil, nil
	}
	sawNull := false
	for _, v := range elems {
		if v == nil {
			sawNull = true
			continue
		}
		if a.match(xv, v) != a.all {
			return !a.all, nil // ANY: one true; ALL: one false
		}
	}
	if sawNull {
		return nil, nil
	}
	return a.all, nil
}

// bindArrayCompare binds X op ANY/ALL (array). Errors: 42809 when the
// right side is not an array, 42883 when no operator takes X and the
// elements, 0A000 for operators other than comparisons and LIKE.
func (b *binder) bindArrayCompare(x *sql.ArrayCompare) (expr, error) {
	_, _, like := sem.LikeOp(x.Op)
	if !isComparison(x.Op) && !like {
		return nil, pgerror.NotSupported("operator " + x.Op + " with ANY/ALL").WithPosition(x.P + 1)
	}
	l, r, err := b.bindArrayOperands(x)
	if err != nil {
		return nil, err
	}
	et, ok := types.ElemType(r.Type())
	if !ok {
		return nil, pgerror.New(pgerror.WrongObjectType, "op ANY/ALL (array) requires array on right side").WithPosition(x.P + 1)
	}
	match := matcherFor(x.Op, l.Type(), et)
	if match == nil {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", noTypmod(l.Type()).Name(), x.Op, noTypmod(et).Name()).
			WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").
			WithPosition(x.P + 1)
	}
	return &anyExpr{op: x.Op, x: l, arr: r, all: x.All, match: match}, nil
}

// matcherFor returns op between values of types l and r, or nil when no
// such operator exists.
func matcherFor(op string, l, r types.Type) func(x, elem any) bool {
	if negate, fold, ok := sem.LikeOp(op); ok {
		if classOf(l) != classString || classOf(r) != classString {
			return nil
		}
		return func(x, elem any) bool {
			m, err := sem.Like(x.(string), elem.(string), fold)
			return err == nil && m != negate // an array element ending in an escape matches nothing
		}
	}
	cmp, ok := comparerForOp(op, l, r)
	if !ok {
		return nil
	}
	return func(x, elem any) bool { return cmpResult(op, cmp(x, elem)) }
}

// bindArrayOperands binds X and the array, each typed from the other when
// untyped; both untyped are text and text[].
func (b *binder) bindArrayOperands(x *sql.ArrayCompare) (expr, expr, error) {
	if b.untyped(x.X) && !b.untyped(x.Array) {
		r, err := b.bind(x.Array, types.Unknown)
		if err != nil {
			return nil, nil, err
		}
		hint := types.Unknown
		if et, ok := types.ElemType(r.Type()); ok {
			hint = noTypmod(et)
		}
		l, err := b.bind(x.X, hint)
		return l, r, err
	}
	l, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return nil, nil, err
	}
	if l.Type().Kind == types.KindUnknown {
		if l, err = b.bind(x.X, types.Text); err != nil {
			return nil, nil, err
		}
	}
	hint, ok := types.ArrayOf(noTypmod(l.Type()))
	if !ok {
		hint = types.Unknown
	}
	r, err := b.bind(x.Array, hint)
	return l, r, err
}
