package tests

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// TestHalfvecCopy: halfvec through COPY in both formats: binary COPY FROM
// (pgx's CopyFrom with pgvector-go's binary halfvec codec), text COPY
// FROM, COPY TO in text, and a text COPY error with pgvector's message
// and PostgreSQL's CONTEXT.
func TestHalfvecCopy(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := vectorConn(t, s)
	defer conn.Close(context.Background())
	ctx := testCtx(t, 30*time.Second)
	mustExec(t, conn, "CREATE TABLE hc (id int PRIMARY KEY, v halfvec(3))")
	rows := [][]any{{1, pgvector.NewHalfVector([]float32{1, 2.5, -3})}, {2, pgvector.NewHalfVector([]float32{0.1, 0, 65504})}}
	if n, err := conn.CopyFrom(ctx, pgx.Identifier{"hc"}, []string{"id", "v"}, pgx.CopyFromRows(rows)); err != nil || n != 2 {
		t.Fatalf("binary COPY: %d rows, %v", n, err)
	}
	if _, err := conn.PgConn().CopyFrom(ctx, strings.NewReader("3\t[4,5,6]\n4\t\\N\n"), "COPY hc FROM STDIN"); err != nil {
		t.Fatalf("text COPY: %v", err)
	}
	var out bytes.Buffer
	if _, err := conn.PgConn().CopyTo(ctx, &out, "COPY hc TO STDOUT"); err != nil {
		t.Fatal(err)
	}
	want := "1\t[1,2.5,-3]\n2\t[0.099975586,0,65504]\n3\t[4,5,6]\n4\t\\N\n"
	if got := out.String(); got != want {
		t.Fatalf("COPY TO:\n%s\nwant\n%s", got, want)
	}
	var v pgvector.HalfVector
	if err := conn.QueryRow(ctx, "SELECT v FROM hc WHERE id = 2").Scan(&v); err != nil || !slices.Equal(v.Slice(), []float32{0.099975586, 0, 65504}) {
		t.Fatalf("binary read: %v, %v", v.Slice(), err)
	}
	_, err := conn.PgConn().CopyFrom(ctx, strings.NewReader("5\t[1,2,3]\n6\t[65520,1,1]\n"), "COPY hc FROM STDIN")
	pe := wantCode(t, err, "22003")
	if pe.Message != `"65520" is out of range for type halfvec` || pe.Where != `COPY hc, line 2, column v: "[65520,1,1]"` {
		t.Fatalf("COPY error %q, context %q", pe.Message, pe.Where)
	}
}

// TestHalfvecDescribe: the extended protocol describes a halfvec column
// and a parameter compared with one by the halfvec OID (16389), so that
// drivers that registered it by to_regtype('halfvec') encode and decode
// it themselves.
func TestHalfvecDescribe(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := vectorConn(t, s)
	defer conn.Close(context.Background())
	ctx := testCtx(t, 30*time.Second)
	mustExec(t, conn, "CREATE TABLE hd (id int, v halfvec(3))")
	sd, err := conn.Prepare(ctx, "knn", "SELECT v, v <-> $1 AS d FROM hd ORDER BY v <-> $1 LIMIT 5")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sd.ParamOIDs, []uint32{16389}) || sd.Fields[0].DataTypeOID != 16389 || sd.Fields[1].DataTypeOID != 701 {
		t.Fatalf("params %v, fields %d %d; want [16389], 16389 701", sd.ParamOIDs, sd.Fields[0].DataTypeOID, sd.Fields[1].DataTypeOID)
	}
}
