package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Waiting for other transactions (PostgreSQL docs, "Explicit Locking" and
// "Transaction Isolation", Read Committed). A writer that meets a row
// version another transaction in progress created (unique check) or is
// deleting or updating waits for that transaction to end, then looks again;
// a statement waits for the relation locks (lockmgr.go) that conflict with
// the ones it takes, DDL for every other holder of its tables. Row waits
// are on a channel each transaction closes when it ends; who waits for
// whom (transactions, and statements outside any transaction by their
// lock owner id) is one wait-for graph, checked for a cycle before every
// wait (40P01 for the waiter that would close one).
// A wait gives up at the statement's cancel or deadline (57014) or after
// lock_timeout (55P03).

// Wait is how a statement waits for other transactions: Ctx ends the wait
// when it is cancelled (57014), LockTimeout gives up after that long
// (55P03; 0: no limit). The zero Wait disables waiting: a conflict fails
// at once (23505, 40001), as vecgres did before row waits.
type Wait struct {
	Ctx         context.Context
	LockTimeout time.Duration
}

// lockState is the Catalog's waiting bookkeeping, under its own mutex,
// never held while taking another lock.
type lockState struct {
	mu sync.Mutex
	// ends holds, per transaction in progress, a channel closed when it
	// ends (after its rollback undid its changes, or its commit became
	// visible).
	ends map[XID]chan struct{}
	// waitsFor is the wait-for graph: a waiting transaction -> the one it
	// waits for (one at a time).
	waitsFor map[XID]XID
	// rels are the relation locks (lockmgr.go), by OID; nextOwner the
	// last lock owner id given to a statement without an xid.
	rels      map[uint32]*relLock
	nextOwner XID
	waiters   int
	// hook, when set (tests), runs just before a wait blocks, with the
	// waiter (0 for a statement outside a transaction) and the awaited xid.
	hook func(waiter, holder XID)
	// reindexHook, when set (tests), runs when ReindexFor starts filling
	// its new indexes (its SHARE ROW EXCLUSIVE lock held, no latch).
	reindexHook func()
}

func (ls *lockState) init() {
	ls.ends = map[XID]chan struct{}{}
	ls.waitsFor = map[XID]XID{}
	ls.rels = map[uint32]*relLock{}
}

// LockWaiters returns how many statements are waiting for another
// transaction right now (tests, monitoring).
func (c *Catalog) LockWaiters() int {
	c.locks.mu.Lock()
	defer c.locks.mu.Unlock()
	return c.locks.waiters
}

// SetWaitHook installs fn (nil: none), called each time a statement is
// about to block waiting for transaction holder; waiter is its own xid (0
// outside a transaction). For tests: when fn runs, the waiter is waiting.
func (c *Catalog) SetWaitHook(fn func(waiter, holder XID)) {
	c.locks.mu.Lock()
	c.locks.hook = fn
	c.locks.mu.Unlock()
}

// registerTxn makes x awaitable (Begin).
func (c *Catalog) registerTxn(x XID) {
	c.locks.mu.Lock()
	c.locks.ends[x] = make(chan struct{})
	c.locks.mu.Unlock()
}

// endTxn wakes the waiters of t and drops its relation locks; t has
// already left the active set.
func (t *Txn) endTxn() {
	ls := &t.c.locks
	ls.release(t)
	ls.mu.Lock()
	if ch, ok := ls.ends[t.xid]; ok {
		close(ch)
		delete(ls.ends, t.xid)
	}
	ls.mu.Unlock()
}

// wakeWaiters wakes the statements waiting for transaction x, which
// stays open: a savepoint rollback undid what they wait for, so they
// look again (and wait again, on a fresh channel, for what is left).
func (ls *lockState) wakeWaiters(x XID) {
	ls.mu.Lock()
	if ch, ok := ls.ends[x]; ok {
		close(ch)
		ls.ends[x] = make(chan struct{})
	}
	ls.mu.Unlock()
}

// SetWait sets how t's statement waits for other transactions (see Wait);
// the planner sets it for each writing statement and clears it (zero Wait)
// after. With waiting on, a row wait lets go of the table's writer lock,
// so the caller must hold exactly that (and the table's ROW EXCLUSIVE
// relation lock), not the schema latch.
func (t *Txn) SetWait(w Wait) { t.wait = w }

// SetRepeatableRead marks t as a REPEATABLE READ transaction: after
// waiting for a transaction that committed a change to a row t means to
// change, t fails with 40001 instead of following the row to its newest
// version (PostgreSQL's behaviour).
func (t *Txn) SetRepeatableRead(on bool) { t.repeatable = on }

// LockTable records t's ROW EXCLUSIVE lock on tb for a writing statement
// before it writes any row, without waiting (an UPDATE that matches no
// row still keeps DDL on tb waiting until t ends); the planner has taken
// it already (LockRelations), others hold the schema latch. Errors: 42P01
// when tb was dropped meanwhile.
func (t *Txn) LockTable(tb *Table) error { return t.holdTable(tb) }

// holdTable takes t's write table lock on tb (kept until t ends; DDL on
// tb by others waits for it). Schema lock held, at least shared. Errors:
// 42P01 when tb was dropped since the statement resolved it (a COPY
// between batches).
func (t *Txn) holdTable(tb *Table) error {
	if t.Holds(tb.OID, RowExclusive) {
		return nil // taken by the statement (LockRelations): tb stays
	}
	if t.c.tables[tb.Name] != tb || t.c.createdByOther(tb, t.xid) {
		return pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", tb.Name)
	}
	t.takeTableLock(tb, RowExclusive)
	return nil
}

// noteRead takes t's read table lock on tb, for reads inside a
// transaction (Scan, Get): DROP TABLE and the like by others then wait
// until t ends, as PostgreSQL's AccessShareLock makes them. It never
// waits and needs no lock.
func (t *Txn) noteRead(tb *Table) {
	if t.xid != invalidXID && !t.done {
		t.takeTableLock(tb, AccessShare)
	}
}

// tableHolder returns an owner other than t holding a lock on tb that
// conflicts with DDL wanting exclusive (ACCESS EXCLUSIVE: readers count)
// or not (SHARE: writers only), or invalidXID.
func (c *Catalog) tableHolder(tb *Table, t *Txn, exclusive bool) XID {
	m := Share
	if exclusive {
		m = AccessExclusive
	}
	return c.relationHolder(tb.OID, t, m)
}

// waitFor blocks until transaction x ends, t's statement is cancelled
// (57014) or its lock_timeout passes (55P03). It fails at once with 40P01
// when x waits, directly or through others, for t. The caller holds no
// lock.
func (t *Txn) waitFor(x XID) error {
	ls := &t.c.locks
	ls.mu.Lock()
	ch, ok := ls.ends[x]
	if !ok {
		ls.mu.Unlock()
		return nil
	}
	me := t.owner // a statement holding relation locks has one
	if me == invalidXID {
		me = t.xid
	}
	if me != invalidXID {
		if cycle := ls.cycle(me, x); cycle != nil {
			ls.mu.Unlock()
			return deadlockError(cycle)
		}
		ls.waitsFor[me] = x
	}
	ls.waiters++
	hook := ls.hook
	ls.mu.Unlock()
	defer func() {
		ls.mu.Lock()
		if me != invalidXID {
			delete(ls.waitsFor, me)
		}
		ls.waiters--
		ls.mu.Unlock()
	}()
	if hook != nil {
		hook(t.xid, x)
	}
	return t.block(ch, monitor.WaitTransactionID)
}

// block waits for ch to close, the statement's context or lock_timeout;
// pg_stat_activity shows the wait as wait_event_type Lock, wait_event
// event (monitor.WaitRelation, monitor.WaitTransactionID).
func (t *Txn) block(ch chan struct{}, event string) error {
	ctx := t.wait.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	defer monitor.LockWait(ctx, event)()
	var timeout <-chan time.Time
	if t.wait.LockTimeout > 0 {
		tm := time.NewTimer(t.wait.LockTimeout)
		defer tm.Stop()
		timeout = tm.C
	}
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return pgerror.New(pgerror.QueryCanceled, "canceling statement due to statement timeout")
		}
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
	case <-timeout:
		return pgerror.New(pgerror.LockNotAvailable, "canceling statement due to lock timeout")
	}
}

