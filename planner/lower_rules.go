package planner

import (
	"strings"

	ir "github.com/vecgres/vecgres/planner/plan"
)

// Access-path rules: each takes a subtree of the logical tree
// (lower_select.go) and returns the subtree that reads the rows, by the
// choices of the cost model (cost.go, filter*.go) for this execution.
//
//   - knnRule: TopK over [Filter over] the table's scan, for a k-NN query
//     an HNSW index serves, becomes that TopK over the scan of the
//     matching rows (pre-filter, and the exact plan past ef_search), or
//     an HNSW IndexScan with the filter and its strategy (also in place
//     of the TopK over a sequential scan when enable_seqscan is off);
//   - knnAllRule: with enable_seqscan off, an ORDER BY of the distance
//     without LIMIT becomes the index's IndexScan (indexscan_all.go).
//   - scanRule: [Filter over] a scan becomes a B-tree IndexScan (with what
//     the index does not answer as its filter), or the scan with WHERE
//     as its own filter.

// knnRule chooses how the k-NN query top (its K the rows LIMIT + OFFSET
// need) is answered: by the plan chooseFilterPlan picks for K rows or,
// under EXPLAIN ANALYZE, the one the run used (tr).
func (p *selectPlan) knnRule(x *execCtx, e *env, tr *planTrace, top *ir.TopK) (ir.Node, error) {
	ch, err := p.scan.chooseFilterPlan(p, x, e, int(top.K)) // cost.go
	if err != nil {
		return nil, err
	}
	if tr != nil && tr.choice != nil {
		ch = *tr.choice
	}
	x.knn = knnObserver(ch) // metrics.go
	knn := &ir.KNN{Strategy: strategies[ch.plan], Selectivity: ch.sel, Matching: ch.matching, Rows: ch.rows,
		Exact: ch.beyondEf, OverScanTuples: ch.overScanTuples}
	if ch.plan == planPreFilter && (ch.path != nil || !seqScanOff(x)) { // indexscan_all.go
		top.KNN, top.Est = knn, ir.Rows(ch.matching)
		top.SetInput(p.physicalScan(top.Input, ch.path, ir.Rows(ch.matching)))
		return top, nil
	}
	if ch.iterative {
		mode, _ := x.s.settings.get("hnsw.iterative_scan")
		knn.Iterative = &ir.Iterative{Rows: ch.ef + 1, Mode: mode} // knnRun.walk reads ef + 1 rows
	}
	return p.knnIndexNode(top.Input, ir.Rows(min(ch.matching, float64(top.K))), top.Keys, knn), nil
}

// knnIndexNode is the k-NN Index Scan of p's index reading from (the
// logical scan with its Filter) in the order of keys, estimated at est,
// with the strategy knn (nil: none printed). A partial index's filter is
// only what its predicate does not imply.
func (p *selectPlan) knnIndexNode(from ir.Node, est ir.Estimate, keys []ir.SortKey, knn *ir.KNN) *ir.IndexScan {
	scan, filter := unfilter(from)
	if p.scan.ix.Pred != "" { // the conjuncts the predicate implies are true of every row the index holds
		filter = ""
		if rest := predicateRest(p.scan.ix, p.where); rest != nil {
			filter = formatBound(rest)
		}
	}
	return &ir.IndexScan{Info: ir.Info{Out: scan.Columns(), Est: est},
		ScanInfo: ir.ScanInfo{Relation: scan.Scan().Relation, Alias: scan.Scan().Alias, Filter: filter}, Kind: ir.HNSW,
		Indexes: []string{p.scan.ix.Name}, OrderBy: sortKeysText(keys), KNN: knn}
}

// scanRule chooses how from, the logical scan of the FROM item with its
// Filter, reads its rows: through B-tree indexes when they answer part
// of WHERE (chooseBTree), else by the scan itself.
func (p *selectPlan) scanRule(x *execCtx, e *env, from ir.Node) (ir.Node, error) {
	ps, err := p.chooseBTree(x, e) // filter_scan.go
	if err != nil {
		return nil, err
	}
	return p.physicalScan(from, ps, from.Base().Est), nil
}

// physicalScan is from read through the B-tree scan ps, with the part of
// WHERE it does not answer as its filter, or, when ps is nil, from's
// scan with WHERE as its filter; est is its estimate.
func (p *selectPlan) physicalScan(from ir.Node, ps *pathScan, est ir.Estimate) ir.Scanner {
	scan, filter := unfilter(from)
	if ps == nil {
		scan.Base().Est = est
		scan.Scan().Filter = filter
		return scan
	}
	is := &ir.IndexScan{Info: ir.Info{Out: scan.Columns(), Est: est}, ScanInfo: ir.ScanInfo{Relation: scan.Scan().Relation, Alias: scan.Scan().Alias},
		Kind: ir.BTree, Indexes: ps.indexes(), Cond: formatBound(ps.cond)}
	if p.where != ps.cond {
		is.Filter = filter
	}
	return is
}

// unfilter splits a logical scan into the scan and its Filter's
// condition ("" when none).
func unfilter(n ir.Node) (ir.Scanner, string) {
	if f, ok := n.(*ir.Filter); ok {
		return f.Input.(ir.Scanner), f.Cond
	}
	return n.(ir.Scanner), ""
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
