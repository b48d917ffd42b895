package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// TestLookupKey: a key is found in the version visible to the transaction
// (its own uncommitted writes included), not in another transaction's
// uncommitted row nor in a deleted one; NULL keys never match.
func TestLookupKey(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	tb := createItems(t, c)
	insert(t, c, vec(1), vec(2)) // ids 1 and 2
	row := func(id int64) []any { return []any{id, types.Vector{9, 9}} }
	lookup := func(txn *Txn, id any) (uint64, bool) {
		c.Lock()
		defer c.Unlock()
		slot, vals, ok := txn.LookupKey(tb, []any{id, nil})
		if ok && vals[0] != id {
			t.Fatalf("LookupKey(%v) returned row %v", id, vals)
		}
		return slot, ok
	}
	mine, other := c.Begin(), c.Begin()
	if _, ok := lookup(mine, int64(1)); !ok {
		t.Fatal("committed id 1 not found")
	}
	if _, ok := lookup(mine, int64(7)); ok {
		t.Fatal("absent id 7 found")
	}
	if _, ok := lookup(mine, nil); ok {
		t.Fatal("NULL key found")
	}
	c.Lock()
	slot7, err := other.Insert(tb, row(7))
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := lookup(mine, int64(7)); ok {
		t.Fatal("another transaction's uncommitted id 7 found")
	}
	if s, ok := lookup(other, int64(7)); !ok || s != slot7 {
		t.Fatalf("own uncommitted id 7: slot %d, %v; want %d", s, ok, slot7)
	}
	s1, _ := lookup(mine, int64(1))
	c.Lock()
	err = mine.Delete(tb, s1)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := lookup(mine, int64(1)); ok {
		t.Fatal("id 1 deleted by this transaction still found")
	}
	if s, ok := lookup(other, int64(1)); !ok || s != s1 {
		t.Fatalf("id 1 for the other transaction: slot %d, %v; want %d", s, ok, s1)
	}
	mine.Rollback()
	other.Rollback()
}
