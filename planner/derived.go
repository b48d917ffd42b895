package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Subqueries in FROM (derived tables; PostgreSQL docs, 7.2.1.3
// "Subqueries"): FROM (SELECT ...) AS t [(col, ...)]. The inner query is
// planned on its own (it keeps its own index choice, ORDER BY and LIMIT,
// so an HNSW scan can feed a re-ranking outer query), and the outer
// SELECT sees a table named by the alias whose columns are the inner
// query's output columns, renamed by the column aliases. At run time the
// inner query runs once and its rows are the outer query's source rows,
// as PostgreSQL's Subquery Scan reads its subplan.

// derivedSource is a bound subquery in FROM.
type derivedSource struct {
	plan plan
	cols []backend.Column // the inner query's output columns
}

// bindFromSubquery binds FROM (SELECT ...) AS alias: the inner query with
// its own binder (sharing the statement's parameters and subquery
// scope, so that a reference to an enclosing query is still refused as a
// correlated subquery), then a virtual table of its output columns.
func (b *binder) bindFromSubquery(p *selectPlan, x *sql.Select) error {
	d := x.FromQuery
	pl, inner, err := b.bindDerivedQuery(d)
	if err != nil {
		return err
	}
	if len(d.Columns) > len(inner) {
		return pgerror.Errorf(pgerror.InvalidColumnReference, "table \"%s\" has %d columns available but %d columns specified",
			d.Alias, len(inner), len(d.Columns))
	}
	cols := make([]catalog.Column, len(inner))
	for i, c := range inner {
		cols[i] = catalog.Column{Name: c.Name, Type: c.Type}
		if i < len(d.Columns) {
			cols[i].Name = d.Columns[i]
		}
	}
	p.derived = &derivedSource{plan: pl, cols: inner}
	p.table = catalog.NewVirtualTable(0, d.Alias, cols, nil)
	b.table, b.alias, b.derived = p.table, "", pl
	return nil
}

// bindDerivedQuery binds d's query with its own binder (sharing the
// statement's parameters and subquery scope) and returns its plan and
// output columns. A WITH query's column list longer than its columns is
// 42P10 at the WITH query's name, as PostgreSQL's analyzeCTETargetList.
func (b *binder) bindDerivedQuery(d *sql.DerivedTable) (plan, []backend.Column, error) {
	if d.Modify != nil {
		return b.modifyRef(d) // with_modify.go
	}
	if d.WorkTable != "" {
		wt, err := b.workTableFor(d.WorkTable) // cte_recursive.go
		if err != nil {
			return nil, nil, err
		}
		return &workTablePlan{wt: wt}, wt.cols, nil
	}
	scope := b.nestedScope() // subquery.go
	sub := &binder{s: b.s, params: b.params, query: &scope}
	pl, err := sub.planSelect(d.Query)
	b.params = sub.params
	if err == nil && d.Step != nil {
		pl, err = b.bindRecursive(d, pl) // cte_recursive.go
	}
	if err != nil {
		return nil, nil, err
	}
	inner := pl.columns()
	if d.CTE != "" && len(d.CTEColumns) > len(inner) {
		return nil, nil, atOffset(pgerror.Errorf(pgerror.InvalidColumnReference,
			"WITH query \"%s\" has %d columns available but %d columns specified",
			d.CTE, len(inner), len(d.CTEColumns)), d.CTEP)
	}
	return b.shared(d, pl), inner, nil
}

// bindWithChecks binds the WITH queries of q that no reference reads
// (sql.Select.WithChecks), for their errors; their plans are dropped.
func (b *binder) bindWithChecks(q *sql.Select) error {
	for _, d := range q.WithChecks {
		if _, _, err := b.bindDerivedQuery(d); err != nil {
			return err
		}
	}
	return nil
}

// derivedRows runs the inner query and returns its rows that pass WHERE.
func (p *selectPlan) derivedRows(ctx context.Context, x *execCtx, e *env) ([]keyedRow, error) {
	res, err := runQuery(ctx, p.derived.plan, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	var rows []keyedRow
	for i, r := range res.Rows {
		if i%cancelCheckRows == 0 && i > 0 && ctx.Err() != nil {
			return nil, errCanceled
		}
		ok, err := p.passes(e, r)
		if err != nil {
			return nil, err
		}
		if ok {
			if err := e.charge(keyedRowBytes); err != nil {
				return nil, err
			}
			rows = append(rows, keyedRow{row: r})
		}
	}
	return rows, nil
}

// origin is the table OID and attribute number RowDescription gives an
// output column that is inner column i unchanged, as PostgreSQL traces a
// subquery's column back to its table (0, 0 when it is computed).
func (d *derivedSource) origin(i int) (uint32, int16) {
	if i < 0 || i >= len(d.cols) {
		return 0, 0
	}
	return d.cols[i].TableOID, d.cols[i].AttNum
}

// derivedWhat names the subquery in FROM that hasDerived found: "WITH
// query" when it is a reference to one, else "subquery in FROM".
func derivedWhat(q *sql.Select) string {
	if q.SetOp != nil {
		if hasDerived(q.SetOp.Left) {
			return derivedWhat(q.SetOp.Left)
		}
		return derivedWhat(q.SetOp.Right)
	}
	if q.FromQuery != nil && q.FromQuery.CTE != "" {
		return "WITH query"
	}
	return "subquery in FROM"
}

// hasDerived reports whether q or a SELECT of its set operation reads a
// subquery in FROM (EXPLAIN does not describe them yet).
func hasDerived(q *sql.Select) bool {
	if q.SetOp != nil {
		return hasDerived(q.SetOp.Left) || hasDerived(q.SetOp.Right)
	}
	d := q.FromQuery
	return d != nil && (d.Shared == nil || !d.Shared.Materialized) // a materialized WITH query's is a CTE Scan (cte_explain.go)
}

// sharedPlan is a materialized WITH query's plan at one of its
// references (sql.CTEShare): the first reference run in an execution
// computes the rows, the others read them.
type sharedPlan struct {
	plan
	key *sql.CTEShare
}

func (p *sharedPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if res := x.cteRows[p.key]; res != nil {
		return &backend.Result{Columns: res.Columns, Rows: res.Rows}, nil
	}
	res, err := runQuery(ctx, p.plan, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	if x.cteRows == nil {
		x.cteRows = map[*sql.CTEShare]*backend.Result{}
	}
	x.cteRows[p.key] = res
	return &backend.Result{Columns: res.Columns, Rows: res.Rows}, nil
}

// shared returns pl as d's materialized rows when d is a reference to a
// materialized WITH query, else pl. Only the WITH queries of a
// statement's own WITH clause are materialized (convert_with.go): they
// cannot read an enclosing query's columns, so their rows are the same
// wherever they are read.
func (b *binder) shared(d *sql.DerivedTable, pl plan) plan {
	if d.Shared == nil || !d.Shared.Materialized {
		return pl
	}
	return &sharedPlan{plan: pl, key: d.Shared}
}
