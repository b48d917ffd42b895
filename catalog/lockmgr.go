package catalog

import (
	"slices"

	"github.com/vecgres/vecgres/monitor"
)

// Relation locks, as PostgreSQL's table-level locks (docs, "Explicit
// Locking", 13.3.1 Table-Level Locks): each statement takes, on every
// relation it touches, the mode PostgreSQL takes there, and keeps it until
// its transaction ends (a statement outside any transaction: until the
// statement ends, Txn.ReleaseLocks). A request waits while another owner
// holds a conflicting mode, or (when the requester holds nothing on the
// relation yet) while an earlier waiter asks for one, so a queued ACCESS
// EXCLUSIVE is not starved by a stream of readers and later readers of
// that table queue behind it, as in PostgreSQL; relations nobody asked
// for a conflicting mode on are never held up. Waits share the wait-for
// graph of row waits (lock.go): a cycle is 40P01, lock_timeout 55P03, a
// cancel or statement_timeout 57014.

// LockMode is one of PostgreSQL's eight table lock modes, weakest first.
type LockMode uint8

const (
	AccessShare          LockMode = iota + 1 // SELECT, COPY TO
	RowShare                                 // SELECT FOR UPDATE/SHARE
	RowExclusive                             // INSERT, UPDATE, DELETE, COPY FROM
	ShareUpdateExclusive                     // VACUUM, ANALYZE, CREATE INDEX CONCURRENTLY
	Share                                    // CREATE INDEX
	ShareRowExclusive                        // REINDEX's build (see ReindexFor)
	Exclusive                                // REFRESH MATERIALIZED VIEW CONCURRENTLY
	AccessExclusive                          // ALTER, DROP, TRUNCATE, REINDEX's swap
)

// modeSet is a set of lock modes, bit m for mode m.
type modeSet uint16

func (m LockMode) bit() modeSet { return 1 << m }

func setOf(ms ...LockMode) modeSet {
	var s modeSet
	for _, m := range ms {
		s |= m.bit()
	}
	return s
}

// lockConflicts[m] is the set of modes that conflict with m: PostgreSQL's
// Table 13.2, "Conflicting Lock Modes".
var lockConflicts = [...]modeSet{
	AccessShare:          setOf(AccessExclusive),
	RowShare:             setOf(Exclusive, AccessExclusive),
	RowExclusive:         setOf(Share, ShareRowExclusive, Exclusive, AccessExclusive),
	ShareUpdateExclusive: setOf(ShareUpdateExclusive, Share, ShareRowExclusive, Exclusive, AccessExclusive),
	Share:                setOf(RowExclusive, ShareUpdateExclusive, ShareRowExclusive, Exclusive, AccessExclusive),
	ShareRowExclusive:    setOf(RowExclusive, ShareUpdateExclusive, Share, ShareRowExclusive, Exclusive, AccessExclusive),
	Exclusive:            setOf(RowShare, RowExclusive, ShareUpdateExclusive, Share, ShareRowExclusive, Exclusive, AccessExclusive),
	AccessExclusive:      setOf(AccessShare, RowShare, RowExclusive, ShareUpdateExclusive, Share, ShareRowExclusive, Exclusive, AccessExclusive),
}

var lockModeNames = [...]string{
	AccessShare: "AccessShareLock", RowShare: "RowShareLock", RowExclusive: "RowExclusiveLock",
	ShareUpdateExclusive: "ShareUpdateExclusiveLock", Share: "ShareLock",
	ShareRowExclusive: "ShareRowExclusiveLock", Exclusive: "ExclusiveLock", AccessExclusive: "AccessExclusiveLock",
}

// String returns PostgreSQL's name of the mode (pg_locks.mode).
func (m LockMode) String() string {
	if m == 0 || int(m) >= len(lockModeNames) {
		return "InvalidLock"
	}
	return lockModeNames[m]
}

// Conflicts reports whether m and o conflict (the matrix is symmetric).
func (m LockMode) Conflicts(o LockMode) bool { return lockConflicts[m]&o.bit() != 0 }

// conflictsWith reports whether m conflicts with any mode of s.
func (m LockMode) conflictsWith(s modeSet) bool { return lockConflicts[m]&s != 0 }

// relLock is the lock state of one relation (by OID).
type relLock struct {
	granted map[XID]modeSet // owner -> modes it holds
	queue   []*lockReq      // waiting requests, oldest first
	// changed is closed (and cleared) whenever a grant is released or a
	// waiting request leaves the queue: waiters then look again. Nil
	// while no one waits (waitChan makes it), so that a release nobody
	// waits for allocates nothing.
	changed chan struct{}
}

// lockReq is a waiting request.
type lockReq struct {
	owner XID
	mode  LockMode
}

// RelLock names a relation (OID) and the mode to take on it.
type RelLock struct {
	OID  uint32
	Mode LockMode
}

// firstStatementOwner is the first lock owner id given to a statement
// that has no transaction id (a read outside any transaction block):
// above every xid, so owners and xids share the wait-for graph.
const firstStatementOwner XID = 1 << 62

