package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	pexec "github.com/vecgres/vecgres/planner/exec"
	"github.com/vecgres/vecgres/planner/memacct"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// A SELECT as a planner/exec tree. The tree is built from the bound plan
// with the lowering's pieces (execScan, the leaf of physicalScan's scan;
// withLimit, sortKeys: lower_select.go, lower_rules.go), kept for the
// next execution of the same shape when nothing else of the execution is
// in it (select_reuse.go), and carries executable expressions
// (exec_bridge.go); the access path is chosen per execution and is the
// one EXPLAIN shows (sourcePath's chooseBTree, knnRun).

// runRows implements rowStreamer: through planner/exec (runExec).
func (p *selectPlan) runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	return runExec(ctx, p, x, w)
}

// execTree implements execTreer for SELECT: the rows of the FROM item
// that pass WHERE (execSource), their Aggregate and a Filter of HAVING
// for an aggregate query, then for ORDER BY a TopK of the LIMIT + OFFSET
// first rows (PostgreSQL's bounded sort) or, without LIMIT or with
// DISTINCT, a Sort, then DISTINCT (execDistinct), a Limit for LIMIT or
// OFFSET, and the Project of the select list. Without ORDER BY,
// aggregate or DISTINCT nothing is held: OFFSET rows are skipped
// unprojected and the source stops after LIMIT rows.
func (p *selectPlan) execTree(ctx context.Context, x *execCtx, e *env, b *execBuild) (ir.Node, error) {
	if w := b.widen[p]; w != nil && p.knnBudget {
		return p.budgetTree(ctx, x, e, b, w), nil // join_knn.go
	}
	limit, offset, err := p.bounds(e)
	if err != nil {
		return nil, err
	}
	ps, err := p.sourcePath(x, e, p.srcLimit(limit)) // the access-path rule for this execution
	if err != nil {
		return nil, err
	}
	if p.reusable(x) {
		return p.reusedTree(ctx, x, e, b, limit, offset, ps) // select_reuse.go
	}
	root, _, err := p.buildTree(ctx, x, e, b, limit, offset, ps)
	return root, err
}

// srcLimit is the LIMIT the FROM item's scan may stop at: -1 (none) when
// rows are dropped above it (DISTINCT) or every row is read (windows,
// semi joins, LockRows), else limit.
func (p *selectPlan) srcLimit(limit int64) int64 {
	if p.distinct || p.wins != nil || p.semis != nil || p.lock != nil {
		return -1 // LockRows reads every row: a skipped (SKIP LOCKED) one does not count
	}
	return limit
}

// buildTree is execTree's tree for LIMIT limit OFFSET offset, its plain
// scan read through the B-tree scan ps (sourcePath's), built anew; and
// the node of its FROM item's rows (execSourceVia's).
func (p *selectPlan) buildTree(ctx context.Context, x *execCtx, e *env, b *execBuild, limit, offset int64, ps *pathScan) (root, src ir.Node, err error) {
	var widen *knnWiden
	if p.knnRel != nil && limit >= 0 {
		widen = p.startWiden(b, scanBudget(limit, offset)) // join_knn.go
	}
	srcLimit := p.srcLimit(limit)
	node, err := p.execSourceVia(ctx, x, e, b, srcLimit, offset, ps)
	if err != nil {
		return nil, nil, err
	}
	src = node
	st := x.analyze.traceSelect(p, node) // explain_analyze.go
	if st != nil && p.join != nil {
		st.join = node
		if f, ok := node.(*ir.Filter); ok {
			st.join = f.Input
		}
	}
	if node, err = p.execSemis(ctx, x, e, b, node); err != nil { // semijoin_exec.go: above the traced source
		return nil, nil, err
	}
	var grouped *groupedExpr // how the nodes above read an Aggregate's rows
	if p.aggs != nil {
		node = p.execAggregate(e, b, node) // exec_group.go
		grouped = &groupedExpr{keys: len(p.group)}
		st.setAgg(node)
	}
	node = p.execWindows(e, b, node, grouped, st) // exec_window.go
	node = p.withProjectSet(node, true)           // select_srf.go
	switch {
	case p.windowsSorted(): // exec_window.go
	case p.knnSorted(srcLimit, offset): // the k-NN index scan is the TopK (knnEach)
		st.setSort(node)
	case len(p.order) > 0 && limit >= 0 && !p.distinct && p.lock == nil:
		node = &ir.TopK{Unary: ir.Unary{Input: node}, Keys: p.execSortKeys(grouped), K: int64(scanBudget(limit, offset)),
			OwnRows: p.join != nil && grouped == nil}
		st.setSort(node)
		if widen != nil {
			node = &ir.Widen{Unary: ir.Unary{Input: node}, Need: int64(widen.k), Again: widen}
		}
	case p.knnOrdersAll(x, limit): // the index scan gives every row in ORDER BY order (indexscan_all.go)
	case len(p.order) > 0:
		node = &ir.Sort{Unary: ir.Unary{Input: node}, Keys: p.execSortKeys(grouped), OwnRows: p.join != nil && grouped == nil}
		st.setSort(node)
	}
	items := boundExprs(p.items)
	if grouped != nil {
		items = groupedExprs(p.items, grouped.keys)
	}
	items = p.windowed(items)
	if p.distinct {
		return p.execDistinct(node, grouped, limit, offset), src, nil
	}
	if p.lock != nil {
		var locker ir.RowLocker = &rowLocker{ctx: ctx, p: p, x: x, e: e} // rowlock.go
		if p.join != nil {
			locker = &joinLocker{ctx: ctx, p: p, x: x, e: e} // rowlock_join.go
		}
		node = p.withLockRows(node, locker)
		st.setLock(node)
	}
	node = p.withLimit(node, limit, offset)
	st.setLimit(node)
	if p.passesRows() {
		return node, src, nil
	}
	return &ir.Project{Info: ir.Info{Out: planColumns(p.cols)}, Unary: ir.Unary{Input: node}, Exprs: items}, src, nil
}

