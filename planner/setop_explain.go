package planner

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// EXPLAIN of a set operation, in the shape of PostgreSQL's plans: Limit
// and Sort over the result when the query has them; HashAggregate (Group
// Key: the columns) for UNION, HashSetOp Intersect|Except [All] for the
// others; then an Append whose children are the sides' own plans (nested
// UNION ALLs flattened into one Append, as PostgreSQL's planner does).
// Set-operation nodes show no row estimates. With ANALYZE the query runs
// and every node shows its actual rows: the sides as a SELECT's EXPLAIN
// ANALYZE does, Append the rows of all sides, the combining node and
// Sort the rows after combining, Limit the rows returned; then the
// execution time.

// isSetOp reports whether pl is a set operation.
func isSetOp(pl plan) bool {
	_, ok := pl.(*setOpPlan)
	return ok
}

// explainLines renders the EXPLAIN lines of a query's plan; tr, when not
// nil, holds what its run under EXPLAIN ANALYZE saw.
func explainLines(pl plan, x *execCtx, tr *setOpTrace) ([]string, error) {
	if _, ran := tr.ran(pl); !ran {
		lines, err := explainLines(pl, x, nil)
		if err == nil && len(lines) > 0 {
			lines[0] += " (never executed)" // a UNION ALL's side its LIMIT did not need
		}
		return lines, err
	}
	switch p := pl.(type) {
	case *selectPlan:
		var st *planTrace
		if tr != nil {
			st = tr.traces[p]
		}
		nodes, err := p.describeWithInitPlans(x, st)
		if err == nil && st != nil && len(nodes) > 0 {
			annotateActual(nodes, tr.rows[pl], st)
		}
		return renderNodes(nodes), err
	case *setOpPlan:
		return p.explain(x, tr)
	}
	return []string{planName(pl)}, nil
}

// ran returns the rows pl returned under EXPLAIN ANALYZE, and false
// when it never ran; true when not analyzing (tr nil).
func (tr *setOpTrace) ran(pl plan) (int, bool) {
	if tr == nil {
		return 0, true
	}
	n, ok := tr.rows[pl]
	return n, ok
}

// annotateActual adds EXPLAIN ANALYZE's actual rows to a SELECT's nodes:
// the rows it returned on the top node, the rows its scan returned (and
// what the scan examined) on the last.
func annotateActual(nodes []planNode, returned int, tr *planTrace) {
	nodes[0].actual, nodes[0].hasAct = returned, true
	last := &nodes[len(nodes)-1]
	last.actual, last.hasAct = tr.rows, true
	if tr.choice != nil && tr.choice.plan != planPreFilter {
		last.details = append(last.details, fmt.Sprintf("Rows Examined: %d in %d stage(s)", tr.examined, tr.stages))
	} else if tr.choice != nil {
		last.details = append(last.details, fmt.Sprintf("Rows Examined: %d", tr.examined))
	}
	if tr.choice != nil && tr.choice.exhaustive && tr.choice.plan != planPreFilter && !tr.exact {
		last.details = append(last.details, "Exhaustive Search: the graph is small enough to search whole (exact rows)")
	}
	if tr.exact {
		last.details = append(last.details, "Exact Scan: the walk could not vouch for LIMIT + OFFSET rows")
	}
	if tr.pending > 0 {
		last.details = append(last.details, fmt.Sprintf("Pending Rows (not yet in the graph): %d", tr.pending))
	}
}

// explainResult is EXPLAIN [ANALYZE]'s result for p.
func (p *setOpPlan) explainResult(ctx context.Context, x *execCtx, analyze bool) (*backend.Result, error) {
	var tr *setOpTrace
	var elapsed time.Duration
	if analyze {
		tr = newSetOpTrace()
		start := time.Now()
		if _, err := p.runTraced(ctx, x, tr); err != nil {
			return nil, err
		}
		elapsed = time.Since(start)
	}
	lines, err := p.explain(x, tr)
	if err != nil {
		return nil, err
	}
	if analyze {
		lines = append(lines, fmt.Sprintf("Execution Time: %.3f ms", float64(elapsed.Microseconds())/1000))
	}
	res := &backend.Result{Columns: queryPlanColumn, Tag: "EXPLAIN"}
	for _, l := range lines {
		res.Rows = append(res.Rows, []any{l})
	}
	return res, nil
}

// explain renders p's plan tree.
func (p *setOpPlan) explain(x *execCtx, tr *setOpTrace) ([]string, error) {
	var chain []planNode
	if p.limit != nil || p.offset != nil {
		chain = append(chain, planNode{title: "Limit", est: -1})
	}
	if len(p.order) > 0 {
		keys := make([]string, len(p.order))
		for i, k := range p.order {
			keys[i] = p.cols[k.col].Name
			if k.desc {
				keys[i] += " DESC"
			}
		}
		chain = append(chain, planNode{title: "Sort", est: -1, details: []string{"Sort Key: " + strings.Join(keys, ", ")}})
	}
	if node, ok := p.combineNode(); ok {
		chain = append(chain, node)
	}
	chain = append(chain, planNode{title: "Append", est: -1})
	if tr != nil {
		for i := range chain {
			chain[i].actual, chain[i].hasAct = tr.combined[p], true
		}
		chain[0].actual = tr.rows[p]
		chain[len(chain)-1].actual = tr.appended[p]
	}
	lines := renderNodes(chain)
	depth := len(chain) - 1
	for _, side := range p.appendChildren() {
		sub, err := explainLines(side, x, tr)
		if err != nil {
			return nil, err
		}
		for i, l := range sub {
			if i == 0 {
				lines = append(lines, strings.Repeat(" ", 6*depth+2)+"->  "+l)
			} else {
				lines = append(lines, strings.Repeat(" ", 6*depth+6)+l)
			}
		}
	}
	return lines, nil
}

// combineNode is the node that removes or counts duplicates; none for
// UNION ALL.
func (p *setOpPlan) combineNode() (planNode, bool) {
	switch {
	case p.eq == nil:
		return planNode{}, false
	case p.op == sql.SetUnion:
		names := make([]string, len(p.cols))
		for i, c := range p.cols {
			names[i] = c.Name
		}
		return planNode{title: "HashAggregate", est: -1, details: []string{"Group Key: " + strings.Join(names, ", ")}}, true
	}
	title := "HashSetOp Intersect"
	if p.op == sql.SetExcept {
		title = "HashSetOp Except"
	}
	if p.all {
		title += " All"
	}
	return planNode{title: title, est: -1}, true
}

// appendChildren returns the plans under p's Append: its sides, with a
// side that is itself a plain UNION ALL replaced by its children.
func (p *setOpPlan) appendChildren() []plan {
	var out []plan
	for _, side := range []plan{p.left, p.right} {
		if s, ok := side.(*setOpPlan); ok && p.eq == nil && s.eq == nil && len(s.order) == 0 && s.limit == nil && s.offset == nil {
			out = append(out, s.appendChildren()...)
			continue
		}
		out = append(out, side)
	}
	return out
}
