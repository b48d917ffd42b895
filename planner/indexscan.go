package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/vecindex"
)

// opclasses maps pgvector's HNSW operator classes to the metric the graph
// uses and the operator an ORDER BY must use to be served by it.
var opclasses = map[string]struct {
	metric vecindex.Metric
	op     string
}{
	"vector_l2_ops":     {vecindex.L2, "<->"},
	"vector_ip_ops":     {vecindex.InnerProduct, "<#>"},
	"vector_cosine_ops": {vecindex.Cosine, "<=>"},
	"vector_l1_ops":     {vecindex.L1, "<+>"},
}

// indexScan reads the k nearest rows from an HNSW graph. The graph walk
// admits only rows visible to the transaction that pass WHERE, and widens
// until it has k of them (or has seen the whole graph), so a filter never
// makes the result short.
type indexScan struct {
	ix    *catalog.Index
	query expr // the vector the distance is taken to
}

// chooseIndex picks an HNSW index for ORDER BY col <op> value LIMIT k when
// one's operator class matches <op> and value does not depend on the row.
func (b *binder) chooseIndex(p *selectPlan, x *sql.Select) {
	if p.table == nil || p.aggs != nil || len(p.order) != 1 || p.order[0].desc || x.Limit == nil {
		return
	}
	if !b.s.settings.flag("enable_indexscan") {
		return
	}
	d, ok := p.order[0].x.(*distExpr)
	if !ok {
		return
	}
	col, query := d.l, d.r
	if _, isCol := col.(*colExpr); !isCol {
		col, query = d.r, d.l
	}
	c, ok := col.(*colExpr)
	if !ok || findColumn(query) != nil {
		return
	}
	for _, ix := range p.table.Indexes {
		oc, known := opclasses[ix.Opclass]
		if ix.Graph != nil && ix.Column == c.idx && known && oc.op == d.op {
			p.scan = &indexScan{ix: ix, query: query}
			return
		}
	}
}

// rows returns up to k rows in approximate distance order; handled is
// false when the query vector is NULL (the caller then scans).
func (s *indexScan) rows(p *selectPlan, x *execCtx, e *env, k int) ([]keyedRow, bool, error) {
	qv, err := s.query.Eval(e)
	if err != nil || qv == nil {
		return nil, false, err
	}
	q := qv.(types.Vector)
	dims := int(p.table.Columns[s.ix.Column].Type.Typmod)
	if err := checkSameDims(make(types.Vector, dims), q); err != nil {
		return nil, true, err
	}
	if k == 0 {
		return nil, true, nil
	}
	var evalErr error
	accept := func(slot uint64) bool {
		vals, ok := x.txn.Get(p.table, slot)
		if !ok || evalErr != nil {
			return false
		}
		pass, err := p.passes(e, vals)
		if err != nil {
			evalErr = err
		}
		return pass
	}
	ef := max(x.s.settings.efSearch(), k)
	found := s.ix.Graph.Search(q, k, ef, accept)
	if evalErr != nil {
		return nil, true, evalErr
	}
	rows := make([]keyedRow, len(found))
	for i, r := range found {
		rows[i].row, _ = x.txn.Get(p.table, r.Key)
	}
	return rows, true, nil
}
