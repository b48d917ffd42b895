package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Row comparisons with a subquery: (X1, X2, ...) = ANY (subquery), its IN
// and NOT IN forms, and <> ALL. Per subquery row, = holds when every pair
// is equal, is false when one pair differs, else NULL; <> is its
// negation. ANY is true when some row gives true, else NULL when some
// row gives NULL, else false; ALL is the dual (PostgreSQL's
// ROWCOMPARE semantics of make_row_comparison_op for = and <>).

// bindRowSubLink binds (X1, ...) op ANY/ALL (subquery) planned as pl.
// Errors: 42601 when the subquery has more or fewer columns than the
// row, 0A000 for an operator other than = and <>, 42883 when a pair has
// no = operator.
func (b *binder) bindRowSubLink(x *sql.SubLink, pl plan, correlated bool) (expr, error) {
	cols := pl.columns()
	switch {
	case len(cols) > len(x.TestRow):
		return nil, pgerror.New(pgerror.SyntaxError, "subquery has too many columns").WithPosition(x.P + 1)
	case len(cols) < len(x.TestRow):
		return nil, pgerror.New(pgerror.SyntaxError, "subquery has too few columns").WithPosition(x.P + 1)
	case x.Op != "=" && x.Op != "<>":
		return nil, pgerror.NotSupported("row comparison with a subquery by operator " + x.Op).WithPosition(x.P + 1)
	}
	counter := b.subCounter()
	s := &subqueryExpr{plan: pl, kind: x.Kind, t: types.Bool, id: *counter, correlated: correlated, scope: b.provides, op: x.Op}
	*counter++
	for i, tx := range x.TestRow {
		col := subColumnType(cols[i].Type)
		hint := types.Unknown
		if b.untyped(tx) {
			hint = noTypmod(col)
		}
		l, err := b.bind(tx, hint)
		if err != nil {
			return nil, err
		}
		if l.Type().Kind == types.KindUnknown {
			if l, err = b.bind(tx, types.Text); err != nil {
				return nil, err
			}
		}
		eq := matcherFor("=", l.Type(), col)
		if eq == nil {
			return nil, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s = %s", noTypmod(l.Type()).Name(), noTypmod(col).Name()).
				WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.").
				WithPosition(x.P + 1)
		}
		s.row = append(s.row, l)
		s.rowEq = append(s.rowEq, eq)
	}
	if x.Kind == sql.SubAny {
		b.decorrelate(x, s) // semijoin.go
	}
	return s, nil
}

// rowCompare evaluates s, a row comparison, for e's row.
func (s *subqueryExpr) rowCompare(e *env) (any, error) {
	xs := make([]any, len(s.row))
	for i, x := range s.row {
		v, err := x.Eval(e)
		if err != nil {
			return nil, err
		}
		xs[i] = v
	}
	rows, err := s.cachedRows(e)
	if err != nil {
		return nil, err
	}
	all, sawNull := s.kind == sql.SubAll, false
	for _, r := range rows {
		v := s.rowOp(xs, r)
		if v == nil {
			sawNull = true
			continue
		}
		if v.(bool) != all {
			return !all, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return all, nil
}

// rowOp is xs op r for one subquery row: true, false or nil (NULL).
func (s *subqueryExpr) rowOp(xs, r []any) any {
	null := false
	for i, x := range xs {
		if x == nil || r[i] == nil {
			null = true
			continue
		}
		if !s.rowEq[i](x, r[i]) {
			return s.op == "<>"
		}
	}
	if null {
		return nil
	}
	return s.op == "="
}

// cachedRows is the subquery's rows for e's row: run once per execution
// when it is uncorrelated (kept in initVals).
func (s *subqueryExpr) cachedRows(e *env) ([][]any, error) {
	if s.correlated {
		return s.rows(e)
	}
	if v, ok := e.exec.initVals[s].(heldRows); ok {
		return v, nil
	}
	rows, err := s.rows(e)
	if err != nil {
		return nil, err
	}
	if e.exec.initVals == nil {
		e.exec.initVals = map[*subqueryExpr]any{}
	}
	e.exec.initVals[s] = heldRows(rows)
	return rows, nil
}

// heldRows is an uncorrelated subquery's rows kept for the execution.
type heldRows [][]any
