package tests

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// dialAs opens a connection as user, closed at the end of the test;
// the error is the server's refusal, if any.
func dialAs(t *testing.T, s *server, user string) (*pgx.Conn, error) {
	t.Helper()
	dsn := strings.Replace(s.DSN(), "postgres://postgres@", "postgres://"+user+"@", 1)
	conn, err := pgx.Connect(testCtx(t, 10*time.Second), dsn)
	if err == nil {
		t.Cleanup(func() { conn.Close(context.Background()) })
	}
	return conn, err
}

// wantFatal fails the test unless err is the server's FATAL code with
// message msg.
func wantFatal(t *testing.T, err error, code, msg string) {
	t.Helper()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Severity != "FATAL" || pe.Code != code || pe.Message != msg {
		t.Fatalf("want FATAL %s %q, got %v", code, msg, err)
	}
}

// TestMaxConnectionsReservesSuperuserSlots: with max_connections=5 and
// superuser_reserved_connections=2 (given by -c) and one superuser
// connected, ordinary roles get two more connections, the next is refused
// with PostgreSQL's 53300 message for reserved slots, superusers take the
// last two, and a sixth connection is 53300 "sorry, too many clients
// already". Before, the server had no connection limit at all.
func TestMaxConnectionsReservesSuperuserSlots(t *testing.T) {
	s := startServer(t, "", "-c", "max_connections=5", "-c", "superuser_reserved_connections=2")
	admin := s.connect(t) // stays: a closed one may hold its slot a moment longer
	mustExec(t, admin, "CREATE ROLE alice LOGIN")
	for range 2 {
		if _, err := dialAs(t, s, "alice"); err != nil {
			t.Fatalf("alice within the limit: %v", err)
		}
	}
	_, err := dialAs(t, s, "alice")
	wantFatal(t, err, "53300", "remaining connection slots are reserved for non-replication superuser connections")
	for range 2 {
		if _, err := dialAs(t, s, "postgres"); err != nil {
			t.Fatalf("superuser in a reserved slot: %v", err)
		}
	}
	_, err = dialAs(t, s, "postgres")
	wantFatal(t, err, "53300", "sorry, too many clients already")
	conn, err := dialAs(t, s, "alice")
	if err == nil {
		conn.Close(context.Background())
	}
	wantFatal(t, err, "53300", "sorry, too many clients already")
}

// TestIdleInTransactionSessionTimeout: a session that leaves a transaction
// block idle past idle_in_transaction_session_timeout is ended with FATAL
// 25P03, as PostgreSQL 15; idle outside a block it is not. Before, the
// setting was accepted and ignored.
func TestIdleInTransactionSessionTimeout(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "SET idle_in_transaction_session_timeout = '100ms'")
	time.Sleep(500 * time.Millisecond) // idle, but not in a block
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "SELECT 1")
	time.Sleep(500 * time.Millisecond)
	_, err := conn.Exec(testCtx(t, 10*time.Second), "SELECT 2")
	wantFatal(t, err, "25P03", "terminating connection due to idle-in-transaction timeout")
	if !strings.Contains(waitForLog(t, s, "idle-in-transaction timeout"), "sqlstate=25P03") {
		t.Fatalf("log lacks the timeout:\n%s", s.stderr.String())
	}
}

// TestConfigFileAndReload: vecgres.conf in the data directory sets the
// server's defaults (postgresql.conf syntax: comments, quotes, units), -c
// overrides it, SHOW and pg_settings show them; pg_reload_conf() and SIGHUP
// apply an edited file to new sessions, except max_connections, which
// needs a restart (the log says so); a malformed file stops the start.
func TestConfigFileAndReload(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "vecgres.conf")
	write := func(text string) {
		if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("# operator's settings\nstatement_timeout = '5s'   # five seconds\nlock_timeout 250\nmax_connections = 50\n")
	s := startServer(t, dir, "-c", "lock_timeout=2s")
	show := func(name string) string {
		t.Helper()
		conn := s.connect(t)
		var v string
		if err := conn.QueryRow(testCtx(t, 10*time.Second), "SHOW "+name).Scan(&v); err != nil {
			t.Fatalf("SHOW %s: %v", name, err)
		}
		conn.Close(context.Background())
		return v
	}
	if got := show("statement_timeout") + " " + show("lock_timeout") + " " + show("max_connections"); got != "5s 2s 50" {
		t.Fatalf("statement_timeout, lock_timeout, max_connections = %s, want 5s 2s 50", got)
	}
	conn := s.connect(t)
	var src string
	if err := conn.QueryRow(testCtx(t, 10*time.Second),
		"SELECT setting || ' ' || source FROM pg_settings WHERE name = 'statement_timeout'").Scan(&src); err != nil {
		t.Fatal(err)
	}
	if src != "5000 configuration file" {
		t.Fatalf("pg_settings statement_timeout: %q, want \"5000 configuration file\"", src)
	}
	write("statement_timeout = 7s\nmax_connections = 60\n")
	var ok bool
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT pg_reload_conf()").Scan(&ok); err != nil || !ok {
		t.Fatalf("pg_reload_conf() = %v, %v", ok, err)
	}
	waitForLog(t, s, "configuration reloaded")
	if got := show("statement_timeout") + " " + show("max_connections"); got != "7s 50" {
		t.Fatalf("after reload statement_timeout, max_connections = %s, want 7s 50", got)
	}
	if !strings.Contains(s.stderr.String(), `msg="parameter cannot be changed without restarting the server; keeping the old value" name=max_connections value=50`) {
		t.Fatalf("log lacks the restart warning:\n%s", s.stderr.String())
	}
	write("statement_timeout = 9s\n")
	s.cmd.Process.Signal(syscall.SIGHUP)
	deadline := time.Now().Add(30 * time.Second)
	for show("statement_timeout") != "9s" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := show("statement_timeout"); got != "9s" {
		t.Fatalf("after SIGHUP statement_timeout = %s, want 9s", got)
	}
	s.Stop()

	write("statement_timeout = 'never\n")
	out, err := runToExit(t, "--listen", "127.0.0.1:0", "--data-dir", dir)
	if err == nil || !strings.Contains(out, conf+`" line 1: unterminated quoted string`) {
		t.Fatalf("malformed vecgres.conf: exit %v, log:\n%s", err, out)
	}
	write("statement_timeout = 'soon'\n")
	out, err = runToExit(t, "--listen", "127.0.0.1:0", "--data-dir", dir)
	if err == nil || !strings.Contains(out, `invalid value for parameter "statement_timeout": "soon"`) {
		t.Fatalf("bad value in vecgres.conf: exit %v, log:\n%s", err, out)
	}
}