// cycle returns the wait-for path from x back to waiter (waiter, x, ...)
// when waiter waiting for x would close a cycle, else nil. ls.mu held.
func (ls *lockState) cycle(waiter, x XID) []XID {
	path := []XID{waiter, x}
	for y := x; ; {
		next, ok := ls.waitsFor[y]
		if !ok {
			return nil
		}
		if next == waiter {
			return path
		}
		path = append(path, next)
		y = next
		if len(path) > len(ls.waitsFor)+2 {
			return nil // a cycle not through waiter: not ours to break
		}
	}
}

// deadlockError is 40P01 for a wait-for cycle (waiter first).
func deadlockError(cycle []XID) error {
	var b strings.Builder
	for i, x := range cycle {
		if i > 0 {
			b.WriteString(" ")
		}
		next := cycle[(i+1)%len(cycle)]
		fmt.Fprintf(&b, "%s waits for %s.", ownerName(x, true), ownerName(next, false))
	}
	return pgerror.New(pgerror.DeadlockDetected, "deadlock detected").WithDetail(b.String())
}

// ownerName names a wait-for graph node: "transaction <xid>", or for a
// statement outside any transaction (lockmgr.go) "statement <n>".
func ownerName(x XID, first bool) string {
	kind := "transaction"
	if x > firstStatementOwner {
		kind, x = "statement", x-firstStatementOwner
	}
	if first {
		kind = strings.ToUpper(kind[:1]) + kind[1:]
	}
	return fmt.Sprintf("%s %d", kind, x)
}

