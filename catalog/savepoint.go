package catalog

import (
	"errors"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Savepoints (PostgreSQL docs, SAVEPOINT and ROLLBACK TO SAVEPOINT). A
// Mark is the length of a transaction's change lists (row ops, DDL undo
// actions, DDL deferred to commit) when it was taken; RollbackTo undoes
// what was recorded after it, newest first, as Rollback undoes the whole
// transaction: versions inserted after the mark get xmin invalidXID (an
// aborted version, invisible to every snapshot, t's own included) and
// leave the primary-key map, B-trees and HNSW graphs (tombstoned);
// versions deleted or updated after the mark get xmax and their update
// chain link (next) reset. The undone ops leave t.ops, so Commit never
// writes them to the WAL. The row locks and the relation lock modes t
// took after the mark are released, as PostgreSQL's AbortSubTransaction
// releases a subtransaction's locks, and the statements waiting for t
// wake and look again (a row they wait for may be free now). Serial
// values handed out after the mark are not undone (nor in PostgreSQL).
// Role bookkeeping for authentication (undo_roles.go) is kept until t
// ends: it records committed states, which a partial rollback does not
// change.

// Mark is a savepoint of a transaction, from Txn.Savepoint.
type Mark struct {
	xid      XID
	ops      int
	undo     int
	atCommit int
	rowLocks int
	relLocks int // len(lockLog), lockmgr.go
}

var errBadMark = errors.New("catalog: savepoint of another transaction or already rolled back")

// Savepoint returns a mark of t's changes so far.
func (t *Txn) Savepoint() Mark {
	t.marked = true
	return Mark{xid: t.xid, ops: len(t.ops), undo: len(t.undo), atCommit: len(t.atCommit), rowLocks: len(t.rowLocks),
		relLocks: len(t.lockLog)}
}

// RollbackTo undoes every row change and DDL of t recorded after m,
// newest first, and keeps t open; m stays usable. It takes each touched
// table's writer lock in turn and, if DDL is undone, the schema lock
// exclusively; the caller must hold neither. Errors: 25P01 when t has
// ended; a plain error when m is not a mark of t or lies beyond t's
// changes (a mark taken after an earlier RollbackTo to an older mark).
func (t *Txn) RollbackTo(m Mark) error {
	if t.done {
		return pgerror.New(pgerror.NoActiveSQLTransaction, "ROLLBACK TO SAVEPOINT can only be used in transaction blocks")
	}
	if m.xid != t.xid || m.ops > len(t.ops) || m.undo > len(t.undo) || m.atCommit > len(t.atCommit) {
		return errBadMark
	}
	if m.rowLocks < len(t.rowLocks) {
		t.releaseRowLocks(m.rowLocks) // rowlock.go
	}
	if t.early.ops > 0 {
		t.early.stale = true // the WAL may hold undone changes (txn_early.go)
	}
	t.rollbackRows(m.ops)
	clear(t.ops[m.ops:])
	t.ops = t.ops[:m.ops]
	t.runUndo(m.undo)
	clear(t.atCommit[m.atCommit:])
	t.atCommit = t.atCommit[:m.atCommit]
	t.c.locks.releaseSince(t, m.relLocks) // lockmgr.go
	t.c.locks.wakeWaiters(t.xid)
	return nil
}