// execDistinct is SELECT DISTINCT [ON] over the sorted rows in: a
// Project of the select list (and the DISTINCT ON keys after it), a
// Distinct on the select list's values or the ON keys, the Limit, and a
// Project dropping the ON keys. Under a LIMIT a Sort without keys holds
// the projected rows first, so that every row is projected (and its
// errors raised) before the Limit stops reading, as vecgres always
// has.
func (p *selectPlan) execDistinct(in ir.Node, grouped *groupedExpr, limit, offset int64) ir.Node {
	wrap := func(xs []expr) []ir.Expr {
		if grouped != nil {
			return p.windowed(groupedExprs(xs, grouped.keys))
		}
		return p.windowed(boundExprs(xs))
	}
	exprs := append(wrap(p.items), wrap(p.distinctOn)...)
	var node ir.Node = &ir.Project{Unary: ir.Unary{Input: in}, Exprs: exprs}
	if limit >= 0 {
		node = &ir.Sort{Unary: ir.Unary{Input: node}}
	}
	var on []ir.Expr
	for i := range p.distinctOn {
		on = append(on, colRef(len(p.items)+i))
	}
	node = p.withLimit(&ir.Distinct{Unary: ir.Unary{Input: node}, On: on}, limit, offset)
	if on == nil {
		return node
	}
	cols := make([]ir.Expr, len(p.items))
	for i := range cols {
		cols[i] = colRef(i)
	}
	return &ir.Project{Info: ir.Info{Out: planColumns(p.cols)}, Unary: ir.Unary{Input: node}, Exprs: cols}
}

// execSource is the node of the rows of the FROM item that pass WHERE,
// its reader registered in src:
//   - no FROM: a Result's one row under a Filter of WHERE;
//   - a derived table: the inner query's rows that pass WHERE, the inner
//     query run to its end first (derivedRows, so that its errors are
//     raised whatever the LIMIT above);
//   - a k-NN query with LIMIT an HNSW index serves: the rows knnRun
//     returns (indexscan.go), or the scan below when the query vector is
//     NULL; without LIMIT under enable_seqscan = off (knnOrdersAll),
//     every row in order (indexScan.allRows);
//   - else the scan physicalScan builds: the B-tree scan chooseBTree
//     picks, else the table's or generate_series's, WHERE applied.
func (p *selectPlan) execSource(ctx context.Context, x *execCtx, e *env, b *execBuild, limit, offset int64) (ir.Node, error) {
	ps, err := p.sourcePath(x, e, limit)
	if err != nil {
		return nil, err
	}
	return p.execSourceVia(ctx, x, e, b, limit, offset, ps)
}

// execSourceVia is execSource with ps, the B-tree scan sourcePath chose.
func (p *selectPlan) execSourceVia(ctx context.Context, x *execCtx, e *env, b *execBuild, limit, offset int64, ps *pathScan) (ir.Node, error) {
	var leaf ir.Node
	switch {
	case p.table == nil:
		return p.execWhere(&ir.Result{}), nil
	case p.join != nil:
		n, err := p.execJoin(ctx, x, e, b) // join_exec.go
		if err != nil {
			return nil, err
		}
		return p.execWhere(n), nil
	case p.derived != nil:
		leaf = &ir.SubqueryScan{Info: ir.Info{Out: tableColumns(p.table)}, ScanInfo: p.scanInfo()}
	case p.knnSource(x, limit):
		leaf = &ir.IndexScan{Info: ir.Info{Out: tableColumns(p.table)}, ScanInfo: p.scanInfo(),
			Kind: ir.HNSW, Indexes: []string{p.scan.ix.Name}}
	default:
		leaf = p.execScan(ps)
	}
	b.src.add(leaf, p.sourceReader(ctx, x, e, limit, offset, ps))
	return leaf, nil
}

