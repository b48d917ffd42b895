package planner

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// explainPlan prints the plan of a statement, one line per row of the
// QUERY PLAN column, in PostgreSQL's shape; with ANALYZE it also runs it
// and adds the actual rows and the execution time.
type explainPlan struct {
	inner   plan
	analyze bool
}

var queryPlanColumn = []backend.Column{{Name: "QUERY PLAN", Type: types.Text}}

func (p *explainPlan) columns() []backend.Column { return queryPlanColumn }

func (b *binder) planExplain(x *sql.Explain) (plan, error) {
	if ex, ok := x.Stmt.(*sql.Execute); ok {
		if _, ok := b.s.sqlStmts[ex.Name]; !ok {
			return nil, errNoPrepared(ex.Name) // prepared_sql.go
		}
		return nil, pgerror.NotSupported("EXPLAIN EXECUTE")
	}
	if q, ok := x.Stmt.(*sql.Select); ok && hasDerived(q) {
		return nil, pgerror.NotSupported("EXPLAIN of a subquery in FROM") // derived.go
	}
	inner, err := b.plan(x.Stmt)
	if err != nil {
		return nil, err
	}
	if _, ok := inner.(*selectPlan); !ok && x.Analyze && !isSetOp(inner) {
		return nil, pgerror.NotSupported("EXPLAIN ANALYZE of this statement")
	}
	return &explainPlan{inner: inner, analyze: x.Analyze}, nil
}

// planNode is one node of the printed tree: its title, estimated rows
// (negative: not shown), actual rows (with ANALYZE) and detail lines.
type planNode struct {
	title   string
	est     float64
	actual  int
	hasAct  bool
	details []string
}

func (p *explainPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if so, ok := p.inner.(*setOpPlan); ok {
		return so.explainResult(ctx, x, p.analyze) // setop_explain.go
	}
	sp, ok := p.inner.(*selectPlan)
	var nodes []planNode
	var extra []string
	if !ok {
		nodes = []planNode{{title: planName(p.inner), est: -1}}
	} else {
		var tr *planTrace
		var res *backend.Result
		var elapsed time.Duration
		if p.analyze {
			tr = &planTrace{}
			start := time.Now()
			var err error
			if res, err = sp.runTraced(ctx, x, tr); err != nil {
				return nil, err
			}
			elapsed = time.Since(start)
		}
		var err error
		if nodes, err = sp.describeWithInitPlans(x, tr); err != nil {
			return nil, err
		}
		if p.analyze {
			annotateActual(nodes, len(res.Rows), tr) // setop_explain.go
			extra = append(extra, fmt.Sprintf("Execution Time: %.3f ms", float64(elapsed.Microseconds())/1000))
		}
	}
	res := &backend.Result{Columns: queryPlanColumn, Tag: "EXPLAIN"}
	for _, l := range renderNodes(nodes) {
		res.Rows = append(res.Rows, []any{l})
	}
	for _, l := range extra {
		res.Rows = append(res.Rows, []any{l})
	}
	return res, nil
}

// renderNodes prints nodes as a chain, each the child of the one before,
// with PostgreSQL's indentation.
func renderNodes(nodes []planNode) []string {
	var lines []string
	for i, n := range nodes {
		title := n.title
		if n.est >= 0 {
			title += fmt.Sprintf("  (rows=%d)", int64(math.Round(max(n.est, 0))))
		}
		if n.hasAct {
			title += fmt.Sprintf(" (actual rows=%d)", n.actual)
		}
		indent := ""
		detail := "  "
		if i > 0 {
			indent = strings.Repeat(" ", 6*(i-1)+2) + "->  "
			detail = strings.Repeat(" ", 6*i+2)
		}
		lines = append(lines, indent+title)
		for _, d := range n.details {
			lines = append(lines, detail+d)
		}
	}
	return lines
}

// describe builds the plan tree of a SELECT as it would run now, with the
// estimates the planner used.
func (p *selectPlan) describe(x *execCtx, tr *planTrace) ([]planNode, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := p.bounds(e)
	if err != nil {
		return nil, err
	}
	var nodes []planNode
	top := func(rows float64) {
		if p.limit != nil || p.offset != nil {
			r := max(rows-float64(offset), 0)
			if limit >= 0 {
				r = min(r, float64(limit))
			}
			nodes = append(nodes, planNode{title: "Limit", est: r})
		}
	}
	if p.table == nil {
		top(1)
		return append(nodes, planNode{title: "Result", est: 1}), nil
	}
	if p.scan != nil && limit >= 0 {
		if qv, err := p.scan.query.Eval(e); err == nil && qv != nil {
			return p.describeKNN(x, e, tr, limit, offset)
		}
	}
	stats := autoAnalyze(x, p.table)
	n := float64(p.table.Slots())
	if stats != nil {
		n = stats.Rows
	}
	if p.series != nil {
		n = p.series.estimate()
	}
	rows := n
	if p.where != nil {
		rows = n * clamp01((&estimator{t: p.table, st: stats, e: e}).sel(p.where))
	}
	sorted := false
	if p.aggs != nil {
		agg := p.aggregateNode(rows)
		top(agg.est)
		if p.group != nil && len(p.order) > 0 { // groups are sorted after grouping
			nodes = append(nodes, planNode{title: "Sort", est: agg.est, details: []string{"Sort Key: " + p.sortKeys()}})
			sorted = true
		}
		nodes = append(nodes, agg)
	} else {
		top(rows)
	}
	if len(p.order) > 0 && !sorted {
		nodes = append(nodes, planNode{title: "Sort", est: rows, details: []string{"Sort Key: " + p.sortKeys()}})
	}
	ps, err := p.chooseBTree(x, e)
	if err != nil {
		return nil, err
	}
	return append(nodes, p.scanNode(ps, rows)), nil
}

