package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Binding the subqueries used as expressions (PostgreSQL's SubLinks):
// (SELECT ...), EXISTS, X op ANY/ALL (IN is = ANY, NOT IN is NOT (= ANY))
// and ARRAY(SELECT ...). Each binds with a binder of its own whose
// enclosing binder is b, so it may read the columns of b's row and of
// any query around b (bindScopedColumn); whether it does decides how it
// runs (subquery_exec.go).

// bindSubLink binds the subquery x. Errors: 42601 when a scalar, ANY/ALL
// or ARRAY subquery has other than one output column; 42883 when no
// operator compares ANY/ALL's operand with the column; 0A000 for an
// ANY/ALL operator that is no comparison.
func (b *binder) bindSubLink(x *sql.SubLink) (expr, error) {
	counter := b.subCounter()
	sub := &binder{s: b.s, params: b.params, query: &queryScope{outer: b, nsub: counter, correlated: new(bool)}}
	pl, err := sub.planSelect(x.Query)
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	cols := pl.columns()
	if x.TestRow != nil {
		return b.bindRowSubLink(x, pl, *sub.query.correlated)
	}
	if x.Kind != sql.SubExists && len(cols) != 1 {
		msg := "subquery must return only one column"
		if x.Kind == sql.SubAny || x.Kind == sql.SubAll {
			msg = "subquery has too many columns"
			if len(cols) < 1 {
				msg = "subquery has too few columns"
			}
		}
		return nil, pgerror.New(pgerror.SyntaxError, msg).WithPosition(x.P + 1)
	}
	id := *counter
	*counter++
	s := &subqueryExpr{plan: pl, kind: x.Kind, id: id, correlated: *sub.query.correlated, scope: b.provides}
	switch x.Kind {
	case sql.SubExists:
		s.t = types.Bool
	case sql.SubScalar:
		s.t = subColumnType(cols[0].Type)
	case sql.SubArray:
		et := subColumnType(cols[0].Type)
		at, ok := types.ArrayOf(noTypmod(et))
		if !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedObject, "could not find array type for data type %s", et.Name()).WithPosition(x.P + 1)
		}
		s.t = at
	default:
		if err := b.bindSubCompare(x, s, subColumnType(cols[0].Type)); err != nil {
			return nil, err
		}
	}
	if x.Kind == sql.SubExists || x.Kind == sql.SubAny {
		b.decorrelate(x, s) // semijoin.go
	}
	return s, nil
}

// subColumnType is the type of a subquery's output column: an untyped
// literal's is text, as PostgreSQL resolves it.
func subColumnType(t types.Type) types.Type {
	if t.Kind == types.KindUnknown {
		return types.Text
	}
	return t
}

// bindSubCompare binds the operand and operator of X op ANY/ALL
// (subquery) into s; an untyped X takes the column's type.
func (b *binder) bindSubCompare(x *sql.SubLink, s *subqueryExpr, col types.Type) error {
	_, _, like := sem.LikeOp(x.Op)
	if !isComparison(x.Op) && !like {
		return pgerror.NotSupported("operator " + x.Op + " with ANY/ALL (subquery)").WithPosition(x.P + 1)
	}
	hint := types.Unknown
	if b.untyped(x.Test) {
		hint = noTypmod(col)
	}
	l, err := b.bind(x.Test, hint)
	if err != nil {
		return err
	}
	if l.Type().Kind == types.KindUnknown {
		if l, err = b.bind(x.Test, types.Text); err != nil {
			return err
		}
	}
	match := matcherFor(x.Op, l.Type(), col)
	if match == nil {
		return pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", noTypmod(l.Type()).Name(), x.Op, noTypmod(col).Name()).
			WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").
			WithPosition(x.P + 1)
	}
	s.t, s.test, s.op, s.match = types.Bool, l, x.Op, match
	return nil
}