// knnSource reports whether the FROM item's rows come from the k-NN
// index scan (knnEach): a k-NN query with LIMIT, or one that
// knnOrdersAll lets the index answer whole.
func (p *selectPlan) knnSource(x *execCtx, limit int64) bool {
	return p.scan != nil && (limit >= 0 || p.knnOrdersAll(x, limit))
}

// sourcePath is the access-path rule of a plain scan of a table for this
// execution: the B-tree scan chooseBTree picks, nil for a sequential
// scan and for every other FROM item.
func (p *selectPlan) sourcePath(x *execCtx, e *env, limit int64) (*pathScan, error) {
	if p.table == nil || p.join != nil || p.derived != nil || p.series != nil || p.knnSource(x, limit) {
		return nil, nil
	}
	return p.chooseBTree(x, e) // filter_scan.go
}

// sourceReader is the reader of the leaf execSourceVia makes for a
// derived table, a k-NN or a plain scan (ps its B-tree scan, nil for a
// sequential one), for this execution.
func (p *selectPlan) sourceReader(ctx context.Context, x *execCtx, e *env, limit, offset int64, ps *pathScan) func(pexec.Emit) error {
	switch {
	case p.derived != nil:
		return func(emit pexec.Emit) error {
			before := x.mem.Used()
			rows, err := p.derivedRows(ctx, x, e) // derived.go
			if err != nil {
				return err
			}
			if p.rescanned { // run again per row of a LATERAL join: hold one run's rows at a time
				defer x.mem.Release(x.mem.Used() - before)
			}
			return emitRows(rows, emit)
		}
	case p.knnSource(x, limit):
		k := -1 // every row (indexscan_all.go)
		if limit >= 0 {
			k = scanBudget(limit, offset)
		}
		sorted := p.knnSorted(limit, offset)
		return func(emit pexec.Emit) error { return p.knnEach(ctx, x, e, k, sorted, emit) }
	}
	return func(emit pexec.Emit) error { return p.scanEach(ctx, x, e, ps, emit) }
}

// execScan is the leaf of the scan physicalScan describes for ps (a
// B-tree IndexScan, else the FROM item's sequential or function scan)
// without its EXPLAIN text: an exec tree's leaf only keys its source and
// EXPLAIN ANALYZE's count, and the lowered tree prints the conditions,
// so a run formats none of them.
func (p *selectPlan) execScan(ps *pathScan) ir.Node {
	info, si := ir.Info{Out: p.execScanCols()}, p.scanInfo()
	switch {
	case ps != nil:
		return &ir.IndexScan{Info: info, ScanInfo: si, Kind: ir.BTree}
	case p.series != nil:
		return &ir.FunctionScan{Info: info, ScanInfo: si, Func: p.series.name}
	}
	return &ir.SeqScan{Info: info, ScanInfo: si}
}

// tableCols are tableColumns(t).
type tableCols struct {
	t    *catalog.Table
	cols []ir.Column
}

// execScanCols is tableColumns(p.table), made once per plan and table:
// the runs of a prepared plan share it (no run changes it).
func (p *selectPlan) execScanCols() []ir.Column {
	if c := p.scanCols.Load(); c != nil && c.t == p.table {
		return c.cols
	}
	c := &tableCols{t: p.table, cols: tableColumns(p.table)}
	p.scanCols.Store(c)
	return c.cols
}

// execWhere is n under a Filter of WHERE, or n when the query has none.
func (p *selectPlan) execWhere(n ir.Node) ir.Node {
	if p.where == nil {
		return n
	}
	return &ir.Filter{Unary: ir.Unary{Input: n}, Cond: formatBound(p.where), Pred: boundExpr{p.where}}
}

// knnSorted reports whether the k-NN index scan stands for the query's
// TopK: a LIMIT query (limit + offset > 0; a TopK of none reads no row)
// whose one ORDER BY distance the scan serves, with nothing between the
// scan and the TopK (no join, aggregate, window, DISTINCT, semi join or
// set-returning function). The scan's rows come in ORDER BY order with
// their distances already computed (the graph's or the exact ones,
// indexscan.go), so a TopK over them would only evaluate each row's
// distance again to keep the same rows in the same order; knnEach does
// its holding and charging instead.
func (p *selectPlan) knnSorted(limit, offset int64) bool {
	return p.scan != nil && limit >= 0 && scanBudget(limit, offset) > 0 &&
		p.join == nil && p.derived == nil && p.series == nil && p.aggs == nil &&
		p.wins == nil && !p.distinct && p.semis == nil && p.srfs == nil && !p.knnBudget
}

