package planner

import (
	"context"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/wire/backend"
)

// UNION ALL without ORDER BY runs through planner/exec (exec_run.go): an
// Append of its two sides (a side that is a UNION ALL is an Append of
// its own, run by the side's leaf), each side's rows converted to the
// result types by a Project, under a Limit for LIMIT/OFFSET, as
// PostgreSQL's Append under a Limit: a side starts only when the Append
// reaches it, so a side the LIMIT does not need never runs. The other set
// operations compare rows across the sides and run as before (run),
// their result written out.

// runRows implements rowStreamer.
func (p *setOpPlan) runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	return runExec(ctx, p, x, w)
}

// execTree implements execTreer for UNION ALL without ORDER BY.
func (p *setOpPlan) execTree(ctx context.Context, x *execCtx, e *env, src leafSources) (ir.Node, bool, error) {
	if p.eq != nil || len(p.order) > 0 {
		return nil, false, nil
	}
	limit, offset, err := evalLimitOffset(e, p.limit, p.offset)
	if err != nil {
		return nil, true, err
	}
	app := &ir.Append{Info: ir.Info{Out: planColumns(p.cols)}}
	p.appendSides(ctx, x, src, app)
	var root ir.Node = app
	if p.limit != nil || p.offset != nil {
		root = &ir.Limit{Unary: ir.Unary{Input: app}, Count: limit, Offset: offset}
	}
	return root, true, nil
}

// appendSides adds p's two sides to app, each read by planSource (a
// side that is itself a UNION ALL streams through its own tree) and
// converted to the result types.
func (p *setOpPlan) appendSides(ctx context.Context, x *execCtx, src leafSources, app *ir.Append) {
	sides := [2]struct {
		pl   plan
		conv []expr
	}{{p.left, p.lconv}, {p.right, p.rconv}}
	for _, side := range sides {
		leaf := &ir.SubqueryScan{Info: ir.Info{Out: planColumns(side.pl.columns())}}
		src[leaf] = planSource(ctx, x, side.pl)
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
