package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/types"
)

// scan returns the rows of a virtual table as a read transaction sees them.
func scan(c *catalog.Catalog, t *catalog.Table) [][]any {
	var rows [][]any
	c.ReadTxn().Scan(t, func(_ uint64, vals []any) bool {
		rows = append(rows, vals)
		return true
	})
	return rows
}

// emptyByDesign are the views with no rows here: no CREATE INDEX, COPY
// or VACUUM runs during this test, no object has a comment, no view,
// enum, inheritance, trigger, policy, rule or range type exists, and
// pg_authid shows alice, no superuser, nothing.
var emptyByDesign = map[string]bool{"pg_authid": true, "pg_stat_progress_create_index": true, "pg_stat_progress_copy": true,
	"pg_stat_progress_vacuum": true, "pg_description": true, "pg_views": true, "pg_policies": true,
	"pg_enum": true, "pg_inherits": true, "pg_trigger": true, "pg_policy": true, "pg_rewrite": true, "pg_range": true}

func TestVirtualTables(t *testing.T) {
	c := itemsCatalog(t)
	b := &monitor.Backend{PID: 7, User: "alice", Database: "db"} // a connection for pg_stat_activity
	monitor.Register(b, nil, nil)
	defer monitor.Unregister(b)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db", Settings: func() []Setting {
		return []Setting{{Name: "work_mem", Value: "8MB", Reset: "4MB", Boot: "4MB", Source: "session"}}
	}}
	for name, v := range views {
		for _, full := range []string{name, "pg_catalog." + name} {
			tb, ok := VirtualTable(env, full)
			if !ok {
				t.Fatalf("%s: not found", full)
			}
			rows := scan(c, tb)
			if len(rows) == 0 && !emptyByDesign[name] {
				t.Errorf("%s: no rows", full)
			}
			for _, r := range rows {
				if len(r) != len(v.cols) {
					t.Fatalf("%s: row %v has %d values for %d columns", full, r, len(r), len(v.cols))
				}
			}
		}
	}
	if _, ok := VirtualTable(env, "pg_nosuch"); ok {
		t.Error("pg_nosuch found")
	}
	if _, ok := VirtualTable(env, "public.pg_type"); ok {
		t.Error("public.pg_type found")
	}
}

func TestVirtualTableRows(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	items, _ := c.Table("items")
	find := func(view string, match func([]any) bool) []any {
		tb, _ := VirtualTable(env, view)
		for _, r := range scan(c, tb) {
			if match(r) {
				return r
			}
		}
		t.Fatalf("%s: no matching row", view)
		return nil
	}
	vec := find("pg_type", func(r []any) bool { return r[1] == "vector" })
	if vec[0] != int64(types.OIDVector) || vec[14] != int64(types.OIDVectorArray) || vec[2] != int64(oidPublic) {
		t.Errorf("pg_type vector row %v", vec)
	}
	arr := find("pg_type", func(r []any) bool { return r[1] == "_vector" })
	if arr[0] != int64(types.OIDVectorArray) || arr[13] != int64(types.OIDVector) || arr[7] != "A" {
		t.Errorf("pg_type _vector row %v", arr)
	}
	emb := find("pg_attribute", func(r []any) bool { return r[0] == int64(items.OID) && r[1] == "embedding" })
	if emb[2] != int64(types.OIDVector) || emb[5] != int64(3) || emb[8] != int64(3) || emb[11] != "e" {
		t.Errorf("pg_attribute embedding row %v", emb)
	}
	s := find("pg_attribute", func(r []any) bool { return r[1] == "s" })
	if s[8] != int64(9) || s[13] != true || s[14] != true { // varchar(5): typmod 5+4
		t.Errorf("pg_attribute varchar row %v", s)
	}
	pk := find("pg_index", func(r []any) bool { return r[6] == true }) // indisprimary
	if pk[0] != int64(SyntheticOID(items.OID, 0)) || pk[1] != int64(items.OID) || vtext(pk[15]) != "1" {
		t.Errorf("pg_index primary key row %v", pk)
	}
	hnsw := find("pg_class", func(r []any) bool { return r[1] == "items_embedding_idx" })
	if hnsw[6] != int64(oidHNSWAM) || hnsw[16] != "i" {
		t.Errorf("pg_class hnsw row %v", hnsw)
	}
	db := find("pg_database", func([]any) bool { return true })
	if db[1] != "db" {
		t.Errorf("pg_database row %v", db)
	}
}

func TestIndexDefByOID(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	items, _ := c.Table("items")
	def, ok := IndexDefByOID(c, SyntheticOID(items.OID, 0))
	if want := "CREATE UNIQUE INDEX items_pkey ON public.items USING btree (id)"; !ok || def != want {
		t.Errorf("primary key: %q %v, want %q", def, ok, want)
	}
	if _, ok := IndexDefByOID(c, items.OID); ok {
		t.Error("a table OID gave an index definition")
	}
}
