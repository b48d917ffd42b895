package planner

import (
	"context"
	"math"
	"slices"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// knnRun is one execution of an indexScan.
type knnRun struct {
	s *indexScan
	p *selectPlan
	x *execCtx
	e *env
	q types.Vector
	// key is the ORDER BY distance with its query operand folded to the
	// value it took this execution (indexScan.rowKey).
	key expr
	ef  int
	// iterative marks an iterative scan past hnsw.ef_search
	// (filterChoice.iterative): its one stage is for LIMIT + OFFSET + 1
	// rows and must hold all of them.
	iterative bool
	// exhaustive makes every graph search visit all the graph's nodes
	// (filterChoice.exhaustive).
	exhaustive bool
	tr         *planTrace
	evalErr    error
	// pend is the index's pending rows (catalog.Index.PendingSlots) that
	// the statement sees and that pass restWhere, with exact distances,
	// sorted; read once, before the first graph search (pendRead).
	pend     []candidate
	pendRead bool
	// holdAll makes exact charge each row it keeps (heldRowBytes): its
	// heap then holds every matching row, with no operator above to
	// charge them (indexScan.allRows).
	holdAll bool
}

// walk returns the first k rows of the query's order from one HNSW search
// (a stage of r.ef + 1 matching rows: hnsw.ef_search, or LIMIT + OFFSET
// under an iterative scan), and false when that search
// cannot vouch for k rows: it came back with fewer (the graph holds fewer
// matching rows than k, or rows it does not index: NULL vectors, cosine
// zero vectors).
//
// Ties: the stage is sorted by (distance, slot), but a search that
// stopped at its width may have left out rows at its last distance with
// smaller slots. SQL leaves the order of equal ORDER BY values open, so
// those rows are used all the same: the answer holds the nearest rows the
// search found, ties at the cutoff broken by slot among the rows it found
// (pgvector's binary quantization recipe, ORDER BY bits <~> q LIMIT 40,
// ties at its 40th Hamming distance almost always). Only when the search
// is exact (exactSearch: the whole graph, or every ivfflat list) are rows
// at its last distance left out, and the exact scan answers if they are
// needed, so that on a small index every page is the sequential scan's,
// ties included.
//
// The search is HNSW's, approximate as pgvector's, unless the graph is
// small enough to be searched exhaustively (filterChoice.exhaustive): its
// rows are then exact. Every k within ef_search reads the same search, so
// LIMIT/OFFSET pages of one query are slices of one order; a query for
// more rows than ef_search is answered exactly instead (chooseFilterPlan):
// a wider walk cannot prove it found every row nearer than its last, and
// rows it finds that an earlier page's walk missed would otherwise be
// dropped or repeated between pages. hnsw.iterative_scan opts in to that
// approximation, as pgvector's does: a query for k > ef_search rows then
// reads one search of k + 1 rows (r.ef = k, chooseFilterPlan), whose pages
// need not be slices of the ef_search walk's order.
func (r *knnRun) walk(k int, plan filterPlan) ([]candidate, bool, error) {
	stage, exhausted, err := r.stage(max(r.ef, 1)+1, plan)
	if err != nil {
		return nil, false, err
	}
	if r.tr != nil {
		r.tr.stages++
	}
	out := make([]candidate, 0, max(min(k, len(stage)), 0))
	cutTies := !exhausted && r.exactSearch()
	for _, c := range stage {
		if cutTies && keyCmp(c, stage[len(stage)-1]) >= 0 {
			break
		}
		if r.s.radius != nil {
			in, err := r.eval(r.s.radius, c.row)
			if err != nil {
				return nil, false, err
			}
			if !in {
				// Every later row is farther than the radius too.
				return out, true, nil
			}
		}
		if out = append(out, c); len(out) == k {
			return out, true, nil
		}
	}
	return out, false, nil
}

// exactSearch reports whether the searches of this run give exact rows:
// the whole HNSW graph is searched (r.exhaustive), or every list of an
// ivfflat index is probed.
func (r *knnRun) exactSearch() bool {
	if r.s.ix.IVF != nil {
		probes, _ := ivfProbes(r.x.s.settings)
		return probes >= r.s.ix.IVF.Config().Lists
	}
	return r.exhaustive
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
	if r.s.ix.IVF != nil {
		return r.ivfStage(b) // ivf_scan.go
	}
	ef := max(r.ef, b)
	if r.exhaustive {
		ef = max(ef, r.s.ix.Graph.Live())
	}
	if plan == planPostFilter {
		found := r.s.ix.Graph.Search(r.q, b, ef, r.visible)
		exhausted := len(found) < b
		c, err := r.materialize(found, r.s.restWhere)
		enough := len(c) >= max(b/2, 1)
		if r.iterative {
			// walk needs b - 1 rows, before the last one's distance
			// when the search is exact (exactSearch): a shorter stage
			// would send it to the exact scan.
			enough = len(c) >= b
		}
		if err != nil || exhausted || enough {
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
		if keep && !c.null { // the graph holds no NULL vector either
			out = append(out, c)
		}
	}
	slices.SortFunc(out, candLess)
	return out, nil
}

// mergePending merges the sorted pending rows pend into a stage's sorted
// rows c. Unless the graph is exhausted, only pending rows before c's last
// are taken: walk uses no row from c's last distance on. Rows the graph
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
// radius, which walk applies).
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
		if keep && !c.null {
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
// The sparse metrics' results carry the merge's distance (vecindex
// recomputes them after its walk on gathers), the sparsevec operators'
// float32 sums in index order, so the same holds for them, except where
// a float32 overflow made the graph's +Inf of the operator's NaN: an
// infinite sparse distance is evaluated from the row.
// TestIndexKeyMatchesOperators and TestIndexKeyMatchesSparseOperators
// pin this down.
func indexKey(m vecindex.Metric, d float32) (float64, bool) {
	switch m {
	case vecindex.L2:
		return math.Sqrt(float64(d)), true
	case vecindex.InnerProduct, vecindex.L1:
		return float64(d), true
	case vecindex.SparseL2:
		return math.Sqrt(float64(d)), !math.IsInf(float64(d), 0)
	case vecindex.SparseIP, vecindex.SparseL1:
		return float64(d), !math.IsInf(float64(d), 0)
	}
	return 0, false
}

// candidate evaluates cond and the ORDER BY distance on row; false when
// row fails cond. A NULL distance (a NULL vector, which an HNSW index
// does not hold) gives a candidate marked null.
func (r *knnRun) candidate(slot uint64, row []any, cond expr) (candidate, bool, error) {
	if cond != nil {
		ok, err := r.eval(cond, row)
		if err != nil || !ok {
			return candidate{}, false, err
		}
	}
	r.e.row = row
	key, err := r.key.Eval(r.e)
	if err != nil {
		return candidate{}, false, err
	}
	if key == nil {
		return candidate{slot: slot, null: true, row: row}, true, nil
	}
	return candidate{slot: slot, key: key.(float64), row: row}, true, nil
}

// exact reads every matching row, from the B-tree scan ps or the whole
// table, and keeps the first k by exact distance, NULL distances last
// (a bounded max-heap: O(n log k), no sort of every matching row): the
// rows a sequential scan and a sort return, in the same order.
func (r *knnRun) exact(ctx context.Context, ps *pathScan, k int) ([]candidate, error) {
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
		if keep && r.holdAll {
			if err = r.e.charge(heldRowBytes); err != nil {
				return false
			}
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
	if r.s.ix.IVF != nil {
		return r.ivfEfPostFilter(k) // ivf_scan.go
	}
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
	examined int // rows read before the final cut
	stages   int
	exact    bool // the walk could not vouch for k rows: the exact plan answered
	rows     int  // rows the scan returned
	pending  int  // the index's pending rows (not yet in the graph) scanned exactly
	// node is the exec node whose emitted rows are the scan's (rows);
	// ran is false when it never ran.
	node ir.Node
	ran  bool
	// agg (the Aggregate, under a Filter of HAVING when the query has
	// one), sort (Sort or TopK) and limit are the exec nodes that
	// EXPLAIN's Aggregate, Sort and Limit stand for (explain_analyze.go);
	// nil when the run had none (or under DISTINCT, the Limit).
	agg, sort, limit ir.Node
	// lock is the exec LockRows node of a locking query (rowlock.go);
	// nil when none.
	lock ir.Node
	// wins are the exec nodes of the window functions' Sorts and Window
	// nodes, top down (exec_window.go).
	wins []ir.Node
	// join is the exec tree of a joined FROM clause (below the Filter of
	// WHERE), whose nodes EXPLAIN's join tree stands for (lower_analyze.go).
	join ir.Node
}
