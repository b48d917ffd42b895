package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestCreateTableName checks the tables CREATE TABLE refuses to make:
// temporary sequences (0A000 naming them, at the name), ON COMMIT on a
// permanent table (42P16), and ones in pg_catalog (42501 with its
// detail). Temporary tables keep their names as written, the planner
// puts them in the session's pg_temp schema.
func TestCreateTableName(t *testing.T) {
	tests := []struct {
		sql         string
		code        pgerror.Code
		msg, detail string
		position    int
	}{
		{"CREATE UNLOGGED TABLE u AS SELECT 1", pgerror.FeatureNotSupported, "CREATE UNLOGGED TABLE AS is not supported by vecgres", "", 23},
		{"CREATE TABLE t (a int) ON COMMIT DROP", pgerror.InvalidTableDefinition, "ON COMMIT can only be used on temporary tables", "", 0},
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
		"CREATE TABLE other.t (a int)": "other.t", "CREATE TABLE pg_temp.t (a int)": "pg_temp.t"} {
		st, err := Parse(sql)
		if err != nil || st[0].(*CreateTable).Name != want {
			t.Errorf("%s: %v, %v; want table %s", sql, st, err, want)
		}
	}
	for sql, want := range map[string]CreateTable{
		"CREATE TEMP TABLE t (a int)":                             {Name: "t", Temp: true},
		"CREATE TEMPORARY TABLE pg_temp.t (a int) ON COMMIT DROP": {Name: "pg_temp.t", Temp: true, OnCommit: OnCommitDrop},
		"CREATE TEMP TABLE t (a int) ON COMMIT DELETE ROWS":       {Name: "t", Temp: true, OnCommit: OnCommitDeleteRows},
		"CREATE TEMP TABLE t (a int) ON COMMIT PRESERVE ROWS":     {Name: "t", Temp: true, OnCommit: OnCommitPreserveRows},
		"CREATE TABLE pg_temp_3.t (a int)":                        {Name: "pg_temp_3.t"},
	} {
		st, err := Parse(sql)
		if err != nil {
			t.Errorf("%s: %v", sql, err)
			continue
		}
		got := st[0].(*CreateTable)
		if got.Name != want.Name || got.Temp != want.Temp || got.OnCommit != want.OnCommit {
			t.Errorf("%s: name %s temp %v on commit %d, want %s %v %d", sql, got.Name, got.Temp, got.OnCommit, want.Name, want.Temp, want.OnCommit)
		}
	}
	st, err := Parse("SELECT 1 AS a INTO TEMP x")
	if err != nil || !st[0].(*CreateTableAs).Temp || st[0].(*CreateTableAs).Name != "x" {
		t.Errorf("SELECT INTO TEMP: %v, %v", st, err)
	}
}
