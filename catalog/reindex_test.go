package catalog

import (
	"context"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// TestReindexBuildsWithoutStalling: while ReindexFor fills its new
// indexes (paused in its hook), a bind (schema latch), a reader of the
// table, statements on another table and CREATE TABLE of a new name all
// go on; only a writer of the table would wait. Once let go it swaps
// both indexes in, filled with every row, and a non-owner is refused.
func TestReindexBuildsWithoutStalling(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	defer c.Close()
	tb := createItems(t, c)
	for i := range 50 {
		insert(t, c, vec(i))
	}
	c.Lock()
	_, err := c.CreateIndex(IndexDef{Name: "items_id_idx", Table: "items", Method: MethodBTree, Column: "id"})
	other, err2 := c.CreateTable("other", []Column{{Name: "id", Type: types.Int8}}, nil)
	c.Unlock()
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	old := slices.Clone(tb.Indexes)
	building, resume := make(chan struct{}), make(chan struct{})
	c.locks.reindexHook = func() { close(building); <-resume }
	txn := c.Begin()
	done := make(chan error, 1)
	go func() {
		done <- c.ReindexFor(txn, Wait{Ctx: context.Background()}, "items", true, func(*Table) error { return nil })
	}()
	<-building
	c.RLock()
	_, ok := c.Table("items")
	c.RUnlock()
	n := 0
	c.ReadTxn().Scan(tb, func(uint64, []any) bool { n++; return true })
	reader, writer := c.ReadTxn(), c.Begin()
	if !ok || n != 50 || !reader.TryLockRelations([]RelLock{{tb.OID, AccessShare}}) {
		t.Fatalf("reading items during REINDEX: found %v, %d rows", ok, n)
	}
	reader.ReleaseLocks()
	if !writer.TryLockRelations([]RelLock{{other.OID, RowExclusive}}) {
		t.Fatal("writing another table waits for REINDEX")
	}
	if writer.TryLockRelations([]RelLock{{tb.OID, RowExclusive}}) {
		t.Fatal("a writer of items did not wait for REINDEX's build")
	}
	writer.Rollback()
	c.Lock()
	_, err = c.CreateTable("fresh", []Column{{Name: "id", Type: types.Int8}}, nil)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	close(resume)
	if err := result(t, done); err != nil {
		t.Fatal(err)
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	h, _ := c.Index("items_v_idx")
	b, _ := c.Index("items_id_idx")
	if slices.Contains(old, h) || slices.Contains(old, b) || !slices.Contains(tb.Indexes, h) || !slices.Contains(tb.Indexes, b) {
		t.Fatal("REINDEX did not swap the indexes in")
	}
	if h.Graph.Live() != 50 || b.BTree.Len() != 50 {
		t.Fatalf("rebuilt: %d graph nodes, %d B-tree entries, want 50", h.Graph.Live(), b.BTree.Len())
	}
	c.locks.reindexHook = nil
	refuse := pgerror.New(pgerror.InsufficientPrivilege, "must be owner of table items")
	other2 := c.Begin()
	defer other2.Rollback()
	if err := c.ReindexFor(other2, Wait{}, "items", true, func(*Table) error { return refuse }); err != refuse {
		t.Fatalf("non-owner: %v", err)
	}
	if err := c.ReindexFor(other2, Wait{}, "nope", false, func(*Table) error { return nil }); pgerror.CodeOf(err) != pgerror.UndefinedTable {
		t.Fatalf("unknown index: %v, want 42P01", err)
	}
}
