package planner

import "sort"

// subqueries returns the scalar subqueries p's expressions use directly
// (not those nested in them), in the order they were bound.
func (p *selectPlan) subqueries() []*subqueryExpr {
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
	if p.srfs != nil { // select_srf.go
		for _, c := range p.srfs.calls {
			roots = append(roots, c.args...)
		}
	}
	return scalarSubqueries(roots)
}

// scalarSubqueries returns the scalar subqueries roots use directly (not
// those nested in them), in the order they were bound; nil roots are
// skipped.
func scalarSubqueries(roots []expr) []*subqueryExpr {
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
	for _, r := range roots {
		walk(r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}
