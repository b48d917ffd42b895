package planner

import (
	"context"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// A set operation's plan tree, built by one function (tree) for its
// execution and its EXPLAIN alike, in the shape of PostgreSQL's plans:
// an Append of its sides (nested plain UNION ALLs flattened into one
// Append, as PostgreSQL's planner does), each side's rows converted to
// the result types by a Project; then for UNION an Aggregate grouping
// whole rows, for INTERSECT and EXCEPT [ALL] a SetOp (setop_run.go's
// semantics and order: the first copy of each row, left side first); a
// Sort for ORDER BY; a Limit for LIMIT/OFFSET. A side is a Side leaf:
// it runs on its own (planSource) when the Append first reads it, so
// under a Limit a UNION ALL side the LIMIT does not need never runs, as
// PostgreSQL's Append; EXPLAIN prints the side's own plan in its place.
//
// Execution (execTree) attaches to the tree what a run needs: the
// Limit's bounds evaluated for this execution and each Side's reader.
// EXPLAIN (lower_setop.go) attaches each Side's plan; EXPLAIN ANALYZE
// prints the tree that ran, each node with the rows it emitted.

// setOpTree is a set operation's plan tree: its root, its Limit (nil
// when none) and its Side leaves with the plans they read.
type setOpTree struct {
	root  ir.Node
	limit *ir.Limit
	sides []setOpSide
}

// setOpSide is a Side leaf of a set operation's tree and its plan.
type setOpSide struct {
	leaf *ir.Side
	pl   plan
}

// tree builds p's plan tree; it evaluates nothing (the Limit's bounds
// are execTree's).
func (p *setOpPlan) tree() *setOpTree {
	t := &setOpTree{}
	cols := planColumns(p.cols)
	app := &ir.Append{Info: ir.Info{Out: cols}, Inputs: p.appendInputs(t)}
	node := p.combineNode(app)
	if len(p.order) > 0 {
		keys := make([]ir.SortKey, len(p.order))
		for i, k := range p.order {
			keys[i] = ir.SortKey{Expr: p.cols[k.col].Name, Desc: k.desc, Key: colKeyExpr{col: k.col, k: k.orderKey}}
		}
		node = &ir.Sort{Unary: ir.Unary{Input: node}, Keys: keys}
	}
	if p.limit != nil || p.offset != nil {
		t.limit = &ir.Limit{Unary: ir.Unary{Input: node}, Count: -1}
		node = t.limit
	}
	t.root = node
	return t
}

// appendInputs are the inputs of p's Append, each side's rows converted
// to the result types: a side's Side leaf, or, for a side that is itself
// a plain UNION ALL under a UNION ALL, that side's own inputs.
func (p *setOpPlan) appendInputs(t *setOpTree) []ir.Node {
	sides := [2]struct {
		pl   plan
		conv []expr
	}{{p.left, p.lconv}, {p.right, p.rconv}}
	var out []ir.Node
	for _, side := range sides {
		if s, ok := side.pl.(*setOpPlan); ok && p.eq == nil && s.plainUnionAll() {
			for _, in := range s.appendInputs(t) {
				out = append(out, converted(in, side.conv))
			}
			continue
		}
		leaf := &ir.Side{Info: ir.Info{Out: planColumns(side.pl.columns())}}
		t.sides = append(t.sides, setOpSide{leaf: leaf, pl: side.pl})
		out = append(out, converted(leaf, side.conv))
	}
	return out
}

// plainUnionAll reports whether p is a UNION ALL without ORDER BY,
// LIMIT or OFFSET, whose sides an enclosing UNION ALL's Append reads
// directly.
func (p *setOpPlan) plainUnionAll() bool {
	return p.eq == nil && len(p.order) == 0 && p.limit == nil && p.offset == nil
}

// combineNode is the node over app that removes or counts duplicates:
// for UNION an Aggregate grouping whole rows (Groups nil), printed with
// every column as its group key; app itself for UNION ALL.
func (p *setOpPlan) combineNode(app *ir.Append) ir.Node {
	cols := app.Out
	switch {
	case p.eq == nil:
		return app
	case p.op == sql.SetUnion:
		names := make([]string, len(p.cols))
		for i, c := range p.cols {
			names[i] = c.Name
		}
		return &ir.Aggregate{Info: ir.Info{Out: cols}, Unary: ir.Unary{Input: app}, GroupKeys: names}
	}
	op := ir.Intersect
	if p.op == sql.SetExcept {
		op = ir.Except
	}
	return &ir.SetOp{Info: ir.Info{Out: cols}, Unary: ir.Unary{Input: app}, Op: op, All: p.all}
}

// runRows implements rowStreamer.
func (p *setOpPlan) runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	return runExec(ctx, p, x, w)
}

// execTree implements execTreer: p's tree with its Limit's bounds for
// this execution and each Side read by planSource. The tree is built
// once per bound statement and shared by its runs (no run changes a
// node), all but the Limit, copied per run with its bounds; under
// EXPLAIN ANALYZE a tree of its own is built and kept for EXPLAIN to
// print (explain_analyze.go).
func (p *setOpPlan) execTree(ctx context.Context, x *execCtx, e *env, b *execBuild) (ir.Node, error) {
	limit, offset, err := evalLimitOffset(e, p.limit, p.offset)
	if err != nil {
		return nil, err
	}
	t := p.built.Load()
	if x.analyze != nil {
		t = p.tree()
		x.analyze.setOps[p] = t
	} else if t == nil {
		t = p.tree()
		p.built.Store(t)
	}
	for _, s := range t.sides {
		b.src.add(s.leaf, planSource(ctx, x, s.pl))
	}
	if t.limit == nil {
		return t.root, nil
	}
	l := t.limit          // the root
	if x.analyze == nil { // the shared Limit keeps no run's bounds
		c := *l
		l = &c
	}
	l.Count, l.Offset = limit, offset
	return l, nil
}

// converted is n's rows in the result types: a Project of conv over n
// (colRef for a column that needs none), or n itself when none does.
func converted(n ir.Node, conv []expr) ir.Node {
	exprs := make([]ir.Expr, len(conv))
	needs := false
	for j, c := range conv {
		exprs[j] = colRef(j)
		if c != nil {
			exprs[j], needs = boundExpr{c}, true
		}
	}
	if !needs {
		return n
	}
	return &ir.Project{Unary: ir.Unary{Input: n}, Exprs: exprs}
}
