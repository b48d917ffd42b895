package tests

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// sharedCommentScenario: COMMENT ON ROLE and DATABASE with PostgreSQL
// 15's privilege rules and answers (a superuser role's comment needs a
// superuser, another role's CREATEROLE; the database's its owner; an
// unknown database is a WARNING), read through shobj_description and
// pg_shdescription. Steps with restart are vecgres only.
var sharedCommentScenario = []permStep{
	{as: "postgres", sql: "CREATE ROLE rita LOGIN"},
	{as: "postgres", sql: "CREATE ROLE carl LOGIN CREATEROLE"},
	{as: "postgres", sql: "COMMENT ON ROLE rita IS 'Rita''s role'"},
	{as: "postgres", sql: "COMMENT ON DATABASE postgres IS 'the main database'"},
	{as: "postgres", sql: "COMMENT ON DATABASE nosuchdb IS 'x'", warn: `WARNING 3D000 database "nosuchdb" does not exist`},
	{as: "postgres", sql: "COMMENT ON ROLE nobody IS 'x'", code: "42704", msg: `role "nobody" does not exist`},
	{as: "rita", sql: "COMMENT ON ROLE rita IS 'mine'", code: "42501", msg: "must have CREATEROLE privilege"},
	{as: "rita", sql: "COMMENT ON DATABASE postgres IS 'x'", code: "42501", msg: "must be owner of database postgres"},
	{as: "carl", sql: "COMMENT ON ROLE postgres IS 'x'", code: "42501", msg: "must be superuser"},
	{as: "carl", sql: "COMMENT ON ROLE carl IS 'Carl'"},
	{as: "postgres", sql: "BEGIN"},
	{as: "postgres", sql: "COMMENT ON ROLE carl IS NULL"},
	{as: "postgres", sql: "COMMENT ON DATABASE postgres IS 'rolled back'"},
	{as: "postgres", sql: "ROLLBACK"},
	{restart: true},
	{as: "postgres", sql: "SELECT rolname, shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname IN ('rita', 'carl', 'postgres') ORDER BY 1",
		rows: []string{"carl|Carl", "postgres|<nil>", "rita|Rita's role"}},
	{as: "postgres", sql: "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = current_database()",
		rows: []string{"the main database"}},
	{as: "postgres", sql: "SELECT d.description FROM pg_shdescription d JOIN pg_roles r ON r.oid = d.objoid ORDER BY 1",
		rows: []string{"Carl", "Rita's role"}},
	{as: "postgres", sql: "COMMENT ON ROLE rita IS ''"},
	{restart: true},
	{as: "postgres", sql: "SELECT count(*) FROM pg_shdescription d JOIN pg_roles r ON r.oid = d.objoid", rows: []string{"1"}},
	{as: "postgres", sql: "COMMENT ON DATABASE postgres IS NULL"},
	{as: "postgres", sql: "DROP ROLE rita, carl"},
}

// TestSharedComments runs sharedCommentScenario against vecgres (a kill
// then a clean stop between its parts: WAL replay, then the snapshot) and
// PostgreSQL 15; psql's \du+ and \l+ show the comments, pg_dump
// --create writes COMMENT ON DATABASE and pg_dumpall --roles-only the
// roles with COMMENT ON ROLE.
func TestSharedComments(t *testing.T) {
	t.Run("vecgres", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		s := startServer(t, dir)
		pc := &permConns{t: t, dsn: s.DSN(), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		restarts := 0
		for _, st := range sharedCommentScenario {
			if !st.restart {
				pc.check(st)
				continue
			}
			if restarts == 0 {
				s.Kill()
			} else {
				s.Stop()
			}
			restarts++
			s = startServer(t, dir)
			pc.dsn, pc.conns = s.DSN(), map[string]*pgx.Conn{}
		}
		c := s.connect(t)
		mustExec(t, c, "CREATE ROLE ann")
		mustExec(t, c, "COMMENT ON ROLE ann IS 'Ann the analyst'")
		mustExec(t, c, "COMMENT ON DATABASE postgres IS 'vectors here'")
		psql := func(cmd string) string {
			out, err := exec.Command(pgBinary(t, "psql"), "-X", "-d", s.DSN(), "-c", cmd).CombinedOutput()
			if err != nil {
				t.Fatalf("psql %s: %v\n%s", cmd, err, out)
			}
			return string(out)
		}
		if out := psql(`\du+ ann`); !strings.Contains(out, "| Ann the analyst") {
			t.Errorf("\\du+ lacks the role's comment:\n%s", out)
		}
		if out := psql(`\l+ postgres`); !strings.Contains(out, "| vectors here") {
			t.Errorf("\\l+ lacks the database's comment:\n%s", out)
		}
		out, err := exec.Command(pgBinary(t, "pg_dump"), "--create", "--schema-only", "--dbname", s.DSN()).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "COMMENT ON DATABASE postgres IS 'vectors here';") {
			t.Errorf("pg_dump --create: %v\n%s", err, out)
		}
		out, err = exec.Command(pgBinary(t, "pg_dumpall"), "--roles-only", "--dbname", s.DSN()).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "CREATE ROLE ann;\nALTER ROLE ann WITH NOSUPERUSER INHERIT NOCREATEROLE NOCREATEDB NOLOGIN NOREPLICATION NOBYPASSRLS;\nCOMMENT ON ROLE ann IS 'Ann the analyst';") {
			t.Errorf("pg_dumpall --roles-only: %v\n%s", err, out)
		}
	})
	t.Run("postgres15", func(t *testing.T) {
		t.Parallel()
		pc := &permConns{t: t, dsn: startPostgres15(t), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		for _, st := range sharedCommentScenario {
			if !st.restart {
				pc.check(st)
			}
		}
	})
}
