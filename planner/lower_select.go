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
// the nodes built; DISTINCT and HAVING are not lowered yet (EXPLAIN has
// never shown them).

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
		top.SubPlans = append(top.SubPlans, s.irSubPlan(sub)) // subquery_exec.go
	}
	return &ir.Project{Info: ir.Info{Out: planColumns(p.cols)}, Unary: ir.Unary{Input: n}}, nil
}

// lowerRows is p's tree below the Project: the logical tree of the query
// as bound — a scan of the FROM item, a Filter of WHERE, then TopK for a
// k-NN query an HNSW index can serve, else Aggregate, Sort and Limit as
// the query has them — with its scan chosen by the access-path rules of
// lower_rules.go (knnRule, scanRule).
func (p *selectPlan) lowerRows(x *execCtx, tr *planTrace) (ir.Node, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := p.bounds(e)
	if err != nil {
		return nil, err
	}
	if p.table == nil {
		return p.withLimit(p.withProjectSet(p.lowerWindows(&ir.Result{Info: ir.Info{Est: ir.Rows(1)}}), false), limit, offset), nil
	}
	if sp, ok := derivedPlan(p).(*sharedPlan); ok {
		if err := x.noteCTE(sp); err != nil { // cte_explain.go
			return nil, err
		}
	}
	if p.join != nil {
		node, err := p.lowerJoin(x, e) // join_exec.go
		if err != nil {
			return nil, err
		}
		if p.where != nil {
			node = &ir.Filter{Info: ir.Info{Est: ir.Rows(node.Base().Est.Rows * joinFilterSelectivity)},
				Unary: ir.Unary{Input: node}, Cond: formatBound(p.where)}
		}
		if node, err = p.lowerSemis(x, node); err != nil { // semijoin_exec.go
			return nil, err
		}
		return p.lowerAbove(node, limit, offset), nil
	}
	from := p.logicalScan()
	if err := p.describeDerived(x, from); err != nil {
		return nil, err
	}
	if p.scan != nil && limit >= 0 && p.wins == nil && readsOuterRow(p.scan.query) {
		return p.withLimit(p.lateralKNN(from, limit, offset), limit, offset), nil
	}
	if p.scan != nil && limit >= 0 && p.wins == nil {
		if qv, err := p.scan.query.Eval(e); err == nil && qv != nil {
			top := &ir.TopK{Unary: ir.Unary{Input: from}, Keys: p.sortKeys(), K: int64(scanBudget(limit, offset))}
			n, err := p.knnRule(x, e, tr, top)
			if err != nil || p.knnBudget { // a join's pushed k-NN reads on: no Limit of its own (join_knn.go)
				return n, err
			}
			return p.withLimit(n, limit, offset), nil
		}
	}
	if p.knnOrdersAll(x, limit) { // indexscan_all.go
		if qv, err := p.scan.query.Eval(e); err == nil && qv != nil {
			n, err := p.knnAllRule(x, e, from)
			if err != nil {
				return nil, err
			}
			return p.withLimit(n, limit, offset), nil
		}
	}
	p.estimateScan(x, e, from)
	node, err := p.scanRule(x, e, from)
	if err != nil {
		return nil, err
	}
	if node, err = p.lowerSemis(x, node); err != nil { // semijoin_exec.go
		return nil, err
	}
	return p.lowerAbove(node, limit, offset), nil
}

// lowerAbove is node, the rows of the FROM clause that pass WHERE, under
// the Aggregate, Sort and Limit the query has.
func (p *selectPlan) lowerAbove(node ir.Node, limit, offset int64) ir.Node {
	rows := node.Base().Est
	if p.aggs == nil {
		node = p.withProjectSet(p.lowerWindows(node), false) // exec_window.go, select_srf.go
		if len(p.order) > 0 && !p.windowsSorted() {
			node = &ir.Sort{Info: ir.Info{Est: rows}, Unary: ir.Unary{Input: node}, Keys: p.sortKeys()}
		}
		return p.withLimit(p.withLockRows(node, nil), limit, offset) // rowlock.go
	}
	if len(p.order) > 0 && p.group == nil { // the one row's ORDER BY sorts the input
		node = &ir.Sort{Info: ir.Info{Est: rows}, Unary: ir.Unary{Input: node}, Keys: p.sortKeys()}
	}
	node = p.lowerWindows(p.aggregateNode(rows.Rows, node))       // groupby.go, exec_window.go
	if p.group != nil && len(p.order) > 0 && !p.windowsSorted() { // groups are sorted after grouping
		node = &ir.Sort{Info: ir.Info{Est: node.Base().Est}, Unary: ir.Unary{Input: node}, Keys: p.sortKeys()}
	}
	return p.withLimit(node, limit, offset)
}

