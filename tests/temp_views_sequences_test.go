package tests

import (
	"testing"
	"time"
)

// TestTempViewsSequencesSessionEnd: a session's temporary views and
// sequences are its own (another session neither sees them nor is
// stopped from making its own of the same names) and go with it when it
// ends.
func TestTempViewsSequencesSessionEnd(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	a, b := s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE base (a int)")
	mustExec(t, a, "INSERT INTO base VALUES (1), (2)")
	mustExec(t, a, "CREATE TEMP VIEW tv AS SELECT count(*) AS n FROM base")
	mustExec(t, a, "CREATE TEMP SEQUENCE tq START 10")
	wantStrings(t, a, "SELECT n || ':' || nextval('tq') FROM tv", "2:10")
	_, err := b.Exec(testCtx(t, 10*time.Second), "SELECT * FROM tv")
	wantPgError(t, "another session's temporary view", err, "42P01", `relation "tv" does not exist`, "")
	mustExec(t, b, "CREATE TEMP SEQUENCE tq START 100")
	wantStrings(t, b, "SELECT nextval('tq')::text", "100")
	wantStrings(t, a, "SELECT nextval('tq')::text", "11")
	if err := a.Close(testCtx(t, 10*time.Second)); err != nil {
		t.Fatal(err)
	}
	waitStrings(t, b, "SELECT count(*)::text FROM pg_class WHERE relname IN ('tv', 'tq')", "1")
}

// TestCrashTempViewsSequences: after a kill (SIGKILL) temporary views
// and sequences are gone, and their names free, while a permanent view
// made in the same session stays.
func TestCrashTempViewsSequences(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE kb (a int)")
	mustExec(t, a, "INSERT INTO kb VALUES (5)")
	mustExec(t, a, "CREATE TEMP SEQUENCE cq")
	mustExec(t, a, "SELECT nextval('cq')")
	mustExec(t, a, "CHECKPOINT")
	mustExec(t, a, "CREATE TEMP VIEW cv AS SELECT a, nextval('cq') AS q FROM kb")
	mustExec(t, a, "CREATE VIEW pv AS SELECT a FROM kb")
	mustExec(t, a, "SELECT * FROM cv")

	_, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT count(*)::text FROM pg_class WHERE relpersistence = 't'", "0")
	wantStrings(t, c, "SELECT a::text FROM pv", "5")
	mustExec(t, c, "CREATE TEMP SEQUENCE cq START 3")
	wantStrings(t, c, "SELECT nextval('cq')::text", "3")
	mustExec(t, c, "CREATE VIEW cv AS SELECT 1 AS one") // the name is free again
}
