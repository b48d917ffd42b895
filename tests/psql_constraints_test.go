package tests

import (
	"os"
	"testing"
)

// TestPsqlDescribeConstraints: psql's \d of tables with a primary key,
// unique constraints (one NULLS NOT DISTINCT), a unique index, checks and
// foreign keys prints what psql 15 prints against PostgreSQL 15
// (testdata/psql/describe_constraints.out, captured from PostgreSQL 15
// with the same statements): the Indexes, Check constraints,
// Foreign-key constraints and Referenced by sections.
func TestPsqlDescribeConstraints(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	setup := `CREATE TABLE p (id int PRIMARY KEY, code text UNIQUE, name text CHECK (length(name) > 1));
CREATE TABLE c (id int, pid int REFERENCES p ON DELETE CASCADE, pc text, CONSTRAINT c_pc FOREIGN KEY (pc) REFERENCES p (code) ON UPDATE SET NULL ON DELETE RESTRICT, UNIQUE NULLS NOT DISTINCT (id, pc), CHECK (id > 0 AND pid < 100));
CREATE UNIQUE INDEX c_uix ON c (pc, id);
`
	if _, stderr, err := psql(t, s, setup, "-v", "ON_ERROR_STOP=1"); err != nil {
		t.Fatalf("setup: %v\n%s", err, stderr)
	}
	got, stderr, err := psql(t, s, "", "-c", `\d p`, "-c", `\d c`)
	if err != nil {
		t.Fatalf("psql: %v\n%s", err, stderr)
	}
	want, err := os.ReadFile("testdata/psql/describe_constraints.out")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("\\d differs from PostgreSQL 15's:\n%s", lineDiff(string(want), got))
	}
}
