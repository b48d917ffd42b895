package planner

import (
	"context"
	"fmt"
	"time"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// explainPlan prints the plan of a statement, one line per row of the
// QUERY PLAN column, in PostgreSQL's shape: the statement's plan is
// lowered into the plan IR (lower*.go) and printed by ir.Explain; with
// ANALYZE it first runs it through planner/exec (analyzeRun) and adds the
// actual rows of the run and the execution time.
type explainPlan struct {
	inner   plan
	analyze bool
	noCosts bool // EXPLAIN (COSTS OFF): no estimates
}

var queryPlanColumn = []backend.Column{{Name: "QUERY PLAN", Type: types.Text}}

func (p *explainPlan) columns() []backend.Column { return queryPlanColumn }

func (b *binder) planExplain(x *sql.Explain) (plan, error) {
	if ex, ok := x.Stmt.(*sql.Execute); ok {
		if _, ok := b.s.sqlStmts[ex.Name]; !ok {
			return nil, errNoPrepared(ex.Name) // prepared_sql.go
		}
		return nil, pgerror.NotSupported("EXPLAIN EXECUTE")
	}
	if q, ok := x.Stmt.(*sql.Select); ok && hasDerived(q) && derivedWhat(q) != "subquery in FROM" {
		return nil, pgerror.NotSupported("EXPLAIN of a " + derivedWhat(q)) // derived.go
	}
	inner, err := b.plan(x.Stmt)
	if err != nil {
		return nil, err
	}
	if !analyzable(inner) && x.Analyze {
		return nil, pgerror.NotSupported("EXPLAIN ANALYZE of this statement")
	}
	return &explainPlan{inner: inner, analyze: x.Analyze, noCosts: x.NoCosts}, nil
}

// analyzable reports whether EXPLAIN ANALYZE can run pl: a SELECT, a set
// operation, an INSERT, an UPDATE, a DELETE, or one of them with
// data-modifying WITH queries.
func analyzable(pl plan) bool {
	switch pl.(type) {
	case *selectPlan, *setOpPlan, *insertPlan, *modifyPlan, *withModifyPlan:
		return true
	}
	return false
}

func (p *explainPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	var tr *setOpTrace
	var elapsed time.Duration
	if p.analyze {
		var err error
		if tr, elapsed, err = p.analyzeRun(ctx, x); err != nil {
			return nil, err
		}
	}
	tree, err := lowerPlan(p.inner, x, tr) // lower.go
	if err != nil {
		return nil, err
	}
	if top := ir.Visible(tree).Base(); len(x.ctePlans) > 0 { // cte_explain.go
		top.SubPlans = append(x.ctePlans, top.SubPlans...)
	}
	explain := ir.Explain
	if p.noCosts {
		explain = ir.ExplainCostsOff
	}
	lines := explain(tree)
	if p.analyze {
		lines = append(lines, fmt.Sprintf("Execution Time: %.3f ms", float64(elapsed.Microseconds())/1000))
	}
	res := &backend.Result{Columns: queryPlanColumn, Tag: "EXPLAIN"}
	for _, l := range lines {
		res.Rows = append(res.Rows, []any{l})
	}
	return res, nil
}

// analyzeRun runs the statement for EXPLAIN ANALYZE once through
// planner/exec, its rows discarded, and returns what the run saw
// (explain_analyze.go) and how long it took.
func (p *explainPlan) analyzeRun(ctx context.Context, x *execCtx) (*setOpTrace, time.Duration, error) {
	tr := newSetOpTrace()
	x.analyze = tr
	defer func() { x.analyze = nil }()
	start := time.Now()
	if _, err := runRowsTo(ctx, p.inner, x, discardRows{}); err != nil { // select_write.go
		return nil, 0, err
	}
	elapsed := time.Since(start)
	tr.finish()
	return tr, elapsed, nil
}
