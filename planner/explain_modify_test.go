package planner

import "testing"

// TestExplainAnalyzeModify: EXPLAIN ANALYZE runs an UPDATE or DELETE
// through its plan — the writes happen, as in PostgreSQL — and prints
// the rows the Modify returned (none without RETURNING, as PostgreSQL's
// "rows=0") and the rows its scan passed up (checked against PostgreSQL
// 15 with COSTS OFF, but for vecgres's estimates); the scan is the one a
// SELECT of the same rows uses.
func TestExplainAnalyzeModify(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE xm (id int PRIMARY KEY, n int)")
	exec(t, s, "INSERT INTO xm SELECT i, i % 3 FROM generate_series(1, 9) i")
	cases := []struct {
		q    string
		want []string
	}{
		{"UPDATE xm SET n = n + 10 WHERE id = 4", []string{
			"Update on xm (actual rows=0)",
			"  ->  Index Scan using xm_pkey on xm  (rows=1) (actual rows=1)",
			"        Index Cond: (id = 4)"}},
		{"UPDATE xm SET n = n + 10 WHERE n = 0 RETURNING id", []string{
			"Update on xm (actual rows=3)",
			"  ->  Seq Scan on xm  (rows=3) (actual rows=3)",
			"        Filter: (n = 0)"}},
		{"DELETE FROM xm WHERE n > 100", []string{
			"Delete on xm (actual rows=0)",
			"  ->  Seq Scan on xm  (rows=0) (actual rows=0)",
			"        Filter: (n > 100)"}},
		{"DELETE FROM xm WHERE n >= 10", []string{
			"Delete on xm (actual rows=0)",
			"  ->  Seq Scan on xm  (rows=0) (actual rows=4)",
			"        Filter: (n >= 10)"}},
	}
	for _, c := range cases {
		checkExplainAnalyze(t, s, c.q, c.want)
	}
	if got := ids(exec(t, s, "SELECT id FROM xm ORDER BY id")); len(got) != 5 || got[0] != 1 || got[4] != 8 {
		t.Fatalf("rows left after EXPLAIN ANALYZE's writes: %v, want 1 2 5 7 8", got)
	}
}
