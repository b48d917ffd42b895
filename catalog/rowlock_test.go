package catalog

import (
	"context"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// rowLockTable makes table rl with rows 1..3, committed.
func rowLockTable(t *testing.T, c *Catalog) *Table {
	t.Helper()
	c.Lock()
	tb, err := c.CreateTable("rl", []Column{{Name: "id", Type: types.Int8, NotNull: true}}, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	txn := c.Begin()
	for i := int64(1); i <= 3; i++ {
		if _, err := txn.Insert(tb, []any{i}); err != nil {
			t.Fatal(err)
		}
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestRowLockNotLogged: a row lock writes nothing to the WAL, so after a
// crash with the locking transaction open, or after it committed, every
// row is there and unlocked (PostgreSQL: a lock-only xmax is no delete).
func TestRowLockNotLogged(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	defer c.Close()
	tb := rowLockTable(t, c)
	wt := Wait{Ctx: context.Background()}
	locker := c.Begin()
	for s := uint64(0); s < 3; s++ {
		if skip, err := locker.LockRow(tb, s, LockUpdate, RowNoWait, wt, false); skip || err != nil {
			t.Fatalf("lock slot %d: %v %v", s, skip, err)
		}
	}
	other := c.Begin()
	if _, err := other.LockRow(tb, 1, LockKeyShare, RowNoWait, wt, false); pgerror.CodeOf(err) != pgerror.LockNotAvailable {
		t.Fatalf("FOR KEY SHARE of a row held FOR UPDATE: %v, want 55P03", err)
	}
	if skip, err := other.LockRow(tb, 1, LockKeyShare, RowSkipLocked, wt, false); !skip || err != nil {
		t.Fatalf("SKIP LOCKED: %v %v", skip, err)
	}
	crashed := openCk(t, fs.CrashClone())
	if got := countRows(crashed, "rl"); got != 3 {
		t.Fatalf("rows after a crash with the lock held: %d, want 3", got)
	}
	crashed.Close()
	if err := locker.Commit(); err != nil {
		t.Fatal(err)
	}
	if skip, err := other.LockRow(tb, 1, LockUpdate, RowNoWait, wt, false); skip || err != nil {
		t.Fatalf("lock after the holder committed: %v %v", skip, err)
	}
	other.Rollback()
	if n := len(tb.rowLocks); n != 0 {
		t.Fatalf("%d lock entries left after both ended", n)
	}
	crashed = openCk(t, fs.CrashClone())
	defer crashed.Close()
	if got := countRows(crashed, "rl"); got != 3 {
		t.Fatalf("rows after the locker committed and a crash: %d, want 3", got)
	}
}

// countRows counts the rows of table name a new transaction sees.
func countRows(c *Catalog, name string) int {
	c.RLock()
	tb, ok := c.Table(name)
	c.RUnlock()
	if !ok {
		return -1
	}
	n := 0
	c.ReadTxn().Scan(tb, func(uint64, []any) bool { n++; return true })
	return n
}
