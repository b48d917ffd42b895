package catalog

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Row locks (PostgreSQL 15 docs, §13.3.2 "Row-Level Locks"): SELECT ...
// FOR UPDATE | FOR NO KEY UPDATE | FOR SHARE | FOR KEY SHARE. PostgreSQL
// marks a locked tuple with a lock-only xmax (HEAP_XMAX_LOCK_ONLY, a
// MultiXact for several holders) that visibility ignores. vecgres keeps
// the same mark beside the version instead of in it: Table.rowLocks maps
// a slot to its holders (xid and mode), under the table's rowMu, a leaf
// lock under which a locker checks a version's xmax and adds its lock,
// and a writer checks the holders and sets xmax.
// Visibility never reads it; UPDATE and DELETE (deleteVersion) and other
// lockers (LockRow) wait for a conflicting holder that is still open.
//
// A lock is not a change: it writes no WAL record and no op, so commit
// logs nothing for it and a crash forgets it (no replayed delete). A
// holder whose transaction has ended holds nothing (isActive), so commit
// and rollback release every lock at once; releaseRowLocks then drops the
// entries. ROLLBACK TO SAVEPOINT drops the locks taken after the mark
// (savepoint.go) and wakes the waiters blocked on the transaction.

// RowLockMode is a row lock's strength, weakest first.
type RowLockMode uint8

// Row lock modes (PostgreSQL's LockTupleMode).
const (
	LockKeyShare RowLockMode = iota
	LockShare
	LockNoKeyUpdate
	LockUpdate
)

// rowLockNames are the modes' names as SELECT spells them.
var rowLockNames = [...]string{LockKeyShare: "FOR KEY SHARE", LockShare: "FOR SHARE",
	LockNoKeyUpdate: "FOR NO KEY UPDATE", LockUpdate: "FOR UPDATE"}

func (m RowLockMode) String() string { return rowLockNames[m] }

// conflicts reports whether modes a and b conflict (PostgreSQL docs,
// Table 13.3 "Conflicting Row-Level Locks"): with the modes numbered
// weakest first, exactly the pairs whose numbers add up to 3 or more.
func (m RowLockMode) conflicts(o RowLockMode) bool { return m+o >= 3 }

// RowWait is what LockRow does about a conflicting holder.
type RowWait uint8

const (
	// RowWaitBlock waits for the holder to end (lock_timeout, cancel and
	// deadlock detection as for any row wait).
	RowWaitBlock RowWait = iota
	// RowNoWait fails at once with 55P03.
	RowNoWait
	// RowSkipLocked skips the row.
	RowSkipLocked
)

// rowLockHolder is one transaction's lock on a row.
type rowLockHolder struct {
	xid  XID
	mode RowLockMode
}

// lockedRow is a row lock t took, for savepoints and release.
type lockedRow struct {
	table *Table
	slot  uint64
	mode  RowLockMode
}

// LockRow locks the row version at slot, visible to t, in mode for t
// (SELECT ... FOR mode). It returns skip when the row is to be left out
// of the result: it was deleted by a transaction that committed after
// t's snapshot, or, under RowSkipLocked, another transaction holds it.
// A version a transaction updated and committed after t's snapshot is
// *RowMoved in READ COMMITTED (the caller re-checks its WHERE on the
// newest version and locks that) and 40001 in REPEATABLE READ.
// Errors: 55P03 under RowNoWait, those of waiting (lock.go: 40P01, 55P03
// lock_timeout, 57014), waiting as wt says (cancel, lock_timeout). held
// says the caller's statement holds tb's writer lock (a locking subquery
// of an UPDATE of tb), let go while waiting as a row write's wait does;
// else the caller holds no lock but tb's relation lock. t must have an
// xid.
func (t *Txn) LockRow(tb *Table, slot uint64, mode RowLockMode, w RowWait, wt Wait, held bool) (skip bool, err error) {
	if t.xid == invalidXID {
		return false, pgerror.Internal(fmt.Errorf("catalog: row lock outside a transaction"))
	}
	saved := t.wait
	t.wait = wt
	defer func() { t.wait = saved }()
	v := tb.version(slot)
	for {
		tb.rowMu.Lock()
		other, done, skip, err := t.tryLockRow(tb, v, slot, mode)
		tb.rowMu.Unlock()
		if done {
			return skip, err
		}
		switch w {
		case RowNoWait:
			return false, pgerror.Errorf(pgerror.LockNotAvailable, "could not obtain lock on row in relation %q", bareName(tb.Name))
		case RowSkipLocked:
			return true, nil
		}
		if held {
			err = t.waitRow(tb, other)
		} else {
			err = t.waitFor(other)
		}
		if err != nil {
			return false, err
		}
	}
}

