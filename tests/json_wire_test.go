package tests

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestJSONWire checks the json type (OID 114) through pgx: results
// described as json and sent verbatim in text and binary format (json_send
// is the text), parameters declared json in text and binary (json_recv
// checks them: 22P02), json[] results, and a json column's text kept
// through a restart.
func TestJSONWire(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startServer(t, dir)
	conn := s.connect(t)
	ctx := context.Background()
	mustExec(t, conn, "CREATE TABLE jw (id int, doc json)")
	const doc = `{"b" : 1,  "a": [1, 2], "b": 2}`
	mustExec(t, conn, "INSERT INTO jw VALUES (1, $1)", doc)

	res := conn.PgConn().ExecParams(ctx, "SELECT doc, doc->'a', ARRAY[doc] FROM jw", nil, nil, nil, []int16{1, 1, 0}).Read()
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if oid := res.FieldDescriptions[0].DataTypeOID; oid != 114 {
		t.Errorf("doc's type OID = %d, want 114", oid)
	}
	if oid := res.FieldDescriptions[2].DataTypeOID; oid != 199 {
		t.Errorf("json[]'s type OID = %d, want 199", oid)
	}
	if got := string(res.Rows[0][0]); got != doc {
		t.Errorf("binary doc = %q, want %q", got, doc)
	}
	if got := string(res.Rows[0][1]); got != "[1, 2]" {
		t.Errorf("binary doc->'a' = %q", got)
	}
	if got, want := string(res.Rows[0][2]), `{"{\"b\" : 1,  \"a\": [1, 2], \"b\": 2}"}`; got != want {
		t.Errorf("json[] = %q, want %q", got, want)
	}

	for _, format := range []int16{0, 1} {
		r := conn.PgConn().ExecParams(ctx, "SELECT $1::json->>'k'", [][]byte{[]byte(` {"k": "v\u0041"} `)}, []uint32{114}, []int16{format}, nil).Read()
		if r.Err != nil || len(r.Rows) != 1 || string(r.Rows[0][0]) != "vA" {
			t.Errorf("format %d parameter: %v %q", format, r.Err, r.Rows)
		}
		r = conn.PgConn().ExecParams(ctx, "SELECT $1::json", [][]byte{[]byte(`{"k" 1}`)}, []uint32{114}, []int16{format}, nil).Read()
		var pe *pgconn.PgError
		if !errors.As(r.Err, &pe) || pe.Code != "22P02" || pe.Detail != `Expected ":", but found "1".` {
			t.Errorf("format %d bad parameter: %v", format, r.Err)
		}
	}

	var m map[string]any
	if err := conn.QueryRow(ctx, "SELECT json_build_object('n', 1, 's', 'x')").Scan(&m); err != nil || m["s"] != "x" || m["n"] != float64(1) {
		t.Errorf("json_build_object into a map: %v %v", m, err)
	}

	conn.Close(ctx)
	s.Stop()
	s = startServer(t, dir)
	conn = s.connect(t)
	var got string
	if err := conn.QueryRow(ctx, "SELECT doc::text FROM jw", pgx.QueryExecModeSimpleProtocol).Scan(&got); err != nil || got != doc {
		t.Errorf("after restart: %q, %v", got, err)
	}
}
