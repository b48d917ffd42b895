package tests

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
)

// cancelRows is the size of the table of TestCancelWrites: large enough
// that CREATE INDEX, UPDATE and INSERT ... SELECT over it run about a
// second each on 2 cores (twenty times cancelTimeout), small enough for a
// short test (with GOMAXPROCS build workers, CREATE INDEX stays well
// over cancelTimeout up to a few dozen cores).
const (
	cancelRows    = 80000
	cancelTimeout = "50ms"
)

const (
	msgTimeout    = "canceling statement due to statement timeout"
	msgUserCancel = "canceling statement due to user request"
)

// TestCancelWrites: statement_timeout stops CREATE INDEX (HNSW build),
// UPDATE and INSERT ... SELECT with 57014, and so does a CancelRequest;
// each leaves the table exactly as it was: same rows and values, no index
// from the cancelled build (also after a crash and WAL replay), and the
// session keeps working (in a block: the block fails as for any error).
func TestCancelWrites(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE EXTENSION IF NOT EXISTS vector")
	mustExec(t, conn, "CREATE TABLE cw (id int PRIMARY KEY, v vector(3))")
	mustExec(t, conn, "INSERT INTO cw SELECT g, ARRAY[g%1000, g%7, g%13]::real[]::vector FROM generate_series(1, $1::int) g", cancelRows)
	checkCancelTable(t, conn, "cw_pkey")

	// CREATE INDEX: the HNSW build stops; no index is left, not even
	// after a crash replays the WAL.
	timesOut(t, conn, "CREATE INDEX cw_v_idx ON cw USING hnsw (v vector_l2_ops)")
	checkCancelTable(t, conn, "cw_pkey")
	s.Kill()
	s = startServer(t, s.DataDir)
	conn = s.connect(t)
	checkCancelTable(t, conn, "cw_pkey")
	// The whole build: sized to outlast a cancel, so give it the time a
	// loaded machine needs (the default test deadline is for statements).
	mustExecWithin(t, conn, 5*time.Minute, "CREATE INDEX cw_v_idx ON cw USING hnsw (v vector_l2_ops)")
	checkCancelTable(t, conn, "cw_pkey", "cw_v_idx")

	// UPDATE and INSERT ... SELECT (each row also enters the graph).
	timesOut(t, conn, "UPDATE cw SET v = v + v")
	checkCancelTable(t, conn, "cw_pkey", "cw_v_idx")
	timesOut(t, conn, "INSERT INTO cw SELECT g + 1000000, ARRAY[g%1000, g%7, g%13]::real[]::vector FROM generate_series(1, $1::int) g", cancelRows)
	checkCancelTable(t, conn, "cw_pkey", "cw_v_idx")

	// In a transaction block the block fails and its earlier row goes
	// with the ROLLBACK.
	mustExec(t, conn, "SET statement_timeout = '"+cancelTimeout+"'")
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "INSERT INTO cw VALUES (0, '[0,0,0]')")
	_, err := conn.Exec(testCtx(t, 60*time.Second), "UPDATE cw SET v = v + v")
	if pe := wantCode(t, err, "57014"); pe.Message != msgTimeout {
		t.Fatalf("UPDATE in a block: message %q, want %q", pe.Message, msgTimeout)
	}
	_, err = conn.Exec(testCtx(t, 10*time.Second), "SELECT 1")
	wantCode(t, err, "25P02")
	mustExec(t, conn, "ROLLBACK")
	mustExec(t, conn, "RESET statement_timeout")
	checkCancelTable(t, conn, "cw_pkey", "cw_v_idx")

	// A CancelRequest (pgx sends one when the query's context ends).
	cancelRequested(t, s, "UPDATE cw SET v = v + v")
	checkCancelTable(t, conn, "cw_pkey", "cw_v_idx")
	cancelRequested(t, s, "INSERT INTO cw SELECT g + 1000000, ARRAY[g%1000, g%7, g%13]::real[]::vector FROM generate_series(1, 80000) g")
	checkCancelTable(t, conn, "cw_pkey", "cw_v_idx")
	mustExec(t, conn, "DROP INDEX cw_v_idx")
	cancelRequested(t, s, "CREATE INDEX cw_v_idx ON cw USING hnsw (v vector_l2_ops)")
	checkCancelTable(t, conn, "cw_pkey")
}