// LockTables takes ACCESS EXCLUSIVE on the named tables or indexes (an
// index stands for its table) for t (lockmgr.go: it waits for every other
// owner holding a lock on them, and statements on other tables never wait
// for it), then the schema latch exclusively, for DDL on them. The
// relation locks are held until t ends; t may be nil or a Txn without an
// xid, whose locks are let go once the latch is held (the DDL is then
// protected by the latch alone, tests and internal callers). It waits
// under w's cancel and lock_timeout, with deadlock detection. Names that
// do not exist are left to the DDL to report. On error the schema latch
// is not held.
func (c *Catalog) LockTables(t *Txn, w Wait, names []string) error {
	return c.lockTables(t, w, names, AccessExclusive)
}

// lockTables is LockTables taking mode m (CREATE INDEX: SHARE, which
// waits only for writers). A name that resolves, once the latch is held,
// to a table not locked (renamed or replaced meanwhile) is locked in turn.
func (c *Catalog) lockTables(t *Txn, w Wait, names []string, m LockMode) error {
	if t == nil {
		t = &Txn{c: c, done: true}
	}
	for {
		c.mu.RLock()
		locks := c.relationLocks(names, m)
		c.mu.RUnlock()
		if err := t.LockRelations(locks, w); err != nil {
			if t.xid == invalidXID {
				t.ReleaseLocks()
			}
			return err
		}
		c.mu.Lock()
		if c.lockedAll(t, names, m) {
			if t.xid == invalidXID {
				t.ReleaseLocks()
			}
			return nil
		}
		c.mu.Unlock()
	}
}

// relationLocks returns mode m on the table of each name that exists.
// Schema latch held.
func (c *Catalog) relationLocks(names []string, m LockMode) []RelLock {
	var locks []RelLock
	for _, n := range names {
		if tb := c.relationTable(n); tb != nil {
			locks = append(locks, RelLock{OID: tb.OID, Mode: m})
		}
	}
	return locks
}

// lockedAll reports whether t holds m on the table of each name that
// exists. Schema latch held.
func (c *Catalog) lockedAll(t *Txn, names []string, m LockMode) bool {
	for _, l := range c.relationLocks(names, m) {
		if !t.Holds(l.OID, l.Mode) {
			return false
		}
	}
	return true
}

// waitWhileHeld calls holder under lock until it names no transaction,
// waiting for each one it names with the lock released (t.waitFor: w's
// cancel and lock_timeout, deadlock detection). On nil it returns with
// lock held, on error without. t may be nil (a done Txn stands in).
func (c *Catalog) waitWhileHeld(t *Txn, w Wait, lock, unlock func(), holder func(t *Txn) XID) error {
	if t == nil {
		t = &Txn{c: c, done: true}
	}
	saved := t.wait
	t.wait = w
	defer func() { t.wait = saved }()
	for {
		lock()
		x := holder(t)
		if x == invalidXID {
			return nil
		}
		unlock()
		if err := t.waitFor(x); err != nil {
			return err
		}
	}
}

// relationTable returns the table named name, or the table of the index
// named name, or nil. Schema lock held.
func (c *Catalog) relationTable(name string) *Table {
	if tb, ok := c.tables[name]; ok {
		return tb
	}
	if ix, ok := c.indexes[name]; ok {
		return ix.Table
	}
	return nil
}

