package tests

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgproto3"
)

// TestEmptyTargetListMessages: SELECT with no target list answers, as
// PostgreSQL does, RowDescription with zero fields, one DataRow with zero
// values and SELECT 1 (not NoData, and not an error).
func TestEmptyTargetListMessages(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	pc := conn.PgConn()
	ctx := testCtx(t, 30*time.Second)
	for _, q := range []string{"SELECT;", "SELECT --comment\n"} {
		fe := pc.Frontend()
		fe.Send(&pgproto3.Query{String: q})
		if err := fe.Flush(); err != nil {
			t.Fatal(err)
		}
		var got []string
		for {
			msg, err := pc.ReceiveMessage(ctx)
			if err != nil {
				t.Fatal(err)
			}
			switch m := msg.(type) {
			case *pgproto3.RowDescription:
				got = append(got, fmt.Sprintf("RowDescription fields=%d", len(m.Fields)))
			case *pgproto3.DataRow:
				got = append(got, fmt.Sprintf("DataRow values=%d", len(m.Values)))
			case *pgproto3.CommandComplete:
				got = append(got, "CommandComplete "+string(m.CommandTag))
			case *pgproto3.ErrorResponse:
				got = append(got, "ErrorResponse "+m.Code+" "+m.Message)
			default:
				got = append(got, strings.TrimPrefix(fmt.Sprintf("%T", msg), "*pgproto3."))
			}
			if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
				break
			}
		}
		want := "RowDescription fields=0|DataRow values=0|CommandComplete SELECT 1|ReadyForQuery"
		if strings.Join(got, "|") != want {
			t.Errorf("%q: got %q, want %q", q, strings.Join(got, "|"), want)
		}
	}
}

// TestTargetListLimit: a SELECT list of more than 1664 entries is 54011
// (PostgreSQL's MaxTupleAttributeNumber), also at 70,000 entries, and the
// session goes on; 1664 entries are served.
func TestTargetListLimit(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	list := func(n int) string { return "SELECT " + strings.TrimSuffix(strings.Repeat("1,", n), ",") }
	for _, n := range []int{1665, 70000} {
		_, err := conn.Exec(ctx, list(n))
		pe := wantCode(t, err, "54011")
		if pe.Message != "target lists can have at most 1664 entries" {
			t.Errorf("%d entries: %q", n, pe.Message)
		}
	}
	rows, err := conn.Query(ctx, list(1664))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		if vals, err := rows.Values(); err != nil || len(vals) != 1664 {
			t.Fatalf("row of %d values, %v", len(vals), err)
		}
		n++
	}
	if err := rows.Err(); err != nil || n != 1 {
		t.Fatalf("%d rows, %v", n, err)
	}
}

// TestInvalidUTF8QueryText: PostgreSQL rejects a query string with invalid
// UTF-8 anywhere (a comment too) with 22021, for a simple Query and for
// Parse alike; the session goes on.
func TestInvalidUTF8QueryText(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	pc := conn.PgConn()
	ctx := testCtx(t, 30*time.Second)
	for _, q := range []string{"select '\xff'", "select 1 -- \xfe\n", "select 1; /* \xe2\x28\xa1 */ select 2"} {
		_, err := pc.Exec(ctx, q).ReadAll()
		pe := wantCode(t, err, "22021")
		if !strings.HasPrefix(pe.Message, `invalid byte sequence for encoding "UTF8": 0x`) {
			t.Errorf("%q: %q", q, pe.Message)
		}
		_, err = pc.Prepare(ctx, "", q, nil)
		wantCode(t, err, "22021")
	}
	if _, err := pc.Exec(ctx, "select 1").ReadAll(); err != nil {
		t.Fatal(err)
	}
}

