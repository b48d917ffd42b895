package planner

import (
	"context"
	"math"

	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
)

// k-NN under a join. A query over a join ordered by one distance over a
// single relation's column, with a LIMIT,
//
//	SELECT ... FROM items i JOIN meta m ON m.item_id = i.id
//	ORDER BY i.embedding <-> $1 LIMIT 10
//
// reads that relation through its HNSW index instead of joining every
// row and sorting: the relation's own plan gets the query's ORDER BY and
// LIMIT (pushKNN), so that chooseIndex gives it its index scan, and each
// execution reads a budget of the nearest rows (knnWiden.k, first LIMIT +
// OFFSET), joins them, and when fewer than LIMIT + OFFSET joined rows
// pass the join and WHERE while the scan gave its whole budget, runs
// again with four times the budget (plan.Widen). The answer is never
// short, and it is the answer of joining every row and sorting: a joined
// row built from a row past the budget is at least as far as every row
// of the budget, so the nearest LIMIT + OFFSET joined rows come from the
// budget whenever it gives that many. (An HNSW search within
// hnsw.ef_search is approximate, as for one table.) PostgreSQL gets
// there with a nested loop over an index scan that reads on while rows
// are asked for.
//
// The relation must be a table on a side of every join above it that is
// not null-extended (either side of an inner join, the left of a LEFT
// JOIN), so that limiting its rows limits the joined rows and nothing
// else; the query must have no aggregate, GROUP BY, window, DISTINCT or
// set-returning select list, and its ORDER BY one key written as an
// expression (a bare name or ordinal may name an output column) without
// a subquery.

// knnWiden is one execution's budget for a pushed k-NN scan.
type knnWiden struct {
	k   int // rows the scan reads this run
	got int // rows it gave in the last run
}

// Again implements plan.Widener: another run can give more when the
// last one gave its whole budget (and no more: a NULL query vector
// scans every row); the budget grows fourfold.
func (w *knnWiden) Again() bool {
	if w.got != w.k || w.k > math.MaxInt/4 {
		return false
	}
	w.k *= 4
	return true
}

// pushKNN gives the relation p's ORDER BY reads its own ORDER BY and
// LIMIT when p qualifies (see above) and the relation's plan then has an
// HNSW scan; p.knnRel is then that relation.
func (b *binder) pushKNN(p *selectPlan, x *sql.Select) {
	if x.Limit == nil || len(x.OrderBy) != 1 || len(p.order) != 1 || p.order[0].desc || p.order[0].nullsFirst ||
		p.aggs != nil || p.group != nil || p.wins != nil || p.distinct || p.srfs != nil || p.lock != nil {
		return
	}
	if _, ok := p.order[0].x.(*distExpr); !ok {
		return
	}
	switch x.OrderBy[0].Expr.(type) {
	case *sql.ColumnRef, *sql.Const:
		return
	}
	if hasSubLink(x.OrderBy[0].Expr) { // the relation's plan would run its own copy of the subquery
		return
	}
	r := p.join.onlyRel(p.order[0].x)
	if r == nil || !preserved(p.join.root, r.id) {
		return
	}
	if _, isTable := r.item.(*sql.TableRef); !isTable {
		return
	}
	pl, err := b.planRelationOrdered(r, x.OrderBy[0], x.Limit)
	if err != nil || pl.scan == nil {
		return // the plain plan stands: join, then sort
	}
	pl.knnBudget = true
	r.plan, p.knnRel = pl, r
}

// planRelationOrdered is planRelation of r's pushed conditions with the
// query's ORDER BY item and LIMIT.
func (b *binder) planRelationOrdered(r *rangeRel, order sql.OrderItem, limit sql.Expr) (*selectPlan, error) {
	return b.planRelationWith(r, r.pushed, func(sel *sql.Select) {
		sel.OrderBy, sel.Limit = []sql.OrderItem{order}, limit
	})
}

// onlyRel is the relation every column x reads belongs to; nil when x
// reads none, or columns of several.
func (j *joinSource) onlyRel(x expr) *rangeRel {
	var found *rangeRel
	ok := true
	var walk func(expr)
	walk = func(e expr) {
		if c, isCol := e.(*colExpr); isCol {
			r := j.relOf(c.idx)
			if r == nil || (found != nil && found != r) {
				ok = false
			}
			found = r
		}
		for _, ch := range children(e) {
			walk(ch)
		}
	}
	walk(x)
	if !ok {
		return nil
	}
	return found
}

// relOf is the relation whose columns include joined-row column i.
func (j *joinSource) relOf(i int) *rangeRel {
	for _, r := range j.rels {
		if i >= r.off && i < r.off+len(r.cols) {
			return r
		}
	}
	return nil
}

// preserved reports whether every join above relation id in t keeps
// each of its rows as they are: it is on either side of an inner or
// cross join, the left of a LEFT JOIN or the right of a RIGHT JOIN.
func preserved(t joinTree, id int) bool {
	n, ok := t.(*joinNode)
	if !ok {
		return t.relset().has(id)
	}
	switch {
	case n.left.relset().has(id):
		return n.kind != sql.JoinRight && n.kind != sql.JoinFull && preserved(n.left, id)
	case n.right.relset().has(id):
		return n.kind != sql.JoinLeft && n.kind != sql.JoinFull && preserved(n.right, id)
	}
	return false
}

// startWiden registers in b the budget of k rows the pushed scan of
// p.knnRel reads in this execution (budgetTree); the Widen over p's
// TopK (execTree) asks it for more.
func (p *selectPlan) startWiden(b *execBuild, k int) *knnWiden {
	w := &knnWiden{k: k}
	if b.widen == nil {
		b.widen = map[*selectPlan]*knnWiden{}
	}
	b.widen[p.knnRel.plan] = w
	return w
}

// budgetTree is the exec tree of a relation plan whose k-NN scan reads
// the budget w: the nearest w.k rows passing its WHERE, in distance
// order, under the Project of its select list.
func (p *selectPlan) budgetTree(ctx context.Context, x *execCtx, e *env, b *execBuild, w *knnWiden) ir.Node {
	leaf := &ir.IndexScan{Info: ir.Info{Out: tableColumns(p.table)}, ScanInfo: p.scanInfo(),
		Kind: ir.HNSW, Indexes: []string{p.scan.ix.Name}}
	b.src.add(leaf, func(emit pexec.Emit) error {
		n := 0
		err := p.knnEach(ctx, x, e, w.k, false, func(row []any) error {
			n++
			return emit(row)
		})
		w.got = n
		return err
	})
	return &ir.Project{Info: ir.Info{Out: planColumns(p.cols)}, Unary: ir.Unary{Input: leaf}, Exprs: boundExprs(p.items)}
}
