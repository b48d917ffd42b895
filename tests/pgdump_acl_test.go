package tests

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpOwnersPrivileges: pg_dump writes owners (ALTER ... OWNER TO)
// and privileges (GRANT from relacl and nspacl, as it does for
// PostgreSQL 15) of tables, views and a schema, and the script loads as
// a superuser into a fresh vecgres and into PostgreSQL 15 with pgvector,
// both given the roles first (pg_dump does not write roles): owners and
// privileges are the same after the load.
func TestPgDumpOwnersPrivileges(t *testing.T) {
	const roles = "CREATE ROLE alice LOGIN; CREATE ROLE bob LOGIN"
	s := startServer(t, "")
	conn := s.connect(t)
	for _, st := range []string{roles, "CREATE EXTENSION vector", "CREATE SCHEMA app",
		"CREATE TABLE t (id int PRIMARY KEY, e vector(2))", "CREATE TABLE app.u (id int)",
		"CREATE VIEW tv AS SELECT id FROM t", "ALTER TABLE t OWNER TO alice", "ALTER SCHEMA app OWNER TO alice",
		"ALTER VIEW tv OWNER TO bob", "GRANT SELECT, UPDATE ON t TO bob", "GRANT INSERT ON t TO PUBLIC",
		"GRANT USAGE ON SCHEMA app TO bob", "GRANT SELECT ON app.u TO bob", "INSERT INTO t VALUES (1, '[1,2]')"} {
		mustExec(t, conn, st)
	}
	dump := pgDumpScript(t, s, []string{
		"ALTER TABLE public.t OWNER TO alice;",
		"ALTER SCHEMA app OWNER TO alice;",
		"ALTER TABLE public.tv OWNER TO bob;",
		"GRANT USAGE ON SCHEMA app TO bob;",
		"GRANT SELECT ON TABLE app.u TO bob;",
		"GRANT SELECT,UPDATE ON TABLE public.t TO bob;\nGRANT INSERT ON TABLE public.t TO PUBLIC;",
	})
	const compared = `SELECT c.relname, pg_get_userbyid(c.relowner), coalesce(c.relacl::text, '-'),
	  has_table_privilege('bob', c.oid, 'SELECT'), has_table_privilege('bob', c.oid, 'UPDATE'),
	  has_table_privilege('bob', c.oid, 'INSERT'), has_table_privilege('alice', c.oid, 'DELETE')
	FROM pg_class c WHERE c.relname IN ('t', 'u', 'tv') ORDER BY 1;
	SELECT nspname, pg_get_userbyid(nspowner), nspacl::text, has_schema_privilege('bob', 'app', 'USAGE'),
	  has_schema_privilege('bob', 'app', 'CREATE') FROM pg_namespace WHERE nspname = 'app'`
	want := queryScript(t, conn, compared)
	if !strings.Contains(want, "t | alice | {alice=arwdDxt/alice,bob=rw/alice,=a/alice} | t | t | t | t") {
		t.Errorf("the dumped database's owners and privileges:\n%s", want)
	}
	v := loadInto(t, startServer(t, "").DSN(), roles, dump)
	if got := queryScript(t, v, compared); got != want {
		t.Errorf("vecgres after the load:\n%s\nthe dumped vecgres:\n%s", got, want)
	}
	if _, err := os.Stat("/usr/lib/postgresql/15/lib/vector.so"); err != nil {
		t.Skip("pgvector is not installed in PostgreSQL 15: the dump is not loaded there")
	}
	pg := loadInto(t, startPostgres15(t), roles, dump)
	if got := queryScript(t, pg, compared); got != want {
		t.Errorf("PostgreSQL 15 after the load:\n%s\nthe dumped vecgres:\n%s", got, want)
	}
}

// pgDumpScript is s's database as pg_dump's plain script, which must
// hold each of wants.
func pgDumpScript(t *testing.T, s *server, wants []string) string {
	t.Helper()
	out, err := exec.Command(pgBinary(t, "pg_dump"), "--dbname", s.DSN()).CombinedOutput()
	if err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	for _, want := range wants {
		if !strings.Contains(string(out), want) {
			t.Errorf("dump lacks %q:\n%s", want, out)
		}
	}
	return string(out)
}

// loadInto runs setup, then script with psql (ON_ERROR_STOP), on the
// server at dsn and returns a connection to it.
func loadInto(t *testing.T, dsn, setup, script string) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	for _, st := range strings.Split(setup, ";") {
		mustExec(t, c, st)
	}
	file := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pgBinary(t, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", dsn, "-f", file).CombinedOutput(); err != nil {
		t.Fatalf("psql -f dump.sql: %v\n%s", err, out)
	}
	return c
}

// queryScript is the rows of each ;-separated query, as queryText.
func queryScript(t *testing.T, c *pgx.Conn, script string) string {
	t.Helper()
	var b strings.Builder
	for _, q := range strings.Split(script, ";") {
		b.WriteString(queryText(t, c, q))
	}
	return b.String()
}
