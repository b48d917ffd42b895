package tests

import (
	"slices"
	"testing"
	"time"
)

// TestPrepareExecuteExtended runs SQL PREPARE and EXECUTE through the
// extended protocol, as drivers send them: Parse of "EXECUTE name($1)"
// describes the prepared statement's parameter and result types, and a
// PREPARE sent with Parse/Bind/Execute makes a statement that the simple
// protocol's EXECUTE and DEALLOCATE then see.
func TestPrepareExecuteExtended(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	pg := conn.PgConn()
	if _, err := pg.Exec(ctx, "PREPARE sq (int) AS SELECT $1 * 2 AS d").ReadAll(); err != nil {
		t.Fatal(err)
	}
	sd, err := pg.Prepare(ctx, "", "EXECUTE sq($1)", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sd.ParamOIDs, []uint32{23}) || len(sd.Fields) != 1 || sd.Fields[0].Name != "d" || sd.Fields[0].DataTypeOID != 23 {
		t.Fatalf("described params %v, fields %+v; want [23] and d int4", sd.ParamOIDs, sd.Fields)
	}
	res := pg.ExecPrepared(ctx, "", [][]byte{[]byte("21")}, nil, nil).Read()
	if res.Err != nil || len(res.Rows) != 1 || string(res.Rows[0][0]) != "42" || res.CommandTag.String() != "SELECT 1" {
		t.Fatalf("EXECUTE sq($1) with 21: rows %q, tag %q, %v", res.Rows, res.CommandTag, res.Err)
	}

	if _, err := pg.Prepare(ctx, "", "PREPARE ext (text) AS SELECT upper($1) AS up", nil); err != nil {
		t.Fatal(err)
	}
	res = pg.ExecPrepared(ctx, "", nil, nil, nil).Read()
	if res.Err != nil || res.CommandTag.String() != "PREPARE" {
		t.Fatalf("extended PREPARE: tag %q, %v", res.CommandTag, res.Err)
	}
	got, err := pg.Exec(ctx, "EXECUTE ext('abc')").ReadAll()
	if err != nil || len(got) != 1 || len(got[0].Rows) != 1 || string(got[0].Rows[0][0]) != "ABC" {
		t.Fatalf("EXECUTE ext('abc'): %v, %v", got, err)
	}
	_, err = pg.Exec(ctx, "PREPARE ext AS SELECT 1").ReadAll()
	if pe := wantCode(t, err, "42P05"); pe.Message != `prepared statement "ext" already exists` {
		t.Errorf("message %q", pe.Message)
	}
	if tag, err := conn.Exec(ctx, "DEALLOCATE ext"); err != nil || tag.String() != "DEALLOCATE" {
		t.Fatalf("DEALLOCATE ext: %q, %v", tag, err)
	}
	_, err = pg.Exec(ctx, "EXECUTE ext('abc')").ReadAll()
	if pe := wantCode(t, err, "26000"); pe.Message != `prepared statement "ext" does not exist` {
		t.Errorf("message %q", pe.Message)
	}
}
