package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	ir "github.com/vecgres/vecgres/planner/plan"
)

// A SELECT's execution tree (select_exec.go) is a function of the bound
// plan and of a few values of each execution: LIMIT and OFFSET, whether
// enable_seqscan lets a k-NN index answer an ORDER BY without LIMIT, and
// whether the access-path rule (chooseBTree) reads a B-tree. A plan whose
// tree holds nothing else of its execution keeps its last tree and the
// shape it was built for; an execution of the same shape (a prepared
// statement run again with the same LIMIT, or with parameters the index
// choice does not turn on) runs that tree, attaching only this
// execution's reader of its one leaf (sourceReader: the access path's
// run for these parameters). No run changes a node (planner/exec builds
// its operators from the tree), so runs that overlap (portals of one
// statement) share it.

// execShape is what of one execution a reusable SELECT's tree depends on.
type execShape struct {
	table         *catalog.Table
	limit, offset int64
	ordersAll     bool // knnOrdersAll
	btree         bool // the access-path rule reads a B-tree
}

// execTemplate is a SELECT's tree for one shape and its leaf (nil for a
// query without FROM, whose Result needs no reader).
type execTemplate struct {
	shape execShape
	root  ir.Node
	leaf  ir.Node
}

// reusable reports whether p's tree may be kept across executions: a
// query of one FROM item (no join) whose tree has no node of its own
// execution (no aggregate or window accumulators, semi join sides or
// k-NN budget, no LockRows of this execution's transaction), run outside EXPLAIN ANALYZE (which keeps each run's
// nodes).
func (p *selectPlan) reusable(x *execCtx) bool {
	return x.analyze == nil && p.join == nil && p.aggs == nil && p.wins == nil && p.semis == nil &&
		p.knnRel == nil && !p.knnBudget && p.lock == nil
}

// reusedTree is execTree for a reusable p, ps its access path for this
// execution: the kept tree when this execution has its shape, else a
// tree built now and kept.
func (p *selectPlan) reusedTree(ctx context.Context, x *execCtx, e *env, b *execBuild, limit, offset int64, ps *pathScan) (ir.Node, error) {
	shape := execShape{table: p.table, limit: limit, offset: offset, ordersAll: p.knnOrdersAll(x, limit), btree: ps != nil}
	if t := p.kept.Load(); t != nil && t.shape == shape {
		if t.leaf != nil {
			b.src.add(t.leaf, p.sourceReader(ctx, x, e, p.srcLimit(limit), offset, ps))
		}
		return t.root, nil
	}
	root, src, err := p.buildTree(ctx, x, e, b, limit, offset, ps)
	if err != nil {
		return nil, err
	}
	t := &execTemplate{shape: shape, root: root}
	if p.table != nil { // src is the leaf sourceReader reads
		t.leaf = src
	}
	p.kept.Store(t)
	return root, nil
}
