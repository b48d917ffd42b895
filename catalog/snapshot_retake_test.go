package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// TestStartStatementRetakesSnapshot: a read transaction's statement
// snapshot (StartStatement) sees what committed after the transaction
// was made, reuses the transaction's snapshot only when nothing began or
// ended since, and leaves no registration behind (EndStatement).
func TestStartStatementRetakesSnapshot(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	createItems(t, c)
	count := func(r *Txn) int {
		c.RLock()
		defer c.RUnlock()
		tb, _ := c.Table("items")
		n := 0
		r.Scan(tb, func(uint64, []any) bool { n++; return true })
		return n
	}

	r := c.ReadTxn()
	made := r.snap
	r.StartStatement()
	if r.snap != made || !r.snap.reg {
		t.Fatalf("nothing began or ended: snapshot %p (registered %v), want %p registered", r.snap, r.snap.reg, made)
	}
	r.EndStatement()

	r = c.ReadTxn()
	made = r.snap
	insert(t, c, types.Vector{1, 1}) // commits after r was made
	r.StartStatement()
	if r.snap == made {
		t.Fatal("a commit since the transaction was made kept its snapshot")
	}
	if n := count(r); n != 1 {
		t.Fatalf("the statement sees %d rows, want 1", n)
	}
	r.StartStatement() // again, nothing ended: the same snapshot, still registered once
	r.EndStatement()
	r.Rollback()
	c.tx.mu.Lock()
	left := len(c.tx.snaps)
	c.tx.mu.Unlock()
	if left != 0 {
		t.Fatalf("%d snapshot registrations left", left)
	}
}