// waitRow waits, during a row write on tb, for transaction x: it lets go
// of tb's writer lock, waits, and takes it back. t's relation lock on tb
// (ROW EXCLUSIVE) keeps DDL off tb meanwhile; the writer holds no schema
// latch (see SetWait).
func (t *Txn) waitRow(tb *Table, x XID) error {
	tb.wmu.Unlock()
	err := t.waitFor(x)
	tb.wmu.Lock()
	return err
}

// waiting reports whether t's statement waits for conflicts.
func (t *Txn) waiting() bool { return t.wait.Ctx != nil }

// WaitTableDDL waits, before a writing statement takes the schema lock,
// while another open transaction has uncommitted DDL on any of the tables
// named (PostgreSQL's writers wait for the ALTER's AccessExclusiveLock):
// so no committed row lands in a table definition that a rollback then
// undoes. w gives cancel and lock_timeout; deadlocks are 40P01. t may be
// nil. The caller holds no catalog lock; on nil WaitTableDDL returns with
// the schema lock held shared (RUnlock releases it), so no DDL slips in
// between the check and the statement.
func (c *Catalog) WaitTableDDL(t *Txn, w Wait, names []string) error {
	return c.waitTables(t, w, names, func(tb *Table) XID { return tb.ddlBy })
}

// WaitTableRead is WaitTableDDL for a reading statement (SELECT, COPY
// TO, DECLARE CURSOR): it waits only for DDL that PostgreSQL runs under
// ACCESS EXCLUSIVE (holdExclusive), which blocks readers there too.
func (c *Catalog) WaitTableRead(t *Txn, w Wait, names []string) error {
	return c.waitTables(t, w, names, func(tb *Table) XID { return tb.exclBy })
}

// waitTables waits while by(table) names another open transaction for
// any of the tables named, or another open transaction is dropping one
// (hidden, undo_tables.go); see WaitTableDDL. A table that another open
// transaction created does not exist for t: 42P01, as in PostgreSQL,
// where its catalog rows are not yet visible.
func (c *Catalog) waitTables(t *Txn, w Wait, names []string, by func(*Table) XID) error {
	var own XID
	if t != nil {
		own = t.xid
	}
	err := c.waitWhileHeld(t, w, c.mu.RLock, c.mu.RUnlock, func(*Txn) XID {
		for _, n := range names {
			tb, ok := c.tables[n]
			if !ok {
				if x := c.droppingOther(n, own); x != invalidXID {
					return x
				}
				continue
			}
			if x := by(tb); x != invalidXID && x != own && c.isActive(x) && !c.createdByOther(tb, own) {
				return x
			}
		}
		return invalidXID
	})
	if err != nil {
		return err
	}
	for _, n := range names {
		if tb, ok := c.tables[n]; ok && c.createdByOther(tb, own) {
			c.mu.RUnlock()
			return pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", n)
		}
	}
	return nil
}

// droppingOther returns the open transaction other than own that is
// dropping, or has renamed, the table named name, if any. Schema lock
// held.
func (c *Catalog) droppingOther(name string, own XID) XID {
	if x := c.hiddenBy(name, own); x != invalidXID {
		return x
	}
	return c.renamedBy(name, own)
}

// renamedBy returns the open transaction other than own that renamed
// away the table named name (its nameBefore, RememberTable), if any.
// Schema lock held.
func (c *Catalog) renamedBy(name string, own XID) XID {
	for _, t := range c.tables {
		if t.nameBefore == name && t.exclBy != own && c.isActive(t.exclBy) {
			return t.exclBy
		}
	}
	return invalidXID
}

// hiddenBy returns the open transaction other than own whose DROP TABLE
// hid the table named name (DropTableIn), if any. Schema lock held.
func (c *Catalog) hiddenBy(name string, own XID) XID {
	for hidden, t := range c.tables {
		if orig, ok := originalName(hidden); ok && orig == name && t.droppedBy != own && c.isActive(t.droppedBy) {
			return t.droppedBy
		}
	}
	return invalidXID
}

// createdByOther reports whether tb was created by an open transaction
// other than own. Schema lock held.
func (c *Catalog) createdByOther(tb *Table, own XID) bool {
	x := tb.createdBy
	return x != invalidXID && x != own && c.isActive(x)
}
