package planner

import (
	"fmt"
	"sort"
)

// describeWithInitPlans is describe plus the plans of the statement's
// scalar subqueries, printed under the top node as PostgreSQL 15 prints
// InitPlans: "InitPlan 1 (returns $0)" and the subquery's plan below it.
func (p *selectPlan) describeWithInitPlans(x *execCtx, tr *planTrace) ([]planNode, error) {
	nodes, err := p.describe(x, tr)
	if err != nil || len(nodes) == 0 {
		return nodes, err
	}
	for _, s := range p.subqueries() {
		sub, err := explainLines(s.plan, x, nil) // setop_explain.go
		if err != nil {
			return nil, err
		}
		top := &nodes[0]
		top.details = append(top.details, fmt.Sprintf("InitPlan %d (returns $%d)", s.id+1, s.id))
		for i, l := range sub {
			if i == 0 {
				top.details = append(top.details, "  ->  "+l)
			} else {
				top.details = append(top.details, "      "+l)
			}
		}
	}
	return nodes, nil
}

// subqueries returns the scalar subqueries p's expressions use directly
// (not those nested in them), in the order they were bound.
func (p *selectPlan) subqueries() []*subqueryExpr {
	seen := map[*subqueryExpr]bool{}
	var out []*subqueryExpr
	var walk func(x expr)
	walk = func(x expr) {
		if x == nil {
			return
		}
		if s, ok := x.(*subqueryExpr); ok {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
			return
		}
		for _, ch := range children(x) {
			walk(ch)
		}
	}
	roots := append([]expr{p.where, p.having, p.limit, p.offset}, p.items...)
	roots = append(roots, p.group...)
	for _, k := range p.order {
		roots = append(roots, k.x)
	}
	if p.aggs != nil {
		for _, c := range p.aggs.calls {
			roots = append(roots, c.arg)
		}
	}
	if p.series != nil {
		roots = append(roots, p.series.args...)
	}
	for _, r := range roots {
		walk(r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}
