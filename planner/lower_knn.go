package planner

import (
	"strings"

	ir "github.com/vecgres/vecgres/planner/plan"
)

// lowerKNN lowers a k-nearest-neighbour query served by an HNSW index by
// the plan chooseFilterPlan picks for k rows (or, under EXPLAIN ANALYZE,
// the one the run used): a Limit over a TopK over the scan of the
// matching rows for the pre-filter (and exact) plan, else a Limit over
// the HNSW IndexScan with its strategy.
func (p *selectPlan) lowerKNN(x *execCtx, e *env, tr *planTrace, limit, offset int64) (ir.Node, error) {
	k := scanBudget(limit, offset)
	ch, err := p.scan.chooseFilterPlan(p, x, e, k) // cost.go
	if err != nil {
		return nil, err
	}
	if tr != nil && tr.choice != nil {
		ch = *tr.choice
	}
	knn := &ir.KNN{Strategy: strategies[ch.plan], Selectivity: ch.sel, Matching: ch.matching, Rows: ch.rows,
		Exact: ch.beyondEf, OverScanTuples: ch.overScanTuples}
	var node ir.Node
	if ch.plan == planPreFilter {
		node = &ir.TopK{Info: ir.Info{Est: ir.Rows(ch.matching)}, Unary: ir.Unary{Input: p.scanNode(ch.path, ch.matching)},
			Keys: p.sortKeys(), K: int64(k), KNN: knn}
	} else {
		if ch.iterative {
			mode, _ := x.s.settings.get("hnsw.iterative_scan")
			knn.Iterative = &ir.Iterative{Rows: ch.ef + 1, Mode: mode} // knnRun.walk reads ef + 1 rows
		}
		is := &ir.IndexScan{Info: ir.Info{Out: tableColumns(p.table), Est: ir.Rows(min(ch.matching, float64(k)))},
			ScanInfo: ir.ScanInfo{Relation: p.table.Name}, Kind: ir.HNSW, Indexes: []string{p.scan.ix.Name},
			OrderBy: sortKeysText(p.sortKeys()), KNN: knn}
		if p.where != nil {
			is.Filter = formatBound(p.where)
		}
		node = is
	}
	if p.limit == nil && p.offset == nil {
		return node, nil
	}
	est := min(max(ch.matching-float64(offset), 0), float64(limit))
	return &ir.Limit{Info: ir.Info{Est: ir.Rows(est)}, Unary: ir.Unary{Input: node}}, nil
}

// strategies maps the cost model's plans to the IR's k-NN strategies.
var strategies = map[filterPlan]ir.Strategy{planPreFilter: ir.PreFilter, planTraversal: ir.Traversal,
	planPostFilter: ir.PostFilter, planEfPostFilter: ir.EfPostFilter}

// sortKeysText is keys as one comma-separated list.
func sortKeysText(keys []ir.SortKey) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k.String()
	}
	return strings.Join(s, ", ")
}

// annotateActual adds what a SELECT's run under EXPLAIN ANALYZE saw to
// its tree n: the rows it returned on the top node, the rows its scan
// returned and what the scan examined on the scan.
func annotateActual(n ir.Node, returned int, tr *planTrace) {
	ir.Top(n).Base().Actual = &ir.Actual{Rows: returned}
	last := n
	for len(last.Children()) > 0 {
		last = last.Children()[0]
	}
	last.Base().Actual = &ir.Actual{Rows: tr.rows}
	s, ok := last.(ir.Scanner)
	if !ok || (tr.choice == nil && !tr.exact && tr.pending == 0) {
		return
	}
	st := &ir.ScanStats{Examined: tr.examined, Stages: tr.stages, Exact: tr.exact, Pending: tr.pending}
	if c := tr.choice; c != nil {
		st.ShowExamined = true
		st.Staged = c.plan != planPreFilter
		st.Exhaustive = c.exhaustive && c.plan != planPreFilter && !tr.exact
	}
	s.Scan().Stats = st
}
