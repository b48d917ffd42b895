package planner

import (
	"context"
	"errors"
	"fmt"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// SELECT ... FOR UPDATE [OF a, ...] over a join (PostgreSQL 15 docs,
// SELECT, "The Locking Clause"): the tables the clauses name (every
// table without OF) read their rows with their slots (a hidden column
// after each one's, as UPDATE ... FROM's target, dml_join.go), and a
// LockRows above the join locks, in each joined row, the row of each of
// them. A row a concurrent transaction updated and committed is followed
// to its newest version, which replaces the old one in the joined row;
// the whole WHERE is then checked again over it (READ COMMITTED; the
// other relations' rows are kept, as PostgreSQL's EvalPlanQual keeps
// them), and the joined row is dropped when it fails or the row was
// deleted. Errors, as PostgreSQL's transformLockingClause and
// CheckSelectLocking: 42P01 for a name no FROM item has, 0A000 for a
// join's alias, a function, the nullable side of an outer join; a
// subquery in FROM to lock is 0A000 (PostgreSQL locks its tables' rows).

// lockedRel is one table of a join whose rows a locking clause locks,
// with the mode and wait policy of the clauses naming it.
type lockedRel struct {
	rel  *rangeRel
	spec *rowLockSpec
}

// lockedItems is the binder's slotted choice for x's locking clauses:
// the tables the clauses name after OF, or every table when a clause has
// no OF.
func lockedItems(x *sql.Select) func(sql.FromItem) bool {
	return func(it sql.FromItem) bool {
		t, ok := it.(*sql.TableRef)
		if !ok {
			return false
		}
		ref := t.Rel
		if t.Alias != "" {
			ref = t.Alias
		}
		for _, l := range x.Locks {
			if l.Of == nil || contains(l.Of, ref) {
				return true
			}
		}
		return false
	}
}

// bindJoinLocks sets p.lock and p.lockRels for x's locking clauses over
// p's join, and keeps WHERE for the recheck (p.lockCond).
func (b *binder) bindJoinLocks(p *selectPlan, x *sql.Select) error {
	aliases := joinAliases(x.FromItems, nil)
	for _, l := range x.Locks {
		for i, of := range l.Of {
			if err := checkJoinLockTarget(p.join, aliases, l, of, l.OfP[i]); err != nil {
				return err
			}
		}
	}
	for _, r := range p.join.rels {
		var spec *rowLockSpec
		for _, l := range x.Locks {
			if l.Of == nil || contains(l.Of, r.ref) {
				spec = mergeRowLock(spec, l)
			}
		}
		if spec == nil {
			continue
		}
		name := x.Locks[0].Strength.String()
		switch r.item.(type) {
		case *sql.FromFunc:
			continue // no rows of a table; named after OF it is refused above
		case *sql.FromSubquery:
			return pgerror.NotSupported(fmt.Sprintf("SELECT ... %s of a subquery in FROM", name))
		}
		if r.nullable {
			return pgerror.Errorf(pgerror.FeatureNotSupported, "%s cannot be applied to the nullable side of an outer join", name)
		}
		p.lockRels = append(p.lockRels, lockedRel{rel: r, spec: spec})
		p.lock = mergeSpecs(p.lock, spec)
	}
	p.lockCond = p.where
	return nil
}

// mergeSpecs is a with b's mode when stronger (a may be nil): a joined
// query's p.lock, which tells that it locks rows; each table's own spec
// (lockedRel) says how.
func mergeSpecs(a, b *rowLockSpec) *rowLockSpec {
	if a == nil {
		return b
	}
	out := *a
	out.mode = max(a.mode, b.mode)
	return &out
}

// joinAliases collects the aliases of the JOINs among items.
func joinAliases(items []sql.FromItem, out []string) []string {
	for _, it := range items {
		if j, ok := it.(*sql.JoinExpr); ok {
			if j.Alias != "" {
				out = append(out, j.Alias)
			}
			out = joinAliases([]sql.FromItem{j.Left, j.Right}, out)
		}
	}
	return out
}

// checkJoinLockTarget checks one name after OF against a joined FROM
// clause: 42601 when qualified; 0A000 for a JOIN's alias or a function;
// 42P01 when no relation has it as its name.
func checkJoinLockTarget(j *joinSource, aliases []string, l sql.RowLock, of string, pos int) error {
	if bareName(of) != of {
		return pgerror.Errorf(pgerror.SyntaxError, "%s must specify unqualified relation names", l.Strength).WithPosition(pos)
	}
	for _, r := range j.rels {
		if r.ref != of {
			continue
		}
		if _, fn := r.item.(*sql.FromFunc); fn {
			return pgerror.Errorf(pgerror.FeatureNotSupported, "%s cannot be applied to a function", l.Strength).WithPosition(pos)
		}
		return nil
	}
	if contains(aliases, of) {
		return pgerror.Errorf(pgerror.FeatureNotSupported, "%s cannot be applied to a join", l.Strength).WithPosition(pos)
	}
	return pgerror.Errorf(pgerror.UndefinedTable, "relation %q in %s clause not found in FROM clause", of, l.Strength).WithPosition(pos)
}

// joinLocker is the ir.RowLocker of one run of a joined SELECT that
// locks rows: it locks the row of each locked table in each joined row.
type joinLocker struct {
	ctx context.Context
	p   *selectPlan
	x   *execCtx
	e   *env
}

// LockRow implements ir.RowLocker: row is a joined row, each locked
// table's columns followed by its slot. It returns the row with the
// newest versions of the rows it locked, or nil to drop it.
func (l *joinLocker) LockRow(row []any) ([]any, error) {
	txn := l.x.txn
	txn.SetRepeatableRead(txn == l.x.s.txn && l.x.s.mode.repeatable())
	for _, lr := range l.p.lockRels {
		r, t := lr.rel, lr.rel.plan.table
		at := r.off + len(r.cols) - 1 // the slot's column
		slot := *row[at].(*uint64)
		for {
			skip, err := txn.LockRow(t, slot, lr.spec.mode, lr.spec.wait, l.x.s.lockWait(l.ctx), l.x.wlocked == t)
			var moved *catalog.RowMoved
			if !errors.As(err, &moved) {
				if err != nil || skip {
					return nil, err
				}
				break
			}
			if moved.Vals == nil {
				return nil, nil // deleted
			}
			row = joinedRow(row, nil) // dml_join.go: a copy to change
			copy(row[r.off:], moved.Vals)
			slot = moved.Slot
			row[at] = &slot
			if pass, err := l.passes(row); err != nil || !pass {
				return nil, err
			}
		}
	}
	return row, nil
}

// passes checks the query's whole WHERE over a joined row.
func (l *joinLocker) passes(row []any) (bool, error) {
	if l.p.lockCond == nil {
		return true, nil
	}
	l.e.row = row
	v, err := l.p.lockCond.Eval(l.e)
	return truthy(v), err
}
