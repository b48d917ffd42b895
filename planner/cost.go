package planner

import (
	"math"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// filterPlan is how a filtered k-NN query (WHERE p ORDER BY v <op> q
// LIMIT k, with an HNSW index on v) is answered.
type filterPlan uint8

const (
	// planPreFilter collects the matching rows (from B-tree indexes or a
	// scan), computes their exact distances and keeps the k nearest:
	// exact, best when few rows match.
	planPreFilter filterPlan = iota
	// planTraversal walks the HNSW graph admitting only matching rows to
	// the result and widening until k are found (iterative scan).
	planTraversal
	// planPostFilter reads the nearest rows of the plain graph walk and
	// filters them afterwards, falling back to planTraversal for a stage
	// that comes back short: best when nearly every row matches.
	planPostFilter
	// planEfPostFilter is pgvector's behaviour with hnsw.iterative_scan =
	// off: the ef_search nearest, then the filter; it may return fewer than
	// k rows. Only used when asked for (vecgres.filter_plan).
	planEfPostFilter
)

var filterPlanNames = map[string]filterPlan{
	"prefilter": planPreFilter, "traversal": planTraversal,
	"postfilter": planPostFilter, "ef_postfilter": planEfPostFilter,
}

// String is the plan's name in EXPLAIN, the IR strategy's (lower_rules.go).
func (f filterPlan) String() string { return strategies[f].String() }

// Cost units are roughly nanoseconds on one core; only their ratios
// matter.
const (
	costRow   = 150.0 // read a row version, check visibility, evaluate WHERE
	costEntry = 10.0  // read one B-tree entry
	// costDistBase + dims/costDistPerNs is one distance computation in the
	// graph (SIMD kernels); an exact distance of the SQL operator uses the
	// same kernels but reads the row's vector from the row store, mostly
	// cache misses: costDistBase + dims·costExactPerDim.
	costDistBase    = 20.0
	costDistPerNs   = 8.0
	costExactPerDim = 0.35
	// costTraversalRisk inflates the traversal estimate, which assumes the
	// filter is independent of the vectors. A filter correlated with them
	// (Fashion-MNIST's class labels: a query's neighbours are mostly of its
	// own class) makes the walk visit many times more nodes than estimated,
	// while the pre-filter's cost is known (B-tree counts are exact), so the
	// pre-filter is preferred unless the traversal is clearly cheaper.
	costTraversalRisk = 2.5
	costVisitExtra    = 30.0 // neighbour list and visited-set work per graph node
	// visitsPerEf is how many nodes an unfiltered layer-0 walk visits per
	// unit of ef, per neighbour slot (2·m of them).
	visitsPerEf = 0.6
	// postFilterMinSel is the selectivity above which a post-filter plan
	// is considered.
	postFilterMinSel = 0.9
	// visitedBytes is the memory one visited tuple costs an iterative scan,
	// for hnsw.scan_mem_multiplier × work_mem.
	visitedBytes = 16
	workMemBytes = 4 << 20 // work_mem's default, 4MB
)

// filterChoice is the plan chosen for one execution, with the estimates
// EXPLAIN shows.
type filterChoice struct {
	plan     filterPlan
	path     *pathScan // B-tree scan feeding a pre-filter; nil: scan the table
	rows     float64   // rows in the table (estimate)
	matching float64   // rows passing WHERE (estimate)
	sel      float64
	visits   float64 // graph nodes a traversal is expected to visit
	// beyondEf is set when LIMIT + OFFSET exceeds hnsw.ef_search: the
	// rows are then those of the exact plan (see knnRun.walk).
	beyondEf bool
	// ef is the search width a walk uses (knnRun.ef): hnsw.ef_search, or
	// LIMIT + OFFSET for an iterative scan.
	ef int
	// iterative is set when LIMIT + OFFSET exceeds hnsw.ef_search and
	// hnsw.iterative_scan asks for more rows from the index: one search
	// of width ef = LIMIT + OFFSET answers (iterativeEf).
	iterative bool
	// overScanTuples is set when an iterative scan was asked for but
	// would visit more than scanTupleLimit nodes: the exact plan answers.
	overScanTuples bool
	// exhaustive is set when a walk would visit most of the graph anyway:
	// it then searches all of it, exactly (see indexScan.exhaustive).
	exhaustive bool
}

// exhaustiveFactor: a graph of at most exhaustiveFactor times the nodes a
// walk is expected to visit is searched exhaustively.
const exhaustiveFactor = 2.0

// exhaustive reports whether a walk for budget rows, of which a fraction
// sel pass WHERE, is expected to visit at least 1/exhaustiveFactor of the
// graph's live nodes. The search then visits every node (vecindex's exact
// mode, ef >= Live(): see HNSW.Search) for at most about twice the cost,
// and its rows are the exact nearest whatever the graph's quality: on a
// small index every page is the sequential scan's. A graph larger than
// scanTupleLimit is never searched whole.
func (s *indexScan) exhaustive(st *settings, budget int, sel float64) bool {
	g := s.ix.Graph
	m := float64(max(g.Config().M, 2))
	visits := float64(budget) * 2 * m * visitsPerEf / max(sel, 1e-6)
	live := float64(g.Live())
	return exhaustiveFactor*visits >= live && live <= scanTupleLimit(st)
}

// iterativeEf returns the search width for a query needing k rows, more
// than hnsw.ef_search, when hnsw.iterative_scan is relaxed_order or
// strict_order: k, as pgvector's iterative scan goes on past ef_search
// until the query has its rows. ok is false when iterative scans are off,
// or when a walk for k + 1 rows, of which a fraction sel pass WHERE, is
// expected to visit more nodes than hnsw.max_scan_tuples (and
// hnsw.scan_mem_multiplier) allow (over is then true). pgvector's scan
// stops at that bound and returns the rows it has, possibly fewer than
// LIMIT; vecgres answers such a query exactly instead, so it never gets
// fewer rows than the table holds (same visit model as exhaustive).
func (s *indexScan) iterativeEf(st *settings, k int, sel float64) (ef int, ok, over bool) {
	if mode, _ := st.get("hnsw.iterative_scan"); mode != "relaxed_order" && mode != "strict_order" {
		return 0, false, false
	}
	m := float64(max(s.ix.Graph.Config().M, 2))
	visits := (float64(k) + 1) * 2 * m * visitsPerEf / max(sel, 1e-6)
	if visits > scanTupleLimit(st) {
		return 0, false, true
	}
	return k, true, false
}

// btree returns the B-tree scan for an exact answer when it reads at
// most btreeMaxFrac of the table's rows (as chooseBTree), else nil.
func (ch *filterChoice) btree() *pathScan {
	if ch.path != nil && float64(ch.path.count) <= btreeMaxFrac*ch.rows {
		return ch.path
	}
	return nil
}

// chooseFilterPlan picks among the plans by estimated cost for a query
// that needs k rows (LIMIT + OFFSET). A query for more rows than
// hnsw.ef_search gets planPreFilter, the exact plan, whatever
// vecgres.filter_plan asks for, except ef_postfilter (pgvector's own
// answer, documented as such): see knnRun.walk. With hnsw.iterative_scan
// on, such a query is planned as one within a search width of k instead
// (iterativeEf), unless that walk would pass hnsw.max_scan_tuples.
func (s *indexScan) chooseFilterPlan(p *selectPlan, x *execCtx, e *env, k int) (filterChoice, error) {
	if s.ix.IVF != nil {
		return s.chooseIVFPlan(p, x, e, k) // ivf_scan.go
	}
	st := x.s.settings
	ch, err := s.estimateChoice(p, x, e)
	if err != nil {
		return ch, err
	}
	forced, isForced, err := forcedFilterPlan(st)
	if err != nil {
		return ch, err
	}
	ch.ef = st.efSearch()
	if k > ch.ef && !(isForced && forced == planEfPostFilter) {
		if ef, ok, over := s.iterativeEf(st, k, max(ch.sel, 1/ch.rows)); ok {
			ch.ef, ch.iterative = ef, true
		} else {
			ch.overScanTuples = over
		}
	}
	budget := ch.ef + 1 // the rows one walk asks for (knnRun.walk)
	ch.exhaustive = s.exhaustive(st, budget, ch.sel)
	if isForced {
		ch.plan = forced
		if k > ch.ef && forced != planEfPostFilter {
			ch.plan, ch.beyondEf, ch.path = planPreFilter, true, ch.btree()
		}
		return ch, nil
	}
	if k > ch.ef {
		ch.plan, ch.beyondEf, ch.path = planPreFilter, true, ch.btree()
		return ch, nil
	}
	if p.where == nil || s.rest(p) == nil {
		ch.plan = planTraversal
		return ch, nil
	}
	dims := float64(s.ix.KeyType().Typmod)
	dist := costDistBase + dims/costDistPerNs
	visit := dist + costVisitExtra
	m := float64(max(s.ix.Graph.Config().M, 2))
	unfiltered := float64(budget) * 2 * m * visitsPerEf
	sel := max(ch.sel, 1/ch.rows)
	ch.visits = min(ch.rows, unfiltered/sel)
	pre := ch.preFilterCost(dims)
	trav := (ch.visits*visit + float64(budget)/sel*costRow) * costTraversalRisk
	ch.plan = planPreFilter
	best := pre
	if trav < best && ch.visits <= scanTupleLimit(st) {
		ch.plan, best = planTraversal, trav
	}
	if post := unfiltered*visit + float64(budget)*costRow; ch.sel >= postFilterMinSel && post < best {
		ch.plan = planPostFilter
	}
	return ch, nil
}

// estimateChoice is what every k-NN plan choice starts from: the table's
// rows (its statistics, else its slots; at least 1), the selectivity of
// the WHERE conjuncts the index does not answer, the B-tree path's scan
// for this execution and the rows expected to match. For a partial index
// the selectivity is within the rows the index holds (WHERE's over the
// predicate's), as a walk of it sees them.
func (s *indexScan) estimateChoice(p *selectPlan, x *execCtx, e *env) (filterChoice, error) {
	t := p.table
	stats := autoAnalyze(x, t)
	ch := filterChoice{rows: float64(t.Slots()), sel: 1}
	if stats != nil {
		ch.rows = stats.Rows
	}
	ch.rows = max(ch.rows, 1)
	ch.matching = ch.rows
	if p.where != nil {
		es := &estimator{t: t, st: stats, e: e}
		ch.sel = clamp01(es.sel(s.rest(p)))
		ch.matching = ch.sel * ch.rows
		if pred, ok := s.ix.BoundPred.(expr); ok && s.ix.Pred != "" {
			// a partial index holds the rows passing its predicate: sel is
			// the fraction of those passing WHERE
			all := clamp01(es.sel(p.where))
			ch.matching = all * ch.rows
			ch.sel = clamp01(all / max(clamp01(es.sel(pred)), 1/ch.rows))
		}
	}
	if p.path != nil {
		ps, err := p.path.eval(e)
		if err != nil {
			return ch, err
		}
		ch.path = ps
	}
	return ch, nil
}

// forcedFilterPlan reads vecgres.filter_plan: the plan it forces, or
// false for auto (or unset). Errors: 22023 for a value that names no plan.
func forcedFilterPlan(st *settings) (filterPlan, bool, error) {
	forced, _ := st.get("vecgres.filter_plan")
	if forced == "" || forced == "auto" {
		return 0, false, nil
	}
	f, ok := filterPlanNames[forced]
	if !ok {
		return 0, false, pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", "vecgres.filter_plan", forced).
			WithHint("Available values: auto, prefilter, traversal, postfilter, ef_postfilter.")
	}
	return f, true, nil
}

// preFilterCost is the exact pre-filter plan's cost for vectors of dims
// dimensions: every row read (or the B-tree path's entries and rows),
// and an exact distance for each matching row.
func (ch *filterChoice) preFilterCost(dims float64) float64 {
	exact := costDistBase + dims*costExactPerDim
	if ch.path != nil {
		return float64(ch.path.count)*(costEntry+costRow) + ch.matching*exact
	}
	return ch.rows*costRow + ch.matching*exact
}

// scanTupleLimit is how many graph nodes a filtered traversal may be
// expected to visit: hnsw.max_scan_tuples, and no more than
// hnsw.scan_mem_multiplier × work_mem of visited-tuple memory (pgvector's
// meaning of both). A traversal, or an iterative scan past ef_search
// (iterativeEf), expected to exceed it is not chosen; the exact
// pre-filter plan answers instead, so a query is never cut short.
func scanTupleLimit(st *settings) float64 {
	n := 20000.0
	if v, ok := st.get("hnsw.max_scan_tuples"); ok {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			n = f
		}
	}
	mult := 1.0
	if v, ok := st.get("hnsw.scan_mem_multiplier"); ok {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			mult = f
		}
	}
	return math.Min(n, mult*workMemBytes/visitedBytes)
}

// autoAnalyze returns t's statistics, gathering them first when enough
// rows changed since the last ANALYZE (the statement holds the catalog
// lock, shared at least).
func autoAnalyze(x *execCtx, t *catalog.Table) *catalog.Stats {
	if t.NeedsAnalyze() {
		return x.s.cat.Analyze(t)
	}
	return t.Stats()
}
