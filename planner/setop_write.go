package planner

import (
	"context"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// A set operation runs through planner/exec (exec_run.go): an Append of
// its two sides (a side that is itself a set operation runs its own
// tree, from the side's leaf), each side's rows converted to the result
// types by a Project; then for UNION an Aggregate grouping whole rows,
// for INTERSECT and EXCEPT [ALL] a SetOp (setop_run.go's semantics and
// order: the first copy of each row, left side first); a Sort for ORDER
// BY; a Limit for LIMIT/OFFSET. A side starts only when the Append
// reaches it, so under a Limit a UNION ALL side the LIMIT does not need
// never runs, as PostgreSQL's Append.

// runRows implements rowStreamer.
func (p *setOpPlan) runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	return runExec(ctx, p, x, w)
}

// execTree implements execTreer.
func (p *setOpPlan) execTree(ctx context.Context, x *execCtx, e *env, b *execBuild) (ir.Node, error) {
	limit, offset, err := evalLimitOffset(e, p.limit, p.offset)
	if err != nil {
		return nil, err
	}
	cols := planColumns(p.cols)
	app := &ir.Append{Info: ir.Info{Out: cols}}
	p.appendSides(ctx, x, &b.src, app)
	nodes := &setOpNodes{app: app}
	var node ir.Node = app
	switch {
	case p.eq == nil: // UNION ALL
	case p.op == sql.SetUnion:
		node = &ir.Aggregate{Info: ir.Info{Out: cols}, Unary: ir.Unary{Input: app}, GroupKeys: []string{}}
		nodes.combine = node
	default:
		op := ir.Intersect
		if p.op == sql.SetExcept {
			op = ir.Except
		}
		node = &ir.SetOp{Info: ir.Info{Out: cols}, Unary: ir.Unary{Input: app}, Op: op, All: p.all}
		nodes.combine = node
	}
	if len(p.order) > 0 {
		keys := make([]ir.SortKey, len(p.order))
		for i, k := range p.order {
			keys[i] = ir.SortKey{Expr: p.cols[k.col].Name, Desc: k.desc, Key: colKeyExpr{col: k.col, k: k.orderKey}}
		}
		node = &ir.Sort{Unary: ir.Unary{Input: node}, Keys: keys}
		nodes.sort = node
	}
	if p.limit != nil || p.offset != nil {
		node = &ir.Limit{Unary: ir.Unary{Input: node}, Count: limit, Offset: offset}
		nodes.limit = node
	}
	if x.analyze != nil {
		x.analyze.setOps[p] = nodes // explain_analyze.go
	}
	return node, nil
}

// appendSides adds p's two sides to app, each read by planSource (a
// side that is itself a UNION ALL streams through its own tree) and
// converted to the result types.
func (p *setOpPlan) appendSides(ctx context.Context, x *execCtx, src *leafSources, app *ir.Append) {
	sides := [2]struct {
		pl   plan
		conv []expr
	}{{p.left, p.lconv}, {p.right, p.rconv}}
	for _, side := range sides {
		leaf := &ir.SubqueryScan{Info: ir.Info{Out: planColumns(side.pl.columns())}}
		src.add(leaf, planSource(ctx, x, side.pl))
		app.Inputs = append(app.Inputs, converted(leaf, side.conv))
	}
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
