package tests

import (
	"os"
	"testing"
)

// TestPsqlDescribeViews: psql's \dv, \d of a view with renamed columns
// and \d+ of an aggregate view (with its "View definition:" from
// pg_get_viewdef) print what psql 15 prints against PostgreSQL 15
// (testdata/psql/describe_views.out, captured from PostgreSQL 15 with
// the same statements).
func TestPsqlDescribeViews(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	setup := `CREATE TABLE items (id int PRIMARY KEY, name text, price numeric(8,2));
CREATE VIEW cheap (item, label) AS SELECT id, name FROM items WHERE price < 10;
CREATE VIEW counts AS SELECT count(*) AS n FROM items;
`
	if _, stderr, err := psql(t, s, setup, "-v", "ON_ERROR_STOP=1"); err != nil {
		t.Fatalf("setup: %v\n%s", err, stderr)
	}
	got, stderr, err := psql(t, s, "", "-c", `\dv`, "-c", `\d cheap`, "-c", `\d+ counts`)
	if err != nil {
		t.Fatalf("psql: %v\n%s", err, stderr)
	}
	want, err := os.ReadFile("testdata/psql/describe_views.out")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("\\dv and \\d of views differ from PostgreSQL 15's:\n%s", lineDiff(string(want), got))
	}
}