// rel returns the lock state of oid, created if absent. ls.mu held.
func (ls *lockState) rel(oid uint32) *relLock {
	r := ls.rels[oid]
	if r == nil {
		r = &relLock{granted: map[XID]modeSet{}}
		ls.rels[oid] = r
	}
	return r
}

// signal wakes r's waiters, if any. ls.mu held.
func (r *relLock) signal() {
	if r.changed != nil {
		close(r.changed)
		r.changed = nil
	}
}

// waitChan returns the channel the next signal closes. ls.mu held.
func (r *relLock) waitChan() chan struct{} {
	if r.changed == nil {
		r.changed = make(chan struct{})
	}
	return r.changed
}

// dequeue removes q from r's queue and wakes the others. ls.mu held.
func (r *relLock) dequeue(q *lockReq) {
	if i := slices.Index(r.queue, q); i >= 0 {
		r.queue = slices.Delete(r.queue, i, i+1)
		r.signal()
	}
}

// blocker returns an owner other than me whose granted mode conflicts
// with m on r, or, when me holds nothing on r, whose request queued
// before q (all of them when q is nil) asks for a conflicting mode; 0 if
// none. ls.mu held.
func (r *relLock) blocker(me XID, m LockMode, q *lockReq) XID {
	for o, held := range r.granted {
		if o != me && m.conflictsWith(held) {
			return o
		}
	}
	if r.granted[me] != 0 {
		return invalidXID // PostgreSQL lets a holder jump the queue (deadlock avoidance)
	}
	for _, w := range r.queue {
		if w == q {
			break
		}
		if w.owner != me && m.Conflicts(w.mode) {
			return w.owner
		}
	}
	return invalidXID
}

// grant records owner holding m on oid; t is the owner's Txn. ls.mu held.
func (ls *lockState) grant(t *Txn, oid uint32, m LockMode) {
	r := ls.rel(oid)
	r.granted[t.owner] |= m.bit()
	if t.locked == nil {
		t.locked = map[uint32]modeSet{}
	}
	if t.locked[oid]&m.bit() == 0 {
		t.lockLog = append(t.lockLog, RelLock{OID: oid, Mode: m})
	}
	t.locked[oid] |= m.bit()
}

// lockOwner returns t's owner id for relation locks, assigning one: its
// xid, or for a Txn without one a statement owner id, made awaitable
// (released by ReleaseLocks). ls.mu held.
func (ls *lockState) lockOwner(t *Txn) XID {
	if t.owner != invalidXID {
		return t.owner
	}
	if t.xid != invalidXID {
		t.owner = t.xid
		return t.owner
	}
	if ls.nextOwner < firstStatementOwner {
		ls.nextOwner = firstStatementOwner
	}
	ls.nextOwner++
	t.owner = ls.nextOwner
	ls.ends[t.owner] = make(chan struct{})
	return t.owner
}

// holds reports whether t holds m, or a mode at least as strong that
// conflicts with everything m does, on oid. t.locked changes only in
// t's goroutine (Txn is used by one at a time), so no lock is needed.
func (t *Txn) holds(oid uint32, m LockMode) bool {
	held := t.locked[oid]
	for s := m; s <= AccessExclusive; s++ {
		if held&s.bit() != 0 && lockConflicts[s]&lockConflicts[m] == lockConflicts[m] {
			return true
		}
	}
	return false
}

// Holds reports whether t holds mode m (or a stronger one) on the
// relation with OID oid (cheap: every row write asks, holdTable).
func (t *Txn) Holds(oid uint32, m LockMode) bool { return t.holds(oid, m) }

// LockRelations takes each of locks for t (in OID order, so that two
// statements locking the same relations do not deadlock), waiting while
// another owner holds or, ahead in the queue, asks for a conflicting
// mode, under w's cancel (57014) and lock_timeout (55P03), with deadlock
// detection (40P01). Locks are held until t ends (Commit, Rollback) or,
// for a Txn without an xid, until ReleaseLocks; on error the ones
// already taken stay held until then. The caller holds no catalog lock.
func (t *Txn) LockRelations(locks []RelLock, w Wait) error {
	sorted := slices.Clone(locks)
	slices.SortFunc(sorted, func(a, b RelLock) int { return int(a.OID) - int(b.OID) })
	for _, l := range sorted {
		if err := t.LockRelation(l.OID, l.Mode, w); err != nil {
			return err
		}
	}
	return nil
}

// TryLockRelations takes locks for t if none of them has to wait, and
// reports whether all were taken (those taken stay held either way). It
// never blocks, so it may be called under the schema latch.
func (t *Txn) TryLockRelations(locks []RelLock) bool {
	if len(locks) == 0 {
		return true
	}
	ls := &t.c.locks
	ls.mu.Lock()
	defer ls.mu.Unlock()
	me := ls.lockOwner(t)
	for _, l := range locks {
		if t.holds(l.OID, l.Mode) {
			continue
		}
		if ls.rel(l.OID).blocker(me, l.Mode, nil) != invalidXID {
			return false
		}
		ls.grant(t, l.OID, l.Mode)
	}
	return true
}

