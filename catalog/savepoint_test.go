package catalog

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// txnRows renders the rows of items txn sees, sorted, and the slot of each id.
func txnRows(c *Catalog, txn *Txn) ([]string, map[int64]uint64) {
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	var out []string
	slots := map[int64]uint64{}
	txn.Scan(tb, func(slot uint64, vals []any) bool {
		out = append(out, fmt.Sprint(vals))
		slots[vals[0].(int64)] = slot
		return true
	})
	slices.Sort(out)
	return out, slots
}

func sortedRows(c *Catalog) []string {
	var out []string
	for _, r := range rows(c) {
		out = append(out, fmt.Sprint(r))
	}
	slices.Sort(out)
	return out
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestRollbackToSavepoint: inserts, a delete, an update, a failed
// duplicate insert and DDL after a mark are undone by RollbackTo; the
// changes before it and after it commit, and replay after a crash gives
// the same rows.
func TestRollbackToSavepoint(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3)) // ids 1..3
	tb, _ := c.Table("items")

	txn := c.Begin()
	c.Lock()
	_, err := txn.Insert(tb, []any{int64(10), vec(10)})
	mustDo(t, err)
	_, err = c.CreateTableIn(txn, "", "kept", []Column{{Name: "a", Type: types.Int8}}, nil)
	mustDo(t, err)
	c.Unlock()
	before, slots := txnRows(c, txn)

	m := txn.Savepoint()
	c.Lock()
	s11, err := txn.Insert(tb, []any{int64(11), vec(11)})
	mustDo(t, err)
	mustDo(t, txn.Delete(tb, slots[1]))
	_, err = txn.Update(tb, slots[2], []any{int64(2), vec(20)})
	mustDo(t, err)
	_, err = txn.Insert(tb, []any{int64(10), vec(12)})
	if e := (*pgerror.Error)(nil); !errors.As(err, &e) || e.Code != pgerror.UniqueViolation {
		t.Fatalf("duplicate insert after the mark: %v, want 23505", err)
	}
	other, err := c.CreateTableIn(txn, "", "gone", []Column{{Name: "a", Type: types.Int8}}, nil)
	mustDo(t, err)
	_, err = txn.Insert(other, []any{int64(7)})
	mustDo(t, err)
	mustDo(t, c.DropTableIn(txn, "kept"))
	c.Unlock()

	mustDo(t, txn.RollbackTo(m))
	if got, _ := txnRows(c, txn); !reflect.DeepEqual(got, before) {
		t.Fatalf("rows after rollback to = %v, want %v", got, before)
	}
	c.RLock()
	_, gone := c.Table("gone")
	_, kept := c.Table("kept")
	ix, _ := c.Index("items_v_idx")
	res := ix.Graph.Search(vec(11), 1, 10, nil)
	c.RUnlock()
	if gone || !kept {
		t.Fatalf("after rollback to: table gone exists=%v, kept exists=%v; want false, true", gone, kept)
	}
	if len(res) == 1 && res[0].Key == s11 {
		t.Fatalf("HNSW search still returns the rolled-back insert's slot %d", s11)
	}

	// The transaction goes on: id 11 is free again, id 3 is deleted.
	c.Lock()
	_, err = txn.Insert(tb, []any{int64(11), vec(11)})
	mustDo(t, err)
	mustDo(t, txn.Delete(tb, slots[3]))
	c.Unlock()
	mustDo(t, txn.Commit())

	want := []string{"[1 [1 0]]", "[10 [10 0]]", "[11 [11 0]]", "[2 [2 0]]"}
	if got := sortedRows(c); !reflect.DeepEqual(got, want) {
		t.Fatalf("committed rows = %v, want %v", got, want)
	}
	c2 := openCk(t, fs.CrashClone())
	if got := sortedRows(c2); !reflect.DeepEqual(got, want) {
		t.Fatalf("rows after replay = %v, want %v", got, want)
	}
	c2.RLock()
	_, gone = c2.Table("gone")
	_, kept = c2.Table("kept")
	c2.RUnlock()
	if gone || !kept {
		t.Fatalf("after replay: table gone exists=%v, kept exists=%v; want false, true", gone, kept)
	}
}

// TestRollbackToNestedMarks: rolling back to an outer mark undoes the
// inner one's changes too, a mark beyond the changes left is refused,
// and the outer mark can be rolled back to again.
func TestRollbackToNestedMarks(t *testing.T) {
	c := openCk(t, wal.NewMemFS())
	createItems(t, c)
	insert(t, c, vec(1))
	tb, _ := c.Table("items")
	txn := c.Begin()
	outer := txn.Savepoint()
	c.Lock()
	_, err := txn.Insert(tb, []any{int64(2), vec(2)})
	mustDo(t, err)
	c.Unlock()
	inner := txn.Savepoint()
	c.Lock()
	_, err = txn.Insert(tb, []any{int64(3), vec(3)})
	mustDo(t, err)
	c.Unlock()
	mustDo(t, txn.RollbackTo(inner))
	if got, _ := txnRows(c, txn); !reflect.DeepEqual(got, []string{"[1 [1 0]]", "[2 [2 0]]"}) {
		t.Fatalf("after rollback to inner: %v", got)
	}
	mustDo(t, txn.RollbackTo(outer))
	if err := txn.RollbackTo(inner); !errors.Is(err, errBadMark) {
		t.Fatalf("rollback to a mark beyond the changes: %v, want errBadMark", err)
	}
	c.Lock()
	_, err = txn.Insert(tb, []any{int64(4), vec(4)})
	mustDo(t, err)
	c.Unlock()
	mustDo(t, txn.RollbackTo(outer))
	mustDo(t, txn.Commit())
	if got := sortedRows(c); !reflect.DeepEqual(got, []string{"[1 [1 0]]"}) {
		t.Fatalf("committed rows = %v, want only id 1", got)
	}
	if err := txn.RollbackTo(outer); pgerror.CodeOf(err) != pgerror.NoActiveSQLTransaction {
		t.Fatalf("rollback to after commit: %v, want 25P01", err)
	}
	if err := c.Begin().RollbackTo(outer); !errors.Is(err, errBadMark) {
		t.Fatalf("rollback to another transaction's mark: %v, want errBadMark", err)
	}
}
