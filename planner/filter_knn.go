package planner

import (
	"context"
	"math"
	"slices"

	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/vecindex"
)

// knnRun is one execution of an indexScan.
type knnRun struct {
	s       *indexScan
	p       *selectPlan
	x       *execCtx
	e       *env
	q       types.Vector
	ef      int
	tr      *planTrace
	evalErr error
	// pend is the index's pending rows (catalog.Index.PendingSlots) that
	// the statement sees and that pass restWhere, with exact distances,
	// sorted; read once, before the first graph search (pendRead).
	pend     []candidate
	pendRead bool
}

// stageBudget is the size of the last stage sequence runs for k rows:
// stages ask for ef, 2·ef, 4·ef, ... rows, so the last asks for at least k.
func stageBudget(ef, k int) int {
	b := max(ef, 1)
	for b < k && b < 1<<30 {
		b *= 2
	}
	return b
}

// sequence returns the first k rows of the query's canonical order, built
// in stages so that every LIMIT/OFFSET window of one query reads the same
// order (paging with OFFSET neither skips nor repeats rows).
//
// Stage j asks the graph for B = ef·2^j matching rows (a deterministic
// function of the query, ef and the table), sorts them by exact distance
// and appends, in order, those that come after the last row already
// emitted. The first stage is an ordinary HNSW search with ef_search, so a
// first page costs what pgvector's index scan costs. Rows
// a later, wider stage finds nearer than that are dropped, as pgvector's
// strict_order drops out-of-order tuples, so the output is strictly
// ascending by (distance, slot). A query for k rows runs stages until it
// has k, so its rows are a prefix of what a query for more rows returns.
func (r *knnRun) sequence(k int, plan filterPlan) ([]candidate, error) {
	var out []candidate
	for b := max(r.ef, 1); ; b *= 2 {
		stage, exhausted, err := r.stage(b, plan)
		if err != nil {
			return nil, err
		}
		if r.tr != nil {
			r.tr.stages++
		}
		for _, c := range stage {
			if len(out) > 0 && candLess(c, out[len(out)-1]) <= 0 {
				continue
			}
			if r.s.radius != nil {
				in, err := r.eval(r.s.radius, c.row)
				if err != nil {
					return nil, err
				}
				if !in {
					return out, nil
				}
			}
			out = append(out, c)
		}
		if len(out) >= k || exhausted {
			return out[:min(k, len(out))], nil
		}
	}
}

// stage returns up to b matching rows near q, sorted, and whether the
// graph holds no more, merged with the pending rows the graph may lack
// (mergePending).
func (r *knnRun) stage(b int, plan filterPlan) ([]candidate, bool, error) {
	if !r.pendRead {
		// Before the graph is searched: a row leaves the pending set only
		// once it is in the graph, so each row is found in one of them.
		var err error
		if r.pend, err = r.pendingRows(r.s.restWhere); err != nil {
			return nil, false, err
		}
		r.pendRead = true
	}
	c, exhausted, err := r.graphStage(b, plan)
	if err != nil || len(r.pend) == 0 {
		return c, exhausted, err
	}
	return mergePending(c, r.pend, exhausted), exhausted, nil
}

// graphStage is stage without the pending rows.
func (r *knnRun) graphStage(b int, plan filterPlan) ([]candidate, bool, error) {
	ef := max(r.ef, b)
	if plan == planPostFilter {
		found := r.s.ix.Graph.Search(r.q, b, ef, r.visible)
		exhausted := len(found) < b
		c, err := r.materialize(found, r.s.restWhere)
		if err != nil || exhausted || len(c) >= max(b/2, 1) {
			return c, exhausted, err
		}
		// Too many rows filtered out: this stage walks the graph filtered.
	}
	if r.s.restWhere == nil {
		// No filter: the plain search (the graph's fastest path) gives
		// this stage's rows when the statement's snapshot sees all of them;
		// otherwise the walk below admits only visible rows.
		found := r.s.ix.Graph.Search(r.q, b, ef, nil)
		c, err := r.materialize(found, nil)
		if err != nil || len(c) == len(found) {
			return c, len(found) < b, err
		}
	}
	found := r.s.ix.Graph.Search(r.q, b, ef, r.accept)
	if r.evalErr != nil {
		return nil, false, r.evalErr
	}
	c, err := r.materialize(found, nil)
	return c, len(found) < b, err
}

