package planner

import (
	"context"
	"strconv"

	ir "github.com/vecgres/vecgres/planner/plan"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// subqueryExpr is a subquery used as an expression (subquery_bind.go).
// An uncorrelated one runs once per execution of the statement, on first
// use, as PostgreSQL's InitPlan; a correlated one (it reads a column of
// an enclosing query) runs again for each row it is evaluated on, as a
// SubPlan, after publishing that row for its outer references
// (execCtx.outer under scope). Its value by kind:
//   - scalar: the one column of its one row, NULL for no row, 21000 for
//     more than one;
//   - EXISTS: whether it returns a row;
//   - ANY/ALL: test op each value, with the NULL rules of op ANY/ALL
//     (array) (anyExpr: NOT IN with a NULL in the subquery is never true);
//   - ARRAY: the column's values as an array, empty for no row.
type subqueryExpr struct {
	plan plan // a SELECT or a set operation (setop.go)
	kind sql.SubLinkKind
	t    types.Type
	id   int // 0-based number in the statement, shown as $id by EXPLAIN
	// correlated: it reads an enclosing query's row; scope is the binding
	// query's row it reads (nil when it reads none of that query's).
	correlated bool
	scope      *outerScope
	// ANY/ALL's operand, operator and comparison of two non-NULL values.
	test  expr
	op    string
	match func(x, elem any) bool
	// row and rowEq are the row of a row comparison (test is nil) and
	// the = of each of its values with the column (subquery_row.go).
	row   []expr
	rowEq []func(x, elem any) bool
	// semi is set when, as a WHERE conjunct, it may run as a semi or
	// anti join (semijoin.go); it still runs as a SubPlan elsewhere.
	semi *semiJoin
}

func (s *subqueryExpr) Type() types.Type { return s.t }

func (s *subqueryExpr) Eval(e *env) (any, error) {
	x := e.exec
	if x == nil {
		return nil, pgerror.NotSupported("a subquery in this context")
	}
	if s.kind == sql.SubAny || s.kind == sql.SubAll {
		if s.row != nil {
			return s.rowCompare(e) // subquery_row.go
		}
		if s.hashed() {
			return s.probe(e) // subquery_hash.go
		}
		return s.compare(e)
	}
	if s.hashedExists() {
		if v, ok, err := s.semiProbe(e); ok || err != nil { // semijoin_probe.go
			return v, err
		}
	} else if v, ok := x.initVals[s]; ok {
		return v, nil
	}
	rows, err := s.rows(e)
	if err != nil {
		return nil, err
	}
	v, err := s.value(rows)
	if err != nil {
		return nil, err
	}
	if !s.correlated {
		if x.initVals == nil {
			x.initVals = map[*subqueryExpr]any{}
		}
		x.initVals[s] = v
	}
	return v, nil
}

// value is the value of a scalar, EXISTS or ARRAY subquery that returned
// rows.
func (s *subqueryExpr) value(rows [][]any) (any, error) {
	switch s.kind {
	case sql.SubExists:
		return len(rows) > 0, nil
	case sql.SubArray:
		return columnArray(rows), nil
	}
	switch len(rows) {
	case 0:
		return nil, nil
	case 1:
		return rows[0][0], nil
	}
	return nil, pgerror.New(pgerror.CardinalityViolation, "more than one row returned by a subquery used as an expression")
}

// columnArray is the first column of rows as an array value.
func columnArray(rows [][]any) types.Array {
	out := make(types.Array, len(rows))
	for i, r := range rows {
		out[i] = r[0]
	}
	return out
}

// compare evaluates test op ANY/ALL (subquery) for e's row: the
// subquery's values are the array of anyExpr, so the NULL rules are
// those of op ANY/ALL (array). An uncorrelated subquery's values are
// kept for the statement (initVals holds them as an array).
func (s *subqueryExpr) compare(e *env) (any, error) {
	var arr any
	if v, ok := e.exec.initRows[s]; ok {
		arr = v
	} else {
		rows, err := s.rows(e)
		if err != nil {
			return nil, err
		}
		arr = columnArray(rows)
		if !s.correlated {
			if e.exec.initRows == nil {
				e.exec.initRows = map[*subqueryExpr]types.Array{}
			}
			e.exec.initRows[s] = arr.(types.Array)
		}
	}
	a := anyExpr{op: s.op, x: s.test, arr: &constExpr{v: arr}, all: s.kind == sql.SubAll, match: s.match}
	return a.Eval(e)
}

// rows runs the subquery for e's row: it publishes e.row under scope for
// the subquery's references to it (the previous row of that scope is
// restored after, for a subquery running inside another run of the same
// query). The rows of a correlated run are released from the statement's
// memory account once returned (the caller reduces them to one value);
// an uncorrelated subquery's stay charged, held for the execution.
func (s *subqueryExpr) rows(e *env) ([][]any, error) {
	x := e.exec
	if s.correlated {
		before := x.mem.Used()
		defer func() { x.mem.Release(x.mem.Used() - before) }()
	}
	if s.scope != nil {
		if x.outer == nil {
			x.outer = map[*outerScope][]any{}
		}
		prev, had := x.outer[s.scope]
		x.outer[s.scope] = e.row
		defer func() {
			if had {
				x.outer[s.scope] = prev
			} else {
				delete(x.outer, s.scope)
			}
		}()
	}
	ctx := x.s.stmtCtx
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := runQuery(ctx, s.plan, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	return res.Rows, nil
}

// irSubPlan is the EXPLAIN entry of s's plan p: an InitPlan when it runs
// once, else "SubPlan n" (PostgreSQL 15 heads an ANY/ALL subquery so even
// when it runs once, hashed).
func (s *subqueryExpr) irSubPlan(p ir.Node) ir.SubPlan {
	if s.correlated || s.kind == sql.SubAny || s.kind == sql.SubAll {
		return ir.SubPlan{Heading: "SubPlan " + strconv.Itoa(s.id+1), Plan: p}
	}
	return ir.InitPlan(s.id, p)
}
