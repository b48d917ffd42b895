package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// queryScope is what the binder of a statement, or of one of its
// subqueries, knows beyond its FROM table.
type queryScope struct {
	// outer is the binder of the enclosing query when this one is a
	// subquery: a column only it resolves makes the subquery correlated.
	outer *binder
	// excluded is the target table while binding ON CONFLICT DO UPDATE:
	// EXCLUDED.col reads the proposed row, placed after the existing one.
	excluded *catalog.Table
	// keepUnknown keeps untyped literals of the SELECT list untyped (the
	// SELECT of INSERT ... SELECT: the target column gives their type, as
	// in PostgreSQL).
	keepUnknown bool
	// nsub numbers the statement's subqueries for EXPLAIN ($0, $1, ...);
	// shared by all binders of the statement.
	nsub *int
	// work are the work tables of the recursive WITH queries whose
	// recursive term is being bound, by name (cte_recursive.go).
	work map[string]*workTable
}

// subCounter returns the statement's subquery counter.
func (b *binder) subCounter() *int {
	if b.query == nil {
		b.query = &queryScope{}
	}
	if b.query.nsub == nil {
		b.query.nsub = new(int)
	}
	return b.query.nsub
}

// keepsUnknown reports whether untyped SELECT items stay untyped.
func (b *binder) keepsUnknown() bool { return b.query != nil && b.query.keepUnknown }

// resolves reports whether c names a column of b's FROM table. When
// strict, a table with an alias answers only to the alias, as in
// PostgreSQL (bindColumn also accepts the table's name).
func (b *binder) resolves(c *sql.ColumnRef, strict bool) bool {
	if b.from != nil {
		_, found, _ := b.from.lookup(c)
		return found
	}
	if b.table == nil {
		return false
	}
	if c.Table != "" && c.Table != b.alias && (c.Table != b.table.Name || strict && b.alias != "") {
		return false
	}
	return b.table.ColumnIndex(c.Name) >= 0
}

// bindScopedColumn resolves the column references bindColumn does not:
// EXCLUDED.col in ON CONFLICT DO UPDATE, and references to an enclosing
// query, which are 0A000 (correlated subqueries are not supported). ok is
// false when c is an ordinary reference.
func (b *binder) bindScopedColumn(c *sql.ColumnRef) (x expr, ok bool, err error) {
	q := b.query
	if q == nil {
		return nil, false, nil
	}
	if q.excluded != nil && c.Table == "excluded" {
		i := q.excluded.ColumnIndex(c.Name)
		if i < 0 {
			return nil, true, pgerror.Errorf(pgerror.UndefinedColumn, "column excluded.%s does not exist", c.Name).WithPosition(c.P + 1)
		}
		col := q.excluded.Columns[i]
		return &colExpr{idx: len(b.table.Columns) + i, t: col.Type, name: "excluded." + c.Name}, true, nil
	}
	if b.resolves(c, true) {
		return nil, false, nil
	}
	for o := q.outer; o != nil; o = o.outerBinder() {
		if o.hintOnly {
			if c.Table != "" && o.resolves(c, false) {
				return nil, true, pgerror.Errorf(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", c.Table).
					WithHint("There is an entry for table \"" + c.Table + "\", but it cannot be referenced from this part of the query.").WithPosition(c.P + 1)
			}
			continue
		}
		if o.resolves(c, false) && o.provides != nil {
			return o.outerColumn(c)
		}
		if o.resolves(c, false) {
			return nil, true, pgerror.NotSupported("correlated subquery").WithPosition(c.P + 1)
		}
	}
	return nil, false, nil
}

func (b *binder) outerBinder() *binder {
	if b.query == nil {
		return nil
	}
	return b.query.outer
}

// subqueryExpr is an uncorrelated scalar subquery. Like PostgreSQL's
// InitPlan it runs once per execution of the statement, on first use; its
// value is the one column of its one row, NULL when it returns no row, and
// 21000 when it returns more than one.
type subqueryExpr struct {
	plan plan // a SELECT or a set operation (setop.go)
	t    types.Type
	id   int // 0-based number in the statement, shown as $id by EXPLAIN
}

func (s *subqueryExpr) Type() types.Type { return s.t }

func (s *subqueryExpr) Eval(e *env) (any, error) {
	x := e.exec
	if x == nil {
		return nil, pgerror.NotSupported("a subquery in this context")
	}
	if v, ok := x.initVals[s]; ok {
		return v, nil
	}
	ctx := x.s.stmtCtx
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := runQuery(ctx, s.plan, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	var v any
	switch len(res.Rows) {
	case 0:
	case 1:
		v = res.Rows[0][0]
	default:
		return nil, pgerror.New(pgerror.CardinalityViolation, "more than one row returned by a subquery used as an expression")
	}
	if x.initVals == nil {
		x.initVals = map[*subqueryExpr]any{}
	}
	x.initVals[s] = v
	return v, nil
}

// bindSubLink binds a scalar subquery (SELECT ...) with its own binder;
// it must have exactly one output column (42601 otherwise).
func (b *binder) bindSubLink(x *sql.SubLink) (expr, error) {
	counter := b.subCounter()
	sub := &binder{s: b.s, params: b.params, query: &queryScope{outer: b, nsub: counter}}
	pl, err := sub.planSelect(x.Query)
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	cols := pl.columns()
	if len(cols) != 1 {
		return nil, pgerror.New(pgerror.SyntaxError, "subquery must return only one column").WithPosition(x.P + 1)
	}
	id := *counter
	*counter++
	return &subqueryExpr{plan: pl, t: cols[0].Type, id: id}, nil
}

// subLinkName is the output name of a scalar subquery: that of its one
// column, as PostgreSQL's FigureColname.
func subLinkName(x *sql.SubLink) string {
	q := x.Query
	for q.SetOp != nil {
		q = q.SetOp.Left // a set operation's columns are named by its first SELECT
	}
	if len(q.Items) == 0 || q.Items[0].Star {
		return "?column?"
	}
	if a := q.Items[0].Alias; a != "" {
		return a
	}
	return outputName(q.Items[0].Expr)
}
