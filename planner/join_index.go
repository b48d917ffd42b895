package planner

import (
	"context"
	"math"

	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
)

// Index nested loop: a join whose right side is a table with a B-tree
// index (or primary key) on a column its condition equates with the
// left side may read, for each left row, only the right rows that index
// finds for the left row's value: the right relation's plan gets the
// condition `col = <left row's value>` (an outerColExpr, as a LATERAL
// subquery reads its row) and is run again for each left row. It is
// chosen by cost, when the left side is small enough that its probes
// read fewer rows than the hash join's build of the right side
// (useIndexLoop).

// indexLoop is the parameterized plan of a join node's right relation.
type indexLoop struct {
	plan  *selectPlan
	scope *outerScope
	key   expr // the equality the index answers, over the joined row
}

// planIndexLoops gives each INNER or LEFT join of t whose right side is
// a table with an index on a column it equates with the left side its
// indexLoop.
func (b *binder) planIndexLoops(p *selectPlan, t joinTree) error {
	n, ok := t.(*joinNode)
	if !ok {
		return nil
	}
	if err := b.planIndexLoops(p, n.left); err != nil {
		return err
	}
	if err := b.planIndexLoops(p, n.right); err != nil {
		return err
	}
	leaf, ok := n.right.(*joinLeaf)
	if !ok || n.lateral != nil || (n.kind != sql.JoinInner && n.kind != sql.JoinLeft) || !b.s.settings.flag("enable_indexscan") {
		return nil
	}
	r := leaf.rel
	if _, isTable := r.item.(*sql.TableRef); !isTable {
		return nil
	}
	for _, c := range n.conds {
		l, rk, ok := p.hashKey(c, n)
		col, isCol := rk.(*colExpr)
		if !ok || !isCol || asColumn(l) == nil {
			continue
		}
		scope := &outerScope{}
		own := &colExpr{idx: col.idx - r.off, t: col.t, name: col.name, qual: col.qual}
		cond := b.makeBinary("=", own, &outerColExpr{scope: scope, col: asColumn(l)})
		if cond == nil || findIndexPath(r.plan.table, cond) == nil {
			continue
		}
		pl, err := b.planRelation(r, r.pushed)
		if err != nil {
			return err
		}
		pl.where = andExprOf(append(conjunctsOf(pl.where), cond))
		pl.path = findIndexPath(pl.table, pl.where)
		n.index = &indexLoop{plan: pl, scope: scope, key: c.x}
		return nil
	}
	return nil
}

// asColumn is x when it is a column of the joined row, nil otherwise.
func asColumn(x expr) *colExpr {
	c, _ := x.(*colExpr)
	return c
}

// conjunctsOf splits a bound condition at its top-level ANDs.
func conjunctsOf(x expr) []expr {
	switch v := x.(type) {
	case nil:
		return nil
	case *andExpr:
		return append([]expr(nil), v.args...)
	}
	return []expr{x}
}

// useIndexLoop reports whether probing the right side's index once per
// left row (lrows probes of about log2(rrows) steps) costs less than
// hashing all rrows right rows.
func useIndexLoop(lrows, rrows float64) bool {
	return lrows*max(math.Log2(max(rrows, 1)), 1)*4 < rrows
}

// indexLoopLeaf is the exec node of an index loop's right side: the
// parameterized plan run for the left row the join published, its rows
// widened to the joined row.
func (p *selectPlan) indexLoopLeaf(ctx context.Context, x *execCtx, b *execBuild, il *indexLoop, r *rangeRel) ir.Node {
	leaf := &ir.SubqueryScan{Info: ir.Info{Out: tableColumns(il.plan.table)}, ScanInfo: ir.ScanInfo{Relation: r.ref}}
	b.src.add(leaf, func(emit pexec.Emit) error {
		before := x.mem.Used()
		res, err := runQuery(ctx, il.plan, x) // exec_run.go
		if err != nil {
			return err
		}
		defer x.mem.Release(x.mem.Used() - before) // one probe's rows are held at a time
		for _, row := range res.Rows {
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	})
	return p.widen(leaf, r)
}

// widen is n, rows of relation r, as rows of the joined row's width.
func (p *selectPlan) widen(n ir.Node, r *rangeRel) ir.Node {
	exprs := make([]ir.Expr, p.join.width)
	for i := range exprs {
		exprs[i] = boundExpr{&constExpr{}}
		if i >= r.off && i < r.off+len(r.cols) {
			exprs[i] = colRef(i - r.off)
		}
	}
	return &ir.Project{Unary: ir.Unary{Input: n}, Exprs: exprs}
}