// timesOut runs sql under statement_timeout = cancelTimeout and fails the
// test unless it fails with 57014 "canceling statement due to statement
// timeout"; the session must then run statements as before.
func timesOut(t *testing.T, conn *pgx.Conn, sql string, args ...any) {
	t.Helper()
	mustExec(t, conn, "SET statement_timeout = '"+cancelTimeout+"'")
	_, err := conn.Exec(testCtx(t, 60*time.Second), sql, args...)
	pe := wantCode(t, err, "57014")
	if pe.Message != msgTimeout {
		t.Fatalf("%s: message %q, want %q", sql, pe.Message, msgTimeout)
	}
	mustExec(t, conn, "RESET statement_timeout")
}

// cancelRequested runs sql on a new connection whose context is cancelled
// 300 ms after the statement is sent, and fails the test unless it fails
// with 57014 "canceling statement due to user request" and the same
// backend then runs the next statement. (A CancelRequest that arrived
// before the statement started would be ignored and the statement would
// run to completion, failing the test; sql runs for seconds, so 300 ms
// leaves it ample time to start even on a loaded machine.)
func cancelRequested(t *testing.T, s *server, sql string) {
	t.Helper()
	cfg, err := pgx.ParseConfig(s.DSN())
	if err != nil {
		t.Fatal(err)
	}
	cfg.BuildContextWatcherHandler = func(pc *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.CancelRequestContextWatcherHandler{Conn: pc, CancelRequestDelay: 0, DeadlineDelay: 30 * time.Second}
	}
	conn, err := pgx.ConnectConfig(testCtx(t, 10*time.Second), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var pid, got uint32
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(300*time.Millisecond, cancel)
	_, err = conn.Exec(ctx, sql)
	timer.Stop()
	cancel()
	pe := wantCode(t, err, "57014")
	if pe.Message != msgUserCancel {
		t.Fatalf("%s: message %q, want %q", sql, pe.Message, msgUserCancel)
	}
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_backend_pid()").Scan(&got); err != nil {
		t.Fatalf("after the cancel of %s: %v", sql, err)
	}
	if got != pid {
		t.Fatalf("backend pid %d after the cancel, %d before: the connection was replaced", got, pid)
	}
}

// checkCancelTable fails the test unless cw holds exactly its cancelRows
// original rows (ids 1..cancelRows with their original vectors) and the
// indexes of cw are exactly indexes.
func checkCancelTable(t *testing.T, conn *pgx.Conn, indexes ...string) {
	t.Helper()
	ctx := testCtx(t, 30*time.Second)
	var n, lo, hi, same int64
	if err := conn.QueryRow(ctx, "SELECT count(*), min(id), max(id) FROM cw").Scan(&n, &lo, &hi); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM cw WHERE v = ARRAY[id%1000, id%7, id%13]::real[]::vector").Scan(&same); err != nil {
		t.Fatal(err)
	}
	if n != cancelRows || lo != 1 || hi != cancelRows || same != cancelRows {
		t.Fatalf("cw: %d rows, ids %d..%d, %d with their original vector; want %d, 1..%d, %d",
			n, lo, hi, same, cancelRows, cancelRows, cancelRows)
	}
	rows, err := conn.Query(ctx, "SELECT indexname FROM pg_indexes WHERE tablename = 'cw' ORDER BY indexname")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, indexes) {
		t.Fatalf("indexes of cw: %v, want %v", got, indexes)
	}
}
