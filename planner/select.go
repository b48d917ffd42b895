package planner

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// selectPlan is a bound SELECT: a source (no table, a sequential scan, a
// B-tree index scan or an HNSW index scan), a filter, optional
// aggregation, sort, OFFSET/LIMIT and projection.
type selectPlan struct {
	table  *catalog.Table
	where  expr
	items  []expr
	cols   []backend.Column
	order  []orderKey
	limit  expr
	offset expr
	aggs   *aggState
	// group is the GROUP BY keys and having the HAVING condition
	// (groupby.go); nil when absent.
	group  []expr
	having expr
	// series generates the rows of a function in FROM instead of a
	// table scan (series.go); nil for a table.
	series *seriesSource
	// derived is a subquery in FROM whose rows replace a table scan
	// (derived.go); nil otherwise.
	derived *derivedSource
	scan    *indexScan // nil: sequential scan
	// path is the part of WHERE that B-tree indexes answer (filter.go);
	// nil when none does.
	path *indexPath
	// distinct is SELECT DISTINCT; distinctOn its DISTINCT ON keys
	// (select_distinct.go).
	distinct   bool
	distinctOn []expr
}

func (p *selectPlan) columns() []backend.Column { return p.cols }

// keyedRow is a source row with its ORDER BY key values.
type keyedRow struct {
	row  []any
	keys []any
	aggs []any // the row's group's aggregate values (GROUP BY); nil otherwise
}

// run runs the plan through planner/exec; a session whose
// tracedReference is set (tests only) takes runTraced, the materialised
// path EXPLAIN ANALYZE still uses, so that tests can compare the two.
func (p *selectPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if x.s.tracedReference {
		return p.runTraced(ctx, x, nil)
	}
	return runQueryExec(ctx, p, x)
}

// runTraced runs the plan; tr, when not nil, collects what EXPLAIN
// ANALYZE reports.
func (p *selectPlan) runTraced(ctx context.Context, x *execCtx, tr *planTrace) (*backend.Result, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := p.bounds(e)
	if err != nil {
		return nil, err
	}
	if limit == 0 { // a Limit of no rows runs nothing below it (planner/exec's, PostgreSQL's)
		return &backend.Result{Columns: p.cols, Tag: "SELECT 0"}, nil
	}
	srcLimit := limit
	if p.distinct {
		srcLimit = -1 // an index scan must not stop at LIMIT rows
	}
	var rows []keyedRow
	if p.aggs != nil {
		src, err := p.aggSource(ctx, x, e, srcLimit, offset, tr) // select_stream.go
		if err != nil {
			return nil, err
		}
		if rows, err = p.aggregate(e, src); err != nil {
			return nil, err
		}
	} else if p.streamsFirst(limit) {
		if rows, err = p.firstRows(ctx, x, e, scanBudget(limit, offset), tr); err != nil { // select_stream.go
			return nil, err
		}
	} else if p.streamsTop(limit) {
		if rows, err = p.topRows(ctx, x, e, scanBudget(limit, offset), tr); err != nil { // select_top.go
			return nil, err
		}
	} else {
		if rows, err = p.source(ctx, x, e, srcLimit, offset, tr); err != nil {
			return nil, err
		}
		if tr != nil {
			tr.rows = len(rows)
		}
	}
	if err := p.sortRows(e, rows); err != nil {
		return nil, err
	}
	var out [][]any
	if p.distinct {
		out, err = p.distinctRows(e, rows, limit, offset) // select_distinct.go
	} else {
		out, err = p.project(e, window(rows, limit, offset))
	}
	if err != nil {
		return nil, err
	}
	return &backend.Result{Columns: p.cols, Rows: out, Tag: fmt.Sprintf("SELECT %d", len(out))}, nil
}

// bounds evaluates LIMIT and OFFSET; -1 means no limit. A NULL bound
// means none, as in PostgreSQL.
func (p *selectPlan) bounds(e *env) (limit, offset int64, err error) {
	if limit, err = evalBound(e, p.limit, -1, pgerror.InvalidRowCountInLimit, "LIMIT"); err != nil {
		return 0, 0, err
	}
	offset, err = evalBound(e, p.offset, 0, pgerror.InvalidRowCountInOffset, "OFFSET")
	return limit, offset, err
}

// evalBound evaluates one of LIMIT and OFFSET (absent or NULL: def); a
// negative value is the clause's SQLSTATE.
func evalBound(e *env, x expr, def int64, code pgerror.Code, clause string) (int64, error) {
	if x == nil {
		return def, nil
	}
	v, err := evalInt(e, x)
	if err != nil || v == nil {
		return def, err
	}
	if *v < 0 {
		return 0, pgerror.New(code, clause+" must not be negative")
	}
	return *v, nil
}

// evalInt evaluates x as bigint (LIMIT and OFFSET are coerced to int8 in
// PostgreSQL): numeric and float values are rounded, and a value outside
// int8's range is 22003 `bigint out of range`.
func evalInt(e *env, x expr) (*int64, error) {
	v, err := x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	if s, ok := v.(string); ok {
		if v, err = types.ParseText(types.Int8, s); err != nil {
			return nil, err
		}
	} else if v, err = types.Cast(v, x.Type(), types.Int8, false); err != nil {
		return nil, err
	}
	n, _ := v.(int64)
	return &n, nil
}

// scanBudget is how many rows a scan must return for OFFSET offset
// LIMIT limit (both >= 0): their sum, saturated at the largest int so
// that LIMIT 9223372036854775807 OFFSET 1 asks for "all rows".
func scanBudget(limit, offset int64) int {
	if limit > math.MaxInt-offset {
		return math.MaxInt
	}
	return int(limit + offset)
}

