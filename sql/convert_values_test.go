package sql

import "testing"

// TestValuesLists: VALUES outside INSERT is a query of columns column1,
// column2...: one row a SELECT, more rows a UNION ALL chain in order;
// lists of different lengths are 42601 at the first element of the
// offending list, as PostgreSQL reports.
func TestValuesLists(t *testing.T) {
	s := parseOne(t, "VALUES (1, 'a'), (2, 'b'), (3, 'c') ORDER BY 1 LIMIT 2").(*Select)
	if s.SetOp == nil || len(s.SetOp.Leaves()) != 3 || !s.SetOp.All || s.Limit == nil || len(s.OrderBy) != 1 {
		t.Fatalf("VALUES of three rows: %+v", s)
	}
	for _, leaf := range s.SetOp.Leaves() {
		if len(leaf.Items) != 2 || leaf.Items[0].Alias != "column1" || leaf.Items[1].Alias != "column2" {
			t.Fatalf("row %+v", leaf.Items)
		}
	}
	one := parseOne(t, "VALUES (1)").(*Select)
	if one.SetOp != nil || len(one.Items) != 1 || one.Items[0].Alias != "column1" {
		t.Fatalf("VALUES (1): %+v", one)
	}
	e := parseErr(t, "VALUES (1), (2, 3)")
	if e.Code != "42601" || e.Message != "VALUES lists must all be the same length" || e.Position != 14 {
		t.Fatalf("got %s %q at %d", e.Code, e.Message, e.Position)
	}
}

// TestCollateDefault: COLLATE "default" (psql writes pg_catalog.default
// after its name patterns) leaves the expression as it is; another
// collation is refused with 0A000 naming COLLATE.
func TestCollateDefault(t *testing.T) {
	s := parseOne(t, `SELECT a FROM t WHERE a ~ 'x' COLLATE pg_catalog.default AND b = 'y' COLLATE "default"`).(*Select)
	if s.Where == nil {
		t.Fatal("no WHERE")
	}
	e := parseErr(t, `SELECT a COLLATE "C" FROM t`)
	if e.Code != "0A000" || e.Message != "COLLATE is not supported by vecgres" {
		t.Fatalf("got %s %q", e.Code, e.Message)
	}
}
