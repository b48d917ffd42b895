package tests

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
)

// waitForLog waits (up to 30 s, only to stop a hang) until the server's
// log holds want, and returns the log.
func waitForLog(t *testing.T, s *server, want string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		log := s.stderr.String()
		if strings.Contains(log, want) || time.Now().After(deadline) {
			return log
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLogStatementErrorsDurationsAndConnections: with log_connections,
// log_disconnections and log_min_duration_statement=0 given by -c, the
// server's log has one structured line per event: the connection, each
// statement's duration, each statement error with its SQLSTATE and query
// (a long query cut to 1024 bytes and "..."), and the disconnection.
// Before, statement errors were never logged and none of these settings
// existed.
func TestLogStatementErrorsDurationsAndConnections(t *testing.T) {
	s := startServer(t, "", "-c", "log_connections=on", "-c", "log_disconnections=on",
		"-c", "log_min_duration_statement=0")
	conn := s.connect(t)
	_, err := conn.Exec(testCtx(t, 10*time.Second), "SELECT 1/0")
	wantCode(t, err, "22012")
	long := "SELECT nosuchcolumn" + strings.Repeat(" ", 2000) + "FROM pg_class"
	_, err = conn.Exec(testCtx(t, 10*time.Second), long)
	wantCode(t, err, "42703")
	mustExec(t, conn, "SELECT 42 AS answer")
	conn.Close(context.Background())
	log := waitForLog(t, s, `msg=disconnection`)

	for _, re := range []string{
		`level=INFO msg="connection authorized" remote=127\.0\.0\.1:\d+ pid=\d+ user=postgres database=postgres`,
		`level=ERROR msg="statement failed" .* sqlstate=22012 error="division by zero" query="SELECT 1/0"\n`,
		`level=ERROR msg="statement failed" .* sqlstate=42703 error="column \\"nosuchcolumn\\" does not exist" query="SELECT nosuchcolumn {1000} {5}\.\.\."\n`,
		`level=INFO msg=duration .* ms=[0-9.]+ query="SELECT 42 AS answer"\n`,
		`level=INFO msg=disconnection .* user=postgres session_seconds=[0-9.e-]+\n`,
	} {
		if !regexp.MustCompile(re).MatchString(log) {
			t.Errorf("log lacks a line matching %s", re)
		}
	}
	if t.Failed() {
		t.Logf("log:\n%s", log)
	}
}

// TestLogDefaultsLogErrorsOnly: by default statement errors are logged
// (level ERROR), and durations, connections and disconnections are not,
// as PostgreSQL's defaults; SET log_min_duration_statement in a session
// turns the duration lines on for it alone, and --log-errors off drops
// the error lines.
func TestLogDefaultsLogErrorsOnly(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	_, err := conn.Exec(testCtx(t, 10*time.Second), "SELECT 1/0")
	wantCode(t, err, "22012")
	mustExec(t, conn, "SELECT 'quiet'")
	mustExec(t, conn, "SET log_min_duration_statement = 0")
	mustExec(t, conn, "SELECT 'loud'")
	conn.Close(context.Background())
	s.Stop()
	log := s.stderr.String()
	if !strings.Contains(log, `sqlstate=22012 error="division by zero" query="SELECT 1/0"`) {
		t.Errorf("default log lacks the statement error:\n%s", log)
	}
	for _, never := range []string{"connection authorized", "msg=disconnection", `query="SELECT 'quiet'"`} {
		if strings.Contains(log, never) {
			t.Errorf("default log has %q:\n%s", never, log)
		}
	}
	if !strings.Contains(log, `query="SELECT 'loud'"`) {
		t.Errorf("SET log_min_duration_statement = 0 did not log the next statement:\n%s", log)
	}

	quiet := startServer(t, "", "--log-errors", "off")
	qc := quiet.connect(t)
	_, err = qc.Exec(testCtx(t, 10*time.Second), "SELECT 1/0")
	wantCode(t, err, "22012")
	quiet.Stop()
	if strings.Contains(quiet.stderr.String(), "statement failed") {
		t.Errorf("--log-errors off still logged the error:\n%s", quiet.stderr.String())
	}
}

// TestLogMinDurationStatementNeedsSuperuser: log_min_duration_statement is
// superuser-only, as PostgreSQL's PGC_SUSET: SET, RESET and set_config by
// another role are 42501 `permission denied to set parameter`.
func TestLogMinDurationStatementNeedsSuperuser(t *testing.T) {
	s := startServer(t, "")
	mustExec(t, s.connect(t), "CREATE ROLE alice LOGIN")
	alice, err := dialAs(t, s, "alice")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"SET log_min_duration_statement = 0", "RESET log_min_duration_statement",
		"SELECT set_config('log_min_duration_statement', '0', false)"} {
		_, err := alice.Exec(testCtx(t, 10*time.Second), q)
		if pe := wantCode(t, err, "42501"); pe.Message != `permission denied to set parameter "log_min_duration_statement"` {
			t.Fatalf("%s: %s", q, pe.Message)
		}
	}
	mustExec(t, s.connect(t), "SET log_min_duration_statement = 0")
}
