package planner

import (
	"context"
	"errors"
	"fmt"

	"github.com/vecgres/vecgres/catalog"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// SELECT ... FOR UPDATE | FOR NO KEY UPDATE | FOR SHARE | FOR KEY SHARE
// [OF t] [NOWAIT | SKIP LOCKED] (PostgreSQL 15 docs, SELECT, "The Locking
// Clause"). A query over one table locks the rows it returns through a
// LockRows node below its Limit and above its Sort, as PostgreSQL plans
// it: the scan's rows carry their slots (withSlots), and rowLocker takes
// each row's lock in the catalog (catalog/rowlock.go). A row a concurrent
// transaction updated and committed is followed to its newest version,
// whose WHERE is checked again (READ COMMITTED; REPEATABLE READ: 40001).
// Such a query neither uses an HNSW scan nor a bounded sort (TopK): the
// rows skipped must not be counted against LIMIT. A join's rows are
// locked by rowlock_join.go; a subquery in FROM under a locking clause
// is 0A000; a function in FROM has no rows to lock.

// rowLockSpec is what a locking clause asks of a query's table.
type rowLockSpec struct {
	mode catalog.RowLockMode
	wait catalog.RowWait
}

// bindRowLocks checks x's locking clauses and sets p.lock (PostgreSQL's
// CheckSelectLocking and transformLockingClause): 0A000 "FOR UPDATE is
// not allowed with DISTINCT clause" and the like, 42601 for a qualified
// name after OF, 42P01 for a name after OF that is not in FROM.
func (b *binder) bindRowLocks(p *selectPlan, x *sql.Select) error {
	if len(x.Locks) == 0 {
		return nil
	}
	name := x.Locks[0].Strength.String()
	for _, c := range []struct {
		bad  bool
		what string
	}{
		{p.distinct, "DISTINCT clause"},
		{x.GroupBy != nil, "GROUP BY clause"},
		{x.Having != nil, "HAVING clause"},
		{p.aggs != nil, "aggregate functions"},
		{p.wins != nil, "window functions"},
		{p.srfs != nil, "set-returning functions in the target list"},
	} {
		if c.bad {
			return pgerror.Errorf(pgerror.FeatureNotSupported, "%s is not allowed with %s", name, c.what)
		}
	}
	var spec *rowLockSpec
	for _, l := range x.Locks {
		for i, of := range l.Of {
			if err := checkLockTarget(x, l, of, l.OfP[i]); err != nil {
				return err
			}
		}
		spec = mergeRowLock(spec, l)
	}
	switch {
	case p.join != nil:
		return b.bindJoinLocks(p, x) // rowlock_join.go
	case p.derived != nil:
		return pgerror.NotSupported(fmt.Sprintf("SELECT ... %s of a subquery in FROM", name))
	case p.table == nil || p.series != nil:
		return nil // no rows of a table to lock
	}
	p.lock, p.withSlots, p.scan = spec, true, nil
	return nil
}

// checkLockTarget checks one name after OF against x's FROM clause: 42601
// when qualified, 42P01 when no FROM item has it as its name (its alias
// when it has one).
func checkLockTarget(x *sql.Select, l sql.RowLock, of string, pos int) error {
	if bareName(of) != of {
		return pgerror.Errorf(pgerror.SyntaxError, "%s must specify unqualified relation names", l.Strength).WithPosition(pos)
	}
	from := x.FromAlias
	if from == "" {
		from = bareName(x.From)
	}
	if x.Joins() || from != of {
		if x.Joins() && x.FromItems != nil {
			return nil // refused as a join
		}
		return pgerror.Errorf(pgerror.UndefinedTable, "relation %q in %s clause not found in FROM clause", of, l.Strength).WithPosition(pos)
	}
	return nil
}

// mergeRowLock is spec with clause l applied: the strongest mode, and the
// strictest wait policy (NOWAIT over SKIP LOCKED over waiting), as
// PostgreSQL merges the clauses naming one relation (applyLockingClause).
func mergeRowLock(spec *rowLockSpec, l sql.RowLock) *rowLockSpec {
	w := catalog.RowWaitBlock
	switch {
	case l.NoWait:
		w = catalog.RowNoWait
	case l.SkipLocked:
		w = catalog.RowSkipLocked
	}
	m := catalog.RowLockMode(l.Strength) // same order, weakest first
	if spec == nil {
		return &rowLockSpec{mode: m, wait: w}
	}
	out := *spec
	out.mode = max(out.mode, m)
	if w == catalog.RowNoWait || (w == catalog.RowSkipLocked && out.wait == catalog.RowWaitBlock) {
		out.wait = w
	}
	return &out
}

// withLockRows is node under a LockRows when p locks its rows; locker
// is nil for EXPLAIN.
func (p *selectPlan) withLockRows(node ir.Node, locker ir.RowLocker) ir.Node {
	if p.lock == nil {
		return node
	}
	return &ir.LockRows{Info: ir.Info{Est: node.Base().Est}, Unary: ir.Unary{Input: node}, Locker: locker}
}

// rowLocker is the ir.RowLocker of one run of p: it locks each row in
// x's transaction.
type rowLocker struct {
	ctx context.Context
	p   *selectPlan
	x   *execCtx
	e   *env
}

// LockRow implements ir.RowLocker: row is the table's columns, then a
// pointer to the slot (rowIDBuf).
func (l *rowLocker) LockRow(row []any) ([]any, error) {
	t, txn := l.p.table, l.x.txn
	cols := len(t.Columns)
	slot, vals := *row[cols].(*uint64), row[:cols:cols]
	txn.SetRepeatableRead(txn == l.x.s.txn && l.x.s.mode.repeatable())
	for {
		skip, err := txn.LockRow(t, slot, l.p.lock.mode, l.p.lock.wait, l.x.s.lockWait(l.ctx), l.x.wlocked == t)
		var moved *catalog.RowMoved
		if !errors.As(err, &moved) {
			if err != nil || skip {
				return nil, err
			}
			if slot == *row[cols].(*uint64) {
				return row, nil
			}
			return append(vals, &slot), nil
		}
		pass, err := l.p.passes(l.e, moved.Vals)
		if err != nil || !pass {
			return nil, err
		}
		slot, vals = moved.Slot, moved.Vals
	}
}
