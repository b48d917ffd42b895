package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestProgressCreateIndexView checks pg_stat_progress_create_index's
// columns against PostgreSQL 15's (\d pg_stat_progress_create_index;
// datname, a name there, is text) and that it has no rows.
func TestProgressCreateIndexView(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	tb, ok := VirtualTable(Env{Cat: c, User: "alice", Database: "db"}, "pg_catalog.pg_stat_progress_create_index")
	if !ok {
		t.Fatal("pg_stat_progress_create_index not found")
	}
	want := []struct {
		name string
		kind types.Kind
	}{
		{"pid", types.KindInt4}, {"datid", types.KindOID}, {"datname", types.KindName}, {"relid", types.KindOID},
		{"index_relid", types.KindOID}, {"command", types.KindText}, {"phase", types.KindText},
		{"lockers_total", types.KindInt8}, {"lockers_done", types.KindInt8}, {"current_locker_pid", types.KindInt8},
		{"blocks_total", types.KindInt8}, {"blocks_done", types.KindInt8}, {"tuples_total", types.KindInt8},
		{"tuples_done", types.KindInt8}, {"partitions_total", types.KindInt8}, {"partitions_done", types.KindInt8},
	}
	if len(tb.Columns) != len(want) {
		t.Fatalf("%d columns, want %d", len(tb.Columns), len(want))
	}
	for i, w := range want {
		if col := tb.Columns[i]; col.Name != w.name || col.Type.Kind != w.kind {
			t.Errorf("column %d: %s %v, want %s %v", i+1, col.Name, col.Type.Kind, w.name, w.kind)
		}
	}
	if rows := scan(c, tb); len(rows) != 0 {
		t.Errorf("rows %v, want none", rows)
	}
	if tb.OID != oidProgressCreateIndex {
		t.Errorf("OID %d, want %d", tb.OID, oidProgressCreateIndex)
	}
}
