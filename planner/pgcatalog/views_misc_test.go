package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/catalog"
)

// TestSequenceViews checks pg_sequence and pg_sequences against the
// serial column of items (bigint) and the OIDs pg_class gives its
// sequence; last_value is NULL until the sequence hands out a value.
func TestSequenceViews(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	items, _ := c.Table("items")
	seqOID := int64(SyntheticOID(items.OID, 1))
	tb, _ := VirtualTable(env, "pg_sequence")
	rows := scan(c, tb)
	if len(rows) != 1 || rows[0][0] != seqOID || rows[0][1] != int64(20) || rows[0][4] != int64(9223372036854775807) {
		t.Fatalf("pg_sequence = %v", rows)
	}
	tb, _ = VirtualTable(env, "pg_class")
	found := false
	for _, r := range scan(c, tb) {
		found = found || r[0] == seqOID && r[1] == "items_id_seq" && r[16] == "S"
	}
	if !found {
		t.Error("pg_class has no items_id_seq with pg_sequence's OID")
	}
	seqs := func() [][]any { tb, _ := VirtualTable(env, "pg_sequences"); return scan(c, tb) }
	if rows := seqs(); len(rows) != 1 || rows[0][1] != "items_id_seq" || rows[0][2] != "alice" || rows[0][3] != "bigint" || rows[0][10] != nil {
		t.Fatalf("pg_sequences before nextval = %v", rows)
	}
	c.ReadTxn().NextSerial(items, 0)
	if rows := seqs(); rows[0][10] != int64(1) {
		t.Errorf("pg_sequences last_value after nextval = %v, want 1", rows[0][10])
	}
}

// TestRoleOIDs checks that pg_class.relowner, pg_roles.oid and
// pg_get_userbyid (RoleName) agree: items belongs to alice, Other to the
// bootstrap superuser (OID 10).
func TestRoleOIDs(t *testing.T) {
	c := itemsCatalog(t)
	if err := c.CreateRole(catalog.Role{Name: "alice", Login: true}); err != nil {
		t.Fatal(err)
	}
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	owners := map[any]any{}
	tb, _ := VirtualTable(env, "pg_class")
	for _, r := range scan(c, tb) {
		owners[r[1]] = r[5]
	}
	roles := map[any]any{}
	tb, _ = VirtualTable(env, "pg_roles")
	for _, r := range scan(c, tb) {
		roles[r[12]] = r[0]
	}
	for rel, want := range map[string]string{"items": "alice", "Other": catalog.BootstrapSuperuser} {
		oid, _ := owners[rel].(int64)
		if roles[owners[rel]] != want || RoleName(c, uint32(oid)) != want {
			t.Errorf("%s: relowner %v is %v in pg_roles and %q by RoleName, want %s", rel, owners[rel],
				roles[owners[rel]], RoleName(c, uint32(oid)), want)
		}
	}
	if got := RoleName(c, 12345); got != "unknown (OID=12345)" {
		t.Errorf("RoleName(12345) = %q", got)
	}
}
