package catalog

import (
	"log"
	"slices"
)

// Transactional DDL by undo. DDL is applied and logged when it runs (see
// the package doc, WAL records); a transaction records, for each DDL it
// runs, the inverse operation. Rollback applies them newest first, each
// through the ordinary DDL path, so each is logged like any DDL and
// replay (which knows nothing of transactions for DDL) ends in the
// rolled-back state. A crash between a DDL and its transaction's end
// leaves the DDL applied.

// undoAction reverts one DDL. It runs with the schema lock held
// exclusively and returns the error of the logged inverse operation.
type undoAction func() error

// addUndo records fn to run if t rolls back. Transactions that are done
// (read snapshots, nil) record nothing: their DDL stands.
func (t *Txn) addUndo(fn undoAction) {
	if t == nil || t.done || t.xid == invalidXID {
		return
	}
	t.undo = append(t.undo, fn)
}

// holdForDDL takes t's write table lock on tb (held until t ends), so
// that DDL of other transactions on tb waits for t and its undo never
// overwrites their committed changes. Schema lock held.
func (t *Txn) holdForDDL(tb *Table) {
	if t != nil && !t.done {
		t.takeTableLock(tb, RowExclusive)
		tb.ddlBy = t.xid
	}
}

// holdExclusive is holdForDDL for DDL that PostgreSQL runs under ACCESS
// EXCLUSIVE: readers of other transactions wait for t too. Schema lock
// held.
func (t *Txn) holdExclusive(tb *Table) {
	if t != nil && !t.done {
		t.holdForDDL(tb)
		t.takeTableLock(tb, AccessExclusive)
		tb.exclBy = t.xid
	}
}

// HasDDL reports whether t ran DDL that a rollback would undo.
func (t *Txn) HasDDL() bool { return t != nil && len(t.undo) > 0 }

// runUndo applies t's undo actions from undo[from] on, newest first,
// with the schema lock held exclusively (the caller holds no catalog
// lock), and forgets them. An action that fails (a WAL write error) is
// logged and the others still run.
func (t *Txn) runUndo(from int) {
	if len(t.undo) <= from {
		return
	}
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	defer t.c.RouteDDL(t)() // what undo logs is t's too (ddllog.go)
	for _, fn := range slices.Backward(t.undo[from:]) {
		if err := fn(); err != nil {
			logUndoError(t.xid, err)
		}
	}
	t.undo = t.undo[:from]
}

func logUndoError(x XID, err error) {
	log.Printf("vecgres: DDL at the end of transaction %d: %v", x, err)
}
