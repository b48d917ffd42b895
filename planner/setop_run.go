package planner

import (
	"context"
	"fmt"
	"sort"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// Running a set operation: both sides run, their rows are converted to
// the result types, and combined as PostgreSQL's set operations define
// it (PostgreSQL docs, 7.4): two rows are duplicates when every column
// is equal or both NULL. With m copies of a row on the left and n on the
// right, UNION returns it once and UNION ALL m+n times, INTERSECT once if
// m > 0 and n > 0 and INTERSECT ALL min(m, n) times, EXCEPT once if
// m > 0 and n = 0 and EXCEPT ALL max(m-n, 0) times. Rows come out in the
// order of their first copy (left side first) unless ORDER BY says
// otherwise; then OFFSET and LIMIT apply.

// run runs the set operation through planner/exec, or through runTraced
// for a session whose tracedReference is set (selectPlan.run).
func (p *setOpPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if x.s.tracedReference {
		return p.runTraced(ctx, x)
	}
	return runQueryExec(ctx, p, x)
}

// runTraced runs p materialised (the reference tests compare exec with).
func (p *setOpPlan) runTraced(ctx context.Context, x *execCtx) (*backend.Result, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := evalLimitOffset(e, p.limit, p.offset)
	if err != nil {
		return nil, err
	}
	if limit == 0 { // a Limit of no rows runs nothing below it (planner/exec's, PostgreSQL's)
		return &backend.Result{Columns: p.cols, Tag: "SELECT 0"}, nil
	}
	left, err := p.sideRows(ctx, x, e, p.left, p.lconv)
	if err != nil {
		return nil, err
	}
	var right [][]any
	if !p.leftSuffices(len(left), limit, offset) {
		if right, err = p.sideRows(ctx, x, e, p.right, p.rconv); err != nil {
			return nil, err
		}
	}
	if err := e.charge(int64(len(left)+len(right)) * setOpRowBytes); err != nil {
		return nil, err
	}
	rows := p.combine(left, right)
	p.sortResult(rows)
	rows = window(rows, limit, offset)
	return &backend.Result{Columns: p.cols, Rows: rows, Tag: fmt.Sprintf("SELECT %d", len(rows))}, nil
}

// leftSuffices reports whether a UNION ALL without ORDER BY has all the
// rows its LIMIT and OFFSET keep from its left side alone; then the
// right side is never run, as PostgreSQL's Append stops pulling rows
// once the Limit above it is satisfied.
func (p *setOpPlan) leftSuffices(n int, limit, offset int64) bool {
	return p.eq == nil && len(p.order) == 0 && limit >= 0 && n >= scanBudget(limit, offset)
}

// evalLimitOffset evaluates LIMIT and OFFSET as a SELECT's (bounds).
func evalLimitOffset(e *env, limit, offset expr) (int64, int64, error) {
	sp := &selectPlan{limit: limit, offset: offset}
	return sp.bounds(e)
}

// sideRows runs one side and converts its rows to the result types.
func (p *setOpPlan) sideRows(ctx context.Context, x *execCtx, e *env, side plan, conv []expr) ([][]any, error) {
	res, err := runQuery(ctx, side, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	needs := false
	for _, c := range conv {
		needs = needs || c != nil
	}
	if !needs {
		return res.Rows, nil
	}
	out := make([][]any, len(res.Rows))
	for i, r := range res.Rows {
		e.row = r
		row := make([]any, len(r))
		for j, v := range r {
			if conv[j] == nil {
				row[j] = v
				continue
			}
			if row[j], err = conv[j].Eval(e); err != nil {
				return nil, err
			}
		}
		if err := e.chargeRow(row); err != nil {
			return nil, err
		}
		out[i] = row
	}
	return out, nil
}

// combine applies the operator to the converted rows of both sides.
func (p *setOpPlan) combine(left, right [][]any) [][]any {
	if p.eq == nil { // UNION ALL
		return append(append(make([][]any, 0, len(left)+len(right)), left...), right...)
	}
	all := append(append(make([][]any, 0, len(left)+len(right)), left...), right...)
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	// Stable: within a run of duplicates, left rows come first, each
	// side in its own order.
	sort.SliceStable(idx, func(a, b int) bool { return p.compareRows(all[idx[a]], all[idx[b]]) < 0 })
	var keep []int
	for start := 0; start < len(idx); {
		end, nl := start, 0
		for end < len(idx) && p.compareRows(all[idx[start]], all[idx[end]]) == 0 {
			if idx[end] < len(left) {
				nl++
			}
			end++
		}
		n := p.copies(nl, end-start-nl)
		if p.op == sql.SetUnion {
			n = 1 // the run's first row, from the left side when it has one
		}
		keep = append(keep, idx[start:start+n]...)
		start = end
	}
	sort.Ints(keep)
	out := make([][]any, len(keep))
	for i, k := range keep {
		out[i] = all[k]
	}
	return out
}

// copies is how many copies of a row INTERSECT [ALL] or EXCEPT [ALL]
// returns when the left side has m and the right side n.
func (p *setOpPlan) copies(m, n int) int {
	switch {
	case p.op == sql.SetIntersect && p.all:
		return min(m, n)
	case p.op == sql.SetIntersect:
		return min(m, n, 1)
	case p.all: // EXCEPT ALL
		return max(m-n, 0)
	case m > 0 && n == 0:
		return 1
	}
	return 0
}

// compareRows orders two rows column by column, NULLs last and equal to
// each other (set operations treat NULLs as not distinct).
func (p *setOpPlan) compareRows(a, b []any) int {
	for j, eq := range p.eq {
		switch {
		case a[j] == nil && b[j] == nil:
			continue
		case a[j] == nil:
			return 1
		case b[j] == nil:
			return -1
		}
		if c := eq(a[j], b[j]); c != 0 {
			return c
		}
	}
	return 0
}

// sortResult orders the result by the ORDER BY keys (stable).
func (p *setOpPlan) sortResult(rows [][]any) {
	if len(p.order) == 0 {
		return
	}
	sort.SliceStable(rows, func(a, b int) bool {
		for _, k := range p.order {
			if c := compareKeys(k.orderKey, rows[a][k.col], rows[b][k.col]); c != 0 {
				return c < 0
			}
		}
		return false
	})
}