// TestAlterSystem: ALTER SYSTEM writes vecgres.auto.conf (superusers only,
// outside a transaction block, values checked as SET checks them, with
// PostgreSQL 15's SQLSTATEs); pg_reload_conf() applies it to new
// sessions, its value wins over vecgres.conf, pg_settings names the file,
// and it survives a restart; ALTER SYSTEM RESET removes the entry.
// Before, ALTER SYSTEM was refused with 0A000.
func TestAlterSystem(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "vecgres.conf"), []byte("statement_timeout = 5s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, dir)
	conn := s.connect(t)
	for _, c := range []struct{ sql, code string }{
		{"ALTER SYSTEM SET nosuch = 1", "42704"},
		{"ALTER SYSTEM SET statement_timeout = 'soon'", "22023"},
		{"ALTER SYSTEM SET server_version = '1'", "55P02"},
	} {
		_, err := conn.Exec(testCtx(t, 10*time.Second), c.sql)
		wantCode(t, err, c.code)
	}
	tx, err := conn.Begin(testCtx(t, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	_, err = tx.Exec(testCtx(t, 10*time.Second), "ALTER SYSTEM SET statement_timeout = 1")
	wantCode(t, err, "25001")
	tx.Rollback(context.Background())
	mustExec(t, conn, "CREATE ROLE alice LOGIN")
	alice, err := dialAs(t, s, "alice")
	if err != nil {
		t.Fatal(err)
	}
	_, err = alice.Exec(testCtx(t, 10*time.Second), "ALTER SYSTEM SET statement_timeout = 1")
	wantCode(t, err, "42501")

	mustExec(t, conn, "ALTER SYSTEM SET statement_timeout = '3s'")
	mustExec(t, conn, "ALTER SYSTEM SET lock_timeout TO 1500")
	auto := filepath.Join(dir, "vecgres.auto.conf")
	b, err := os.ReadFile(auto)
	want := "# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n" +
		"statement_timeout = '3s'\nlock_timeout = '1500ms'\n"
	if err != nil || string(b) != want {
		t.Fatalf("vecgres.auto.conf = %q (%v), want %q", b, err, want)
	}
	mustExec(t, conn, "SELECT pg_reload_conf()")
	waitForLog(t, s, "configuration reloaded")
	fresh := s.connect(t)
	var v, src, file string
	if err := fresh.QueryRow(testCtx(t, 10*time.Second),
		"SELECT current_setting('statement_timeout'), source, sourcefile FROM pg_settings WHERE name = 'statement_timeout'").
		Scan(&v, &src, &file); err != nil {
		t.Fatal(err)
	}
	if v != "3s" || src != "configuration file" || file != auto {
		t.Fatalf("statement_timeout = %s from %s %s, want 3s from configuration file %s", v, src, file, auto)
	}
	mustExec(t, conn, "ALTER SYSTEM RESET lock_timeout")
	s.Stop()
	s = startServer(t, dir)
	var st, lt string
	if err := s.connect(t).QueryRow(testCtx(t, 10*time.Second),
		"SELECT current_setting('statement_timeout'), current_setting('lock_timeout')").Scan(&st, &lt); err != nil {
		t.Fatal(err)
	}
	if st != "3s" || lt != "0" {
		t.Fatalf("after restart statement_timeout, lock_timeout = %s, %s; want 3s, 0", st, lt)
	}
}

// TestServerWideTimeoutsAndMemoryCap: statement_timeout and
// vecgres.work_mem_limit given by -c are every session's defaults (57014
// and 53200 past them), which a session may SET otherwise.
func TestServerWideTimeoutsAndMemoryCap(t *testing.T) {
	s := startServer(t, "", "-c", "statement_timeout=100ms", "-c", "vecgres.work_mem_limit=1MB")
	conn := s.connect(t)
	_, err := conn.Exec(testCtx(t, 30*time.Second), "SELECT pg_sleep(10)")
	wantCode(t, err, "57014")
	sortBig := "SELECT g FROM generate_series(1, 300000) g ORDER BY g DESC LIMIT 1 OFFSET 299999"
	_, err = conn.Exec(testCtx(t, 30*time.Second), sortBig)
	wantCode(t, err, "53200")
	mustExec(t, conn, "SET statement_timeout = 0")
	mustExec(t, conn, "SET vecgres.work_mem_limit = '256MB'")
	var n int
	if err := conn.QueryRow(testCtx(t, 30*time.Second), sortBig).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%s with the limit raised: %d, %v", sortBig, n, err)
	}
}
