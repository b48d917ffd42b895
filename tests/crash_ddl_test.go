package tests

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestCrashUncommittedDDL is a tester's repro: a transaction runs DDL of
// every kind and never commits, another commits a row, a CHECKPOINT is
// asked for meanwhile, and the server is killed (SIGKILL). After restart
// none of the uncommitted DDL is there (the column and its values, the
// table's name, the index, the new table, the role), as in PostgreSQL,
// and the committed row is. Then the same DDL committed survives a kill.
func TestCrashUncommittedDDL(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	for _, q := range []string{
		"CREATE TABLE dc2 (id int PRIMARY KEY, keep text, v vector(2))",
		"INSERT INTO dc2 VALUES (1, 'kept', '[1,2]')",
		"CREATE TABLE dc3 (id int PRIMARY KEY, v vector(2))",
		"CREATE INDEX dc3_idx ON dc3 USING hnsw (v vector_l2_ops)",
		"CREATE TABLE dc5 (id int PRIMARY KEY)",
	} {
		mustExec(t, a, q)
	}
	ddl := []string{
		"ALTER TABLE dc2 DROP COLUMN keep",
		"ALTER TABLE dc2 RENAME TO dc2_renamed",
		"DROP INDEX dc3_idx",
		"CREATE TABLE dc4 (id int)",
		"INSERT INTO dc4 VALUES (4)",
		"CREATE INDEX dc4_id ON dc4 (id)",
		"CREATE ROLE ghost",
		"GRANT SELECT ON dc3 TO ghost",
	}
	mustExec(t, a, "BEGIN")
	for _, q := range ddl {
		mustExec(t, a, q)
	}
	b := vectorConn(t, s)
	mustExec(t, b, "INSERT INTO dc5 VALUES (7)") // A's DDL holds dc2, dc3 and dc4
	mustExec(t, b, "CHECKPOINT")
	s, c := killRestart(t, s, dataDir)
	wantStrings(t, c, "SELECT id::text || ':' || keep FROM dc2", "1:kept")
	wantStrings(t, c, "SELECT id::text FROM dc5", "7")
	wantStrings(t, c, "SELECT indexname FROM pg_indexes WHERE tablename IN ('dc3', 'dc4') ORDER BY 1", "dc3_idx", "dc3_pkey")
	for _, q := range []string{"SELECT * FROM dc2_renamed", "SELECT * FROM dc4"} {
		_, err := c.Exec(testCtx(t, 10*time.Second), q)
		wantCode(t, err, "42P01")
	}
	_, err := c.Exec(testCtx(t, 10*time.Second), "DROP ROLE ghost")
	wantCode(t, err, "42704") // does not exist

	mustExec(t, c, "BEGIN")
	for _, q := range ddl {
		mustExec(t, c, q)
	}
	mustExec(t, c, "COMMIT")
	_, d := killRestart(t, s, dataDir)
	wantStrings(t, d, "SELECT id::text FROM dc2_renamed", "1")
	wantStrings(t, d, "SELECT id::text FROM dc4", "4")
	wantStrings(t, d, "SELECT indexname FROM pg_indexes WHERE tablename IN ('dc3', 'dc4') ORDER BY 1", "dc3_pkey", "dc4_id")
	_, err = d.Exec(testCtx(t, 10*time.Second), "DROP ROLE ghost")
	wantCode(t, err, "2BP01") // exists, and holds the committed grant
}

// killRestart kills s (SIGKILL), starts a server on dataDir and connects.
func killRestart(t *testing.T, s *server, dataDir string) (*server, *pgx.Conn) {
	t.Helper()
	s.Kill()
	s = startServer(t, dataDir)
	return s, vectorConn(t, s)
}
