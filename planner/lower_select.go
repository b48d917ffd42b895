package planner

import (
	"github.com/vecgres/vecgres/catalog"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// Lowering turns a bound SELECT (one table plus clauses) into the plan IR
// as it would run now, with the estimates the planner used: a scan
// (sequential, function, derived table, B-tree or HNSW index), then
// Aggregate, Sort and Limit above it as the query has them, under a
// Project of the output columns. The nodes EXPLAIN has always shown are
// the nodes built; DISTINCT and HAVING are not lowered yet.

// lower returns p's plan tree; tr, when not nil, holds what its run under
// EXPLAIN ANALYZE saw. The scalar subqueries p uses hang under the top
// node as InitPlans.
func (p *selectPlan) lower(x *execCtx, tr *planTrace) (ir.Node, error) {
	n, err := p.lowerRows(x, tr)
	if err != nil {
		return nil, err
	}
	top := n.Base()
	for _, s := range p.subqueries() { // explain_initplan.go
		sub, err := lowerPlan(s.plan, x, nil)
		if err != nil {
			return nil, err
		}
		top.SubPlans = append(top.SubPlans, ir.InitPlan(s.id, sub))
	}
	return &ir.Project{Info: ir.Info{Out: planColumns(p.cols)}, Unary: ir.Unary{Input: n}}, nil
}

// lowerRows is p's tree below the Project.
func (p *selectPlan) lowerRows(x *execCtx, tr *planTrace) (ir.Node, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := p.bounds(e)
	if err != nil {
		return nil, err
	}
	if p.table == nil {
		return p.withLimit(&ir.Result{Info: ir.Info{Est: ir.Rows(1)}}, 1, limit, offset), nil
	}
	if p.scan != nil && limit >= 0 {
		if qv, err := p.scan.query.Eval(e); err == nil && qv != nil {
			return p.lowerKNN(x, e, tr, limit, offset)
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
	ps, err := p.chooseBTree(x, e)
	if err != nil {
		return nil, err
	}
	var node ir.Node = p.scanNode(ps, rows)
	if p.aggs == nil {
		if len(p.order) > 0 {
			node = &ir.Sort{Info: ir.Info{Est: ir.Rows(rows)}, Unary: ir.Unary{Input: node}, Keys: p.sortKeys()}
		}
		return p.withLimit(node, rows, limit, offset), nil
	}
	if len(p.order) > 0 && p.group == nil { // the one row's ORDER BY sorts the input
		node = &ir.Sort{Info: ir.Info{Est: ir.Rows(rows)}, Unary: ir.Unary{Input: node}, Keys: p.sortKeys()}
	}
	agg := p.aggregateNode(rows, node) // groupby.go
	node = agg
	if p.group != nil && len(p.order) > 0 { // groups are sorted after grouping
		node = &ir.Sort{Info: ir.Info{Est: agg.Est}, Unary: ir.Unary{Input: node}, Keys: p.sortKeys()}
	}
	return p.withLimit(node, agg.Est.Rows, limit, offset), nil
}

// withLimit puts a Limit over n, whose estimate is rows, when p has LIMIT
// or OFFSET (limit < 0: none).
func (p *selectPlan) withLimit(n ir.Node, rows float64, limit, offset int64) ir.Node {
	if p.limit == nil && p.offset == nil {
		return n
	}
	r := max(rows-float64(offset), 0)
	if limit >= 0 {
		r = min(r, float64(limit))
	}
	return &ir.Limit{Info: ir.Info{Est: ir.Rows(r)}, Unary: ir.Unary{Input: n}}
}

// scanNode is the B-tree index scan of ps, or, when nil, the scan of the
// FROM item: a table, generate_series, or a derived table.
func (p *selectPlan) scanNode(ps *pathScan, rows float64) ir.Scanner {
	info := ir.Info{Out: tableColumns(p.table), Est: ir.Rows(rows)}
	si := ir.ScanInfo{Relation: p.table.Name}
	if ps == nil {
		if p.where != nil {
			si.Filter = formatBound(p.where)
		}
		switch {
		case p.derived != nil: // its subplan is not described yet
			return &ir.SubqueryScan{Info: info, ScanInfo: si}
		case p.series != nil:
			return &ir.FunctionScan{Info: info, ScanInfo: si, Func: "generate_series"}
		}
		return &ir.SeqScan{Info: info, ScanInfo: si}
	}
	if p.where != ps.cond {
		si.Filter = formatBound(p.where)
	}
	return &ir.IndexScan{Info: info, ScanInfo: si, Kind: ir.BTree, Indexes: ps.indexes(), Cond: formatBound(ps.cond)}
}

// sortKeys are p's ORDER BY keys as EXPLAIN prints them.
func (p *selectPlan) sortKeys() []ir.SortKey {
	keys := make([]ir.SortKey, len(p.order))
	for i, k := range p.order {
		keys[i] = ir.SortKey{Expr: formatBound(k.x), Desc: k.desc}
	}
	return keys
}

// planColumns converts result columns to the IR's.
func planColumns(cols []backend.Column) []ir.Column {
	out := make([]ir.Column, len(cols))
	for i, c := range cols {
		out[i] = ir.Column{Name: c.Name, Type: c.Type}
	}
	return out
}

// tableColumns are the IR columns of a table's rows.
func tableColumns(t *catalog.Table) []ir.Column {
	out := make([]ir.Column, len(t.Columns))
	for i, c := range t.Columns {
		out[i] = ir.Column{Name: c.Name, Type: c.Type}
	}
	return out
}
