package tests

import (
	"context"
	"encoding/hex"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestCatalogVectorsWire checks what a client sees of pg_index.indkey and
// pg_proc.proargtypes: RowDescription OIDs 22 (int2vector) and 30
// (oidvector) with typlen -1, and in binary format PostgreSQL 15's
// int2vectorsend / oidvectorsend bytes (one dimension, lower bound 0).
func TestCatalogVectorsWire(t *testing.T) {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, srv.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE TABLE wv (a int4, b text, c int8, PRIMARY KEY (c, a))").ReadAll(); err != nil {
		t.Fatal(err)
	}
	rr := conn.ExecParams(ctx, "SELECT i.indkey, i.indclass, p.proargtypes FROM pg_index i, pg_proc p "+
		"WHERE i.indrelid = 'wv'::regclass AND p.proname = 'strpos'", nil, nil, nil, []int16{1, 1, 1})
	res := rr.Read()
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	want := []uint32{22, 30, 30}
	for i, f := range res.FieldDescriptions {
		if f.DataTypeOID != want[i] || f.DataTypeSize != -1 {
			t.Errorf("field %s: oid %d size %d, want %d -1", f.Name, f.DataTypeOID, f.DataTypeSize, want[i])
		}
	}
	if len(res.Rows) != 1 {
		t.Fatalf("%d rows, want 1", len(res.Rows))
	}
	// indkey "3 1": ndim 1, no nulls, int2 (21), 2 elements from 0, then 3 and 1 as 2-byte values.
	wantKey := "00000001" + "00000000" + "00000015" + "00000002" + "00000000" + "00000002" + "0003" + "00000002" + "0001"
	if got := hex.EncodeToString(res.Rows[0][0]); got != wantKey {
		t.Errorf("indkey binary %s, want %s", got, wantKey)
	}
	// proargtypes "25 25": oid (26) elements.
	wantArgs := "00000001" + "00000000" + "0000001a" + "00000002" + "00000000" + "00000004" + "00000019" + "00000004" + "00000019"
	if got := hex.EncodeToString(res.Rows[0][2]); got != wantArgs {
		t.Errorf("proargtypes binary %s, want %s", got, wantArgs)
	}
}
