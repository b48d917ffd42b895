package sql

import (
	"testing"
)

// TestFromItems checks how a FROM clause that joins converts: a comma
// list is its items, a JOIN keeps its kind, condition, USING list,
// NATURAL and alias, a JOIN with nothing after it is CROSS, a table
// records its schema as written, and a LATERAL subquery is allowed as
// a join's item (not alone in FROM).
func TestFromItems(t *testing.T) {
	q := parseSelect(t, `SELECT 1 FROM public.a AS x(i, j), pg_catalog.pg_type t
		LEFT JOIN b USING (id) NATURAL FULL JOIN c CROSS JOIN LATERAL (SELECT 1) s JOIN d ON d.k = 1`)
	if !q.Joins() || len(q.FromItems) != 2 || q.From != "" {
		t.Fatalf("items %#v, From %q", q.FromItems, q.From)
	}
	a := q.FromItems[0].(*TableRef)
	if a.Schema != "public" || a.Name != "public.a" || a.Rel != "a" || a.Alias != "x" || len(a.Columns) != 2 || a.P != 14 {
		t.Fatalf("table a: %#v", a)
	}
	j := q.FromItems[1].(*JoinExpr) // (((t LEFT b) NATURAL FULL c) CROSS s) JOIN d
	if j.Kind != JoinInner || j.On == nil || FormatExpr(j.On) != "(d.k = 1)" {
		t.Fatalf("outer join: %#v", j)
	}
	cross := j.Left.(*JoinExpr)
	if s, ok := cross.Right.(*FromSubquery); cross.Kind != JoinCross || !ok || !s.Lateral || s.Derived.Alias != "s" {
		t.Fatalf("cross join: %#v", cross)
	}
	full := cross.Left.(*JoinExpr)
	if full.Kind != JoinFull || !full.Natural || full.On != nil {
		t.Fatalf("natural full join: %#v", full)
	}
	left := full.Left.(*JoinExpr)
	if left.Kind != JoinLeft || len(left.Using) != 1 || left.Using[0] != "id" {
		t.Fatalf("left join: %#v", left)
	}
	if pt := left.Left.(*TableRef); pt.Schema != "pg_catalog" || pt.Name != "pg_catalog.pg_type" || pt.Rel != "pg_type" || pt.Alias != "t" {
		t.Fatalf("pg_type: %#v", pt)
	}
	if got := q.ReadTables(); len(got) != 5 || got[0] != "public.a" || got[1] != "pg_catalog.pg_type" || got[4] != "d" {
		t.Fatalf("ReadTables: %v", got)
	}
	r := parseSelect(t, `SELECT "public"."t"."id" FROM "public"."t"`).Items[0].Expr.(*ColumnRef)
	if r.Schema != "public" || r.Table != "t" || r.Name != "id" {
		t.Fatalf("schema.table.column: %#v", r)
	}
}

// parseSelect parses one SELECT.
func parseSelect(t *testing.T, q string) *Select {
	t.Helper()
	st, err := Parse(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return st[0].(*Select)
}