// TestCopyForceNullOptions: CSV COPY FROM with FORCE_NOT_NULL and
// FORCE_NULL stores what PostgreSQL 15 stores, and the options' errors
// have its codes and messages.
func TestCopyForceNullOptions(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	pc := conn.PgConn()
	ctx := testCtx(t, 30*time.Second)
	mustExec(t, conn, "CREATE TABLE fc (a int, b text, c text)")
	data := "1,,\n2,\"\",\"\"\n3,x,\n"
	for _, q := range []string{
		"COPY fc FROM STDIN WITH (FORMAT csv, FORCE_NOT_NULL (b))",
		"COPY fc FROM STDIN WITH (FORMAT csv, FORCE_NULL (b))",
		"COPY fc FROM STDIN CSV FORCE NOT NULL b, c",
	} {
		if tag, err := pc.CopyFrom(ctx, strings.NewReader(data), q); err != nil || tag.RowsAffected() != 3 {
			t.Fatalf("%s: %v %v", q, tag, err)
		}
	}
	rows, err := conn.Query(ctx, "SELECT a, b, c IS NULL FROM fc")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var a int
		var b *string
		var cNull bool
		if err := rows.Scan(&a, &b, &cNull); err != nil {
			t.Fatal(err)
		}
		bs := "-"
		if b != nil {
			bs = *b
		}
		got = append(got, fmt.Sprintf("%d %v %q %v", a, b == nil, bs, cNull))
	}
	want := []string{ // from PostgreSQL 15 on the same input
		`1 false "" true`, `2 false "" false`, `3 false "x" true`,
		`1 true "-" true`, `2 true "-" false`, `3 false "x" true`,
		`1 false "" false`, `2 false "" false`, `3 false "x" false`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, tc := range []struct{ q, code, msg string }{
		{"COPY fc FROM STDIN WITH (FORCE_NOT_NULL (b))", "0A000", "COPY force not null available only in CSV mode"},
		{"COPY fc TO STDOUT WITH (FORMAT csv, FORCE_NOT_NULL (b))", "0A000", "COPY force not null only available using COPY FROM"},
		{"COPY fc FROM STDIN WITH (FORMAT text, FORCE_NULL (b))", "0A000", "COPY force null available only in CSV mode"},
		{"COPY fc TO STDOUT WITH (FORMAT csv, FORCE_NULL (b))", "0A000", "COPY force null only available using COPY FROM"},
		{"COPY fc (a, c) FROM STDIN WITH (FORMAT csv, FORCE_NOT_NULL (b))", "42P10", `FORCE_NOT_NULL column "b" not referenced by COPY`},
		{"COPY fc (a, c) FROM STDIN WITH (FORMAT csv, FORCE_NULL (zz))", "42703", `column "zz" of relation "fc" does not exist`},
		{"COPY fc FROM STDIN WITH (FORMAT csv, FORCE_NULL (b), FORCE_NULL (c))", "42601", "conflicting or redundant options"},
		{"COPY fc FROM STDIN WITH (FORMAT csv, FORCE_NULL *)", "22023", `argument to option "force_null" must be a list of column names`},
	} {
		_, err := pc.CopyFrom(ctx, strings.NewReader(data), tc.q)
		if pe := wantCode(t, err, tc.code); pe.Message != tc.msg {
			t.Errorf("%s: %q, want %q", tc.q, pe.Message, tc.msg)
		}
	}
}

// TestCopyBinaryFieldSize: a binary COPY field longer than its type's
// binary form is 22P03 "incorrect binary data format", a shorter one 08P01
// "insufficient data left in message", both with PostgreSQL's context.
func TestCopyBinaryFieldSize(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	pc := conn.PgConn()
	ctx := testCtx(t, 30*time.Second)
	mustExec(t, conn, "CREATE TABLE bi (a int)")
	stream := func(field []byte) []byte {
		b := []byte("PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01")
		b = binary.BigEndian.AppendUint32(b, uint32(len(field)))
		return append(append(b, field...), 0xff, 0xff)
	}
	for _, tc := range []struct {
		field     []byte
		code, msg string
	}{
		{make([]byte, 8), "22P03", "incorrect binary data format"},
		{make([]byte, 2), "08P01", "insufficient data left in message"},
	} {
		_, err := pc.CopyFrom(ctx, bytes.NewReader(stream(tc.field)), "COPY bi FROM STDIN WITH (FORMAT binary)")
		pe := wantCode(t, err, tc.code)
		if pe.Message != tc.msg || pe.Where != "COPY bi, line 1, column a" {
			t.Errorf("%d bytes: %q (%q)", len(tc.field), pe.Message, pe.Where)
		}
	}
}
