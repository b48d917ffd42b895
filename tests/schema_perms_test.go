package tests

import (
	"testing"

	"github.com/jackc/pgx/v5"
)

const (
	spDenied = "permission denied for schema sp"
	spWarn   = `WARNING 01007 no privileges were granted for "sp"`
)

// schemaPermScenario: USAGE and CREATE on a user schema, GRANT and REVOKE
// ON SCHEMA by its owner, CREATE SCHEMA AUTHORIZATION, DROP SCHEMA and
// ALTER SCHEMA OWNER TO by owners and others, with PostgreSQL 15's
// answers (checked by TestSchemaPermissions/postgres15).
var schemaPermScenario = []permStep{
	{as: "postgres", sql: "CREATE ROLE sam LOGIN"},
	{as: "postgres", sql: "CREATE ROLE ann LOGIN"},
	{as: "postgres", sql: "CREATE SCHEMA sp"},
	{as: "postgres", sql: "CREATE TABLE sp.t (a int)"},
	{as: "postgres", sql: "INSERT INTO sp.t VALUES (1)"},
	{as: "postgres", sql: "GRANT SELECT ON sp.t TO sam"},
	{as: "sam", sql: "SELECT a FROM sp.t", code: "42501", msg: spDenied, position: 15},
	{as: "sam", sql: "CREATE TABLE sp.x (a int)", code: "42501", msg: spDenied, position: 14},
	{as: "sam", sql: "CREATE SCHEMA mine", code: "42501", msg: "permission denied for database postgres"},
	{as: "sam", sql: "SELECT has_schema_privilege('sp', 'USAGE'), has_schema_privilege('sp', 'CREATE')", rows: []string{"false|false"}},
	{as: "postgres", sql: "GRANT USAGE ON SCHEMA sp TO sam"},
	{as: "sam", sql: "SELECT a FROM sp.t", rows: []string{"1"}},
	{as: "sam", sql: "CREATE TABLE sp.x (a int)", code: "42501", msg: spDenied, position: 14},
	{as: "postgres", sql: "GRANT CREATE ON SCHEMA sp TO sam"},
	{as: "sam", sql: "CREATE TABLE sp.x (a int)"},
	{as: "sam", sql: "SELECT has_schema_privilege('sp', 'USAGE'), has_schema_privilege('sp', 'CREATE')", rows: []string{"true|true"}},
	{as: "postgres", sql: "SELECT nspacl::text FROM pg_namespace WHERE nspname = 'sp'", rows: []string{"{postgres=UC/postgres,sam=UC/postgres}"}},
	{as: "postgres", sql: "REVOKE USAGE ON SCHEMA sp FROM sam"},
	{as: "postgres", sql: "SELECT nspacl::text FROM pg_namespace WHERE nspname = 'sp'", rows: []string{"{postgres=UC/postgres,sam=C/postgres}"}},
	{as: "sam", sql: "SELECT a FROM sp.t", code: "42501", msg: spDenied, position: 15},
	{as: "sam", sql: "SET search_path = sp"},
	{as: "sam", sql: "SELECT current_schemas(false)", rows: []string{"[]"}},
	{as: "sam", sql: "SELECT a FROM t", code: "42P01", msg: `relation "t" does not exist`, position: 15},
	{as: "postgres", sql: "CREATE SCHEMA owned AUTHORIZATION sam"},
	{as: "postgres", sql: "CREATE SCHEMA AUTHORIZATION ann"},
	{as: "postgres", sql: "SELECT nspname || ' ' || pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname IN ('owned', 'ann') ORDER BY 1",
		rows: []string{"ann ann", "owned sam"}},
	{as: "sam", sql: "CREATE TABLE owned.o (i int)"},
	{as: "sam", sql: "INSERT INTO owned.o VALUES (5)"},
	{as: "ann", sql: "SELECT i FROM owned.o", code: "42501", msg: "permission denied for schema owned", position: 15},
	{as: "ann", sql: "DROP SCHEMA owned", code: "42501", msg: "must be owner of schema owned"},
	{as: "ann", sql: "GRANT USAGE ON SCHEMA sp TO ann", code: "42501", msg: spDenied},
	{as: "postgres", sql: "GRANT USAGE ON SCHEMA sp TO ann"},
	{as: "ann", sql: "GRANT USAGE ON SCHEMA sp TO sam", warn: spWarn},
	{as: "sam", sql: "SELECT has_schema_privilege('sp', 'USAGE')", rows: []string{"false"}},
	{as: "ann", sql: "DROP SCHEMA sp CASCADE", code: "42501", msg: "must be owner of schema sp"},
	{as: "sam", sql: "DROP SCHEMA owned CASCADE"},
	{as: "ann", sql: "DROP SCHEMA ann"},
	{as: "postgres", sql: "ALTER SCHEMA sp OWNER TO ann"},
	{as: "ann", sql: "DROP SCHEMA sp CASCADE"},
	{as: "postgres", sql: "SELECT count(*) FROM pg_namespace WHERE nspname IN ('sp', 'owned', 'ann')", rows: []string{"0"}},
	{as: "postgres", sql: "DROP ROLE sam, ann"},
}

// TestSchemaPermissions runs schemaPermScenario against vecgres and
// PostgreSQL 15.
func TestSchemaPermissions(t *testing.T) {
	t.Run("vecgres", func(t *testing.T) {
		t.Parallel()
		s := startServer(t, "")
		pc := &permConns{t: t, dsn: s.DSN(), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		for _, st := range schemaPermScenario {
			pc.check(st)
		}
	})
	t.Run("postgres15", func(t *testing.T) {
		t.Parallel()
		pc := &permConns{t: t, dsn: startPostgres15(t), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		for _, st := range schemaPermScenario {
			pc.check(st)
		}
	})
}
