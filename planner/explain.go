package planner

import (
	"context"
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire"
)

// explainPlan prints the plan of a statement, one line per row of the
// QUERY PLAN column, in PostgreSQL's shape; with ANALYZE it also runs it.
type explainPlan struct {
	inner   plan
	analyze bool
}

var queryPlanColumn = []wire.Column{{Name: "QUERY PLAN", Type: types.Text}}

func (p *explainPlan) columns() []wire.Column { return queryPlanColumn }

func (b *binder) planExplain(x *sql.Explain) (plan, error) {
	inner, err := b.plan(x.Stmt)
	if err != nil {
		return nil, err
	}
	if _, ok := inner.(*selectPlan); !ok && x.Analyze {
		return nil, pgerror.NotSupported("EXPLAIN ANALYZE of this statement")
	}
	return &explainPlan{inner: inner, analyze: x.Analyze}, nil
}

func (p *explainPlan) run(ctx context.Context, x *execCtx) (*wire.Result, error) {
	lines := describePlan(p.inner)
	if p.analyze {
		res, err := p.inner.run(ctx, x)
		if err != nil {
			return nil, err
		}
		lines[0] += fmt.Sprintf(" (actual rows=%d)", len(res.Rows))
	}
	res := &wire.Result{Columns: queryPlanColumn, Tag: "EXPLAIN"}
	for _, l := range lines {
		res.Rows = append(res.Rows, []any{l})
	}
	return res, nil
}

// describePlan renders a plan tree top-down.
func describePlan(pl plan) []string {
	p, ok := pl.(*selectPlan)
	if !ok {
		return []string{fmt.Sprintf("%s", planName(pl))}
	}
	var nodes []string
	if p.limit != nil || p.offset != nil {
		nodes = append(nodes, "Limit")
	}
	if p.aggs != nil {
		nodes = append(nodes, "Aggregate")
	}
	if len(p.order) > 0 && p.scan == nil {
		nodes = append(nodes, "Sort")
	}
	switch {
	case p.table == nil:
		nodes = append(nodes, "Result")
	case p.scan != nil:
		nodes = append(nodes, fmt.Sprintf("Index Scan using %s on %s", p.scan.ix.Name, p.table.Name))
	default:
		nodes = append(nodes, "Seq Scan on "+p.table.Name)
	}
	lines := make([]string, 0, len(nodes)+1)
	for i, n := range nodes {
		if i == 0 {
			lines = append(lines, n)
			continue
		}
		lines = append(lines, strings.Repeat(" ", 6*(i-1)+2)+"->  "+n)
	}
	if p.where != nil {
		indent := strings.Repeat(" ", 6*(len(nodes)-1)+2)
		if len(nodes) == 1 {
			indent = "  "
		}
		lines = append(lines, indent+"Filter: (WHERE clause)")
	}
	return lines
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
