package tests

import (
	"bytes"
	"encoding/hex"
	"testing"
	"time"
)

// COPY (SELECT ...) TO STDOUT in the three formats; expected bytes are
// PostgreSQL 15's for the same statements.
func TestCopyQueryTo(t *testing.T) {
	srv := startServer(t, "")
	conn := srv.connect(t)
	mustExec(t, conn, `CREATE TABLE cq (id int, note text, score float8)`)
	mustExec(t, conn, `INSERT INTO cq VALUES (1, 'a b', 1.5), (2, NULL, -2), (3, 'x,"y"', 0.25), (3, 'x,"y"', 0.25)`)
	binary, _ := hex.DecodeString("5047434f50590aff0d0a00000000000000000000020000000400000001000000036120" + "62ffff")
	tests := []struct {
		sql, tag string
		want     []byte
	}{
		{`COPY (SELECT id, note, score FROM cq ORDER BY id) TO STDOUT`, "COPY 4",
			[]byte("1\ta b\t1.5\n2\t\\N\t-2\n3\tx,\"y\"\t0.25\n3\tx,\"y\"\t0.25\n")},
		{`COPY (SELECT DISTINCT id, note AS n, score * 2 FROM cq ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER)`, "COPY 3",
			[]byte("id,n,?column?\n1,a b,3\n2,,-4\n3,\"x,\"\"y\"\"\",0.5\n")},
		{`COPY (SELECT id, note FROM cq WHERE id = 1) TO STDOUT WITH (FORMAT binary)`, "COPY 1", binary},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		tag, err := conn.PgConn().CopyTo(testCtx(t, 30*time.Second), &buf, tt.sql)
		if err != nil {
			t.Fatalf("%s: %v", tt.sql, err)
		}
		if tag.String() != tt.tag || !bytes.Equal(buf.Bytes(), tt.want) {
			t.Errorf("%s:\n got %s %q\nwant %s %q", tt.sql, tag, buf.Bytes(), tt.tag, tt.want)
		}
	}
}

// COPY FROM evaluates expression defaults per row: gen_random_uuid()
// gives each row its own key.
func TestCopyFromExpressionDefaults(t *testing.T) {
	srv := startServer(t, "")
	conn := srv.connect(t)
	mustExec(t, conn, `CREATE TABLE docs (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), at timestamptz NOT NULL DEFAULT now(), note text)`)
	tag, err := conn.PgConn().CopyFrom(testCtx(t, 30*time.Second), bytes.NewReader([]byte("a\nb\nc\n")), `COPY docs (note) FROM STDIN`)
	if err != nil || tag.String() != "COPY 3" {
		t.Fatalf("COPY FROM: %v %v", tag, err)
	}
	var n, ids, ats int
	if err := conn.QueryRow(testCtx(t, 30*time.Second), `SELECT count(*), count(id), count(at) FROM docs`).Scan(&n, &ids, &ats); err != nil {
		t.Fatal(err)
	}
	distinct := 0
	rows, err := conn.Query(testCtx(t, 30*time.Second), `SELECT DISTINCT id FROM docs`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		distinct++
	}
	rows.Close()
	if n != 3 || ids != 3 || ats != 3 || distinct != 3 {
		t.Fatalf("rows %d, ids %d, timestamps %d, distinct ids %d; want 3 each", n, ids, ats, distinct)
	}
}
