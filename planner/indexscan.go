package planner

import (
	"context"
	"math"
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// opclasses maps pgvector's HNSW operator classes to the metric the graph
// uses and the operator an ORDER BY must use to be served by it.
var opclasses = map[string]struct {
	metric vecindex.Metric
	op     string
	kind   types.Kind // the type the class indexes
}{
	"vector_l2_ops":      {vecindex.L2, "<->", types.KindVector},
	"vector_ip_ops":      {vecindex.InnerProduct, "<#>", types.KindVector},
	"vector_cosine_ops":  {vecindex.Cosine, "<=>", types.KindVector},
	"vector_l1_ops":      {vecindex.L1, "<+>", types.KindVector},
	"halfvec_l2_ops":     {vecindex.L2, "<->", types.KindHalfvec},
	"halfvec_ip_ops":     {vecindex.InnerProduct, "<#>", types.KindHalfvec},
	"halfvec_cosine_ops": {vecindex.Cosine, "<=>", types.KindHalfvec},
	"halfvec_l1_ops":     {vecindex.L1, "<+>", types.KindHalfvec},
	"bit_hamming_ops":    {vecindex.Hamming, "<~>", types.KindBit},
	"bit_jaccard_ops":    {vecindex.Jaccard, "<%>", types.KindBit},

	"sparsevec_l2_ops":     {vecindex.SparseL2, "<->", types.KindSparsevec},
	"sparsevec_ip_ops":     {vecindex.SparseIP, "<#>", types.KindSparsevec},
	"sparsevec_cosine_ops": {vecindex.SparseCosine, "<=>", types.KindSparsevec},
	"sparsevec_l1_ops":     {vecindex.SparseL1, "<+>", types.KindSparsevec},
}

// indexScan answers ORDER BY col <op> q LIMIT k with an HNSW index on col,
// by one of the plans of cost.go. Rows come back in exact distance order
// (ties by slot among the rows a search found, NULL distances last, as a
// sort puts them: knnRun.walk) and never fewer
// than min(k, matching rows), except under the pgvector emulation
// planEfPostFilter. When LIMIT + OFFSET is within hnsw.ef_search the rows
// are those of one HNSW search (approximate, as pgvector's, unless the
// index is small enough to be searched exhaustively); beyond it,
// or when that search cannot give k rows, they are exactly the rows a
// sequential scan and sort returns (knnRun.walk, knnRun.exact), unless
// hnsw.iterative_scan asks for approximate rows past ef_search: one search
// for LIMIT + OFFSET + 1 rows then answers, within hnsw.max_scan_tuples
// (indexScan.iterativeEf).
type indexScan struct {
	ix    *catalog.Index
	query expr // the vector the distance is taken to
	// queryLeft marks query as the distance's left operand (q <-> col).
	queryLeft bool
	// radius is a top-level WHERE conjunct `col <op> q < r` (or <=) on
	// the ORDER BY distance; the walk stops at r instead of testing it.
	radius *cmpExpr
	// restWhere is WHERE without radius (nil when nothing is left).
	restWhere expr
}

// chooseIndex picks an HNSW or IVFFlat index for ORDER BY col <op> value
// when one's operator class matches <op> and value does not depend on the
// row (it serves LIMIT k, and without LIMIT only when enable_seqscan is
// off: knnOrdersAll):
// the first partial index whose predicate WHERE implies (it holds only
// rows WHERE may admit, so its walk wastes less), else the first one.
// The index gives ascending distances with NULL distances last, so DESC
// and NULLS FIRST orders are left to the sort.
func (b *binder) chooseIndex(p *selectPlan, x *sql.Select) {
	if p.table != nil && p.where != nil && b.s.settings.flag("enable_indexscan") {
		p.path = findIndexPath(p.table, p.where)
	}
	if p.table == nil || p.aggs != nil || len(p.order) != 1 || p.order[0].desc || p.order[0].nullsFirst {
		return
	}
	if !b.s.settings.flag("enable_indexscan") {
		return
	}
	d, ok := p.order[0].x.(*distExpr)
	if !ok {
		return
	}
	for _, ix := range p.table.Indexes {
		oc, known := opclasses[ix.Opclass]
		if ix.Graph == nil && ix.IVF == nil || !known || oc.op != d.op || oc.kind != d.kind || (ix.Pred != "" && !predImplied(ix, p.where)) {
			continue
		}
		query, left := d.r, false
		if !indexOperand(ix, d.l) {
			if query, left = d.l, true; !indexOperand(ix, d.r) {
				continue
			}
		}
		if findColumn(query) == nil && (p.scan == nil || ix.Pred != "") {
			s := &indexScan{ix: ix, query: query, queryLeft: left, restWhere: p.where}
			s.radius, s.restWhere = splitRadius(p.where, d)
			s.restWhere = predicateRest(ix, s.restWhere)
			p.scan = s
			if ix.Pred != "" {
				return
			}
		}
	}
}

// splitRadius finds a conjunct `d < r` / `d <= r` (r row-independent) of
// where whose left side is the ORDER BY distance d, and returns it and
// the rest of where.
func splitRadius(where expr, d *distExpr) (*cmpExpr, expr) {
	conj := []expr{where}
	if a, ok := where.(*andExpr); ok {
		conj = a.args
	}
	for i, c := range conj {
		cmp, ok := c.(*cmpExpr)
		if !ok || (cmp.op != "<" && cmp.op != "<=") || findColumn(cmp.r) != nil || !sameDistance(cmp.l, d) {
			continue
		}
		rest := slices.Delete(slices.Clone(conj), i, i+1)
		switch len(rest) {
		case 0:
			return cmp, nil
		case 1:
			return cmp, rest[0]
		}
		return cmp, &andExpr{args: rest}
	}
	return nil, where
}

// sameDistance reports whether x computes the same distance as d: same
// operator, same column, and the same constant or parameter.
func sameDistance(x expr, d *distExpr) bool {
	o, ok := x.(*distExpr)
	if !ok || o.op != d.op {
		return false
	}
	return sameOperand(o.l, d.l) && sameOperand(o.r, d.r)
}

func sameOperand(a, b expr) bool {
	switch x := a.(type) {
	case *colExpr:
		y, ok := b.(*colExpr)
		return ok && x.idx == y.idx
	case *paramExpr:
		y, ok := b.(*paramExpr)
		return ok && x.n == y.n
	case *constExpr:
		y, ok := b.(*constExpr)
		if !ok || x.v == nil || y.v == nil {
			return false
		}
		if xv, ok := x.v.(types.HalfVec); ok {
			yv, ok := y.v.(types.HalfVec)
			return ok && slices.Equal(xv, yv)
		}
		xv, okx := x.v.(types.Vector)
		yv, oky := y.v.(types.Vector)
		return okx && oky && slices.Equal(xv, yv)
	case *castExpr:
		y, ok := b.(*castExpr)
		return ok && x.t == y.t && sameOperand(x.x, y.x)
	}
	return false
}

// rowKey returns the ORDER BY distance with its query operand replaced by
// qv, the value that operand took this execution, so that each row's
// distance evaluates only the row's side: a parameter's or a constant's
// casts ($1::halfvec, binary_quantize($1)) run once per execution, not
// once per row. A vector qv under a halfvec operator is rounded to halves
// here, once, as the operator rounds it at each row (graphQuery already
// made the same conversion, so it cannot fail here; if it did, the
// distance is left as bound).
func (s *indexScan) rowKey(p *selectPlan, qv any) expr {
	d, ok := p.order[0].x.(*distExpr)
	if !ok {
		return p.order[0].x
	}
	if _, isVec := qv.(types.Vector); isVec && d.kind == types.KindHalfvec {
		h, err := types.Cast(qv, sem.Vector, sem.Halfvec, false)
		if err != nil {
			return d
		}
		qv = h
	}
	folded := *d
	c := &constExpr{t: s.query.Type(), v: qv}
	if s.queryLeft {
		folded.l = c
	} else {
		folded.r = c
	}
	return &folded
}

// rest returns the condition rows must pass besides the radius.
func (s *indexScan) rest(p *selectPlan) expr { return s.restWhere }

// candidate is a row with its exact ORDER BY distance (NaN for a cosine
// distance with a zero vector: ordered after every number, as
// PostgreSQL's float8 ordering puts NaN); null marks a NULL distance (a
// NULL vector), ordered after NaN as ascending ORDER BY puts NULLs last.
type candidate struct {
	slot uint64
	key  float64
	null bool
	row  []any
}

// keyCmp orders candidates by distance alone: numbers ascending, then
// NaN, then NULL.
func keyCmp(a, b candidate) int {
	if a.null != b.null {
		if a.null {
			return 1
		}
		return -1
	}
	if a.null {
		return 0
	}
	an, bn := math.IsNaN(a.key), math.IsNaN(b.key)
	switch {
	case an != bn:
		if an {
			return 1
		}
		return -1
	case a.key < b.key:
		return -1
	case a.key > b.key:
		return 1
	}
	return 0
}

// candLess orders candidates by distance (keyCmp), then by slot: the
// order a sequential scan (slot order) and a stable sort give.
func candLess(a, b candidate) int {
	if c := keyCmp(a, b); c != 0 {
		return c
	}
	switch {
	case a.slot < b.slot:
		return -1
	case a.slot > b.slot:
		return 1
	}
	return 0
}

// rows returns up to k rows in exact distance order; handled is false
// when the query vector is NULL (the caller then scans).
func (s *indexScan) rows(ctx context.Context, p *selectPlan, x *execCtx, e *env, k int, tr *planTrace) ([]keyedRow, bool, error) {
	qv, err := s.query.Eval(e)
	if err != nil || qv == nil {
		return nil, false, err
	}
	q, err := graphQuery(qv, s.ix)
	if err != nil {
		return nil, true, err
	}
	kt := s.ix.KeyType()
	fits := len(q) == int(kt.Typmod)
	if kt.Kind == types.KindBit || kt.Kind == types.KindSparsevec {
		_, fits = indexQuery(qv, kt) // ops_bits.go
	}
	if !fits && s.ix.IVF != nil && kt.Kind == types.KindBit {
		// pgvector's ivfflat scan checks a bit query's length itself
		b, _ := qv.(types.Bits)
		return nil, true, pgerror.Errorf(pgerror.DataException, "expected %d dimensions, not %d", kt.Typmod, b.Len)
	}
	if !fits {
		// A vector of another size cannot walk the graph. The exact scan
		// compares it with each matching row and fails at the first with
		// pgvector's "different vector dimensions", as a sequential scan
		// does; on an empty table nothing is compared and nothing fails.
		r := &knnRun{s: s, p: p, x: x, e: e, q: q, key: s.rowKey(p, qv), tr: tr}
		cands, err := r.exact(ctx, nil, k)
		return candidateRows(cands), true, err
	}
	ch, err := s.chooseFilterPlan(p, x, e, k)
	if err != nil {
		return nil, true, err
	}
	x.knn = knnObserver(ch) // metrics.go
	if tr != nil {
		tr.choice = &ch
	}
	if k == 0 {
		return nil, true, nil
	}
	r := &knnRun{s: s, p: p, x: x, e: e, q: q, key: s.rowKey(p, qv), ef: ch.ef, exhaustive: ch.exhaustive, iterative: ch.iterative, tr: tr}
	var cands []candidate
	switch ch.plan {
	case planPreFilter:
		cands, err = r.exact(ctx, ch.path, k)
	case planEfPostFilter:
		cands, err = r.efPostFilter(k)
	default:
		var ok bool
		cands, ok, err = r.walk(k, ch.plan)
		if err == nil && !ok {
			// The search could not give k rows it vouches for (the
			// graph holds fewer than k matching rows, or an exact
			// search's k-th row ties with its last): the exact scan
			// answers, NULL distances last.
			cands, err = r.exact(ctx, ch.btree(), k)
			if tr != nil {
				tr.exact = true
			}
		}
	}
	if err != nil {
		return nil, true, err
	}
	return candidateRows(cands), true, nil
}

// candidateRows returns the rows of cands, in order, each marked keyed
// unless its ORDER BY distance is NULL.
func candidateRows(cands []candidate) []keyedRow {
	rows := make([]keyedRow, len(cands))
	for i, c := range cands {
		rows[i] = keyedRow{row: c.row, keyed: !c.null}
	}
	return rows
}
