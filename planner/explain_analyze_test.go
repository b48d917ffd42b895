package planner

import (
	"strings"
	"testing"
)

// TestExplainAnalyzeCountsFromExec checks that EXPLAIN ANALYZE prints the
// rows each operator of its planner/exec run emitted, as PostgreSQL 15
// prints them for the same shapes (checked against PostgreSQL 15 with
// COSTS OFF): a scan under LIMIT 0 never runs, a UNION ALL's Append
// stops once its Limit has LIMIT + OFFSET rows (its left side reading
// only those, its right side never run), a bounded Sort returns the
// rows its Limit took (OFFSET's included), and a HashAggregate the groups
// its HAVING kept.
func TestExplainAnalyzeCountsFromExec(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ea (id int PRIMARY KEY, n int)")
	exec(t, s, "INSERT INTO ea SELECT i, i % 3 FROM generate_series(1, 9) i")
	cases := []struct {
		q    string
		want []string
	}{
		{"SELECT id FROM ea LIMIT 0", []string{
			"Limit  (rows=0) (actual rows=0)",
			"  ->  Seq Scan on ea  (rows=9) (never executed)"}},
		{"SELECT n FROM ea UNION ALL SELECT n FROM ea LIMIT 2 OFFSET 1", []string{
			"Limit (actual rows=2)",
			"  ->  Append (actual rows=3)",
			"        ->  Seq Scan on ea  (rows=9) (actual rows=3)",
			"        ->  Seq Scan on ea  (rows=9) (never executed)"}},
		{"SELECT n FROM ea UNION ALL (SELECT n FROM ea UNION ALL SELECT id FROM ea) LIMIT 12", []string{
			"Limit (actual rows=12)",
			"  ->  Append (actual rows=12)",
			"        ->  Seq Scan on ea  (rows=9) (actual rows=9)",
			"        ->  Seq Scan on ea  (rows=9) (actual rows=3)",
			"        ->  Seq Scan on ea  (rows=9) (never executed)"}},
		{"SELECT n FROM ea ORDER BY n LIMIT 2 OFFSET 1", []string{
			"Limit  (rows=2) (actual rows=2)",
			"  ->  Sort  (rows=9) (actual rows=3)",
			"        Sort Key: n",
			"        ->  Seq Scan on ea  (rows=9) (actual rows=9)"}},
		{"SELECT n, count(*) FROM ea GROUP BY n HAVING count(*) > 2 ORDER BY n DESC LIMIT 1", []string{
			"Limit  (rows=1) (actual rows=1)",
			"  ->  Sort  (rows=9) (actual rows=1)",
			"        Sort Key: n DESC",
			"        ->  HashAggregate  (rows=9) (actual rows=3)",
			"              Group Key: n",
			"              ->  Seq Scan on ea  (rows=9) (actual rows=9)"}},
		{"SELECT n FROM ea INTERSECT SELECT id FROM ea ORDER BY 1 LIMIT 1", []string{
			"Limit (actual rows=1)",
			"  ->  Sort (actual rows=1)",
			"        Sort Key: n",
			"        ->  HashSetOp Intersect (actual rows=2)",
			"              ->  Append (actual rows=18)",
			"                    ->  Seq Scan on ea  (rows=9) (actual rows=9)",
			"                    ->  Seq Scan on ea  (rows=9) (actual rows=9)"}},
	}
	for _, c := range cases {
		checkExplainAnalyze(t, s, c.q, c.want)
	}
}

// TestExplainAnalyzeKNNFromExec checks that the k-NN scan of an EXPLAIN
// ANALYZE run through planner/exec reports what the scan saw: the rows it
// examined and its stages for an HNSW index scan, the rows a pre-filter
// read, and the rows the bounded Sort above it returned.
func TestExplainAnalyzeKNNFromExec(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE se (id int PRIMARY KEY, k int, v vector(2))")
	exec(t, s, "INSERT INTO se SELECT g, g % 3, ('[' || g % 7 || ',' || g % 5 || ']')::vector FROM generate_series(1, 80) g")
	exec(t, s, "CREATE INDEX se_v ON se USING hnsw (v vector_l2_ops)")
	exec(t, s, "CREATE INDEX se_k ON se (k)")
	plan := func(q string) []string {
		var lines []string
		for _, r := range exec(t, s, "EXPLAIN ANALYZE "+q).Rows {
			lines = append(lines, r[0].(string))
		}
		return lines
	}
	want := []string{
		"Limit  (rows=6) (actual rows=6)",
		"  ->  Sort  (rows=27) (actual rows=6)",
		"        Sort Key: (v <-> '[6,4]')",
		"        Filtered Plan: pre-filter (selectivity 0.3375, 27 of 80 rows match)",
		"        ->  Index Scan using se_k on se  (rows=27) (actual rows=6)",
		"              Index Cond: (k = 2)",
		"              Rows Examined: 27",
	}
	q := "SELECT id FROM se WHERE k = 2 ORDER BY v <-> '[6,4]' LIMIT 6"
	if got := plan(q); len(got) != len(want)+1 || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: plan:\n%s\nwant:\n%s", q, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	q = "SELECT id FROM se ORDER BY v <-> '[1,2]' LIMIT 4 OFFSET 3"
	got := plan(q)
	if len(got) != 6 || got[0] != "Limit  (rows=4) (actual rows=4)" ||
		got[1] != "  ->  Index Scan using se_v on se  (rows=7) (actual rows=7)" ||
		!strings.HasPrefix(got[3], "        Rows Examined: ") || !strings.HasSuffix(got[3], " in 1 stage(s)") ||
		!strings.HasPrefix(got[4], "        Exhaustive Search: ") {
		t.Errorf("%s: plan:\n%s", q, strings.Join(got, "\n"))
	}
}

// checkExplainAnalyze runs EXPLAIN ANALYZE q and requires its plan lines
// to be want, followed by the Execution Time line alone.
func checkExplainAnalyze(t *testing.T, s *Session, q string, want []string) {
	t.Helper()
	var lines []string
	for _, r := range exec(t, s, "EXPLAIN ANALYZE "+q).Rows {
		lines = append(lines, r[0].(string))
	}
	if len(lines) != len(want)+1 || !strings.HasPrefix(lines[len(lines)-1], "Execution Time: ") {
		t.Errorf("%s: plan:\n%s", q, strings.Join(lines, "\n"))
		return
	}
	if got := strings.Join(lines[:len(want)], "\n"); got != strings.Join(want, "\n") {
		t.Errorf("%s: plan:\n%s\nwant:\n%s", q, got, strings.Join(want, "\n"))
	}
}