// source returns the rows of the FROM table that pass WHERE (or the one
// row of a SELECT without FROM).
func (p *selectPlan) source(ctx context.Context, x *execCtx, e *env, limit, offset int64, tr *planTrace) ([]keyedRow, error) {
	if p.table == nil {
		ok, err := p.passes(e, nil)
		if err != nil || !ok {
			return nil, err
		}
		return []keyedRow{{}}, nil
	}
	if p.series != nil {
		return p.seriesRows(ctx, e)
	}
	if p.derived != nil {
		return p.derivedRows(ctx, x, e) // derived.go
	}
	if p.scan != nil && limit >= 0 {
		rows, handled, err := p.scan.rows(ctx, p, x, e, scanBudget(limit, offset), tr)
		if handled || err != nil {
			return rows, chargeRecords(e, rows, err)
		}
	}
	ps, err := p.chooseBTree(x, e)
	if err != nil {
		return nil, err
	}
	if ps != nil {
		if tr != nil {
			tr.path = ps
		}
		return p.btreeScan(ctx, x, e, ps)
	}
	return p.seqScan(ctx, x, e)
}

func (p *selectPlan) passes(e *env, row []any) (bool, error) {
	if p.where == nil {
		return true, nil
	}
	e.row = row
	v, err := p.where.Eval(e)
	return truthy(v), err
}

// cancelCheckRows is how many rows a scan reads between checks for a
// cancelled statement.
const cancelCheckRows = 4096

var errCanceled = pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")

// seqScan returns the rows of the table that pass WHERE, in slot order.
func (p *selectPlan) seqScan(ctx context.Context, x *execCtx, e *env) ([]keyedRow, error) {
	return collectRows(e, func(fn func([]any) error) error { return p.seqEach(ctx, x, e, fn) })
}

// seqEach passes each row of the table that passes WHERE, in slot order,
// to fn; fn's error stops the scan and is returned, as is 57014 when ctx
// ends (checked every cancelCheckRows rows read).
func (p *selectPlan) seqEach(ctx context.Context, x *execCtx, e *env, fn func(vals []any) error) error {
	var err error
	n := 0
	x.txn.Scan(p.table, func(_ uint64, vals []any) bool {
		if n++; n%cancelCheckRows == 0 && ctx.Err() != nil {
			err = errCanceled
			return false
		}
		var ok bool
		if ok, err = p.passes(e, vals); err != nil {
			return false
		}
		if ok {
			err = fn(vals)
		}
		return err == nil
	})
	return err
}

// aggregate folds the rows into the single row of an aggregate query.
func (p *selectPlan) aggregate(e *env, src rowSource) ([]keyedRow, error) {
	if p.group != nil || p.having != nil {
		return p.groupRows(e, src)
	}
	accs := make([]aggAcc, len(p.aggs.calls))
	for i, c := range p.aggs.calls {
		accs[i].call = c
	}
	err := src(func(row []any) error {
		e.row = row
		for i := range accs {
			if err := accs[i].add(e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	e.aggs = make([]any, len(accs))
	for i := range accs {
		v, err := accs[i].final() // aggregate_distinct.go
		if err != nil {
			return nil, err
		}
		e.aggs[i] = v
	}
	return []keyedRow{{}}, nil
}

// sortRows orders rows by the ORDER BY keys (stable, NULLs placed as the
// key says).
func (p *selectPlan) sortRows(e *env, rows []keyedRow) error {
	if len(p.order) == 0 {
		return nil
	}
	for i := range rows {
		e.row = rows[i].row
		if rows[i].aggs != nil {
			e.aggs = rows[i].aggs
		}
		rows[i].keys = make([]any, len(p.order))
		for j, k := range p.order {
			v, err := k.x.Eval(e)
			if err != nil {
				return err
			}
			rows[i].keys[j] = v
		}
		if err := e.charge(keysBytes(rows[i].keys)); err != nil {
			return err
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return p.less(rows[i].keys, rows[j].keys) })
	return nil
}

func (p *selectPlan) less(a, b []any) bool {
	for i, k := range p.order {
		c := compareKeys(k, a[i], b[i])
		if c != 0 {
			return c < 0
		}
	}
	return false
}

func compareKeys(k orderKey, a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		if k.nullsFirst {
			return -1
		}
		return 1
	case b == nil:
		if k.nullsFirst {
			return 1
		}
		return -1
	}
	c := k.cmp(a, b)
	if k.desc {
		return -c
	}
	return c
}

// window applies OFFSET and LIMIT (-1 = none) to rows.
func window[R any](rows []R, limit, offset int64) []R {
	if offset >= int64(len(rows)) {
		return nil
	}
	rows = rows[offset:]
	if limit >= 0 && limit < int64(len(rows)) {
		rows = rows[:limit]
	}
	return rows
}

func (p *selectPlan) project(e *env, rows []keyedRow) ([][]any, error) {
	out := make([][]any, len(rows))
	for i, r := range rows {
		e.row = r.row
		if r.aggs != nil {
			e.aggs = r.aggs
		}
		vals := make([]any, len(p.items))
		for j, it := range p.items {
			v, err := it.Eval(e)
			if err != nil {
				return nil, err
			}
			vals[j] = v
		}
		if err := e.chargeRow(vals); err != nil {
			return nil, err
		}
		out[i] = vals
	}
	return out, nil
}
