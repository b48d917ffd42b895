package catalog

// XID is a transaction id. 0 marks a version whose creator aborted;
// frozenXID marks versions restored from the WAL at start-up.
type XID uint64

const (
	invalidXID XID = 0
	frozenXID  XID = 1
)

type opKind uint8

const (
	opInsert opKind = iota + 1
	opDelete
)

// op is one row change of a transaction, kept until commit or rollback.
type op struct {
	kind  opKind
	table *Table
	slot  uint64
}

// Txn is one transaction, used by one goroutine at a time. Reads see the
// statement snapshot StartStatement took (or, before the first, the one
// taken at Begin). Insert, Update and Delete need the table's writer lock
// (Table.LockWrites) with the schema lock shared, or the schema lock held
// exclusively; Commit and Rollback take what they need themselves.
type Txn struct {
	c    *Catalog
	xid  XID
	snap *snapshot
	ops  []op
	// early is what of ops is in the WAL before the commit (txn_early.go).
	early earlyLog
	// hide holds the changes hidden from t's reads (txn_hide.go).
	hide *hiddenChanges
	seqs map[*Table]map[int]int64 // serial values handed out, for the WAL
	done bool
	// wait is how the running statement waits for other transactions
	// (lock.go); repeatable marks REPEATABLE READ; owner is t's id as a
	// relation lock owner (its xid, or a statement owner id) and locked
	// the relation locks it holds (lockmgr.go), lockLog the modes in the
	// order it was granted them (for savepoints).
	wait       Wait
	repeatable bool
	owner      XID
	locked     map[uint32]modeSet
	lockLog    []RelLock
	// undo holds the inverse of each DDL t ran (undo.go), run newest
	// first at rollback; atCommit the DDL deferred to commit.
	undo     []undoAction
	atCommit []undoAction
	roles    []string // roles whose committed state t recorded (undo_roles.go)
	// marked is set once t took a savepoint (savepoint.go): DDL shortcuts
	// that rely on a whole-transaction rollback are then off.
	marked bool
	// ddl holds t's DDL records, written at commit (ddllog.go); relog the
	// tables whose definition a rollback logs at once (relogLayout).
	ddl   []record
	relog []*Table
	// noAction holds the statement's foreign-key checks, run at its end
	// (FinishStatement, constraint_fk.go).
	noAction []deferredCheck
	// deferred holds the checks of INITIALLY DEFERRED foreign keys, run
	// at COMMIT (constraint_defer.go).
	deferred []deferredCheck
	// rowLocks are the row locks t took (rowlock.go), released when it
	// ends.
	rowLocks []lockedRow
}

// Begin starts a transaction.
func (c *Catalog) Begin() *Txn {
	tx := &c.tx
	tx.mu.Lock()
	tx.nextXID++
	x := tx.nextXID
	tx.active[x] = struct{}{}
	tx.mu.Unlock()
	c.registerTxn(x)
	return &Txn{c: c, xid: x, snap: c.takeSnapshot(false)}
}

// ReadTxn returns a transaction for a statement outside any transaction
// block that only reads: it sees what was committed when it was made (or
// at its last StartStatement) and writes nothing.
func (c *Catalog) ReadTxn() *Txn { return &Txn{c: c, done: true, snap: c.takeSnapshot(false)} }

// StartStatement takes a new snapshot for the next statement (read
// committed: each statement sees the transactions committed when it
// starts, plus t's own changes). The snapshot is registered, so index
// entries it may need stay until EndStatement.
func (t *Txn) StartStatement() {
	t.noAction = nil
	t.snap = t.c.retakeSnapshot(t.snap)
}

// EndStatement releases the statement's snapshot registration; reads
// still use the snapshot until the next StartStatement.
func (t *Txn) EndStatement() { t.c.releaseSnapshot(t.snap) }

// XID returns the transaction's id.
func (t *Txn) XID() XID { return t.xid }

// Wrote reports whether the transaction changed any row.
func (t *Txn) Wrote() bool { return len(t.ops) > 0 }

// visible reports whether version v is visible to t's snapshot (see
// package doc).
func (t *Txn) visible(v *rowVersion) bool {
	if t.hide != nil { // txn_hide.go
		if vis, decided := t.visibleHidden(v); decided {
			return vis
		}
	}
	xmin := v.getXmin()
	if xmin == invalidXID || (xmin != t.xid && !t.snap.committed(xmin)) {
		return false
	}
	switch xmax := v.getXmax(); {
	case xmax == invalidXID:
		return true
	case xmax == t.xid:
		return false
	default:
		return !t.snap.committed(xmax)
	}
}

