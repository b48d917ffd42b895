package planner

import (
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// TestGrantStatements: GRANT and REVOKE on ALL TABLES IN SCHEMA public and
// on schema public, as PostgreSQL 15 answers them (tests/perms_test.go
// checks the common forms against a real PostgreSQL).
func TestGrantStatements(t *testing.T) {
	cat, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS()}})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	tests := []struct {
		user, sql string
		code      pgerror.Code // "" when it must succeed
		warning   string
	}{
		{"postgres", "CREATE ROLE a LOGIN", "", ""},
		{"postgres", "CREATE TABLE t1 (n int)", "", ""},
		{"postgres", "CREATE TABLE t2 (n int)", "", ""},
		{"a", "SELECT n FROM t2", pgerror.InsufficientPrivilege, ""},
		{"postgres", "GRANT SELECT, TRUNCATE ON ALL TABLES IN SCHEMA public TO a", "", ""},
		{"a", "SELECT n FROM t1", "", ""},
		{"a", "SELECT n FROM t2", "", ""},
		{"a", "INSERT INTO t2 VALUES (1)", pgerror.InsufficientPrivilege, ""},
		{"a", "GRANT CREATE ON SCHEMA public TO a", "", `no privileges were granted for "public"`},
		{"a", "REVOKE USAGE ON SCHEMA public FROM PUBLIC", "", `no privileges could be revoked for "public"`},
		{"a", "CREATE TABLE t3 (n int)", pgerror.InsufficientPrivilege, ""},
		{"postgres", "GRANT USAGE ON SCHEMA public TO a", "", ""},
		{"postgres", "GRANT SELECT ON ALL TABLES IN SCHEMA other TO a", pgerror.InvalidSchemaName, ""},
		{"postgres", "GRANT CREATE ON SCHEMA other TO a", pgerror.InvalidSchemaName, ""},
		{"postgres", "GRANT ALL ON SCHEMA public TO PUBLIC", "", ""},
		{"a", "CREATE TABLE t3 (n int)", "", ""},
		{"postgres", "REVOKE CREATE ON SCHEMA public FROM PUBLIC", "", ""},
		{"a", "CREATE TABLE t4 (n int)", pgerror.InsufficientPrivilege, ""},
		{"postgres", "REVOKE ALL PRIVILEGES ON ALL TABLES IN SCHEMA public FROM a", "", ""},
		{"a", "SELECT n FROM t1", pgerror.InsufficientPrivilege, ""},
		{"a", "SELECT n FROM t3", "", ""}, // its own table
		{"a", "DROP TABLE t3", "", ""},
		{"postgres", "DROP ROLE a", "", ""},
	}
	for _, tt := range tests {
		res, err := runRoleSQL(t, cat, tt.user, tt.sql)
		var code pgerror.Code
		if err != nil {
			code = pgerror.CodeOf(err)
		}
		if code != tt.code {
			t.Fatalf("as %s: %s: got %v, want %q", tt.user, tt.sql, err, tt.code)
		}
		if tt.warning != "" && (len(res.Notices) != 1 || res.Notices[0].Message != tt.warning || res.Notices[0].Severity != "WARNING") {
			t.Fatalf("as %s: %s: notices %+v", tt.user, tt.sql, res.Notices)
		}
	}
}