// pendingRows returns the index's pending rows (those replayed from the
// WAL that the graph may still lack) that the statement sees and that pass
// cond (nil: all), with their exact ORDER BY distance from the same
// operator as the graph's rows (indexKey), sorted by (distance, slot).
func (r *knnRun) pendingRows(cond expr) ([]candidate, error) {
	slots := r.s.ix.PendingSlots()
	if len(slots) == 0 {
		return nil, nil
	}
	if r.tr != nil {
		r.tr.pending = len(slots)
		r.tr.examined += len(slots)
	}
	var out []candidate
	for _, slot := range slots {
		row, ok := r.x.txn.Get(r.p.table, slot)
		if !ok {
			continue
		}
		c, keep, err := r.candidate(slot, row, cond)
		if err != nil {
			return nil, err
		}
		if keep {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, candLess)
	return out, nil
}

// mergePending merges the sorted pending rows pend into a stage's sorted
// rows c. Unless the graph is exhausted, only pending rows before c's last
// are taken: farther ones may come after rows a wider stage finds, and a
// later stage (or the last, exhausted one) takes them. Rows the graph
// already returned (a pending row inserted meanwhile) are not repeated.
func mergePending(c, pend []candidate, exhausted bool) []candidate {
	if !exhausted && len(c) == 0 {
		return c
	}
	inStage := make(map[uint64]struct{}, len(c))
	for _, x := range c {
		inStage[x.slot] = struct{}{}
	}
	out := slices.Clone(c)
	for _, p := range pend {
		if !exhausted && candLess(p, c[len(c)-1]) >= 0 {
			break
		}
		if _, dup := inStage[p.slot]; !dup {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, candLess)
	return out
}

// visible admits rows the transaction sees.
func (r *knnRun) visible(slot uint64) bool { return r.x.txn.Visible(r.p.table, slot) }

// accept admits rows the transaction sees that pass WHERE (without the
// radius, which sequence applies).
func (r *knnRun) accept(slot uint64) bool {
	vals, ok := r.x.txn.Get(r.p.table, slot)
	if !ok || r.evalErr != nil {
		return false
	}
	if r.s.restWhere == nil {
		return true
	}
	pass, err := r.eval(r.s.restWhere, vals)
	if err != nil {
		r.evalErr = err
	}
	return pass
}

func (r *knnRun) eval(cond expr, row []any) (bool, error) {
	r.e.row = row
	v, err := cond.Eval(r.e)
	return truthy(v), err
}

// materialize reads the rows of found that pass cond (nil: all), with
// their exact ORDER BY distance, sorted by (distance, slot).
func (r *knnRun) materialize(found []vecindex.Result, cond expr) ([]candidate, error) {
	out := make([]candidate, 0, len(found))
	for _, f := range found {
		row, ok := r.x.txn.Get(r.p.table, f.Key)
		if !ok {
			continue
		}
		if key, exact := indexKey(r.s.ix.Metric, f.Dist); exact && cond == nil {
			out = append(out, candidate{slot: f.Key, key: key, row: row})
			continue
		}
		c, keep, err := r.candidate(f.Key, row, cond)
		if err != nil {
			return nil, err
		}
		if keep {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, candLess)
	if r.tr != nil {
		r.tr.examined += len(found)
	}
	return out, nil
}

// indexKey turns the graph's distance of a result into the value of the
// SQL distance operator, when it is the same computation: for L2, inner
// product and L1 the graph stores the row's vector unchanged and uses the
// same kernels as the operators (ops_vector.go), so sqrt(Σd²), -Σab and
// Σ|d| are bit for bit what the operator returns, without reading the
// row's vector again. Cosine's graph works on normalised vectors: false.
// TestIndexKeyMatchesOperators pins this down.
func indexKey(m vecindex.Metric, d float32) (float64, bool) {
	switch m {
	case vecindex.L2:
		return math.Sqrt(float64(d)), true
	case vecindex.InnerProduct, vecindex.L1:
		return float64(d), true
	}
	return 0, false
}

// candidate evaluates cond and the ORDER BY distance on row; rows with a
// NULL vector are skipped, as an HNSW index does not hold them.
func (r *knnRun) candidate(slot uint64, row []any, cond expr) (candidate, bool, error) {
	if cond != nil {
		ok, err := r.eval(cond, row)
		if err != nil || !ok {
			return candidate{}, false, err
		}
	}
	r.e.row = row
	key, err := r.p.order[0].x.Eval(r.e)
	if err != nil || key == nil {
		return candidate{}, false, err
	}
	return candidate{slot: slot, key: key.(float64), row: row}, true, nil
}

// preFilter reads every matching row, from the B-tree scan ps or the
// whole table, and keeps the k nearest by exact distance (a bounded
// max-heap: O(n log k), no sort of every matching row).
func (r *knnRun) preFilter(ctx context.Context, ps *pathScan, k int) ([]candidate, error) {
	top := &topK{k: k}
	var err error
	n := 0
	visit := func(slot uint64, row []any) bool {
		if n++; n%cancelCheckRows == 0 && ctx.Err() != nil {
			err = errCanceled
			return false
		}
		c, keep, cerr := r.candidate(slot, row, r.p.where)
		if cerr != nil {
			err = cerr
			return false
		}
		if keep {
			top.offer(c)
		}
		return true
	}
	if ps != nil {
		for _, slot := range ps.slots() {
			if row, ok := r.x.txn.Get(r.p.table, slot); ok && !visit(slot, row) {
				break
			}
		}
	} else {
		r.x.txn.Scan(r.p.table, visit)
	}
	if err != nil {
		return nil, err
	}
	if r.tr != nil {
		r.tr.examined += n
	}
	return top.sorted(), nil
}

// topK keeps the k smallest candidates by candLess in a max-heap.
type topK struct {
	k    int
	heap []candidate
}

func (t *topK) offer(c candidate) {
	if t.k <= 0 {
		return
	}
	if len(t.heap) < t.k {
		t.heap = append(t.heap, c)
		t.up(len(t.heap) - 1)
		return
	}
	if candLess(c, t.heap[0]) >= 0 {
		return
	}
	t.heap[0] = c
	t.down(0)
}

func (t *topK) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if candLess(t.heap[parent], t.heap[i]) >= 0 {
			return
		}
		t.heap[parent], t.heap[i] = t.heap[i], t.heap[parent]
		i = parent
	}
}

func (t *topK) down(i int) {
	for {
		largest, l, r := i, 2*i+1, 2*i+2
		if l < len(t.heap) && candLess(t.heap[l], t.heap[largest]) > 0 {
			largest = l
		}
		if r < len(t.heap) && candLess(t.heap[r], t.heap[largest]) > 0 {
			largest = r
		}
		if largest == i {
			return
		}
		t.heap[i], t.heap[largest] = t.heap[largest], t.heap[i]
		i = largest
	}
}

// sorted returns the kept candidates in ascending order.
func (t *topK) sorted() []candidate {
	out := slices.Clone(t.heap)
	slices.SortFunc(out, candLess)
	return out
}

// efPostFilter is pgvector's plan with hnsw.iterative_scan = off: the
// ef_search nearest visible rows, then WHERE; it may return fewer than k.
//
// While the index has pending rows, the ef nearest visible rows are taken
// from the graph's and the pending rows' union.
func (r *knnRun) efPostFilter(k int) ([]candidate, error) {
	pend, err := r.pendingRows(nil)
	if err != nil {
		return nil, err
	}
	found := r.s.ix.Graph.Search(r.q, r.ef, r.ef, r.visible)
	if len(pend) == 0 {
		out, err := r.materialize(found, r.p.where)
		if err != nil {
			return nil, err
		}
		return out[:min(k, len(out))], nil
	}
	near, err := r.materialize(found, nil)
	if err != nil {
		return nil, err
	}
	near = mergePending(near, pend, true)
	var out []candidate
	for _, c := range near[:min(r.ef, len(near))] {
		if r.p.where != nil {
			pass, err := r.eval(r.p.where, c.row)
			if err != nil {
				return nil, err
			}
			if !pass {
				continue
			}
		}
		out = append(out, c)
	}
	return out[:min(k, len(out))], nil
}

// planTrace collects what EXPLAIN ANALYZE reports about a run.
type planTrace struct {
	choice   *filterChoice
	path     *pathScan // plain WHERE served by a B-tree
	examined int       // rows read before the final cut
	stages   int
	rows     int // rows the scan returned
	pending  int // the index's pending rows (not yet in the graph) scanned exactly
}
