package planner

import (
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// TestCommentOwner: COMMENT ON a relation another role owns is 42501
// with PostgreSQL 15's message, which names the relation's kind for the
// relation itself and "relation" for a column or constraint; the owner
// may comment. Other objects, system catalogs and built-in schemas are
// 0A000.
func TestCommentOwner(t *testing.T) {
	cat, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS()}})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	for _, q := range []string{"CREATE ROLE cm_other LOGIN", "CREATE TABLE t (id int, CONSTRAINT ck CHECK (id > 0))",
		"CREATE VIEW v AS SELECT id FROM t", "CREATE SEQUENCE s", "CREATE INDEX i ON t (id)"} {
		if _, err := runRoleSQL(t, cat, "postgres", q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, tt := range []struct{ sql, msg string }{
		{"COMMENT ON TABLE t IS 'x'", "must be owner of table t"},
		{"COMMENT ON COLUMN t.id IS 'x'", "must be owner of relation t"},
		{"COMMENT ON VIEW v IS 'x'", "must be owner of view v"},
		{"COMMENT ON INDEX i IS 'x'", "must be owner of index i"},
		{"COMMENT ON SEQUENCE s IS 'x'", "must be owner of sequence s"},
		{"COMMENT ON CONSTRAINT ck ON t IS 'x'", "must be owner of relation t"},
	} {
		_, err := runRoleSQL(t, cat, "cm_other", tt.sql)
		if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.InsufficientPrivilege || pe.Message != tt.msg {
			t.Errorf("%s: got %v, want 42501 %q", tt.sql, err, tt.msg)
		}
	}
	if _, err := runRoleSQL(t, cat, "postgres", "GRANT CREATE ON SCHEMA public TO cm_other"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"CREATE TABLE mine (id int)", "COMMENT ON COLUMN mine.id IS 'mine'"} {
		if _, err := runRoleSQL(t, cat, "cm_other", q); err != nil {
			t.Fatalf("owner's %s: %v", q, err)
		}
	}
	for _, q := range []string{"COMMENT ON SCHEMA public IS 'x'", "COMMENT ON TABLE pg_class IS 'x'",
		"COMMENT ON FUNCTION abs(int) IS 'x'", "COMMENT ON TYPE vector IS 'x'", "COMMENT ON OPERATOR <-> (vector, vector) IS 'x'"} {
		if _, err := runRoleSQL(t, cat, "postgres", q); pgerror.CodeOf(err) != pgerror.FeatureNotSupported {
			t.Errorf("%s: got %v, want 0A000", q, err)
		}
	}
	if _, err := runRoleSQL(t, cat, "postgres", "CREATE SCHEMA sc"); err != nil {
		t.Fatal(err)
	}
	_, err = runRoleSQL(t, cat, "cm_other", "COMMENT ON SCHEMA sc IS 'x'")
	if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.InsufficientPrivilege || pe.Message != "must be owner of schema sc" {
		t.Errorf("COMMENT ON SCHEMA as another role: got %v", err)
	}
}
