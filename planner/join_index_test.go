package planner

import (
	"fmt"
	"testing"

	ir "github.com/vecgres/vecgres/planner/plan"
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
