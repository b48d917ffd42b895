package catalog

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// Goroutines stand for sessions. "B is now waiting" is observed through
// the wait hook, which runs just before a wait blocks; no step depends on
// a sleep.

// lockFixture is a catalog with table cc (id int8 primary key, n int8)
// holding the committed rows given, and a channel receiving one value per
// wait that is about to block.
type lockFixture struct {
	c       *Catalog
	tb      *Table
	waiting chan [2]XID
}

func newLockFixture(t *testing.T, rows ...[]any) *lockFixture {
	t.Helper()
	c, err := Open("data", Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 16},
		CheckpointInterval: -1, CheckpointWALBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.Lock()
	tb, err := c.CreateTable("cc", []Column{{Name: "id", Type: types.Int8, NotNull: true}, {Name: "n", Type: types.Int8}}, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	f := &lockFixture{c: c, tb: tb, waiting: make(chan [2]XID, 16)}
	c.SetWaitHook(func(w, h XID) { f.waiting <- [2]XID{w, h} })
	if len(rows) > 0 {
		txn := c.Begin()
		for _, r := range rows {
			if err := f.write(txn, func() error { _, err := txn.Insert(tb, r); return err }); err != nil {
				t.Fatal(err)
			}
		}
		if err := txn.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// write runs fn as the planner runs a writing statement that waits:
// ROW EXCLUSIVE on the table (no schema latch), writer lock, fresh
// snapshot, waiting on.
func (f *lockFixture) write(txn *Txn, fn func() error) error {
	return f.writeWith(txn, Wait{Ctx: context.Background()}, fn)
}

func (f *lockFixture) writeWith(txn *Txn, w Wait, fn func() error) error {
	if err := txn.LockRelation(f.tb.OID, RowExclusive, w); err != nil {
		return err
	}
	f.tb.LockWrites()
	defer f.tb.UnlockWrites()
	txn.StartStatement()
	defer txn.EndStatement()
	txn.SetWait(w)
	defer txn.SetWait(Wait{})
	return fn()
}

// awaitWait returns once some statement waits for holder.
func (f *lockFixture) awaitWait(t *testing.T, holder XID) {
	t.Helper()
	select {
	case w := <-f.waiting:
		if w[1] != holder {
			t.Fatalf("a statement waits for %d, want %d", w[1], holder)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("no statement started waiting")
	}
}

// result waits for a goroutine's error.
func result(t *testing.T, ch chan error) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(60 * time.Second):
		t.Fatal("statement did not finish")
		return nil
	}
}

// live returns the committed (id, n) rows of cc, by id.
func (f *lockFixture) live() map[int64]int64 {
	r := f.c.ReadTxn()
	out := map[int64]int64{}
	r.Scan(f.tb, func(_ uint64, v []any) bool {
		n := int64(-1)
		if v[1] != nil {
			n = v[1].(int64)
		}
		out[v[0].(int64)] = n
		return true
	})
	return out
}

// update adds 1 to n of the row whose id is id, as UPDATE cc SET n = n + 1
// WHERE id = id does: find the visible row, then follow RowMoved,
// re-checking the id. It reports whether a row was updated.
func update(txn *Txn, tb *Table, id int64) (bool, error) {
	var slot uint64
	var vals []any
	txn.Scan(tb, func(s uint64, v []any) bool {
		if v[0].(int64) == id {
			slot, vals = s, v
			return false
		}
		return true
	})
	for vals != nil {
		_, err := txn.Update(tb, slot, []any{vals[0], vals[1].(int64) + 1})
		var moved *RowMoved
		if !errors.As(err, &moved) {
			return err == nil, err
		}
		slot, vals = moved.Slot, moved.Vals
		if vals != nil && vals[0].(int64) != id {
			return false, nil
		}
	}
	return false, nil
}

func TestInsertWaitsForKeyHolder(t *testing.T) {
	for _, commit := range []bool{false, true} {
		f := newLockFixture(t)
		a := f.c.Begin()
		if err := f.write(a, func() error { _, err := a.Insert(f.tb, []any{int64(2), int64(0)}); return err }); err != nil {
			t.Fatal(err)
		}
		b := f.c.Begin()
		done := make(chan error, 1)
		go func() {
			done <- f.write(b, func() error { _, err := b.Insert(f.tb, []any{int64(2), int64(99)}); return err })
		}()
		f.awaitWait(t, a.XID())
		if commit {
			if err := a.Commit(); err != nil {
				t.Fatal(err)
			}
		} else {
			a.Rollback()
		}
		err := result(t, done)
		want := map[int64]int64{2: 99}
		if commit {
			if err == nil || pgerror.CodeOf(err) != pgerror.UniqueViolation {
				t.Fatalf("after the holder committed: %v, want 23505", err)
			}
			b.Rollback()
			want = map[int64]int64{2: 0}
		} else {
			if err != nil {
				t.Fatalf("after the holder rolled back: %v", err)
			}
			if err := b.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.live(); len(got) != 1 || got[2] != want[2] {
			t.Fatalf("commit=%v: rows %v, want %v", commit, got, want)
		}
	}
}

// TestUpdateWaitsAndFollows: B's UPDATE of a row A is changing waits for
// A, then updates A's new version (A committed an update), skips the row
// (A deleted it) or updates the original (A rolled back).
func TestUpdateWaitsAndFollows(t *testing.T) {
	cases := []struct {
		name    string
		a       func(f *lockFixture, a *Txn) error
		commit  bool
		want    map[int64]int64
		updated bool
	}{
		{"update committed", func(f *lockFixture, a *Txn) error { _, err := update(a, f.tb, 1); return err }, true, map[int64]int64{1: 2}, true},
		{"update rolled back", func(f *lockFixture, a *Txn) error { _, err := update(a, f.tb, 1); return err }, false, map[int64]int64{1: 1}, true},
		{"delete committed", func(f *lockFixture, a *Txn) error { return f.deleteID(a, 1) }, true, map[int64]int64{}, false},
		{"delete rolled back", func(f *lockFixture, a *Txn) error { return f.deleteID(a, 1) }, false, map[int64]int64{1: 1}, true},
		{"key changed", func(f *lockFixture, a *Txn) error { return f.rekey(a, 1, 5) }, true, map[int64]int64{5: 0}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newLockFixture(t, []any{int64(1), int64(0)})
			a := f.c.Begin()
			if err := f.write(a, func() error { return tc.a(f, a) }); err != nil {
				t.Fatal(err)
			}
			b := f.c.Begin()
			type out struct {
				ok  bool
				err error
			}
			done := make(chan out, 1)
			go func() {
				var o out
				o.err = f.write(b, func() (err error) { o.ok, err = update(b, f.tb, 1); return err })
				done <- o
			}()
			f.awaitWait(t, a.XID())
			if tc.commit {
				if err := a.Commit(); err != nil {
					t.Fatal(err)
				}
			} else {
				a.Rollback()
			}
			var o out
			select {
			case o = <-done:
			case <-time.After(60 * time.Second):
				t.Fatal("B did not finish")
			}
			if o.err != nil || o.ok != tc.updated {
				t.Fatalf("B: updated %v, %v; want %v", o.ok, o.err, tc.updated)
			}
			if err := b.Commit(); err != nil {
				t.Fatal(err)
			}
			got := f.live()
			if len(got) != len(tc.want) {
				t.Fatalf("rows %v, want %v", got, tc.want)
			}
			for id, n := range tc.want {
				if got[id] != n {
					t.Fatalf("rows %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func (f *lockFixture) deleteID(txn *Txn, id int64) error {
	var slot uint64
	found := false
	txn.Scan(f.tb, func(s uint64, v []any) bool {
		if v[0].(int64) == id {
			slot, found = s, true
		}
		return !found
	})
	if !found {
		return errors.New("row not found")
	}
	return txn.Delete(f.tb, slot)
}

func (f *lockFixture) rekey(txn *Txn, from, to int64) error {
	var slot uint64
	txn.Scan(f.tb, func(s uint64, v []any) bool {
		if v[0].(int64) == from {
			slot = s
			return false
		}
		return true
	})
	_, err := txn.Update(f.tb, slot, []any{to, int64(0)})
	return err
}

// TestRepeatableReadFailsAfterWait: a REPEATABLE READ transaction gets
// 40001 once the transaction it waited for commits an update.
func TestRepeatableReadFailsAfterWait(t *testing.T) {
	f := newLockFixture(t, []any{int64(1), int64(0)})
	a := f.c.Begin()
	if err := f.write(a, func() error { _, err := update(a, f.tb, 1); return err }); err != nil {
		t.Fatal(err)
	}
	b := f.c.Begin()
	b.SetRepeatableRead(true)
	done := make(chan error, 1)
	go func() { done <- f.write(b, func() error { _, err := update(b, f.tb, 1); return err }) }()
	f.awaitWait(t, a.XID())
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err == nil || pgerror.CodeOf(err) != pgerror.SerializationFailure {
		t.Fatalf("B: %v, want 40001", err)
	}
	b.Rollback()
	if got := f.live(); got[1] != 1 {
		t.Fatalf("rows %v, want n = 1", got)
	}
}

// TestDeadlockDetected: A holds row 1 and waits for row 2, which B holds;
// B then asks for row 1 and gets 40P01 at once; after B rolls back, A
// proceeds.
func TestDeadlockDetected(t *testing.T) {
	f := newLockFixture(t, []any{int64(1), int64(0)}, []any{int64(2), int64(0)})
	a, b := f.c.Begin(), f.c.Begin()
	for _, s := range []struct {
		txn *Txn
		id  int64
	}{{a, 1}, {b, 2}} {
		if err := f.write(s.txn, func() error { _, err := update(s.txn, f.tb, s.id); return err }); err != nil {
			t.Fatal(err)
		}
	}
	doneA := make(chan error, 1)
	go func() { doneA <- f.write(a, func() error { _, err := update(a, f.tb, 2); return err }) }()
	f.awaitWait(t, b.XID())
	err := f.write(b, func() error { _, err := update(b, f.tb, 1); return err })
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.DeadlockDetected || pe.Message != "deadlock detected" || pe.Detail == "" {
		t.Fatalf("B: %v, want 40P01 deadlock detected with a detail", err)
	}
	b.Rollback()
	if err := result(t, doneA); err != nil {
		t.Fatalf("A after B's rollback: %v", err)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := f.live(); got[1] != 1 || got[2] != 1 {
		t.Fatalf("rows %v, want 1 and 2 at n = 1", got)
	}
}

// TestDeadlockRace: two transactions each hold one row and ask for the
// other's at the same time; exactly one gets 40P01, the other proceeds.
func TestDeadlockRace(t *testing.T) {
	for range 20 {
		f := newLockFixture(t, []any{int64(1), int64(0)}, []any{int64(2), int64(0)})
		f.c.SetWaitHook(nil)
		a, b := f.c.Begin(), f.c.Begin()
		for _, s := range []struct {
			txn *Txn
			id  int64
		}{{a, 1}, {b, 2}} {
			if err := f.write(s.txn, func() error { _, err := update(s.txn, f.tb, s.id); return err }); err != nil {
				t.Fatal(err)
			}
		}
		errs := make(chan error, 2)
		for _, s := range []struct {
			txn *Txn
			id  int64
		}{{a, 2}, {b, 1}} {
			go func() {
				err := f.write(s.txn, func() error { _, err := update(s.txn, f.tb, s.id); return err })
				if err != nil {
					s.txn.Rollback() // lets the other proceed
				} else if cerr := s.txn.Commit(); cerr != nil {
					err = cerr
				}
				errs <- err
			}()
		}
		e1, e2 := result(t, errs), result(t, errs)
		dead := 0
		for _, e := range []error{e1, e2} {
			switch {
			case e == nil:
			case pgerror.CodeOf(e) == pgerror.DeadlockDetected:
				dead++
			default:
				t.Fatalf("unexpected error %v", e)
			}
		}
		if dead != 1 {
			t.Fatalf("%d of 2 got 40P01 (%v, %v), want exactly 1", dead, e1, e2)
		}
		if got := f.live(); got[1]+got[2] != 2 {
			t.Fatalf("rows %v: want the winner's two updates", got)
		}
	}
}

// TestLockTimeoutAndCancel: a wait ends with 55P03 after lock_timeout and
// with 57014 when the statement's context is cancelled.
func TestLockTimeoutAndCancel(t *testing.T) {
	f := newLockFixture(t, []any{int64(1), int64(0)})
	f.c.SetWaitHook(nil)
	a := f.c.Begin()
	if err := f.write(a, func() error { _, err := update(a, f.tb, 1); return err }); err != nil {
		t.Fatal(err)
	}
	b := f.c.Begin()
	err := f.writeWith(b, Wait{Ctx: context.Background(), LockTimeout: 10 * time.Millisecond},
		func() error { _, err := update(b, f.tb, 1); return err })
	if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.LockNotAvailable || pe.Message != "canceling statement due to lock timeout" {
		t.Fatalf("lock_timeout: %v, want 55P03", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	f.c.SetWaitHook(func(XID, XID) { cancel() })
	err = f.writeWith(b, Wait{Ctx: ctx}, func() error { _, err := update(b, f.tb, 1); return err })
	if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.QueryCanceled {
		t.Fatalf("cancel: %v, want 57014", err)
	}
	if n := f.c.LockWaiters(); n != 0 {
		t.Fatalf("%d waiters left", n)
	}
	b.Rollback()
	a.Rollback()
}

// TestDDLWaitsForWriters: DROP TABLE (LockTables) waits for a transaction
// that wrote the table, while readers go on; the writer's own DDL does
// not wait; a DDL wait that closes a cycle is 40P01.
func TestDDLWaitsForWriters(t *testing.T) {
	f := newLockFixture(t, []any{int64(1), int64(0)})
	a := f.c.Begin()
	if err := f.write(a, func() error { _, err := a.Insert(f.tb, []any{int64(2), int64(0)}); return err }); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		if err := f.c.LockTables(nil, Wait{Ctx: context.Background()}, []string{"cc"}); err != nil {
			done <- err
			return
		}
		err := f.c.DropTable("cc")
		f.c.Unlock()
		done <- err
	}()
	f.awaitWait(t, a.XID())
	// Readers and A's further writes go on while DROP waits.
	if got := f.live(); len(got) != 1 {
		t.Fatalf("reader during the wait: %v", got)
	}
	if err := f.write(a, func() error { _, err := a.Insert(f.tb, []any{int64(3), int64(0)}); return err }); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err != nil {
		t.Fatal(err)
	}
	if got := f.live(); len(got) != 3 {
		t.Fatalf("the dropped table's committed rows: %v, want 3 rows", got)
	}
	f.c.RLock()
	_, ok := f.c.Table("cc")
	f.c.RUnlock()
	if ok {
		t.Fatal("cc still exists")
	}
}

func TestDDLOwnTransactionAndDeadlock(t *testing.T) {
	f := newLockFixture(t, []any{int64(1), int64(0)})
	a, b := f.c.Begin(), f.c.Begin()
	if err := f.write(a, func() error { _, err := update(a, f.tb, 1); return err }); err != nil {
		t.Fatal(err)
	}
	// B waits for A's row; A's DROP would then wait for B: 40P01 for A.
	// (A's DROP would hold ACCESS EXCLUSIVE until A ends, so B writes
	// first, as it must in PostgreSQL too.)
	if err := f.write(b, func() error { _, err := b.Insert(f.tb, []any{int64(7), int64(0)}); return err }); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- f.write(b, func() error { _, err := update(b, f.tb, 1); return err }) }()
	f.awaitWait(t, a.XID())
	err := f.c.LockTables(a, Wait{Ctx: context.Background()}, []string{"cc"})
	if err == nil {
		f.c.Unlock()
		t.Fatal("A's DROP did not detect the deadlock")
	}
	if pgerror.CodeOf(err) != pgerror.DeadlockDetected {
		t.Fatalf("A's DROP: %v, want 40P01", err)
	}
	a.Rollback()
	if err := result(t, done); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := f.live(); len(got) != 2 || got[1] != 1 || got[7] != 0 {
		t.Fatalf("rows %v", got)
	}
	// A transaction's own table lock does not hold back its DDL.
	c := f.c.Begin()
	defer c.Rollback()
	if err := f.write(c, func() error { _, err := update(c, f.tb, 1); return err }); err != nil {
		t.Fatal(err)
	}
	if err := f.c.LockTables(c, Wait{Ctx: context.Background()}, []string{"cc"}); err != nil {
		t.Fatal(err)
	}
	f.c.Unlock()
}

// TestInsertIntoDroppedTable: a write through a Table that was dropped
// since it was resolved (a COPY between batches) is 42P01.
func TestInsertIntoDroppedTable(t *testing.T) {
	f := newLockFixture(t)
	f.c.Lock()
	if err := f.c.DropTable("cc"); err != nil {
		t.Fatal(err)
	}
	f.c.Unlock()
	txn := f.c.Begin()
	defer txn.Rollback()
	f.c.RLock()
	f.tb.LockWrites()
	_, err := txn.InsertBatch(f.tb, [][]any{{int64(1), int64(1)}})
	f.tb.UnlockWrites()
	f.c.RUnlock()
	if err == nil || pgerror.CodeOf(err) != pgerror.UndefinedTable {
		t.Fatalf("insert into dropped table: %v, want 42P01", err)
	}
}

// TestReadersHoldOffExclusiveDDL: a transaction that read the table holds
// its read lock until it ends: DROP (LockTables) waits for it, CREATE
// INDEX (writers only) does not; a read outside a transaction holds
// nothing.
func TestReadersHoldOffExclusiveDDL(t *testing.T) {
	f := newLockFixture(t, []any{int64(1), int64(0)})
	f.c.SetWaitHook(nil)
	f.c.ReadTxn().Scan(f.tb, func(uint64, []any) bool { return true })
	if x := f.c.tableHolder(f.tb, f.c.ReadTxn(), true); x != invalidXID {
		t.Fatalf("a read-only statement holds the table (%d)", x)
	}
	a := f.c.Begin()
	f.c.RLock()
	if _, ok := a.Get(f.tb, 0); !ok {
		t.Fatal("row 0 not visible")
	}
	f.c.RUnlock()
	short := Wait{Ctx: context.Background(), LockTimeout: 5 * time.Millisecond}
	if err := f.c.LockTables(nil, short, []string{"cc"}); err == nil || pgerror.CodeOf(err) != pgerror.LockNotAvailable {
		if err == nil {
			f.c.Unlock()
		}
		t.Fatalf("DROP while a transaction read the table: %v, want 55P03", err)
	}
	ix, err := f.c.BuildIndexFor(nil, short, IndexDef{Name: "cc_n", Table: "cc", Method: MethodBTree, Column: "n"})
	if err != nil || ix == nil {
		t.Fatalf("CREATE INDEX while a transaction read the table: %v", err)
	}
	a.Rollback()
	if err := f.c.LockTables(nil, short, []string{"cc_n"}); err != nil {
		t.Fatalf("after the reader ended: %v", err)
	}
	f.c.Unlock()
}
