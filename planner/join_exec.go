package planner

import (
	"context"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// The plan tree of a joined FROM clause, for planner/exec and for
// EXPLAIN alike (joinIR): each relation's rows as its own plan reads
// them, widened to the joined row, and a Join per join node. A join
// whose condition has equalities between an expression over each side
// is a hash join that holds the side estimated smaller, or an index
// nested loop when its left side is small and the right table has a
// B-tree on the equated column (join_index.go); any other join, and a
// LATERAL one, is a nested loop.

// joinLeafFunc returns the node of a relation's rows: as its plan reads
// them (il nil), or as the index loop il reads them for one left row.
type joinLeafFunc func(r *rangeRel, il *indexLoop) (ir.Node, error)

// execJoin is the exec tree of p's joined rows.
func (p *selectPlan) execJoin(ctx context.Context, x *execCtx, e *env, b *execBuild) (ir.Node, error) {
	return p.joinIR(x, e, p.join.root, func(r *rangeRel, il *indexLoop) (ir.Node, error) {
		if il != nil {
			return p.indexLoopLeaf(ctx, x, b, il, r), nil // join_index.go
		}
		n, err := r.plan.execTree(ctx, x, e, b) // select_exec.go
		if err != nil {
			return nil, err
		}
		return p.widen(n, r), nil
	})
}

// lowerJoin is the EXPLAIN tree of p's joined rows.
func (p *selectPlan) lowerJoin(x *execCtx, e *env) (ir.Node, error) {
	return p.joinIR(x, e, p.join.root, func(r *rangeRel, il *indexLoop) (ir.Node, error) {
		if il != nil {
			return il.plan.lowerRows(x, nil)
		}
		n, err := r.plan.lowerRows(x, nil) // lower_select.go
		if sq, ok := n.(*ir.SubqueryScan); ok && err == nil {
			sq.Query, err = lowerPlan(r.plan.derived.plan, x, nil) // the subquery's plan, under its scan
		}
		if sp, ok := derivedPlan(r.plan).(*sharedPlan); ok && err == nil {
			err = x.noteCTE(sp) // cte_explain.go
		}
		return n, err
	})
}

// joinIR builds t with leaf for its relations.
func (p *selectPlan) joinIR(x *execCtx, e *env, t joinTree, leaf joinLeafFunc) (ir.Node, error) {
	if l, ok := t.(*joinLeaf); ok {
		n, err := leaf(l.rel, nil)
		if err != nil {
			return nil, err
		}
		n.Base().Est = ir.Rows(relEstimate(x, e, l.rel))
		return n, nil
	}
	jn := t.(*joinNode)
	left, err := p.joinIR(x, e, jn.left, leaf)
	if err != nil {
		return nil, err
	}
	if il := jn.index; il != nil {
		r := jn.right.(*joinLeaf).rel
		if rrows := relEstimate(x, e, r); useIndexLoop(left.Base().Est.Rows, rrows) {
			return p.indexLoopJoin(x, e, jn, left, leaf)
		}
	}
	right, err := p.joinIR(x, e, jn.right, leaf)
	if err != nil {
		return nil, err
	}
	j := &ir.Join{Kind: joinKinds[jn.kind], Left: left, Right: right}
	var lkeys, rkeys, eqs, rest []expr
	for _, c := range jn.conds {
		if l, r, ok := p.hashKey(c, jn); ok && jn.lateral == nil {
			lkeys, rkeys, eqs = append(lkeys, l), append(rkeys, r), append(eqs, c.x)
			continue
		}
		rest = append(rest, c.x)
	}
	if pred := andExprOf(rest); pred != nil {
		j.Cond, j.Pred = formatBound(pred), boundExpr{pred}
	}
	lrows, rrows := left.Base().Est.Rows, right.Base().Est.Rows
	j.Est = ir.Rows(max(lrows, rrows))
	if len(lkeys) > 0 {
		j.Method, j.HashCond = ir.HashJoin, formatBound(andExprOf(eqs))
		j.LeftKeys, j.RightKeys = boundExprs(lkeys), boundExprs(rkeys)
		if lrows < rrows { // hold the smaller side
			j.Left, j.Right, j.LeftKeys, j.RightKeys = j.Right, j.Left, j.RightKeys, j.LeftKeys
			j.Kind = mirrored[j.Kind]
		}
		j.Right = &ir.Hash{Info: ir.Info{Est: j.Right.Base().Est}, Unary: ir.Unary{Input: j.Right}}
	}
	hold := jn.right
	if j.Left != left {
		hold = jn.left
	}
	j.RightCols = p.join.columnsOf(hold)
	if jn.lateral != nil {
		j.Rescan = lateralRow{x: x, scope: jn.lateral.outer.provides}
	}
	return j, nil
}

// joinKinds maps the dialect's join kinds to the IR's.
var joinKinds = map[sql.JoinKind]ir.JoinKind{sql.JoinInner: ir.InnerJoin, sql.JoinLeft: ir.LeftJoin,
	sql.JoinRight: ir.RightJoin, sql.JoinFull: ir.FullJoin, sql.JoinCross: ir.CrossJoin}

// mirrored is the kind of a join with its sides swapped.
var mirrored = map[ir.JoinKind]ir.JoinKind{ir.InnerJoin: ir.InnerJoin, ir.CrossJoin: ir.CrossJoin,
	ir.LeftJoin: ir.RightJoin, ir.RightJoin: ir.LeftJoin, ir.FullJoin: ir.FullJoin}

// columnsOf is the ranges of joined-row columns t's relations fill, one
// per run of adjacent relations (a reordered comma list's subtree may
// hold relations that are not adjacent in the row).
func (j *joinSource) columnsOf(t joinTree) [][2]int {
	var out [][2]int
	for _, r := range j.rels {
		if !t.relset().has(r.id) {
			continue
		}
		if n := len(out); n > 0 && out[n-1][1] == r.off {
			out[n-1][1] = r.off + len(r.cols)
			continue
		}
		out = append(out, [2]int{r.off, r.off + len(r.cols)})
	}
	return out
}

// hashKey splits an equality whose operands read one side of n each
// into the left side's operand and the right side's, when = on their
// types is the equality of their hash keys (types.AppendKey). The
// operands' relations are the condition's sides, or, for USING's,
// those of its columns.
func (p *selectPlan) hashKey(cond joinCond, n *joinNode) (l, r expr, ok bool) {
	c, isCmp := cond.x.(*cmpExpr)
	if !isCmp || c.op != "=" || !hashable(c.l.Type(), c.r.Type()) {
		return nil, nil, false
	}
	lr, rr := cond.sides[0], cond.sides[1]
	if cond.src == nil {
		lr, rr = p.join.keyRel(c.l), p.join.keyRel(c.r)
	}
	switch {
	case lr.within(n.left.relset()) && rr.within(n.right.relset()) && lr != 0 && rr != 0:
		return c.l, c.r, true
	case rr.within(n.left.relset()) && lr.within(n.right.relset()) && lr != 0 && rr != 0:
		return c.r, c.l, true
	}
	return nil, nil, false
}

// keyRel is the relation a hash key operand reads: a column, or a cast
// of one; 0 for anything else.
func (j *joinSource) keyRel(x expr) relSet {
	if c, ok := x.(*castExpr); ok {
		x = c.x
	}
	col, ok := x.(*colExpr)
	if !ok {
		return 0
	}
	for _, r := range j.rels {
		if col.idx >= r.off && col.idx < r.off+len(r.cols) {
			return relBit(r.id)
		}
	}
	return 0
}

// hashable reports whether two values of types a and b are = exactly
// when their types.AppendKey keys are equal: the same type (bpchar
// aside, whose = ignores trailing blanks), integers of any width, text,
// varchar and name.
func hashable(a, b types.Type) bool {
	switch {
	case a.Kind == types.KindBpchar || b.Kind == types.KindBpchar || a.Kind == types.KindUnknown:
		return false
	case isIntKind(a.Kind) && isIntKind(b.Kind):
		return true
	case isText(a.Kind) && isText(b.Kind):
		return true
	}
	return a.Kind == b.Kind
}

func isText(k types.Kind) bool {
	return k == types.KindText || k == types.KindVarchar || k == types.KindName
}

// relEstimate is the rows relation r's plan returns by the estimator:
// its scan's rows times the selectivity of the conditions pushed to it.
func relEstimate(x *execCtx, e *env, r *rangeRel) float64 {
	if r.plan.derived != nil {
		return derivedEstimate(r.plan.derived.plan, e)
	}
	from := r.plan.logicalScan()
	r.plan.estimateScan(x, e, from)
	rows := from.Base().Est.Rows
	if r.plan.knnBudget { // a pushed k-NN scan reads about LIMIT rows (join_knn.go)
		if limit, _, err := r.plan.bounds(e); err == nil && limit >= 0 {
			rows = min(rows, float64(limit))
		}
	}
	return rows
}

// lateralRow is the plan.RowParam of a LATERAL join: it publishes the
// left row for the subquery's references (outerColExpr).
type lateralRow struct {
	x     *execCtx
	scope *outerScope
}

// SetRow implements plan.RowParam.
func (l lateralRow) SetRow(row []any) {
	if l.x.outer == nil {
		l.x.outer = map[*outerScope][]any{}
	}
	l.x.outer[l.scope] = row
}

// joinFilterSelectivity is the fraction of joined rows EXPLAIN estimates
// pass the WHERE conditions left above a join (PostgreSQL's default for
// an unknown condition, DEFAULT_INEQ_SEL).
const joinFilterSelectivity = 1.0 / 3

// readsOuterRow reports whether x is a column of an enclosing query's
// row (a LATERAL subquery's query vector), or a cast of one.
func readsOuterRow(x expr) bool {
	if c, ok := x.(*castExpr); ok {
		x = c.x
	}
	_, ok := x.(*outerColExpr)
	return ok
}

// lateralKNN is the HNSW scan EXPLAIN shows for a k-NN query whose query
// vector is a column of the row a LATERAL join is at: the scan runs for
// each of those rows (its strategy chosen then), so EXPLAIN, which has
// no row, shows the index and its ordering only.
func (p *selectPlan) lateralKNN(from ir.Node, limit, offset int64) ir.Node {
	scan, filter := unfilter(from)
	k := float64(scanBudget(limit, offset))
	return &ir.IndexScan{Info: ir.Info{Out: scan.Columns(), Est: ir.Rows(k)},
		ScanInfo: ir.ScanInfo{Relation: scan.Scan().Relation, Alias: scan.Scan().Alias, Filter: filter}, Kind: ir.HNSW,
		Indexes: []string{p.scan.ix.Name}, OrderBy: sortKeysText(p.sortKeys())}
}

// derivedEstimate is the rows EXPLAIN and the hash join's choice of side
// assume a subquery in FROM returns: its LIMIT when it is a constant,
// else PostgreSQL's default of 1000 rows for a relation it cannot size.
func derivedEstimate(pl plan, e *env) float64 {
	if sp, ok := pl.(*selectPlan); ok && sp.limit != nil {
		if limit, _, err := sp.bounds(e); err == nil && limit >= 0 {
			return float64(limit)
		}
	}
	return 1000
}

// indexLoopJoin is jn as an index nested loop over left: its right
// relation read for each left row by the index loop's plan.
func (p *selectPlan) indexLoopJoin(x *execCtx, e *env, jn *joinNode, left ir.Node, leaf joinLeafFunc) (ir.Node, error) {
	il, r := jn.index, jn.right.(*joinLeaf).rel
	right, err := leaf(r, il)
	if err != nil {
		return nil, err
	}
	right.Base().Est = ir.Rows(1)
	j := &ir.Join{Kind: joinKinds[jn.kind], Left: left, Right: right, Rescan: lateralRow{x: x, scope: il.scope}}
	var rest []expr
	for _, c := range jn.conds {
		if c.x != il.key {
			rest = append(rest, c.x)
		}
	}
	if pred := andExprOf(rest); pred != nil {
		j.Cond, j.Pred = formatBound(pred), boundExpr{pred}
	}
	j.Est = left.Base().Est
	j.RightCols = p.join.columnsOf(jn.right)
	return j, nil
}