// mayConflict reports whether v may still be live for someone right now:
// not aborted and not deleted by a committed transaction or by t. Unique
// checks count such versions as taken. Table writer lock held (so neither
// xmin nor xmax changes under it).
func (t *Txn) mayConflict(v *rowVersion) bool {
	xmin := v.getXmin()
	if xmin == invalidXID {
		return false
	}
	if xmin != t.xid && t.c.isActive(xmin) {
		return true
	}
	xmax := v.getXmax()
	return xmax == invalidXID || (xmax != t.xid && t.c.isActive(xmax))
}

// Rollback undoes every change of t, its DDL included (undo.go), and
// ends it. It takes each touched table's writer lock in turn and, if t
// ran DDL, the schema lock exclusively; the caller must hold neither.
func (t *Txn) Rollback() {
	if t.done {
		t.ReleaseLocks() // a statement outside any transaction ends
		return
	}
	t.rollbackRows(0)
	t.runUndo(0)
	t.dropDDL()
	t.relogLayouts()
	t.atCommit = nil
	t.finish(nil)
	t.releaseRowLocks(0)
}

// rollbackRows undoes t's row changes from ops[from] on, in place,
// newest first.
func (t *Txn) rollbackRows(from int) {
	var held *Table
	for i := len(t.ops) - 1; i >= from; i-- {
		o := t.ops[i]
		if o.table != held {
			if held != nil {
				held.wmu.Unlock()
			}
			held = o.table
			held.wmu.Lock()
		}
		v := o.table.version(o.slot)
		switch o.kind {
		case opInsert:
			v.xmin.Store(uint64(invalidXID))
			o.table.forgetSlot(o.slot, v.vals)
		case opDelete:
			if v.getXmax() == t.xid {
				v.next.Store(0)
				v.xmax.Store(uint64(invalidXID))
			}
		}
	}
	if held != nil {
		held.wmu.Unlock()
	}
}

// finish ends t: its xid leaves the active set (so snapshots taken from
// now on see its commit), and the versions it deleted wait for reaping.
func (t *Txn) finish(deleted []tableSlot) {
	tx := &t.c.tx
	tx.mu.Lock()
	delete(tx.active, t.xid)
	tx.ended++
	if len(deleted) > 0 {
		tx.pending = append(tx.pending, tombstoneBatch{seq: tx.ended, slots: deleted})
	}
	tx.mu.Unlock()
	if t.xid != invalidXID {
		t.endTxn()
	}
	t.c.releaseSnapshot(t.snap)
	t.endRoles()
	t.endEarly()
	t.ops = nil
	t.undo = nil
	t.done = true
}

// Commit makes t's changes durable (one WAL write, fsynced) and then
// visible to other transactions, all at once (the xid leaves the active
// set in one step). On a WAL error nothing becomes visible, the
// transaction is rolled back, and the error (53100 on a full disk, else
// 58030) is returned.
func (t *Txn) Commit() error {
	if t.done {
		return nil
	}
	if len(t.ops) == 0 && len(t.seqs) == 0 && len(t.ddl) == 0 {
		t.finish(nil)
		t.releaseRowLocks(0)
		t.runAtCommit()
		return nil
	}
	if err := t.checkDeferred(); err != nil {
		t.Rollback()
		return err
	}
	if err := t.commitDurable(); err != nil {
		t.Rollback()
		return err
	}
	t.c.walWritable() // logs once that writes work again after a full disk
	t.releaseRowLocks(0)
	t.runAtCommit()
	t.c.reapTombstones()
	return nil
}

// commitDurable writes the WAL records and ends t. It holds the commit
// lock shared from encoding until the xid left the active set, so that a
// checkpoint never sees this commit in the WAL but not in its snapshot
// (checkpoint.go).
func (t *Txn) commitDurable() error {
	t.c.ckpt.commitMu.RLock()
	defer t.c.ckpt.commitMu.RUnlock()
	if err := t.writeCommit(); err != nil {
		// The caller rolls back once the commit lock is let go.
		return err // 53100 or 58030 (appendAll)
	}
	var deleted []tableSlot
	for _, o := range t.ops {
		if o.kind == opDelete {
			deleted = append(deleted, tableSlot{o.table, o.slot})
		}
	}
	t.finish(deleted)
	t.dropDDL()
	return nil
}
