package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// TestTempWritesNoWAL: a temporary schema, a table in it with an HNSW
// index, its rows, a commit, a TRUNCATE and a DROP write no WAL record
// (the WAL's end does not move), a checkpoint leaves them out, and a
// reopened catalog has neither the table nor the schema, while a
// permanent table written beside them keeps its row.
func TestTempWritesNoWAL(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createItems(t, c)
	start := c.log.NextLSN()

	c.Lock()
	c.CreateTempSchema("pg_temp_1", BootstrapSuperuser)
	tb, err := c.CreateTable("pg_temp_1.tmp", testCols, []int{0})
	if err != nil {
		c.Unlock()
		t.Fatal(err)
	}
	if _, err := c.CreateIndex(IndexDef{Name: "pg_temp_1.tmp_v_idx", Table: "pg_temp_1.tmp", Method: MethodHNSW, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4, EfConstruction: 16}); err != nil {
		c.Unlock()
		t.Fatal(err)
	}
	c.Unlock()
	if !tb.Temp {
		t.Fatal("a table in pg_temp_1 is not Temp")
	}
	txn := c.Begin()
	c.RLock()
	for i := range 3 {
		if _, err := txn.Insert(tb, []any{txn.NextSerial(tb, 0), types.Vector{float32(i), 1}}); err != nil {
			c.RUnlock()
			t.Fatal(err)
		}
	}
	c.RUnlock()
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	c.Lock()
	err = c.Truncate(nil, tb)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if end := c.log.NextLSN(); end != start {
		t.Fatalf("temporary DDL and rows moved the WAL's end from %d to %d", start, end)
	}
	insert(t, c, types.Vector{1, 2})
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	c.Lock()
	c.CreateTable("pg_temp_1.after", testCols, nil) // after the checkpoint: not replayed either
	c.Unlock()
	c.Close()

	c2 := openMem(t, fs)
	defer c2.Close()
	c2.RLock()
	defer c2.RUnlock()
	for _, name := range []string{"pg_temp_1.tmp", "pg_temp_1.after"} {
		if _, ok := c2.Table(name); ok {
			t.Errorf("%s survived a restart", name)
		}
	}
	if _, ok := c2.LookupSchema("pg_temp_1"); ok {
		t.Error("pg_temp_1 survived a restart")
	}
	if got := len(rows(c2)); got != 1 {
		t.Errorf("items has %d rows after the restart, want 1", got)
	}
}