// knnEach pushes the k rows nearest the query vector that pass WHERE, in
// distance order, to fn (indexScan.rows; the operator above charges
// them), every such row when k < 0 (indexScan.allRows); when the query
// vector is NULL, the rows the B-tree or sequential scan reads. When
// sorted (knnSorted: no TopK above), knnEach does what that TopK did:
// each row is charged its distance's size, and under a NULL query vector
// every scanned row's distance is evaluated and the first k rows are held
// until the scan ends (topKFirst).
func (p *selectPlan) knnEach(ctx context.Context, x *execCtx, e *env, k int, sorted bool, fn func([]any) error) error {
	var tr *planTrace // what EXPLAIN ANALYZE reports of the k-NN scan
	if x.analyze != nil {
		tr = x.analyze.traces[p]
	}
	var rows []keyedRow
	var handled bool
	var err error
	if k < 0 {
		rows, handled, err = p.scan.allRows(ctx, p, x, e, tr) // indexscan_all.go
	} else {
		rows, handled, err = p.scan.rows(ctx, p, x, e, k, tr)
	}
	if err != nil {
		return err
	}
	if !handled {
		ps, err := p.chooseBTree(x, e)
		if err != nil {
			return err
		}
		if sorted {
			return p.topKFirst(ctx, x, e, ps, k, fn)
		}
		return p.scanEach(ctx, x, e, ps, fn)
	}
	countIndexScan(p.table, p.scan.ix, len(rows)) // access_stats.go
	if sorted {
		for _, r := range rows {
			if err := x.mem.Charge(r.keyCharge()); err != nil {
				return err
			}
		}
	}
	return emitRows(rows, fn)
}

// topKFirst is the TopK of k rows over the scan ps (or the table's) when
// the query vector is NULL: every row's ORDER BY distance is NULL, so the
// TopK keeps the first k rows in scan order; it still evaluates each
// row's distance (its errors are raised), charges each row it holds and
// reads the whole scan before it emits.
func (p *selectPlan) topKFirst(ctx context.Context, x *execCtx, e *env, ps *pathScan, k int, fn func([]any) error) error {
	var held [][]any
	err := p.scanEach(ctx, x, e, ps, func(row []any) error {
		e.row = row
		key, err := p.order[0].x.Eval(e)
		if err != nil {
			return err
		}
		if len(held) >= k {
			return nil
		}
		if err := x.mem.Charge(memacct.RowSize([]any{key})); err != nil {
			return err
		}
		held = append(held, row)
		return nil
	})
	if err != nil {
		return err
	}
	for _, row := range held {
		if err := fn(row); err != nil {
			return err
		}
	}
	return nil
}

// emitRows pushes held rows to fn.
func emitRows(rows []keyedRow, fn func([]any) error) error {
	for _, r := range rows {
		if err := fn(r.row); err != nil {
			return err
		}
	}
	return nil
}

// execSortKeys are p's ORDER BY keys with their executable keys, over an
// Aggregate's rows when grouped is not nil.
func (p *selectPlan) execSortKeys(grouped *groupedExpr) []ir.SortKey {
	keys := p.sortKeys()
	for i, k := range p.order {
		keys[i].Key = sortKeyExpr{k: k, grouped: grouped}
	}
	return p.windowedKeys(keys)
}

// scanEach pushes the FROM item's rows that pass WHERE to fn:
// generate_series's, the B-tree scan ps's, or the table's in slot order.
func (p *selectPlan) scanEach(ctx context.Context, x *execCtx, e *env, ps *pathScan, fn func([]any) error) error {
	switch {
	case p.series != nil:
		return p.seriesEach(ctx, e, fn)
	case ps != nil:
		return p.btreeEach(ctx, x, e, ps, fn)
	}
	return p.seqEach(ctx, x, e, fn)
}

// passesRows reports whether p's rows are its scan's rows as they are: a
// readOnly plan of one table without slots whose select list is every
// column of the table in order.
func (p *selectPlan) passesRows() bool {
	if !p.readOnly || p.withSlots || p.table == nil || len(p.items) != len(p.table.Columns) {
		return false
	}
	for i, x := range p.items {
		if c, ok := x.(*colExpr); !ok || c.idx != i {
			return false
		}
	}
	return true
}
