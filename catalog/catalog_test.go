package catalog

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

func openMem(t *testing.T, fs *wal.MemFS) *Catalog {
	t.Helper()
	c, err := Open("data", Options{WAL: wal.Options{FS: fs, SegmentSize: 1 << 16}})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return c
}

// testCols' id takes its values from NextSerial, a per-column counter
// logged at commit (not a serial column: Open would give one a sequence,
// serial_migrate.go).
var testCols = []Column{
	{Name: "id", Type: types.Int8, NotNull: true},
	{Name: "v", Type: types.VectorOf(2)},
}

func createItems(t *testing.T, c *Catalog) *Table {
	t.Helper()
	c.Lock()
	defer c.Unlock()
	tb, err := c.CreateTable("items", testCols, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateIndex(IndexDef{Name: "items_v_idx", Table: "items", Method: MethodHNSW, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4, EfConstruction: 16}); err != nil {
		t.Fatal(err)
	}
	return tb
}

// insert runs one committed transaction inserting the given vectors.
func insert(t *testing.T, c *Catalog, vs ...types.Vector) {
	t.Helper()
	txn := c.Begin()
	c.Lock()
	tb, _ := c.Table("items")
	for _, v := range vs {
		if _, err := txn.Insert(tb, []any{txn.NextSerial(tb, 0), v}); err != nil {
			c.Unlock()
			t.Fatal(err)
		}
	}
	c.Unlock()
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
}

func rows(c *Catalog) [][]any {
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	var out [][]any
	c.ReadTxn().Scan(tb, func(_ uint64, vals []any) bool {
		out = append(out, vals)
		return true
	})
	return out
}

func TestReplayRestoresCommittedRowsOnly(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createItems(t, c)
	insert(t, c, types.Vector{1, 1}, types.Vector{2, 2})

	// An open transaction whose rows never commit, and a rolled-back one.
	open := c.Begin()
	c.Lock()
	tb, _ := c.Table("items")
	if _, err := open.Insert(tb, []any{open.NextSerial(tb, 0), types.Vector{3, 3}}); err != nil {
		t.Fatal(err)
	}
	c.Unlock()
	rb := c.Begin()
	c.Lock()
	if err := rb.Delete(tb, 0); err != nil {
		t.Fatal(err)
	}
	c.Unlock()
	rb.Rollback()

	crashed := fs.CrashClone()
	c2 := openMem(t, crashed)
	want := [][]any{{int64(1), types.Vector{1, 1}}, {int64(2), types.Vector{2, 2}}}
	if got := rows(c2); !reflect.DeepEqual(got, want) {
		t.Fatalf("rows after replay = %v, want %v", got, want)
	}
	// The sequence continues after the last committed value.
	insert(t, c2, types.Vector{4, 4})
	if got := rows(c2)[2][0]; got != int64(3) {
		t.Fatalf("next serial after replay = %v, want 3", got)
	}
	// The index was rebuilt: the nearest row to [4,4] is id 3, stored in
	// slot 2 (the crashed transaction's slot is free again).
	c2.RLock()
	ix, _ := c2.Index("items_v_idx")
	res := ix.Graph.Search([]float32{4, 4}, 1, 10, nil)
	c2.RUnlock()
	if len(res) != 1 || res[0].Key != 2 {
		t.Fatalf("index search after replay = %v, want slot 2", res)
	}
}

func TestVisibilityOfOpenTransactions(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	createItems(t, c)
	insert(t, c, types.Vector{1, 1})
	tb, _ := c.Table("items")

	w := c.Begin()
	c.Lock()
	if _, err := w.Insert(tb, []any{int64(10), types.Vector{5, 5}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Delete(tb, 0); err != nil {
		t.Fatal(err)
	}
	c.Unlock()

	if n := len(rows(c)); n != 1 {
		t.Fatalf("other transactions see %d rows before commit, want 1 (the old one)", n)
	}
	c.RLock()
	own := 0
	w.Scan(tb, func(uint64, []any) bool { own++; return true })
	c.RUnlock()
	if own != 1 || !w.Visible(tb, 1) || w.Visible(tb, 0) {
		t.Fatalf("own view: %d rows, new visible %v, deleted visible %v", own, w.Visible(tb, 1), w.Visible(tb, 0))
	}

	// A second writer touching the deleted row conflicts.
	other := c.Begin()
	c.Lock()
	err := other.Delete(tb, 0)
	c.Unlock()
	other.Rollback()
	if pgerror.CodeOf(err) != pgerror.SerializationFailure {
		t.Fatalf("concurrent delete: %v, want 40001", err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := rows(c); len(got) != 1 || got[0][0] != int64(10) {
		t.Fatalf("after commit rows = %v, want only id 10", got)
	}
}

func TestConstraintErrors(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	createItems(t, c)
	insert(t, c, types.Vector{1, 1})
	tb, _ := c.Table("items")
	txn := c.Begin()
	defer txn.Rollback()
	c.Lock()
	defer c.Unlock()
	_, err := txn.Insert(tb, []any{int64(1), types.Vector{0, 0}})
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.UniqueViolation || pe.Detail != "Key (id)=(1) already exists." {
		t.Fatalf("duplicate key: %#v", err)
	}
	if _, err := txn.Insert(tb, []any{nil, nil}); pgerror.CodeOf(err) != pgerror.NotNullViolation {
		t.Fatalf("null id: %v, want 23502", err)
	}
	if _, err := c.CreateTable("items", testCols, nil); pgerror.CodeOf(err) != pgerror.DuplicateTable {
		t.Fatalf("duplicate table: %v, want 42P07", err)
	}
}

func TestDropsSurviveReplay(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createItems(t, c)
	insert(t, c, types.Vector{1, 1})
	c.Lock()
	if err := c.DropIndex("items_v_idx"); err != nil {
		t.Fatal(err)
	}
	if err := c.DropIndex("items_pkey"); pgerror.CodeOf(err) != pgerror.DependentObjectsStillExist {
		t.Fatalf("dropping the primary key's index: %v, want 2BP01", err)
	}
	c.Unlock()
	fs2 := fs.CrashClone()
	c2 := openMem(t, fs2)
	if _, ok := c2.Index("items_v_idx"); ok {
		t.Fatal("dropped index is back after replay")
	}
	c2.Lock()
	if err := c2.DropTable("items"); err != nil {
		t.Fatal(err)
	}
	c2.Unlock()
	// The replayed catalog appended to the same log: replay it again.
	_ = c2.Close()
	c3 := openMem(t, fs2.CrashClone())
	if len(c3.Tables()) != 0 {
		t.Fatalf("tables after drop and replay: %v", c3.Tables())
	}
}

// CREATE INDEX's options as written survive the WAL; records without them
// (written before they were kept) still decode.
func TestCreateIndexRecordReloptions(t *testing.T) {
	tb := &Table{Name: "items", Columns: testCols}
	ix := &Index{OID: 7, Name: "i", Table: tb, Method: MethodHNSW, Column: 1, Opclass: "vector_l2_ops",
		Metric: vecindex.L2, M: 16, EfConstruction: 64, Reloptions: []string{"m=16", "ef_construction=64"}}
	_, def, err := decodeCreateIndex(encodeCreateIndex(ix))
	if err != nil || !reflect.DeepEqual(def.Reloptions, ix.Reloptions) {
		t.Fatalf("reloptions %v, %v; want %v", def.Reloptions, err, ix.Reloptions)
	}
	ix.Reloptions = nil
	old := encodeCreateIndex(ix)
	old = old[:len(old)-1] // an older record: no option count at all
	if _, def, err = decodeCreateIndex(old); err != nil || def.Reloptions != nil || def.EfConstruction != 64 {
		t.Fatalf("old record: %+v, %v", def, err)
	}
}

// The decoder reads every int64 appendVarint writes, extremes included.
func TestVarintRoundTrip(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 63, -64, 1 << 40, -(1 << 40), math.MaxInt64, math.MinInt64} {
		d := &decoder{b: appendVarint(nil, v)}
		if got := d.varint(); got != v || d.err != nil || len(d.b) != 0 {
			t.Fatalf("varint %d: got %d, %v, %d bytes left", v, got, d.err, len(d.b))
		}
	}
	if d := (&decoder{}); d.varint() != 0 || d.err == nil {
		t.Fatal("varint of no bytes: want an error")
	}
}