// explainAlias is the alias a query gives t as EXPLAIN prints it after
// t's name: "" when it is t's own name without schema, which PostgreSQL
// does not repeat (FROM s.t t prints as s.t's scan alone).
func explainAlias(cat *catalog.Catalog, t *catalog.Table, alias string) string {
	if alias == bareRel(cat, t) {
		return ""
	}
	return alias
}

// scanInfo names the relation p's leaf scans: its table, and the alias
// the query gives it.
func (p *selectPlan) scanInfo() ir.ScanInfo {
	return ir.ScanInfo{Relation: p.table.Name, Alias: p.alias}
}

// logicalScan is the scan of the FROM item (a table, generate_series or
// a derived table) under a Filter of WHERE when p has one, without
// estimates.
func (p *selectPlan) logicalScan() ir.Node {
	info := ir.Info{Out: tableColumns(p.table)}
	si := p.scanInfo()
	var scan ir.Node = &ir.SeqScan{Info: info, ScanInfo: si}
	switch {
	case p.derived != nil: // its subplan is not described yet
		scan = derivedScan(p.derived.plan, info, si) // cte_explain.go
	case p.series != nil:
		scan = &ir.FunctionScan{Info: info, ScanInfo: si, Func: p.series.name}
	}
	if p.where == nil {
		return scan
	}
	return &ir.Filter{Unary: ir.Unary{Input: scan}, Cond: formatBound(p.where)}
}

// describeDerived puts the plan of p's subquery in FROM under its
// Subquery Scan in from (logicalScan's scan, or its Filter's input), as
// PostgreSQL's EXPLAIN prints a subquery's plan below the scan reading
// it; the inner query's own index choice (an HNSW scan feeding a
// re-ranking outer query) shows there.
func (p *selectPlan) describeDerived(x *execCtx, from ir.Node) error {
	if f, ok := from.(*ir.Filter); ok {
		from = f.Input
	}
	sq, ok := from.(*ir.SubqueryScan)
	if !ok || p.derived == nil {
		return nil
	}
	var err error
	sq.Query, err = lowerPlan(p.derived.plan, x, nil) // lower.go
	return err
}

// estimateScan sets the estimates of logicalScan's nodes: the table's
// rows (from its statistics, gathered now when stale) on the scan, and
// those passing WHERE by the estimator's selectivity on the Filter.
func (p *selectPlan) estimateScan(x *execCtx, e *env, from ir.Node) {
	stats := autoAnalyze(x, p.table)
	n := float64(p.table.Slots())
	if stats != nil {
		n = stats.Rows
	}
	if p.series != nil {
		n = p.series.estimate()
	}
	if p.derived != nil {
		n = derivedEstimate(p.derived.plan, e) // join_exec.go
	}
	f, ok := from.(*ir.Filter)
	if !ok {
		from.Base().Est = ir.Rows(n)
		return
	}
	f.Input.Base().Est = ir.Rows(n)
	rows := n * clamp01((&estimator{t: p.table, st: stats, e: e}).sel(p.where))
	if p.derived == nil && p.series == nil && uniqueEquality(p.table, p.where) { // cost_unique.go
		rows = min(rows, 1)
	}
	f.Est = ir.Rows(rows)
}

// withLimit puts a Limit over n when p has LIMIT or OFFSET (limit < 0:
// none), estimated from n's estimate.
func (p *selectPlan) withLimit(n ir.Node, limit, offset int64) ir.Node {
	if p.limit == nil && p.offset == nil {
		return n
	}
	l := &ir.Limit{Unary: ir.Unary{Input: n}, Count: limit, Offset: offset}
	l.Est = l.Estimate(n.Base().Est.Rows)
	return l
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
