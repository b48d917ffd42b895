package tests

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestSchemaRestart: schemas, the tables, indexes and serial sequences in
// them, and rows written through search_path-resolved names survive a
// kill (SIGKILL), first by WAL replay, then from a checkpoint's snapshot;
// a table moved by ALTER TABLE ... SET SCHEMA and a renamed schema stay
// as they were left with their indexes, a dropped schema stays dropped, a schema created in a block that never
// commits is gone, and the same-named public table keeps its own rows.
func TestSchemaRestart(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	mustExec(t, a, "CREATE SCHEMA IF NOT EXISTS drizzle")
	mustExec(t, a, "CREATE TABLE drizzle.__drizzle_migrations (id serial PRIMARY KEY, hash text NOT NULL, created_at bigint)")
	mustExec(t, a, "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('h1', 1)")
	mustExec(t, a, "CREATE SCHEMA s")
	mustExec(t, a, "CREATE TABLE t (id int PRIMARY KEY, w text)")
	mustExec(t, a, "INSERT INTO t VALUES (1, 'public')")
	mustExec(t, a, "SET search_path = s, public")
	mustExec(t, a, "CREATE TABLE t (id int PRIMARY KEY, v vector(2))")
	mustExec(t, a, "CREATE INDEX t_v ON t USING hnsw (v vector_l2_ops)")
	mustExec(t, a, "INSERT INTO t VALUES (1, '[0,0]'), (2, '[5,5]'), (3, '[1,1]')")
	mustExec(t, a, "UPDATE t SET v = '[9,9]' WHERE id = 2")
	mustExec(t, a, "CREATE TABLE public.mv_t (id int PRIMARY KEY)")
	mustExec(t, a, "CREATE INDEX mv_i ON public.mv_t (id)")
	mustExec(t, a, "INSERT INTO public.mv_t VALUES (7)")
	mustExec(t, a, "ALTER TABLE public.mv_t SET SCHEMA s")
	mustExec(t, a, "CREATE SCHEMA ren")
	mustExec(t, a, "CREATE TABLE ren.r (i int PRIMARY KEY)")
	mustExec(t, a, "INSERT INTO ren.r VALUES (4)")
	mustExec(t, a, "ALTER SCHEMA ren RENAME TO ren2")
	mustExec(t, a, "CREATE SCHEMA gone")
	mustExec(t, a, "CREATE TABLE gone.g (i int)")
	mustExec(t, a, "DROP SCHEMA gone CASCADE")
	b := vectorConn(t, s)
	mustExec(t, b, "BEGIN")
	mustExec(t, b, "CREATE SCHEMA lost")
	mustExec(t, b, "CREATE TABLE lost.l (i int)")

	s, c := killRestart(t, s, dataDir) // WAL replay
	wantSchemaState(t, c)
	mustExec(t, c, "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('h2', 2)")
	mustExec(t, c, "CHECKPOINT")
	_, c = killRestart(t, s, dataDir) // from the snapshot
	wantSchemaState(t, c)
	wantStrings(t, c, "SELECT id::text || ' ' || hash FROM drizzle.__drizzle_migrations ORDER BY id", "1 h1", "2 h2")
}

// wantSchemaState checks what TestSchemaRestart committed before its
// first kill.
func wantSchemaState(t *testing.T, c *pgx.Conn) {
	t.Helper()
	wantStrings(t, c, "SELECT nspname::text FROM pg_namespace WHERE nspname NOT LIKE 'pg_%' ORDER BY 1",
		"drizzle", "information_schema", "public", "ren2", "s")
	wantStrings(t, c, "SELECT i::text FROM ren2.r", "4")
	wantStrings(t, c, "SELECT schemaname || '.' || indexname FROM pg_indexes WHERE tablename = 'r'", "ren2.r_pkey")
	wantStrings(t, c, "SELECT id::text || ' ' || v::text FROM s.t ORDER BY id", "1 [0,0]", "2 [9,9]", "3 [1,1]")
	wantStrings(t, c, "SELECT id::text || ' ' || w FROM t ORDER BY id", "1 public")
	wantStrings(t, c, "SELECT schemaname || '.' || indexname FROM pg_indexes WHERE tablename = 't' ORDER BY 1",
		"public.t_pkey", "s.t_pkey", "s.t_v")
	wantStrings(t, c, "SELECT schemaname || '.' || indexname FROM pg_indexes WHERE tablename = 'mv_t' ORDER BY 1",
		"s.mv_i", "s.mv_t_pkey")
	wantStrings(t, c, "SELECT id::text FROM s.mv_t", "7")
	mustExec(t, c, "SET search_path = s")
	wantStrings(t, c, "SELECT id::text FROM t ORDER BY v <-> '[1,1]' LIMIT 2", "3", "1")
	mustExec(t, c, "RESET search_path")
	for _, q := range []string{"SELECT * FROM gone.g", "SELECT * FROM lost.l"} {
		_, err := c.Exec(testCtx(t, 10*time.Second), q)
		wantCode(t, err, "42P01")
	}
	_, err := c.Exec(testCtx(t, 10*time.Second), "CREATE TABLE lost.l (i int)")
	wantCode(t, err, "3F000")
}
