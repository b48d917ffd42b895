package catalog

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestLockModeConflicts checks the matrix against PostgreSQL's Table
// 13.2 ("Conflicting Lock Modes"), written out row by row: requested mode
// down, held mode across, in the order ACCESS SHARE ... ACCESS EXCLUSIVE.
func TestLockModeConflicts(t *testing.T) {
	table := map[LockMode]string{
		AccessShare:          ".......X",
		RowShare:             "......XX",
		RowExclusive:         "....XXXX",
		ShareUpdateExclusive: "...XXXXX",
		Share:                "..XX.XXX",
		ShareRowExclusive:    "..XXXXXX",
		Exclusive:            ".XXXXXXX",
		AccessExclusive:      "XXXXXXXX",
	}
	for req, row := range table {
		for i, c := range row {
			held := LockMode(i + 1)
			if got, want := req.Conflicts(held), c == 'X'; got != want {
				t.Errorf("%v requested while %v held: conflict %v, want %v", req, held, got, want)
			}
		}
	}
	if AccessExclusive.String() != "AccessExclusiveLock" || ShareUpdateExclusive.String() != "ShareUpdateExclusiveLock" {
		t.Errorf("names: %v, %v", AccessExclusive, ShareUpdateExclusive)
	}
}

// lockMgrFixture is a catalog without a WAL, for the lock manager alone;
// waiting reports each wait about to block (waiter xid, blocker owner).
type lockMgrFixture struct {
	c       *Catalog
	waiting chan [2]XID
}

func newLockMgrFixture(t *testing.T) *lockMgrFixture {
	f := &lockMgrFixture{c: newCatalog(nil), waiting: make(chan [2]XID, 16)}
	f.c.SetWaitHook(func(w, h XID) { f.waiting <- [2]XID{w, h} })
	return f
}

var noLimit = Wait{Ctx: context.Background()}

// lockAsync takes m on oid for txn in a goroutine.
func lockAsync(txn *Txn, oid uint32, m LockMode, w Wait) chan error {
	done := make(chan error, 1)
	go func() { done <- txn.LockRelation(oid, m, w) }()
	return done
}

