package tests

import (
	"testing"
	"time"
)

// TestCrashCreateTableAs: a committed CREATE TABLE AS and SELECT INTO
// survive a kill (SIGKILL) with their rows and column types; one in a
// block that never commits leaves nothing after restart.
func TestCrashCreateTableAs(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE TABLE cs (id int PRIMARY KEY, v vector(2), score numeric(5,2))")
	mustExec(t, a, "INSERT INTO cs VALUES (1, '[1,2]', 1.5), (2, '[3,4]', NULL)")
	mustExec(t, a, "CREATE TABLE cs_copy AS SELECT id, v, score FROM cs")
	mustExec(t, a, "SELECT id * 10 AS tens INTO cs_into FROM cs WHERE id = 2")
	b := vectorConn(t, s)
	mustExec(t, b, "BEGIN")
	mustExec(t, b, "CREATE TABLE cs_lost AS SELECT * FROM cs")
	s, c := killRestart(t, s, dataDir)
	_ = s
	wantStrings(t, c, "SELECT id::text || ' ' || v::text || ' ' || coalesce(score::text, '-') FROM cs_copy ORDER BY id", "1 [1,2] 1.50", "2 [3,4] -")
	wantStrings(t, c, "SELECT tens::text FROM cs_into", "20")
	wantStrings(t, c, "SELECT pg_typeof(v)::text || ' ' || pg_typeof(score)::text FROM cs_copy LIMIT 1", "vector numeric")
	_, err := c.Exec(testCtx(t, 10*time.Second), "SELECT * FROM cs_lost")
	wantCode(t, err, "42P01")
}
