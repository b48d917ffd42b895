package planner

import (
	"context"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Data-modifying WITH queries (PostgreSQL docs 7.8.4): WITH d AS
// (DELETE FROM a ... RETURNING *) INSERT INTO b SELECT * FROM d. Each
// WITH query is bound as the INSERT, UPDATE or DELETE it is, and runs
// once, to completion, in order, before the main statement, whether or
// not anything reads it; references read its RETURNING rows. As in
// PostgreSQL, all of them and the main statement read the same snapshot:
// the changes the WITH queries made are hidden from the later ones'
// reads and from the main statement's (catalog.Txn.HideChangesSince),
// which see only the RETURNING rows. An error in any of them fails the
// whole statement. The main statement is a SELECT, INSERT, UPDATE or
// DELETE.

// boundModify is one bound data-modifying WITH query; rows are its
// RETURNING rows of the current run.
type boundModify struct {
	name string
	plan plan
	cols []backend.Column
	rows [][]any
}

// withModifyPlan runs the WITH queries, then the main statement.
type withModifyPlan struct {
	ctes []*boundModify
	main plan
}

func (p *withModifyPlan) columns() []backend.Column { return p.main.columns() }

func (p *withModifyPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	mark := x.txn.ChangeMark()
	defer x.txn.ShowChanges()
	for _, m := range p.ctes {
		x.txn.HideChangesSince(mark)
		res, err := m.plan.run(ctx, x)
		if err != nil {
			return nil, err
		}
		m.rows = res.Rows
	}
	x.txn.HideChangesSince(mark)
	res, err := runQuery(ctx, p.main, x) // exec_run.go
	if err == nil {
		x.analyze.ranPlan(p, int64(len(res.Rows)))
	}
	return res, err
}

// lower is p's tree for EXPLAIN, as PostgreSQL 15 prints it: the main
// statement's, with each WITH query's plan (its Modify) as a subplan
// headed "CTE name" under the top node (x.ctePlans, cte_explain.go),
// in order, and each reference a "CTE Scan" (derivedScan); under EXPLAIN
// ANALYZE (tr) with what each part's run saw.
func (p *withModifyPlan) lower(x *execCtx, tr *setOpTrace) (ir.Node, error) {
	for _, m := range p.ctes {
		n, err := lowerPlan(m.plan, x, tr) // lower.go
		if err != nil {
			return nil, err
		}
		x.ctePlans = append(x.ctePlans, ir.CTE(m.name, n))
	}
	return lowerPlan(p.main, x, tr)
}

// modifyRefPlan is a reference to a data-modifying WITH query: its
// RETURNING rows.
type modifyRefPlan struct{ m *boundModify }

func (p *modifyRefPlan) columns() []backend.Column { return p.m.cols }
func (p *modifyRefPlan) run(context.Context, *execCtx) (*backend.Result, error) {
	return &backend.Result{Columns: p.m.cols, Rows: p.m.rows}, nil
}

// planWithModify binds the WITH queries, then the main statement, whose
// references find them through the session (Session.modifying). Errors:
// 0A000 for a main statement other than SELECT, INSERT, UPDATE or
// DELETE; the statements' own.
func (b *binder) planWithModify(x *sql.WithModify) (plan, error) {
	switch x.Main.(type) {
	case *sql.Select, *sql.Insert, *sql.Update, *sql.Delete:
	default:
		return nil, pgerror.NotSupported("data-modifying WITH queries in " + traitsOf(x.Main).tag)
	}
	s := b.s
	saved := s.modifying
	s.modifying = map[*sql.ModifyingCTE]*boundModify{}
	defer func() { s.modifying = saved }()
	out := &withModifyPlan{}
	for _, c := range x.CTEs {
		pl, err := b.planPart(c.Stmt)
		if err != nil {
			return nil, err
		}
		if err := s.checkStatement(c.Stmt, pl); err != nil { // privilege.go
			return nil, err
		}
		m := &boundModify{name: c.Name, plan: pl, cols: pl.columns()}
		s.modifying[c] = m
		out.ctes = append(out.ctes, m)
	}
	main, err := b.planPart(x.Main)
	if err != nil {
		return nil, err
	}
	if err := s.checkStatement(x.Main, main); err != nil {
		return nil, err
	}
	out.main = main
	return out, nil
}

// planPart binds one statement of a WITH statement with a binder of its
// own (sharing the parameters and the subquery numbering).
func (b *binder) planPart(st sql.Statement) (plan, error) {
	sub := &binder{s: b.s, params: b.params, query: &queryScope{nsub: b.subCounter()}}
	pl, err := sub.plan(st)
	b.params = sub.params
	return pl, err
}

// modifyRef binds a reference to data-modifying WITH query m.
func (b *binder) modifyRef(d *sql.DerivedTable) (plan, []backend.Column, error) {
	m := b.s.modifying[d.Modify]
	if m == nil {
		return nil, nil, pgerror.Errorf(pgerror.InternalError, "data-modifying WITH query %q not in scope", d.CTE)
	}
	if len(d.CTEColumns) > len(m.cols) {
		return nil, nil, atOffset(pgerror.Errorf(pgerror.InvalidColumnReference,
			"WITH query \"%s\" has %d columns available but %d columns specified",
			d.CTE, len(m.cols), len(d.CTEColumns)), d.CTEP)
	}
	return &modifyRefPlan{m: m}, m.cols, nil
}
