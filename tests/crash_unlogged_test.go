package tests

import (
	"testing"
)

// TestCrashUnlogged: an unlogged table keeps its rows across a clean
// shutdown (as PostgreSQL's), and after a kill (SIGKILL) it is still
// there, with its index and relpersistence 'u', but empty, its serial
// column's sequence restarted, while a logged table beside it keeps its
// committed rows; rows written after a checkpoint are gone as well.
func TestCrashUnlogged(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE UNLOGGED TABLE ul (id serial PRIMARY KEY, v text)")
	mustExec(t, a, "CREATE INDEX ul_v ON ul (v)")
	mustExec(t, a, "CREATE TABLE lg (id int PRIMARY KEY, v text)")
	mustExec(t, a, "INSERT INTO ul (v) VALUES ('a'), ('b')")
	mustExec(t, a, "INSERT INTO lg VALUES (1, 'a')")
	s.Stop()

	s = startServer(t, dataDir)
	b := vectorConn(t, s)
	wantStrings(t, b, "SELECT string_agg(id || ':' || v, ',' ORDER BY id) FROM ul", "1:a,2:b")
	mustExec(t, b, "INSERT INTO ul (v) VALUES ('c')")
	mustExec(t, b, "CHECKPOINT")
	mustExec(t, b, "INSERT INTO ul (v) VALUES ('d')")
	mustExec(t, b, "INSERT INTO lg VALUES (2, 'b')")

	_, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT count(*)::text FROM ul", "0")
	wantStrings(t, c, "SELECT string_agg(id || ':' || v, ',' ORDER BY id) FROM lg", "1:a,2:b")
	mustExec(t, c, "INSERT INTO ul (v) VALUES ('e')")
	wantStrings(t, c, "SELECT id || ':' || v FROM ul WHERE v = 'e'", "1:e")
	wantStrings(t, c, "SELECT string_agg(relname || ' ' || relpersistence, ',' ORDER BY relname) FROM pg_class WHERE relname LIKE 'ul%'",
		"ul u,ul_id_seq u,ul_pkey u,ul_v u")
}
