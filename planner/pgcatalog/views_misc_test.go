package pgcatalog

import (
	"testing"
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