// LockRelation takes mode m on relation oid for t; see LockRelations.
func (t *Txn) LockRelation(oid uint32, m LockMode, w Wait) error {
	saved := t.wait
	t.wait = w
	defer func() { t.wait = saved }()
	ls := &t.c.locks
	ls.mu.Lock()
	me := ls.lockOwner(t)
	if t.holds(oid, m) {
		ls.mu.Unlock()
		return nil
	}
	r := ls.rel(oid)
	var q *lockReq
	var last XID // the blocker the hook last reported
	for {
		x := r.blocker(me, m, q)
		if x == invalidXID {
			ls.grant(t, oid, m)
			if q != nil {
				r.dequeue(q)
			}
			ls.mu.Unlock()
			return nil
		}
		if q == nil {
			q = &lockReq{owner: me, mode: m}
			r.queue = append(r.queue, q)
		}
		if cycle := ls.cycle(me, x); cycle != nil {
			r.dequeue(q)
			ls.mu.Unlock()
			return deadlockError(cycle)
		}
		ls.waitsFor[me] = x
		ls.waiters++
		ch, hook := r.waitChan(), ls.hook
		ls.mu.Unlock()
		if hook != nil && x != last {
			hook(t.xid, x)
		}
		last = x
		err := t.block(ch, monitor.WaitRelation)
		ls.mu.Lock()
		delete(ls.waitsFor, me)
		ls.waiters--
		if err != nil {
			r.dequeue(q)
			ls.mu.Unlock()
			return err
		}
	}
}

// takeTableLock records t holding mode m on tb without waiting (row
// reads and writes, DDL that already waited under the schema latch): no
// effect for a Txn without an xid.
func (t *Txn) takeTableLock(tb *Table, m LockMode) {
	if t.xid == invalidXID {
		return
	}
	ls := &t.c.locks
	ls.mu.Lock()
	ls.lockOwner(t)
	if !t.holds(tb.OID, m) {
		ls.grant(t, tb.OID, m)
	}
	ls.mu.Unlock()
}

// ReleaseLocks lets go of the relation locks of t, a Txn without an xid
// (a statement outside any transaction), at the statement's end; a
// transaction's are released when it ends.
func (t *Txn) ReleaseLocks() {
	if t.xid != invalidXID || t.owner == invalidXID { // owner: set by t's own lock calls only
		return
	}
	t.c.locks.release(t)
}

// release drops every relation lock of t's owner, wakes their waiters
// and, for a statement owner, those waiting for it.
func (ls *lockState) release(t *Txn) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if t.owner == invalidXID {
		return
	}
	for oid := range t.locked {
		if r := ls.rels[oid]; r != nil {
			delete(r.granted, t.owner)
			r.signal()
			if len(r.granted) == 0 && len(r.queue) == 0 {
				delete(ls.rels, oid)
			}
		}
	}
	t.locked, t.lockLog = nil, nil
	if t.xid == invalidXID {
		if ch, ok := ls.ends[t.owner]; ok {
			close(ch)
			delete(ls.ends, t.owner)
		}
		t.owner = invalidXID
	}
}

// releaseSince drops the relation lock modes t took after its first
// from grants (t.lockLog[from:]), those a savepoint rollback gives back
// (PostgreSQL's AbortSubTransaction releases the subtransaction's locks),
// and wakes their waiters.
func (ls *lockState) releaseSince(t *Txn, from int) {
	if from >= len(t.lockLog) {
		return
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for _, l := range t.lockLog[from:] {
		if t.locked[l.OID] &^= l.Mode.bit(); t.locked[l.OID] == 0 {
			delete(t.locked, l.OID)
		}
		r := ls.rels[l.OID]
		if r == nil {
			continue
		}
		if r.granted[t.owner] &^= l.Mode.bit(); r.granted[t.owner] == 0 {
			delete(r.granted, t.owner)
		}
		r.signal()
		if len(r.granted) == 0 && len(r.queue) == 0 {
			delete(ls.rels, l.OID)
		}
	}
	clear(t.lockLog[from:])
	t.lockLog = t.lockLog[:from]
}

// relationHolder returns an owner other than t's holding a mode on oid
// that conflicts with m, or invalidXID.
func (c *Catalog) relationHolder(oid uint32, t *Txn, m LockMode) XID {
	ls := &c.locks
	ls.mu.Lock()
	defer ls.mu.Unlock()
	me := t.owner
	if me == invalidXID {
		me = t.xid
	}
	for o, held := range ls.rels[oid].grantedOrNil() {
		if o != me && m.conflictsWith(held) {
			return o
		}
	}
	return invalidXID
}

func (r *relLock) grantedOrNil() map[XID]modeSet {
	if r == nil {
		return nil
	}
	return r.granted
}
