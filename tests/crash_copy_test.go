package tests

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// copyText is COPY text of rows first..first+n-1 of (id, v vector(8)),
// v's elements derived from id so that they can be checked after a crash.
func copyText(first, n int) string {
	var b strings.Builder
	for id := first; id < first+n; id++ {
		fmt.Fprintf(&b, "%d\t[%d,%d,1,2,3,4,5,%d]\n", id, id, -id, id%97)
	}
	return b.String()
}

// TestCrashDuringCopy: COPY FROM writes its rows to the WAL while it
// runs (catalog.RowLog), before its commit record. A SIGKILL keeps a
// committed COPY whole and loses the whole of one that had not committed:
// one that failed at its line 40,001 (with PostgreSQL's error and CONTEXT
// line) after 40,000 rows were written, one inside a transaction block whose early rows another commit made
// durable, and one still streaming its data (killed once
// pg_stat_progress_copy shows 20,000 rows stored).
func TestCrashDuringCopy(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE cp (id int PRIMARY KEY, v vector(8))")
	ctx := testCtx(t, 120*time.Second)
	if tag, err := a.PgConn().CopyFrom(ctx, strings.NewReader(copyText(1, 30000)), "COPY cp FROM STDIN"); err != nil || tag.String() != "COPY 30000" {
		t.Fatalf("committed COPY: %v %v", tag, err)
	}
	bad := copyText(300001, 40000) + "340001\t[1,x]\n" + copyText(340002, 5000)
	_, err := a.PgConn().CopyFrom(ctx, strings.NewReader(bad), "COPY cp FROM STDIN")
	pe := wantCode(t, err, "22P02")
	if pe.Message != `invalid input syntax for type vector: "[1,x]"` || pe.Where != `COPY cp, line 40001, column v: "[1,x]"` {
		t.Fatalf("bad row 40,001: %q, CONTEXT %q", pe.Message, pe.Where)
	}
	b := vectorConn(t, s)
	mustExec(t, b, "BEGIN")
	if _, err := b.PgConn().CopyFrom(ctx, strings.NewReader(copyText(100001, 20000)), "COPY cp FROM STDIN"); err != nil {
		t.Fatalf("COPY in a block: %v", err)
	}
	mustExec(t, a, "INSERT INTO cp VALUES (0, '[0,0,1,2,3,4,5,0]')") // fsyncs the block's early rows too
	c := vectorConn(t, s)
	pr, pw := io.Pipe()
	streaming := make(chan error, 1)
	go func() {
		_, err := c.PgConn().CopyFrom(context.Background(), pr, "COPY cp FROM STDIN")
		streaming <- err
	}()
	go func() { // rows until the kill breaks the pipe's reader
		for first := 200001; ; first += 1000 {
			if _, err := io.WriteString(pw, copyText(first, 1000)); err != nil {
				return
			}
		}
	}()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var done int64
		if err := a.QueryRow(ctx, "SELECT coalesce(max(tuples_processed), 0) FROM pg_stat_progress_copy").Scan(&done); err != nil {
			t.Fatal(err)
		}
		if done >= 20000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the streaming COPY stored only %d rows in 60 s", done)
		}
	}
	s, d := killRestart(t, s, dataDir)
	pw.CloseWithError(io.ErrClosedPipe)
	if err := <-streaming; err == nil {
		t.Fatal("the streaming COPY succeeded across the kill")
	}
	wantStrings(t, d, "SELECT count(*)::text || ' ' || min(id)::text || ' ' || max(id)::text || ' ' || sum(id)::text FROM cp",
		"30001 0 30000 450015000")
	wantStrings(t, d, "SELECT count(*)::text FROM cp WHERE v <> ('[' || id || ',' || -id || ',1,2,3,4,5,' || id % 97 || ']')::vector",
		"0")
	_ = s
}
