package planner

import (
	"fmt"
	"strings"
	"testing"
)

// TestExplainJoins pins how EXPLAIN prints joins, as PostgreSQL 15 names
// them (Hash Join with its Hash Cond over a Hash of the side it holds,
// the one estimated smaller,
// Hash Left/Right/Full Join, Nested Loop with its Join Filter, a WHERE
// condition left above an outer join as the join's Filter), with the
// conditions that read one relation pushed into its scan, and that
// EXPLAIN ANALYZE counts the rows of every node of the join tree.
func TestExplainJoins(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ea (id int, n int)")
	exec(t, s, "CREATE TABLE eb (id int, m int)")
	exec(t, s, "INSERT INTO ea SELECT i, i % 3 FROM generate_series(1, 9) i")
	exec(t, s, "INSERT INTO eb SELECT i, i % 2 FROM generate_series(1, 4) i")
	cases := []struct {
		q    string
		want []string
	}{
		{"EXPLAIN SELECT * FROM ea JOIN eb ON ea.id = eb.id WHERE ea.n = 1", []string{
			"Hash Join  (rows=4)",
			"  Hash Cond: (ea.id = eb.id)",
			"  ->  Seq Scan on eb  (rows=4)",
			"  ->  Hash  (rows=3)",
			"        ->  Seq Scan on ea  (rows=3)",
			"              Filter: (ea.n = 1)"}},
		{"EXPLAIN SELECT * FROM eb LEFT JOIN ea ON ea.id = eb.id AND ea.n > eb.m WHERE ea.id IS NULL", []string{
			"Hash Right Join  (rows=3)",
			"  Hash Cond: (ea.id = eb.id)",
			"  Join Filter: (ea.n > eb.m)",
			"  Filter: (ea.id IS NULL)",
			"  ->  Seq Scan on ea  (rows=9)",
			"  ->  Hash  (rows=4)",
			"        ->  Seq Scan on eb  (rows=4)"}},
		{"EXPLAIN SELECT * FROM ea, eb WHERE ea.n < eb.m", []string{
			"Nested Loop  (rows=9)",
			"  Join Filter: (ea.n < eb.m)",
			"  ->  Seq Scan on ea  (rows=9)",
			"  ->  Seq Scan on eb  (rows=4)"}},
		{"EXPLAIN ANALYZE SELECT * FROM ea FULL JOIN eb USING (id)", []string{
			"Hash Full Join  (rows=9) (actual rows=9)",
			"  Hash Cond: (ea.id = eb.id)",
			"  ->  Seq Scan on ea  (rows=9) (actual rows=9)",
			"  ->  Hash  (rows=4) (actual rows=4)",
			"        ->  Seq Scan on eb  (rows=4) (actual rows=4)",
			"Execution Time: "}},
		{"EXPLAIN ANALYZE SELECT ea.id FROM ea JOIN eb ON ea.n = eb.m ORDER BY ea.id LIMIT 3", []string{
			"Limit  (rows=3) (actual rows=3)",
			"  ->  Sort  (rows=9) (actual rows=3)",
			"        Sort Key: ea.id",
			"        ->  Hash Join  (rows=9) (actual rows=12)",
			"              Hash Cond: (ea.n = eb.m)",
			"              ->  Seq Scan on ea  (rows=9) (actual rows=9)",
			"              ->  Hash  (rows=4) (actual rows=4)",
			"                    ->  Seq Scan on eb  (rows=4) (actual rows=4)",
			"Execution Time: "}},
	}
	for _, c := range cases {
		var lines []string
		for _, r := range exec(t, s, c.q).Rows {
			lines = append(lines, r[0].(string))
		}
		if n := len(lines); n > 0 && strings.HasPrefix(lines[n-1], "Execution Time: ") {
			lines[n-1] = "Execution Time: "
		}
		if got := strings.Join(lines, "\n"); got != strings.Join(c.want, "\n") {
			t.Errorf("%s: plan:\n%s\nwant:\n%s", c.q, got, strings.Join(c.want, "\n"))
		}
	}
}

// An equality whose operands are expressions over one side each is a
// hash join's key too (ON a.id = b.id + 5, WHERE a.id * 2 = b.id), with
// the rows of the definition; one whose operand reads both sides is a
// nested loop's Join Filter.
func TestHashJoinOnExpressions(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE xa (id int)")
	exec(t, s, "CREATE TABLE xb (id int)")
	exec(t, s, "INSERT INTO xa SELECT i FROM generate_series(1, 20) i")
	exec(t, s, "INSERT INTO xb SELECT i FROM generate_series(1, 20) i")
	for _, tc := range []struct{ q, method, rows string }{
		{"SELECT xa.id, xb.id FROM xa JOIN xb ON xa.id = xb.id + 15 ORDER BY 1", "Hash Join", "[[16 1] [17 2] [18 3] [19 4] [20 5]]"},
		{"SELECT xa.id, xb.id FROM xa, xb WHERE xa.id * 4 = xb.id ORDER BY 1", "Hash Join", "[[1 4] [2 8] [3 12] [4 16] [5 20]]"},
		{"SELECT count(*) FROM xa LEFT JOIN xb ON xa.id = xb.id + 15", "Hash Left Join", "[[20]]"},
		{"SELECT xa.id, xb.id FROM xa JOIN xb ON xa.id = xa.id + xb.id - 1 ORDER BY 1", "Nested Loop", "[[1 1] [2 1] [3 1] [4 1] [5 1] [6 1] [7 1] [8 1] [9 1] [10 1] [11 1] [12 1] [13 1] [14 1] [15 1] [16 1] [17 1] [18 1] [19 1] [20 1]]"},
	} {
		j := findJoin(lowered(t, s, tc.q))
		if j == nil || j.Label() != tc.method {
			t.Fatalf("%s: join %v, want %s", tc.q, j, tc.method)
		}
		if got := fmt.Sprint(exec(t, s, tc.q).Rows); got != tc.rows {
			t.Fatalf("%s: %s, want %s", tc.q, got, tc.rows)
		}
	}
}
