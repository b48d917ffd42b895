package planner

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql"
)

// TestReadTablesDerived checks that a reader's DDL wait covers the tables
// its subqueries in FROM read, through set operations, cursors, COPY and
// EXPLAIN.
func TestReadTablesDerived(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"SELECT id FROM (SELECT id, v FROM items ORDER BY v <-> '[1,2]' LIMIT 20) AS t", []string{"items"}},
		{"SELECT * FROM (SELECT a FROM x UNION SELECT a FROM (SELECT a FROM y) s) u", []string{"x", "y"}},
		{"DECLARE c CURSOR FOR SELECT * FROM (SELECT * FROM items) t", []string{"items"}},
		{"COPY (SELECT * FROM (SELECT * FROM items) t) TO STDOUT", []string{"items"}},
		{"EXPLAIN SELECT * FROM (SELECT * FROM items) t", []string{"items"}},
		{"SELECT * FROM (SELECT * FROM generate_series(1, 2)) g", nil},
		{"SELECT * FROM items", []string{"items"}},
	}
	for _, tc := range tests {
		stmts, err := sql.Parse(tc.q)
		if err != nil || len(stmts) != 1 {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if got := readTables(stmts[0]); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: readTables %v, want %v", tc.q, got, tc.want)
		}
	}
}

// TestDerivedInnerUsesIndex: the inner query of a re-ranking subquery in
// FROM keeps its HNSW index scan, while the outer query (over the inner
// rows) has no index to use, and the outer ORDER BY re-ranks the inner
// LIMIT's rows.
func TestDerivedInnerUsesIndex(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE d (id int PRIMARY KEY, v vector(2))")
	exec(t, s, "INSERT INTO d SELECT i, ARRAY[i, 100 - i]::vector FROM generate_series(1, 99) i")
	exec(t, s, "CREATE INDEX ON d USING hnsw (v vector_l2_ops)")
	const q = "SELECT id FROM (SELECT id, v FROM d ORDER BY v <-> '[50,50]' LIMIT 5) AS t ORDER BY id DESC LIMIT 3"
	stmts, err := sql.Parse(q)
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBinder(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := b.planSelect(stmts[0].(*sql.Select))
	if err != nil {
		t.Fatal(err)
	}
	outer := pl.(*selectPlan)
	if outer.derived == nil || outer.scan != nil || outer.path != nil {
		t.Fatalf("outer plan: derived %v scan %v path %v, want a subquery scan", outer.derived, outer.scan, outer.path)
	}
	if inner, ok := outer.derived.plan.(*selectPlan); !ok || inner.scan == nil {
		t.Fatalf("inner plan %#v does not use the HNSW index", outer.derived.plan)
	}
	// The 5 nearest to [50,50] are ids 48..52; the outer query keeps the largest 3.
	if got := ids(exec(t, s, q)); !reflect.DeepEqual(got, []int64{52, 51, 50}) {
		t.Errorf("rows %v, want [52 51 50]", got)
	}
}
