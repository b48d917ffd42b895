package planner

import (
	"context"
	"fmt"
	"testing"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// A join of a few rows with a large table that has a B-tree index on the
// joined column reads it through the index once per row (an index
// nested loop); its rows are those of the hash join it replaces, for
// INNER and LEFT joins, NULL keys included.
func TestIndexNestedLoop(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE big (id int, tag text)")
	exec(t, s, "INSERT INTO big SELECT i, 't' || (i % 7) FROM generate_series(1, 2000) i")
	exec(t, s, "INSERT INTO big VALUES (5, 'dup')")
	exec(t, s, "CREATE INDEX big_id ON big (id)")
	exec(t, s, "CREATE TABLE few (k int, note text)")
	exec(t, s, "INSERT INTO few VALUES (5, 'five'), (NULL, 'none'), (4000, 'missing'), (12, 'twelve')")
	for _, tc := range []struct{ query, want string }{
		{"SELECT f.note, b.id, b.tag FROM few f JOIN big b ON b.id = f.k ORDER BY 1, 3",
			"[[five 5 dup] [five 5 t5] [twelve 12 t5]]"},
		{"SELECT f.note, b.id, b.tag FROM few f LEFT JOIN big b ON b.id = f.k AND b.tag <> 'dup' ORDER BY 1, 3",
			"[[five 5 t5] [missing <nil> <nil>] [none <nil> <nil>] [twelve 12 t5]]"},
	} {
		tree := lowered(t, s, tc.query)
		j := findJoin(tree)
		if j == nil || j.Method != ir.NestedLoop || j.Rescan == nil {
			t.Fatalf("%s: no index nested loop:\n%v", tc.query, ir.Explain(tree))
		}
		if is, ok := j.Right.(*ir.IndexScan); !ok || is.Kind != ir.BTree || is.Cond != "(b.id = f.k)" {
			t.Fatalf("%s: right side is no B-tree index scan on b.id = f.k:\n%v", tc.query, ir.Explain(tree))
		}
		if got := fmt.Sprint(exec(t, s, tc.query).Rows); got != tc.want {
			t.Fatalf("%s: %s, want %s", tc.query, got, tc.want)
		}
		exec(t, s, "SET enable_indexscan = off")
		if j := findJoin(lowered(t, s, tc.query)); j == nil || j.Method != ir.HashJoin {
			t.Fatalf("%s: without index scans, no hash join", tc.query)
		}
		if got := fmt.Sprint(exec(t, s, tc.query).Rows); got != tc.want {
			t.Fatalf("%s as a hash join: %s, want %s", tc.query, got, tc.want)
		}
		exec(t, s, "RESET enable_indexscan")
	}
}

// findJoin is the first Join of n's tree.
func findJoin(n ir.Node) *ir.Join {
	if j, ok := n.(*ir.Join); ok {
		return j
	}
	for _, c := range n.Children() {
		if j := findJoin(c); j != nil {
			return j
		}
	}
	return nil
}

// A LATERAL subquery and an index nested loop run their right side once
// per left row; each run's rows are released once the join has them, so
// a long left side stays within vecgres.work_mem_limit, while a hash
// join, which holds its whole right side, does not.
func TestRescanReleasesRows(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE many (id int, pad text)")
	exec(t, s, "INSERT INTO many SELECT i, repeat('x', 400) FROM generate_series(1, 2800) i")
	exec(t, s, "CREATE TABLE huge (id int, pad text)")
	exec(t, s, "INSERT INTO huge SELECT i, repeat('y', 250) FROM generate_series(1, 200000) i")
	exec(t, s, "CREATE INDEX huge_id ON huge (id)")
	exec(t, s, "SET vecgres.work_mem_limit = '512kB'")
	for _, tc := range []struct{ query, want string }{
		{"SELECT count(*), sum(s.x), max(length(s.pad)) FROM many, LATERAL (SELECT many.id + 1 AS x, many.pad) s", "[[2800 3924200 400]]"},
		{"SELECT count(*), sum(h.id), max(length(h.pad)) FROM many m JOIN huge h ON h.id = m.id", "[[2800 3921400 250]]"},
	} {
		if got := fmt.Sprint(exec(t, s, tc.query).Rows); got != tc.want {
			t.Fatalf("%s: %s, want %s", tc.query, got, tc.want)
		}
	}
	exec(t, s, "SET enable_indexscan = off")
	ps, err := s.Split("SELECT count(*) FROM many m JOIN huge h ON h.id = m.id")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Execute(context.Background(), ps[0], nil); pgerror.CodeOf(err) != pgerror.OutOfMemory {
		t.Fatalf("a hash join holding 2800 wide rows under 512kB: %v, want 53200", err)
	}
}

// ORDER BY over a join holds rows the join made, not rows shared with a
// table: a Sort of them is charged whole, so sorting 2000 wide joined
// rows fails with 53200 under a small vecgres.work_mem_limit, while a
// TopK of a few of them does not.
func TestSortOfJoinChargesRows(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE wa (id int, pad text)")
	exec(t, s, "INSERT INTO wa SELECT i, repeat('x', 400) FROM generate_series(1, 1000) i")
	exec(t, s, "CREATE TABLE wb (id int)")
	exec(t, s, "INSERT INTO wb VALUES (1), (2)")
	exec(t, s, "SET vecgres.work_mem_limit = '512kB'")
	ps, err := s.Split("SELECT wb.id FROM wa, wb ORDER BY wa.id")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Execute(context.Background(), ps[0], nil); pgerror.CodeOf(err) != pgerror.OutOfMemory {
		t.Fatalf("sorting 2000 joined rows of 400 bytes under 512kB: %v, want 53200", err)
	}
	if got := fmt.Sprint(exec(t, s, "SELECT wa.id, wb.id FROM wa, wb ORDER BY wa.id DESC, wb.id LIMIT 2").Rows); got != "[[1000 1] [1000 2]]" {
		t.Fatalf("top 2: %s", got)
	}
}
