package tests

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// nulMessage is PostgreSQL 15's error for a 0x00 byte in text a client
// sends (SQLSTATE 22021).
const nulMessage = `invalid byte sequence for encoding "UTF8": 0x00`

// wantPgError fails unless err is a server error with code, message and
// CONTEXT (Where) where.
func wantPgError(t *testing.T, what string, err error, code, msg, where string) {
	t.Helper()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		t.Errorf("%s: %v, want %s %q", what, err, code, msg)
		return
	}
	if pe.Code != code || pe.Message != msg || pe.Where != where {
		t.Errorf("%s: %s %q context %q, want %s %q context %q", what, pe.Code, pe.Message, pe.Where, code, msg, where)
	}
}

// TestNULBytesRejected sends text holding a NUL byte every way a client
// can (Bind parameters in text and binary, COPY FROM in text, CSV and
// binary) and expects PostgreSQL 15's errors, checked against a real
// server; the table keeps no row, and COPY TO has no NUL to print.
func TestNULBytesRejected(t *testing.T) {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, srv.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE TABLE nt (a text, b varchar(5), c char(3), j jsonb, arr text[])").ReadAll(); err != nil {
		t.Fatal(err)
	}
	const param = "unnamed portal parameter $1"
	// array_send of text[] {"a<NUL>b"}: 1 dimension, no NULLs, OID 25.
	textArray := []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 25, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 3, 'a', 0, 'b'}
	for _, p := range []struct {
		name   string
		oid    uint32
		format int16
		value  []byte
	}{
		{"text binary", 25, 1, []byte("a\x00b")},
		{"text text", 25, 0, []byte("a\x00b")},
		{"varchar binary", 1043, 1, []byte("a\x00b")},
		{"bpchar binary", 1042, 1, []byte("\x00")},
		{"unknown binary", 705, 1, []byte("a\x00b")},
		{"jsonb binary", 3802, 1, []byte("\x01\"a\x00b\"")},
		{"jsonb text", 3802, 0, []byte("\"a\x00b\"")},
		{"text[] binary", 1009, 1, textArray},
	} {
		rr := conn.ExecParams(ctx, "SELECT $1", [][]byte{p.value}, []uint32{p.oid}, []int16{p.format}, nil).Read()
		wantPgError(t, "parameter "+p.name, rr.Err, "22021", nulMessage, param)
	}
	binHeader := "PGCOPY\n\377\r\n\x00" + "\x00\x00\x00\x00" + "\x00\x00\x00\x00"
	tuple := func(f string) string { return "\x00\x01" + string([]byte{0, 0, 0, byte(len(f))}) + f }
	for _, c := range []struct {
		sql, data, where string
	}{
		{"COPY nt (a) FROM STDIN", "x\ny\x00z\n", "COPY nt, line 2"},
		{"COPY nt (a) FROM STDIN", "x\ny\\000z\n", `COPY nt, line 2: "y\000z"`},
		{"COPY nt (a) FROM STDIN", "x\ny\\x00z\n", `COPY nt, line 2: "y\x00z"`},
		{"COPY nt (b) FROM STDIN", "y\\0\n", `COPY nt, line 1: "y\0"`},
		{"COPY nt (a, b) FROM STDIN", "x\tq\ny\tb\x00z\n", "COPY nt, line 2"},
		{"COPY nt (a) FROM STDIN (FORMAT csv)", "x\n\"y\x00z\"\n", "COPY nt, line 2"},
		{"COPY nt (a) FROM STDIN (FORMAT csv)", "y\x00z\n", "COPY nt, line 1"},
		{"COPY nt (a) FROM STDIN (FORMAT binary)", binHeader + tuple("ok") + tuple("y\x00z") + "\xff\xff", "COPY nt, line 2, column a"},
		{"COPY nt (c) FROM STDIN (FORMAT binary)", binHeader + tuple("y\x00") + "\xff\xff", "COPY nt, line 1, column c"},
		{"COPY nt (j) FROM STDIN (FORMAT binary)", binHeader + tuple("\x01\"y\x00z\"") + "\xff\xff", "COPY nt, line 1, column j"},
		{"COPY nt (arr) FROM STDIN (FORMAT binary)", binHeader + tuple(string(textArray)) + "\xff\xff", "COPY nt, line 1, column arr"},
	} {
		_, err := conn.CopyFrom(ctx, strings.NewReader(c.data), c.sql)
		wantPgError(t, c.sql+" "+strings.ReplaceAll(c.data, "\x00", "<NUL>"), err, "22021", nulMessage, c.where)
	}
	// Valid text still loads, and COPY TO shows no NUL.
	if _, err := conn.CopyFrom(ctx, strings.NewReader("é\\001\tab\n"), "COPY nt (a, b) FROM STDIN"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := conn.CopyTo(ctx, &out, "COPY nt TO STDOUT"); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "é\x01\tab\t\\N\t\\N\t\\N\n"; got != want {
		t.Errorf("COPY TO = %q, want %q", got, want)
	}
}
