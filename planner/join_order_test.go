package planner

import (
	"fmt"
	"testing"

	ir "github.com/vecgres/vecgres/planner/plan"
)

// A comma list whose written order pairs two tables no condition
// relates is joined in an order where each join has a condition: FROM
// b1, b2, s WHERE b1.id = s.k AND b2.id = s.k joins b1 with s first,
// not b1 with b2 (a cross product), and answers the same rows.
func TestCommaJoinOrder(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE b1 (id int, x int)")
	exec(t, s, "CREATE TABLE b2 (id int, y int)")
	exec(t, s, "CREATE TABLE sm (k int)")
	exec(t, s, "INSERT INTO b1 SELECT i, i * 10 FROM generate_series(1, 500) i")
	exec(t, s, "INSERT INTO b2 SELECT i, i * 100 FROM generate_series(1, 500) i")
	exec(t, s, "INSERT INTO sm VALUES (3), (7), (7)")
	const q = "SELECT sm.k, b1.x, b2.y FROM b1, b2, sm WHERE b1.id = sm.k AND b2.id = sm.k ORDER BY 1"
	var crosses func(n ir.Node) bool
	crosses = func(n ir.Node) bool {
		if j, ok := n.(*ir.Join); ok && j.Cond == "" && j.HashCond == "" {
			return true
		}
		for _, c := range n.Children() {
			if crosses(c) {
				return true
			}
		}
		return false
	}
	if tree := lowered(t, s, q); crosses(tree) {
		t.Fatalf("a join without condition:\n%v", ir.Explain(tree))
	}
	if got := fmt.Sprint(exec(t, s, q).Rows); got != "[[3 30 300] [7 70 700] [7 70 700]]" {
		t.Fatalf("rows %s", got)
	}
	// a comma list whose items a condition already chains keeps its order
	tree := lowered(t, s, "SELECT * FROM sm, b1, b2 WHERE b1.id = sm.k AND b2.id = b1.id")
	if j := findJoin(tree); j == nil || crosses(tree) {
		t.Fatalf("chained list:\n%v", ir.Explain(tree))
	}
}
