package tests

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// waitFor polls cond every 10 ms until it is true, failing the test with
// what after 30 s (a bound against a hang, not a timing assertion).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// activityConn opens a pgx connection to s as user with application_name.
func activityConn(t *testing.T, s *server, user, app string) *pgx.Conn {
	t.Helper()
	dsn := strings.Replace(s.DSN(), "postgres@", user+"@", 1) + "&application_name=" + app
	conn, err := pgx.Connect(testCtx(t, 10*time.Second), dsn)
	if err != nil {
		t.Fatalf("connect as %s: %v", user, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// TestActivitySeesItself: a session finds itself in pg_stat_activity by
// pg_backend_pid(), which is the pid of its BackendKeyData, with its
// user, database, application_name, address, state and query. Before,
// pg_stat_activity did not exist (42P01) and pg_backend_pid() was the
// server process's pid.
func TestActivitySeesItself(t *testing.T) {
	s := startServer(t, "")
	conn := activityConn(t, s, "postgres", "acttest")
	var pid int64
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if want := int64(conn.PgConn().PID()); pid != want {
		t.Fatalf("pg_backend_pid() = %d, BackendKeyData says %d", pid, want)
	}
	const q = "SELECT datname, usename, application_name, client_addr, state, query, backend_type, " +
		"wait_event_type IS NULL, xact_start = query_start, backend_start <= query_start " +
		"FROM pg_stat_activity WHERE pid = pg_backend_pid()"
	var dat, user, app, addr, state, query, typ string
	var noWait, xactIsQuery, started bool
	if err := conn.QueryRow(testCtx(t, 10*time.Second), q).Scan(&dat, &user, &app, &addr, &state, &query, &typ,
		&noWait, &xactIsQuery, &started); err != nil {
		t.Fatal(err)
	}
	got := []any{dat, user, app, addr, state, query, typ, noWait, xactIsQuery, started}
	want := []any{"postgres", "postgres", "acttest", "127.0.0.1", "active", q, "client backend", true, true, true}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("column %d = %v, want %v", i+1, got[i], want[i])
		}
	}
	// Another session sees this one idle, then idle in transaction.
	other := s.connect(t)
	stateOf := func() string {
		var st string
		if err := other.QueryRow(testCtx(t, 10*time.Second),
			"SELECT state FROM pg_stat_activity WHERE pid = $1", pid).Scan(&st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	if st := stateOf(); st != "idle" {
		t.Errorf("state after the query = %q, want idle", st)
	}
	mustExec(t, conn, "SET application_name = 'renamed'")
	var app2 string
	if err := other.QueryRow(testCtx(t, 10*time.Second), "SELECT application_name FROM pg_stat_activity WHERE pid = $1",
		pid).Scan(&app2); err != nil || app2 != "renamed" {
		t.Errorf("application_name after SET = %q (%v), want renamed", app2, err)
	}
	mustExec(t, conn, "BEGIN")
	if st := stateOf(); st != "idle in transaction" {
		t.Errorf("state in a block = %q, want idle in transaction", st)
	}
}

// TestActivityLockWait: a session waiting for a table lock shows
// wait_event_type Lock, wait_event relation and its query in
// pg_stat_activity until the lock is granted.
func TestActivityLockWait(t *testing.T) {
	s := startServer(t, "")
	a, b, c := s.connect(t), s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE t (x int)")
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO t VALUES (1)")
	const alter = "ALTER TABLE t ADD COLUMN y int"
	done := execAsync(t, b, alter)
	bpid := b.PgConn().PID()
	var typ, event, query string
	waitFor(t, "B to wait for a lock", func() bool {
		err := c.QueryRow(testCtx(t, 10*time.Second), "SELECT wait_event_type, wait_event, query FROM pg_stat_activity "+
			"WHERE pid = $1 AND wait_event_type IS NOT NULL", bpid).Scan(&typ, &event, &query)
		return err == nil
	})
	if typ != "Lock" || event != "relation" || query != alter {
		t.Fatalf("B's wait: %q %q %q, want Lock relation %q", typ, event, query, alter)
	}
	mustExec(t, a, "COMMIT")
	if err := <-done; err != nil {
		t.Fatalf("ALTER after the lock was granted: %v", err)
	}
	var waiting int64
	if err := c.QueryRow(testCtx(t, 10*time.Second),
		"SELECT count(*) FROM pg_stat_activity WHERE wait_event_type IS NOT NULL").Scan(&waiting); err != nil || waiting != 0 {
		t.Fatalf("sessions waiting after the commit: %d (%v), want 0", waiting, err)
	}
}

// TestCancelBackend: pg_cancel_backend(pid) cancels another session's
// running statement (57014) and leaves the session usable; an unknown pid
// gives false with PostgreSQL's WARNING. Before, the function did not exist.
func TestCancelBackend(t *testing.T) {
	s := startServer(t, "")
	victim, admin := s.connect(t), s.connect(t)
	done := execAsync(t, victim, "SELECT pg_sleep(60)")
	pid := victim.PgConn().PID()
	waitFor(t, "the sleep to run", func() bool {
		var n int64
		admin.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", pid).Scan(&n)
		return n == 1
	})
	var ok bool
	if err := admin.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_cancel_backend($1)", pid).Scan(&ok); err != nil || !ok {
		t.Fatalf("pg_cancel_backend = %v, %v; want true", ok, err)
	}
	pe := wantCode(t, <-done, "57014")
	if pe.Message != "canceling statement due to user request" {
		t.Errorf("message %q", pe.Message)
	}
	mustExec(t, victim, "SELECT 1") // still usable
	var warned []string
	cfg, err := pgx.ParseConfig(s.DSN())
	if err != nil {
		t.Fatal(err)
	}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { warned = append(warned, n.Severity+" "+n.Code+" "+n.Message) }
	wc, err := pgx.ConnectConfig(testCtx(t, 10*time.Second), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close(context.Background())
	if err := wc.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_cancel_backend(999999)").Scan(&ok); err != nil || ok {
		t.Fatalf("pg_cancel_backend(unknown pid) = %v, %v; want false", ok, err)
	}
	if want := "WARNING 01000 PID 999999 is not a PostgreSQL backend process"; len(warned) != 1 || warned[0] != want {
		t.Errorf("notices %q, want %q", warned, want)
	}
}

// TestTerminateBackend: pg_terminate_backend(pid, timeout) ends another
// session with FATAL 57P01 and, with a timeout, returns true once it is
// gone from pg_stat_activity; a negative timeout is 22003; a role that is
// not a superuser may not signal a superuser's session (42501, PostgreSQL
// 15's messages) but may signal its own, nor call pg_reload_conf (42501).
func TestTerminateBackend(t *testing.T) {
	s := startServer(t, "")
	victim, admin := s.connect(t), s.connect(t)
	pid := victim.PgConn().PID()
	var ok bool
	if err := admin.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_terminate_backend($1, 10000)", pid).Scan(&ok); err != nil || !ok {
		t.Fatalf("pg_terminate_backend = %v, %v; want true", ok, err)
	}
	var n int64
	if err := admin.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM pg_stat_activity WHERE pid = $1", pid).Scan(&n); err != nil || n != 0 {
		t.Fatalf("terminated session still listed: %d, %v", n, err)
	}
	_, err := victim.Exec(testCtx(t, 10*time.Second), "SELECT 1")
	if err == nil {
		t.Fatal("terminated session still runs statements")
	}
	if pe := asPgErrorOrNil(err); pe != nil && (pe.Code != "57P01" || pe.Message != "terminating connection due to administrator command") {
		t.Fatalf("terminated session got %s %q, want 57P01", pe.Code, pe.Message)
	}
	_, err = admin.Exec(testCtx(t, 10*time.Second), "SELECT pg_terminate_backend(1, -1)")
	if pe := wantCode(t, err, "22003"); pe.Message != `"timeout" must not be negative` {
		t.Errorf("message %q", pe.Message)
	}

	mustExec(t, admin, "CREATE ROLE bob LOGIN")
	bob, bob2 := activityConn(t, s, "bob", "b1"), activityConn(t, s, "bob", "b2")
	apid := admin.PgConn().PID()
	var query string
	var state, typ *string
	if err := bob.QueryRow(testCtx(t, 10*time.Second), "SELECT query, state, backend_type FROM pg_stat_activity WHERE pid = $1",
		apid).Scan(&query, &state, &typ); err != nil || query != "<insufficient privilege>" || state != nil || typ != nil {
		t.Errorf("bob sees postgres's session as %q, state %v, type %v (%v); want <insufficient privilege>, NULL, NULL",
			query, state, typ, err)
	}
	for _, c := range []struct{ fn, msg string }{
		{"pg_cancel_backend", "must be a superuser to cancel superuser query"},
		{"pg_terminate_backend", "must be a superuser to terminate superuser process"},
	} {
		_, err := bob.Exec(testCtx(t, 10*time.Second), "SELECT "+c.fn+"($1)", apid)
		if pe := wantCode(t, err, "42501"); pe.Message != c.msg {
			t.Errorf("%s: message %q, want %q", c.fn, pe.Message, c.msg)
		}
	}
	_, err = bob.Exec(testCtx(t, 10*time.Second), "SELECT pg_reload_conf()")
	if pe := wantCode(t, err, "42501"); pe.Message != "permission denied for function pg_reload_conf" {
		t.Errorf("pg_reload_conf by bob: message %q", pe.Message)
	}
	if err := bob.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_terminate_backend($1, 10000)", bob2.PgConn().PID()).Scan(&ok); err != nil || !ok {
		t.Fatalf("bob terminating his own session = %v, %v; want true", ok, err)
	}
}