// scanNode is the B-tree index scan of ps, or a sequential scan when nil.
func (p *selectPlan) scanNode(ps *pathScan, rows float64) planNode {
	if ps == nil {
		n := planNode{title: "Seq Scan on " + p.table.Name, est: rows}
		if p.series != nil {
			n.title = "Function Scan on generate_series " + p.table.Name
		}
		if p.derived != nil { // its subplan is not described yet
			n.title = "Subquery Scan on " + p.table.Name
		}
		if p.where != nil {
			n.details = append(n.details, "Filter: "+formatBound(p.where))
		}
		return n
	}
	n := planNode{title: fmt.Sprintf("Index Scan using %s on %s", strings.Join(ps.indexes(), ", "), p.table.Name), est: rows}
	n.details = append(n.details, "Index Cond: "+formatBound(ps.cond))
	if p.where != ps.cond {
		n.details = append(n.details, "Filter: "+formatBound(p.where))
	}
	return n
}

func (p *selectPlan) sortKeys() string {
	keys := make([]string, len(p.order))
	for i, k := range p.order {
		keys[i] = formatBound(k.x)
		if k.desc {
			keys[i] += " DESC"
		}
	}
	return strings.Join(keys, ", ")
}

// describeKNN describes a k-nearest-neighbour query served by an HNSW
// index, by the plan chooseFilterPlan picks for k rows.
func (p *selectPlan) describeKNN(x *execCtx, e *env, tr *planTrace, limit, offset int64) ([]planNode, error) {
	s := p.scan
	k := scanBudget(limit, offset)
	ch, err := s.chooseFilterPlan(p, x, e, k)
	if err != nil {
		return nil, err
	}
	if tr != nil && tr.choice != nil {
		ch = *tr.choice
	}
	var nodes []planNode
	if p.limit != nil || p.offset != nil {
		nodes = append(nodes, planNode{title: "Limit", est: min(max(ch.matching-float64(offset), 0), float64(limit))})
	}
	summary := fmt.Sprintf("Filtered Plan: %s (selectivity %.4f, %d of %d rows match)", ch.plan, ch.sel,
		int64(math.Round(ch.matching)), int64(math.Round(ch.rows)))
	if ch.beyondEf {
		summary = fmt.Sprintf("Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search (%d of %d rows match)",
			int64(math.Round(ch.matching)), int64(math.Round(ch.rows)))
		if ch.overScanTuples {
			summary = fmt.Sprintf("Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search and an iterative scan would pass hnsw.max_scan_tuples (%d of %d rows match)",
				int64(math.Round(ch.matching)), int64(math.Round(ch.rows)))
		}
	}
	if ch.plan == planPreFilter {
		nodes = append(nodes, planNode{title: "Sort", est: ch.matching, details: []string{"Sort Key: " + p.sortKeys(), summary}})
		return append(nodes, p.scanNode(ch.path, ch.matching)), nil
	}
	n := planNode{title: fmt.Sprintf("Index Scan using %s on %s", s.ix.Name, p.table.Name), est: min(ch.matching, float64(k))}
	n.details = append(n.details, "Order By: "+p.sortKeys())
	if p.where != nil {
		n.details = append(n.details, "Filter: "+formatBound(p.where), summary)
	}
	if ch.iterative {
		n.details = append(n.details, iterativeLine(x.s.settings, ch.ef))
	}
	return append(nodes, n), nil
}

// iterativeLine is EXPLAIN's line for an iterative scan: the query asks
// for more rows than hnsw.ef_search and one search of width ef answers,
// for ef + 1 rows (knnRun.walk).
func iterativeLine(st *settings, ef int) string {
	mode, _ := st.get("hnsw.iterative_scan")
	return fmt.Sprintf("Iterative Scan: LIMIT + OFFSET exceeds hnsw.ef_search, one search of %d rows (hnsw.iterative_scan = %s)", ef+1, mode)
}

func planName(pl plan) string {
	switch p := pl.(type) {
	case *insertPlan:
		return "Insert on " + p.table.Name
	case *modifyPlan:
		if p.set != nil {
			return "Update on " + p.table.Name
		}
		return "Delete on " + p.table.Name
	}
	return "Utility Statement"
}
