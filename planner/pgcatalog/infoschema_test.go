package pgcatalog

import (
	"testing"
)

// TestInfoSchemaViews checks every information_schema view resolves only
// qualified, has rows as wide as its columns, and that the constraint
// views agree with the catalog's primary key and NOT NULL columns.
func TestInfoSchemaViews(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	for name, v := range infoViews {
		if _, ok := VirtualTable(env, name); ok {
			t.Errorf("%s resolves unqualified", name)
		}
		tb, ok := VirtualTable(env, "information_schema."+name)
		if !ok {
			t.Fatalf("information_schema.%s: not found", name)
		}
		for _, r := range scan(c, tb) {
			if len(r) != len(v.cols) {
				t.Fatalf("%s: row %v has %d values for %d columns", name, r, len(r), len(v.cols))
			}
		}
	}
	if _, ok := VirtualTable(env, "information_schema.pg_type"); ok {
		t.Error("information_schema.pg_type found")
	}
	items, _ := c.Table("items")
	tb, _ := VirtualTable(env, "information_schema.key_column_usage")
	rows := scan(c, tb)
	if len(rows) != len(items.PrimaryKey) || rows[0][2] != items.PKeyName || rows[0][6] != items.Columns[items.PrimaryKey[0]].Name {
		t.Errorf("key_column_usage = %v, want the primary key %s", rows, items.PKeyName)
	}
	tb, _ = VirtualTable(env, "information_schema.check_constraints")
	notNull := 0
	for _, tb := range c.Tables() {
		for _, col := range tb.Columns {
			if col.NotNull {
				notNull++
			}
		}
	}
	if got := len(scan(c, tb)); got != notNull || notNull == 0 {
		t.Errorf("check_constraints has %d rows, want %d (one per NOT NULL column)", got, notNull)
	}
}