// tryLockRow is one attempt of LockRow on v: done with its result, or
// the open transaction other that holds the row (its updater or a
// conflicting locker). rowMu held.
func (t *Txn) tryLockRow(tb *Table, v *rowVersion, slot uint64, mode RowLockMode) (other XID, done, skip bool, err error) {
	for {
		switch xmax := v.getXmax(); {
		case xmax == invalidXID:
			if other = t.lockHolder(tb, slot, mode); other != invalidXID {
				return other, false, false, nil
			}
			t.addRowLock(tb, slot, mode)
			return invalidXID, true, false, nil
		case xmax == t.xid: // t changed it since its snapshot: not there any more
			return invalidXID, true, true, nil
		case t.c.isActive(xmax):
			return xmax, false, false, nil
		case v.getXmax() != xmax:
			continue // rolled back between the two loads
		case t.repeatable:
			return invalidXID, true, false, errConcurrentUpdate
		default:
			if err := t.moved(tb, v, xmax); err.(*RowMoved).Vals != nil {
				return invalidXID, true, false, err
			}
			return invalidXID, true, true, nil
		}
	}
}

// lockHolder returns an open transaction other than t holding a lock on
// slot that conflicts with mode, or invalidXID; it drops the entries of
// ended holders. rowMu held.
func (t *Txn) lockHolder(tb *Table, slot uint64, mode RowLockMode) XID {
	hs := tb.rowLocks[slot]
	if len(hs) == 0 {
		return invalidXID
	}
	live := hs[:0]
	found := invalidXID
	for _, h := range hs {
		if h.xid != t.xid && !t.c.isActive(h.xid) {
			continue
		}
		live = append(live, h)
		if found == invalidXID && h.xid != t.xid && h.mode.conflicts(mode) {
			found = h.xid
		}
	}
	if len(live) == 0 {
		delete(tb.rowLocks, slot)
	} else {
		tb.rowLocks[slot] = live
	}
	return found
}

// addRowLock records t's lock on slot in mode, unless t holds it in mode
// or a stronger one already. rowMu held.
func (t *Txn) addRowLock(tb *Table, slot uint64, mode RowLockMode) {
	for _, h := range tb.rowLocks[slot] {
		if h.xid == t.xid && h.mode >= mode {
			return
		}
	}
	if tb.rowLocks == nil {
		tb.rowLocks = map[uint64][]rowLockHolder{}
	}
	tb.rowLocks[slot] = append(tb.rowLocks[slot], rowLockHolder{xid: t.xid, mode: mode})
	t.rowLocks = append(t.rowLocks, lockedRow{tb, slot, mode})
}

// writerWait returns an open transaction other than t whose row lock on
// slot conflicts with the write (an UPDATE to newVals: LockNoKeyUpdate
// unless it changes a key column, then LockUpdate; a DELETE, newVals
// nil: LockUpdate), or invalidXID; when none, it marks v deleted by t
// (xmax) before another transaction can lock it. Writer lock held; it
// takes rowMu.
func (t *Txn) writerWait(tb *Table, v *rowVersion, slot uint64, newVals []any) XID {
	tb.rowMu.Lock()
	defer tb.rowMu.Unlock()
	if len(tb.rowLocks) > 0 {
		mode := LockUpdate
		if newVals != nil {
			mode = updateLockMode(tb, tb.logical(v.vals), newVals)
		}
		if x := t.lockHolder(tb, slot, mode); x != invalidXID {
			return x
		}
	}
	v.xmax.Store(uint64(t.xid))
	return invalidXID
}

// releaseRowLocks drops t's row lock entries from index from on (t has
// ended, or rolls back to a savepoint taken when it held from locks).
// It takes each table's rowMu in turn.
func (t *Txn) releaseRowLocks(from int) {
	for _, r := range t.rowLocks[from:] {
		r.table.rowMu.Lock()
		hs := r.table.rowLocks[r.slot]
		live := hs[:0]
		for _, h := range hs {
			if h.xid != t.xid || h.mode != r.mode {
				live = append(live, h)
			}
		}
		if len(live) == 0 {
			delete(r.table.rowLocks, r.slot)
		} else {
			r.table.rowLocks[r.slot] = live
		}
		r.table.rowMu.Unlock()
	}
	clear(t.rowLocks[from:])
	t.rowLocks = t.rowLocks[:from]
}

// updateLockMode is the row lock an UPDATE from old to vals takes
// (PostgreSQL's heap_update): LockUpdate when it changes a column of the
// primary key or of a unique key, else LockNoKeyUpdate, which FOR KEY
// SHARE holders do not block.
func updateLockMode(tb *Table, old, vals []any) RowLockMode {
	changed := func(c int) bool {
		if old[c] == nil || vals[c] == nil {
			return old[c] != vals[c]
		}
		return string(types.AppendKey(nil, old[c])) != string(types.AppendKey(nil, vals[c]))
	}
	for _, c := range tb.PrimaryKey {
		if changed(c) {
			return LockUpdate
		}
	}
	for _, k := range tb.Constraints {
		if k.Kind != ConUnique || k.CheckExpr != "" {
			continue
		}
		for _, c := range k.Columns {
			if changed(c) {
				return LockUpdate
			}
		}
	}
	return LockNoKeyUpdate
}
