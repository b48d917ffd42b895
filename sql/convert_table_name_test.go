package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestCreateTableName checks the tables CREATE TABLE refuses to make:
// temporary ones (0A000 naming them, at the table name) and
// ones in a schema other than public (PostgreSQL's 3F000, or 42501 with
// its detail for pg_catalog). Before, UNLOGGED, pg_temp.t and other.t all
// made a permanent table in public (named "pg_temp.t", "other.t").
func TestCreateTableName(t *testing.T) {
	tests := []struct {
		sql         string
		code        pgerror.Code
		msg, detail string
		position    int
	}{
		{"CREATE UNLOGGED TABLE u AS SELECT 1", pgerror.FeatureNotSupported, "CREATE UNLOGGED TABLE AS is not supported by vecgres", "", 23},
		{"CREATE TEMP TABLE t (a int)", pgerror.FeatureNotSupported, "temporary tables is not supported by vecgres", "", 19},
		{"CREATE GLOBAL TEMPORARY TABLE t (a int)", pgerror.FeatureNotSupported, "temporary tables is not supported by vecgres", "", 31},
		{"CREATE TABLE pg_temp.t (a int)", pgerror.FeatureNotSupported, "temporary tables is not supported by vecgres", "", 14},
		{"CREATE TABLE pg_temp_3.t (a int)", pgerror.FeatureNotSupported, "temporary tables is not supported by vecgres", "", 14},
		{"CREATE TABLE pg_catalog.t (a int)", pgerror.InsufficientPrivilege, `permission denied to create "pg_catalog.t"`,
			"System catalog modifications are currently disallowed.", 0},
	}
	for _, tt := range tests {
		e := parseErr(t, tt.sql)
		if e.Code != tt.code || e.Message != tt.msg || e.Detail != tt.detail || e.Position != tt.position {
			t.Errorf("%s: got %s %q detail %q at %d, want %s %q detail %q at %d", tt.sql,
				e.Code, e.Message, e.Detail, e.Position, tt.code, tt.msg, tt.detail, tt.position)
		}
	}
	// Names stay as written; the planner resolves them and checks the
	// schema exists (planner/schema_resolve.go).
	for sql, want := range map[string]string{"CREATE TABLE public.t (a int)": "public.t", "CREATE TABLE t (a int)": "t",
		"CREATE TABLE other.t (a int)": "other.t"} {
		st, err := Parse(sql)
		if err != nil || st[0].(*CreateTable).Name != want {
			t.Errorf("%s: %v, %v; want table %s", sql, st, err, want)
		}
	}
}
