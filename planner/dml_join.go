package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// UPDATE t SET ... FROM items WHERE ... and DELETE FROM t USING items
// WHERE ... (PostgreSQL 15 docs, UPDATE and DELETE): the rows to change
// are those of a join, bound and planned as SELECT * FROM t, items WHERE
// ... is (bind_from.go, join_plan.go), with t the first relation of the
// range table. t's plans (its relation plan and an index loop's) read
// its rows with their slots (withSlotColumn), so each joined row carries
// t's columns, then the slot of t's row, then the other relations'
// columns; SET, WHERE and RETURNING read the joined row. A row of t that
// joins several rows is changed once, with the first of them the Modify
// meets whose recheck passes (PostgreSQL: with an arbitrary one; a later
// match finds the row already changed by this statement and skips it).
// After a concurrent
// update the whole WHERE is checked again over the joined row with t's
// newest version (EvalPlanQual keeps the other relations' rows).

// slotColumn is the hidden column of a slotted relation's rows in a
// joined row: a *uint64 (rowIDBuf's) that no name reaches.
var slotColumn = catalog.Column{Name: "ctid", Type: types.Int8}

// withSlotColumn makes relation plan sp read its rows with their slots
// and return the slot after the table's columns. The rows are read by a
// plain scan (a k-NN index scan does not carry slots).
func withSlotColumn(sp *selectPlan) {
	sp.withSlots, sp.scan = true, nil
	n := len(sp.table.Columns)
	sp.items = append(sp.items, &colExpr{idx: n, t: slotColumn.Type, name: slotColumn.Name})
	sp.cols = append(sp.cols, backend.Column{Name: slotColumn.Name, Type: slotColumn.Type})
}

// bindModifyJoin binds the FROM (USING) items of an UPDATE or DELETE of
// p.table, with the target as the join's first relation, and its WHERE
// over the joined row; p.rows is the join, p.cond the whole WHERE.
// planModifyJoin finishes it once SET is bound. Errors: the FROM
// clause's and WHERE's (42P01, 42703, 42702, 42712 ...), 0A000 for a
// view as the target.
func (b *binder) bindModifyJoin(p *modifyPlan, target *sql.TableRef, from []sql.FromItem, where sql.Expr) error {
	if p.view != nil {
		return pgerror.NotSupported(p.tag + " of a view with " + joinClause[p.tag])
	}
	rows := &selectPlan{}
	b.slotted = func(it sql.FromItem) bool { return it == sql.FromItem(target) }
	b.hideTarget = true
	err := b.bindJoinFrom(rows, &sql.Select{FromItems: append([]sql.FromItem{target}, from...)}) // bind_from.go
	b.slotted, b.hideTarget = nil, false
	if err != nil {
		return err
	}
	if err := b.bindJoinWhere(rows, where); err != nil { // join_plan.go
		return err
	}
	p.rows, p.cond = rows, rows.where
	return nil
}

// joinClause names the clause of each statement that joins its target.
var joinClause = map[string]string{"UPDATE": "FROM", "DELETE": "USING"}

// planModifyJoin binds RETURNING over the joined row and places WHERE's
// conditions in the join (planJoin).
func (b *binder) planModifyJoin(p *modifyPlan, ret []sql.SelectItem) (plan, error) {
	var err error
	if p.ret, err = b.bindReturning(ret); err != nil {
		return nil, err
	}
	if err := b.planJoin(p.rows); err != nil { // join_plan.go
		return nil, err
	}
	return p, nil
}

// joined reports whether p changes the rows of a join (UPDATE ... FROM,
// DELETE ... USING).
func (p *modifyPlan) joined() bool { return p.rows.join != nil }

// changed reports whether this run of a joined statement has already
// changed the row read at slot (through another of its matches): it is
// then left alone, as PostgreSQL's heap_update skips a row its own
// command changed. A match whose recheck failed changed nothing, so a
// later match of the row is tried.
func (w *modifyRun) changed(slot uint64) bool {
	_, done := w.seen[slot]
	return done
}

// noteChanged records that the row read at slot was changed, for a
// joined statement.
func (w *modifyRun) noteChanged(slot uint64) {
	if !w.p.joined() {
		return
	}
	if w.seen == nil {
		w.seen = map[uint64]struct{}{}
	}
	w.seen[slot] = struct{}{}
}

// joinedRow is row, a joined row, with the target's columns replaced by
// vals: the row RETURNING and an EvalPlanQual recheck read.
func joinedRow(row, vals []any) []any {
	out := append([]any(nil), row...)
	copy(out, vals)
	return out
}