// asPgErrorOrNil is the server's error in err, nil when the connection
// ended without one.
func asPgErrorOrNil(err error) *pgconn.PgError {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe
	}
	return nil
}

// TestStatUserTablesAndIndexes: pg_stat_user_tables counts the table's
// scans, inserted, updated and deleted rows and its live and dead row
// versions; pg_stat_user_indexes counts the scans of the index used.
// Before, neither view existed (42P01).
func TestStatUserTablesAndIndexes(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE st (id int, cat int)")
	mustExec(t, conn, "CREATE INDEX st_cat ON st (cat)")
	mustExec(t, conn, "INSERT INTO st SELECT g, g % 10 FROM generate_series(1, 100) g")
	mustExec(t, conn, "DELETE FROM st WHERE id <= 10")
	mustExec(t, conn, "UPDATE st SET cat = 42 WHERE id = 50")
	var n int64
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM st WHERE cat = 42").Scan(&n); err != nil || n != 1 {
		t.Fatalf("count = %d, %v", n, err)
	}
	var seqScan, seqRead, idxScan, ins, upd, del, live, dead int64
	var lastVacuum *time.Time
	err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT seq_scan, seq_tup_read, idx_scan, n_tup_ins, n_tup_upd, "+
		"n_tup_del, n_live_tup, n_dead_tup, last_vacuum FROM pg_stat_user_tables WHERE relname = 'st'").Scan(
		&seqScan, &seqRead, &idxScan, &ins, &upd, &del, &live, &dead, &lastVacuum)
	if err != nil {
		t.Fatal(err)
	}
	// DELETE and UPDATE each read the table once; the count used st_cat.
	got := []int64{ins, upd, del, live, dead, idxScan}
	want := []int64{100, 1, 10, 90, 11, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("n_tup_ins, n_tup_upd, n_tup_del, n_live_tup, n_dead_tup, idx_scan = %v, want %v", got, want)
			break
		}
	}
	if seqScan != 2 || seqRead != 190 || lastVacuum != nil {
		t.Errorf("seq_scan %d, seq_tup_read %d, last_vacuum %v: want 2, 190 and NULL", seqScan, seqRead, lastVacuum)
	}
	var ixScan, ixRead int64
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT idx_scan, idx_tup_read FROM pg_stat_user_indexes "+
		"WHERE indexrelname = 'st_cat' AND relname = 'st'").Scan(&ixScan, &ixRead); err != nil {
		t.Fatal(err)
	}
	if ixScan != 1 || ixRead != 1 {
		t.Errorf("st_cat: idx_scan %d, idx_tup_read %d; want 1 and 1", ixScan, ixRead)
	}
}