// awaitBlocked returns once a request of waiter starts waiting for
// blocker (the hook runs once per blocker a request meets in turn).
func (f *lockMgrFixture) awaitBlocked(t *testing.T, waiter, blocker XID) {
	t.Helper()
	select {
	case w := <-f.waiting:
		if w != [2]XID{waiter, blocker} {
			t.Fatalf("%d waits for %d, want %d for %d", w[0], w[1], waiter, blocker)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("no request started waiting")
	}
}

// pending reports whether done has not delivered yet.
func pending(done chan error) bool {
	select {
	case err := <-done:
		done <- err
		return false
	default:
		return true
	}
}

// TestLockQueue: a reader holds relation 1; an ACCESS EXCLUSIVE request
// waits for it, a later reader of relation 1 queues behind that request,
// while a reader of relation 2 and a read-only statement never wait.
// Ending the first reader grants the exclusive request; ending that one
// grants the queued reader.
func TestLockQueue(t *testing.T) {
	f := newLockMgrFixture(t)
	a, b, c := f.c.Begin(), f.c.Begin(), f.c.Begin()
	if err := a.LockRelation(1, AccessShare, noLimit); err != nil {
		t.Fatal(err)
	}
	ddl := lockAsync(b, 1, AccessExclusive, noLimit)
	f.awaitBlocked(t, b.XID(), a.XID())
	reader := lockAsync(c, 1, AccessShare, noLimit)
	f.awaitBlocked(t, c.XID(), b.XID())
	other := f.c.ReadTxn()
	if err := other.LockRelations([]RelLock{{2, AccessShare}, {3, RowExclusive}}, noLimit); err != nil {
		t.Fatal(err)
	}
	if !other.Holds(2, AccessShare) || !other.Holds(3, AccessShare) || other.Holds(3, Share) {
		t.Fatal("Holds does not match the modes taken")
	}
	other.Rollback()
	if other.Holds(2, AccessShare) {
		t.Fatal("a statement's locks outlive it")
	}
	if !pending(ddl) || !pending(reader) {
		t.Fatal("a request was granted while a conflicting lock was held or queued")
	}
	a.Rollback()
	if err := result(t, ddl); err != nil {
		t.Fatal(err)
	}
	if !pending(reader) {
		t.Fatal("a reader got the relation while ACCESS EXCLUSIVE was held")
	}
	b.Rollback()
	if err := result(t, reader); err != nil {
		t.Fatal(err)
	}
	c.Rollback()
}

// TestLockHolderJumpsQueue: a holder asking for a stronger mode is not
// queued behind a waiter that waits for it (PostgreSQL's rule; otherwise
// the two would deadlock).
func TestLockHolderJumpsQueue(t *testing.T) {
	f := newLockMgrFixture(t)
	a, b := f.c.Begin(), f.c.Begin()
	defer a.Rollback()
	defer b.Rollback()
	if err := a.LockRelation(1, AccessShare, noLimit); err != nil {
		t.Fatal(err)
	}
	ddl := lockAsync(b, 1, Share, noLimit)
	if err := a.LockRelation(1, ShareUpdateExclusive, noLimit); err != nil {
		t.Fatalf("holder's upgrade: %v", err)
	}
	f.awaitBlocked(t, b.XID(), a.XID())
	a.Rollback()
	if err := result(t, ddl); err != nil {
		t.Fatal(err)
	}
}

// TestLockDeadlock: a and b each hold one relation and ask for the
// other's: the second to ask closes the cycle and fails with 40P01,
// naming both; the first then gets its lock.
func TestLockDeadlock(t *testing.T) {
	f := newLockMgrFixture(t)
	a, b := f.c.Begin(), f.c.Begin()
	defer a.Rollback()
	if err := a.LockRelation(1, AccessShare, noLimit); err != nil {
		t.Fatal(err)
	}
	if err := b.LockRelation(2, RowExclusive, noLimit); err != nil {
		t.Fatal(err)
	}
	first := lockAsync(a, 2, AccessExclusive, noLimit)
	f.awaitBlocked(t, a.XID(), b.XID())
	err := b.LockRelation(1, AccessExclusive, noLimit)
	if pgerror.CodeOf(err) != pgerror.DeadlockDetected {
		t.Fatalf("closing the cycle: %v, want 40P01", err)
	}
	detail := pgerror.From(err).Detail
	if !strings.Contains(detail, "waits for transaction") {
		t.Fatalf("detail %q", detail)
	}
	b.Rollback()
	if err := result(t, first); err != nil {
		t.Fatal(err)
	}
}

// TestLockTimeoutAndCancelRelation: a wait gives up after lock_timeout
// (55P03) or at the statement's cancel (57014), and leaves the queue: a
// later request of a compatible mode is not held up by it.
func TestLockTimeoutAndCancelRelation(t *testing.T) {
	f := newLockMgrFixture(t)
	f.c.SetWaitHook(nil)
	a, b := f.c.Begin(), f.c.Begin()
	defer a.Rollback()
	defer b.Rollback()
	if err := a.LockRelation(1, RowExclusive, noLimit); err != nil {
		t.Fatal(err)
	}
	err := b.LockRelation(1, Share, Wait{Ctx: context.Background(), LockTimeout: time.Millisecond})
	if pgerror.CodeOf(err) != pgerror.LockNotAvailable {
		t.Fatalf("lock_timeout: %v, want 55P03", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	f.c.SetWaitHook(func(XID, XID) { cancel() })
	err = b.LockRelation(1, AccessExclusive, Wait{Ctx: ctx})
	if pgerror.CodeOf(err) != pgerror.QueryCanceled {
		t.Fatalf("cancel: %v, want 57014", err)
	}
	f.c.SetWaitHook(nil)
	r := f.c.ReadTxn()
	defer r.Rollback()
	if !r.TryLockRelations([]RelLock{{1, AccessShare}}) {
		t.Fatal("a reader waits behind requests that gave up")
	}
	if r.TryLockRelations([]RelLock{{1, Share}}) {
		t.Fatal("SHARE granted while ROW EXCLUSIVE is held")
	}
	if f.c.LockWaiters() != 0 {
		t.Fatalf("%d waiters left", f.c.LockWaiters())
	}
}

// TestLockStatementOwner: a statement outside any transaction (a ReadTxn)
// owns its relation locks until ReleaseLocks, takes part in the wait-for
// graph (a cycle through it is 40P01, named "statement <n>"), and its
// release lets the transaction waiting for it go on.
func TestLockStatementOwner(t *testing.T) {
	f := newLockMgrFixture(t)
	r, a := f.c.ReadTxn(), f.c.Begin()
	defer a.Rollback()
	if err := r.LockRelation(1, AccessShare, noLimit); err != nil {
		t.Fatal(err)
	}
	if err := a.LockRelation(2, AccessShare, noLimit); err != nil {
		t.Fatal(err)
	}
	ddl := lockAsync(a, 1, AccessExclusive, noLimit)
	f.awaitBlocked(t, a.XID(), firstStatementOwner+1)
	err := r.LockRelation(2, AccessExclusive, noLimit)
	if pgerror.CodeOf(err) != pgerror.DeadlockDetected {
		t.Fatalf("closing the cycle: %v, want 40P01", err)
	}
	want := fmt.Sprintf("Statement 1 waits for transaction %d. Transaction %d waits for statement 1.", a.XID(), a.XID())
	if d := pgerror.From(err).Detail; d != want {
		t.Fatalf("detail %q, want %q", d, want)
	}
	if !pending(ddl) {
		t.Fatal("the transaction got ACCESS EXCLUSIVE while the statement held the table")
	}
	r.Rollback() // the statement ends: ReleaseLocks
	if err := result(t, ddl); err != nil {
		t.Fatal(err)
	}
}

// TestRollbackToReleasesRelationLocks: the modes a takes after a mark
// are given back by RollbackTo (a waiter for them is granted), those it
// held before stay.
func TestRollbackToReleasesRelationLocks(t *testing.T) {
	f := newLockMgrFixture(t)
	a, b := f.c.Begin(), f.c.Begin()
	if err := a.LockRelation(1, RowExclusive, noLimit); err != nil {
		t.Fatal(err)
	}
	m := a.Savepoint()
	if err := a.LockRelation(1, AccessExclusive, noLimit); err != nil {
		t.Fatal(err)
	}
	if err := a.LockRelation(2, Share, noLimit); err != nil {
		t.Fatal(err)
	}
	reader := lockAsync(b, 1, AccessShare, noLimit)
	f.awaitBlocked(t, b.XID(), a.XID())
	if err := a.RollbackTo(m); err != nil {
		t.Fatal(err)
	}
	if err := <-reader; err != nil {
		t.Fatalf("reader after RollbackTo: %v", err)
	}
	if !a.Holds(1, RowExclusive) || a.Holds(1, AccessExclusive) || a.Holds(2, Share) {
		t.Fatalf("a holds %v, want RowExclusive on 1 only", a.locked)
	}
	if b.TryLockRelations([]RelLock{{1, Share}}) {
		t.Fatal("SHARE on 1 granted past a's ROW EXCLUSIVE taken before the mark")
	}
	if !b.TryLockRelations([]RelLock{{2, AccessExclusive}}) {
		t.Fatal("relation 2 still locked after RollbackTo")
	}
	a.Rollback()
	b.Rollback()
}
