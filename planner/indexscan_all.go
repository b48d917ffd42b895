package planner

import (
	"context"
	"math"

	"github.com/vecgres/vecgres/planner/memacct"
	ir "github.com/vecgres/vecgres/planner/plan"
)

// With enable_seqscan off, PostgreSQL with pgvector answers an ORDER BY
// of one distance an HNSW or IVFFlat index serves from that index even
// without LIMIT: EXPLAIN shows the Index Scan with its Order By, and
// pgvector's scan returns at most hnsw.ef_search rows (or the probed
// lists' rows). vecgres plans the same Index Scan but returns every row
// that passes WHERE in exact distance order, ties by slot, NULL
// distances last: the rows the sequential scan and sort return
// (knnRun.exact behind the IndexScan node). README "Differences from
// pgvector" documents the row count.

// knnOrdersAll reports whether p's rows are all read through its k-NN
// index (chooseIndex), in ORDER BY order: the query has no LIMIT (limit
// < 0; OFFSET alone is fine), reads one table with nothing between the
// scan and the sort that needs other rows (aggregate, window, DISTINCT,
// semi join, a join's pushed k-NN, a LATERAL query vector), and
// enable_seqscan is off with enable_indexscan on.
func (p *selectPlan) knnOrdersAll(x *execCtx, limit int64) bool {
	if p.scan == nil || limit >= 0 || p.join != nil || p.derived != nil || p.series != nil || p.aggs != nil ||
		p.wins != nil || p.distinct || p.semis != nil || p.srfs != nil || p.knnBudget || readsOuterRow(p.scan.query) {
		return false
	}
	return seqScanOff(x)
}

// seqScanOff reports whether enable_seqscan is off and enable_indexscan
// on: a k-NN index then answers rather than a sequential scan.
func seqScanOff(x *execCtx) bool {
	st := x.s.settings
	return !st.flag("enable_seqscan") && st.flag("enable_indexscan")
}

// knnAllRule is the plan knnOrdersAll chooses for from (the logical scan
// with its Filter): the k-NN Index Scan, estimated at the rows expected
// to pass WHERE.
func (p *selectPlan) knnAllRule(x *execCtx, e *env, from ir.Node) (ir.Node, error) {
	ch, err := p.scan.estimateChoice(p, x, e) // cost.go
	if err != nil {
		return nil, err
	}
	return p.knnIndexNode(from, ir.Rows(ch.matching), p.sortKeys(), nil), nil
}

// heldRowBytes is what allRows charges for each row it holds: what a
// Sort charges for a row it sorts by one float8 key (planner/exec's
// sorter), so that vecgres.work_mem_limit fails the index scan where it
// fails the sequential scan and sort.
var heldRowBytes = memacct.RowSize([]any{float64(0)})

// allRows is every row of p that passes WHERE, in exact ORDER BY order
// (ties by slot, NULL distances last), read through the B-tree path
// that answers part of WHERE when one reads few enough rows, else the
// whole table, each charged to the statement (heldRowBytes); handled is
// false when the query vector is NULL (the caller then scans, every
// distance being NULL).
func (s *indexScan) allRows(ctx context.Context, p *selectPlan, x *execCtx, e *env, tr *planTrace) ([]keyedRow, bool, error) {
	qv, err := s.query.Eval(e)
	if err != nil || qv == nil {
		return nil, false, err
	}
	q, err := graphQuery(qv, s.ix)
	if err != nil {
		return nil, true, err
	}
	ch, err := s.estimateChoice(p, x, e) // cost.go
	if err != nil {
		return nil, true, err
	}
	r := &knnRun{s: s, p: p, x: x, e: e, q: q, key: s.rowKey(p, qv), tr: tr, holdAll: true}
	cands, err := r.exact(ctx, ch.btree(), math.MaxInt)
	if err != nil {
		return nil, true, err
	}
	return candidateRows(cands), true, nil
}
