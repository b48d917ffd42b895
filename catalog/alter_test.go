package catalog

import (
	"context"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// alterItems adds a column with a missing value, drops the indexed vector
// column and renames, then checks rows before and after a row inserted
// under the new layout.
func alterItems(t *testing.T, c *Catalog) {
	t.Helper()
	c.Lock()
	defer c.Unlock()
	tb, _ := c.Table("items")
	if err := c.AddColumn(tb, Column{Name: "n", Type: types.Int4, NotNull: true, Default: int64(7)}, int64(7)); err != nil {
		t.Fatal(err)
	}
	if err := c.AddColumn(tb, Column{Name: "m", Type: types.Int4, NotNull: true}, nil); pgerror.CodeOf(err) != pgerror.NotNullViolation {
		t.Fatalf("NOT NULL without default on a table with rows: %v, want 23502", err)
	}
	if err := c.AddColumn(tb, Column{Name: "n", Type: types.Int4}, nil); pgerror.CodeOf(err) != pgerror.DuplicateColumn {
		t.Fatalf("duplicate column: %v, want 42701", err)
	}
	if err := c.AddColumn(tb, Column{Name: "w", Type: types.VectorOf(2), DefaultExpr: "f()"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.DropColumn(tb, "v"); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Index("items_v_idx"); ok {
		t.Fatal("index on the dropped column is still there")
	}
	if _, err := c.CreateIndex(IndexDef{Name: "items_w_idx", Table: "items", Method: MethodHNSW, Column: "w",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4, EfConstruction: 16}); err != nil {
		t.Fatal(err)
	}
	if err := c.RenameColumn(tb, "n", "num"); err != nil {
		t.Fatal(err)
	}
	txn := c.Begin()
	if _, err := txn.Insert(tb, []any{txn.NextSerial(tb, 0), int64(9), types.Vector{3, 4}}); err != nil {
		t.Fatal(err)
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
}

func checkAltered(t *testing.T, c *Catalog, when string) {
	t.Helper()
	tb, ok := c.Table("items")
	if !ok {
		t.Fatalf("%s: no table", when)
	}
	var names []string
	for _, col := range tb.Columns {
		names = append(names, col.Name)
	}
	if want := []string{"id", "num", "w"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("%s: columns %v, want %v", when, names, want)
	}
	if tb.Columns[2].DefaultExpr != "f()" || tb.Columns[1].Default != int64(7) {
		t.Fatalf("%s: defaults %q %v", when, tb.Columns[2].DefaultExpr, tb.Columns[1].Default)
	}
	want := [][]any{{int64(1), int64(7), nil}, {int64(2), int64(7), nil}, {int64(3), int64(9), types.Vector{3, 4}}}
	if got := rows(c); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: rows %v, want %v", when, got, want)
	}
	ix, ok := c.Index("items_w_idx")
	if !ok || ix.Column != 2 || ix.Graph.Len() != 1 {
		t.Fatalf("%s: index on w: %v", when, ix)
	}
	c.Lock()
	txn := c.Begin()
	if _, err := txn.Insert(tb, []any{int64(3), int64(1), nil}); pgerror.CodeOf(err) != pgerror.UniqueViolation {
		t.Fatalf("%s: duplicate key after alter: %v, want 23505", when, err)
	}
	txn.Rollback()
	c.Unlock()
}

// Added, dropped and renamed columns survive WAL replay and a checkpoint.
func TestAlterTableSurvivesReplayAndCheckpoint(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createItems(t, c)
	insert(t, c, types.Vector{1, 1}, types.Vector{2, 2})
	alterItems(t, c)
	checkAltered(t, c, "after alter")
	fs2 := fs.CrashClone()
	c2 := openMem(t, fs2)
	checkAltered(t, c2, "after replay")
	if err := c2.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	_ = c2.Close()
	c3 := openMem(t, fs2.CrashClone())
	checkAltered(t, c3, "after checkpoint")
	_ = c3.Close()
}

// TRUNCATE empties the table and its graph, keeps sequence values, and
// replays.
func TestTruncateSurvivesReplay(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createItems(t, c)
	insert(t, c, types.Vector{1, 1}, types.Vector{2, 2})
	c.Lock()
	tb, _ := c.Table("items")
	if err := c.Truncate(nil, tb); err != nil {
		t.Fatal(err)
	}
	c.Unlock()
	insert(t, c, types.Vector{5, 5})
	for _, cc := range []*Catalog{c, openMem(t, fs.CrashClone())} {
		if got, want := rows(cc), [][]any{{int64(3), types.Vector{5, 5}}}; !reflect.DeepEqual(got, want) {
			t.Fatalf("rows after truncate: %v, want %v", got, want)
		}
		if ix, _ := cc.Index("items_v_idx"); ix.Graph.Len() != 1 {
			t.Fatalf("graph holds %d nodes after truncate, want 1", ix.Graph.Len())
		}
	}
}

// Writers, readers and checkpoints go on while columns are added and
// dropped (run with -race): every row read has one value per column, and
// the count of rows matches the commits.
func TestAlterConcurrentWithWriters(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createItems(t, c)
	const writers, perWriter = 2, 60
	done := make(chan error, writers+1)
	for w := range writers {
		go func() {
			for i := range perWriter {
				txn := c.Begin()
				c.RLock()
				tb, _ := c.Table("items")
				tb.LockWrites()
				vals := make([]any, len(tb.Columns))
				vals[0] = txn.NextSerial(tb, 0)
				if tb.ColumnIndex("v") == 1 {
					vals[1] = types.Vector{float32(w), float32(i)}
				}
				_, err := txn.Insert(tb, vals)
				tb.UnlockWrites()
				c.RUnlock()
				if err == nil {
					err = txn.Commit()
				} else {
					txn.Rollback()
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	go func() {
		for i := range 10 {
			c.Lock()
			tb, _ := c.Table("items")
			err := c.AddColumn(tb, Column{Name: "x", Type: types.Int8}, int64(i))
			if err == nil {
				err = c.DropColumn(tb, "x")
			}
			c.Unlock()
			if err == nil {
				err = c.Checkpoint()
			}
			if err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for range writers + 1 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	got := rows(c)
	for _, r := range got {
		if len(r) != 2 {
			t.Fatalf("row %v has %d values, want 2", r, len(r))
		}
	}
	if len(got) != writers*perWriter {
		t.Fatalf("%d rows, want %d", len(got), writers*perWriter)
	}
	c2 := openMem(t, fs.CrashClone())
	if n := len(rows(c2)); n != writers*perWriter {
		t.Fatalf("after replay: %d rows, want %d", n, writers*perWriter)
	}
}

// VACUUM reaps the index entries of deleted rows and compacts the graph:
// the deleted rows' graph slots are freed.
func TestVacuumCompactsGraph(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	tb := createItems(t, c)
	var vs []types.Vector
	for i := range 100 {
		vs = append(vs, types.Vector{float32(i), 1})
	}
	insert(t, c, vs...)
	txn := c.Begin()
	c.Lock()
	for s := range uint64(50) {
		if err := txn.Delete(tb, s); err != nil {
			t.Fatal(err)
		}
	}
	c.Unlock()
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	c.RLock()
	freed, err := c.VacuumCtx(context.Background(), []*Table{tb})
	if err != nil {
		t.Fatal(err)
	}
	c.RUnlock()
	if freed != 50 {
		t.Fatalf("VACUUM freed %d graph slots, want 50", freed)
	}
	ix, _ := c.Index("items_v_idx")
	if ix.Graph.Len() != 50 {
		t.Fatalf("graph holds %d live nodes, want 50", ix.Graph.Len())
	}
}

// TestVacuumCancelled: a VACUUM whose context has ended compacts nothing
// more and returns 57014.
func TestVacuumCancelled(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	tb := createItems(t, c)
	insert(t, c, types.Vector{1, 1}, types.Vector{2, 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.RLock()
	freed, err := c.VacuumCtx(ctx, []*Table{tb})
	c.RUnlock()
	if e, ok := err.(*pgerror.Error); !ok || e.Code != pgerror.QueryCanceled || freed != 0 {
		t.Fatalf("VacuumCtx = %d, %v; want 0, 57014", freed, err)
	}
}
