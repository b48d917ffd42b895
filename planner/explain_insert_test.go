package planner

import "testing"

// TestExplainAnalyzeInsert checks EXPLAIN ANALYZE of INSERT against
// PostgreSQL 15's (COSTS OFF, TIMING OFF, SUMMARY OFF; vecgres adds its
// estimates and leaves out loops=1): the Insert's actual rows are those
// it returned (RETURNING), its input's the rows proposed, ON CONFLICT
// counts the rows inserted and those that met a conflict; the statement
// really inserts, in its transaction.
func TestExplainAnalyzeInsert(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ei (id int PRIMARY KEY, v int)")
	exec(t, s, "CREATE TABLE es (a int, b int)")
	exec(t, s, "INSERT INTO es VALUES (1, 2), (3, 4)")
	cases := []struct {
		q    string
		want []string
	}{
		{"INSERT INTO ei VALUES (1, 2), (3, 4)", []string{
			"Insert on ei (actual rows=0)",
			`  ->  Values Scan on "*VALUES*"  (rows=2) (actual rows=2)`}},
		{"INSERT INTO ei VALUES (1, 2), (5, 6) ON CONFLICT DO NOTHING", []string{
			"Insert on ei (actual rows=0)",
			"  Conflict Resolution: NOTHING",
			"  Tuples Inserted: 1",
			"  Conflicting Tuples: 1",
			`  ->  Values Scan on "*VALUES*"  (rows=2) (actual rows=2)`}},
		{"INSERT INTO ei VALUES (1, 2), (7, 6) ON CONFLICT (id) DO UPDATE SET v = excluded.v + 100 WHERE ei.v < 3 RETURNING *", []string{
			"Insert on ei (actual rows=2)",
			"  Conflict Resolution: UPDATE",
			"  Conflict Arbiter Indexes: ei_pkey",
			"  Conflict Filter: (ei.v < 3)",
			"  Tuples Inserted: 1",
			"  Conflicting Tuples: 1",
			`  ->  Values Scan on "*VALUES*"  (rows=2) (actual rows=2)`}},
		{"INSERT INTO ei SELECT a + 10, b FROM es", []string{
			"Insert on ei (actual rows=0)",
			"  ->  Seq Scan on es  (rows=2) (actual rows=2)"}},
		{"INSERT INTO ei VALUES (20, 20)", []string{
			"Insert on ei (actual rows=0)",
			"  ->  Result  (rows=1) (actual rows=1)"}},
	}
	for _, c := range cases {
		checkExplainAnalyze(t, s, c.q, c.want) // explain_analyze_test.go
	}
	res := exec(t, s, "SELECT id, v FROM ei ORDER BY id")
	want := [][2]int64{{1, 102}, {3, 4}, {5, 6}, {7, 6}, {11, 2}, {13, 4}, {20, 20}}
	if len(res.Rows) != len(want) {
		t.Fatalf("rows %v, want %v", res.Rows, want)
	}
	for i, r := range res.Rows {
		if r[0].(int64) != want[i][0] || r[1].(int64) != want[i][1] {
			t.Fatalf("rows %v, want %v", res.Rows, want)
		}
	}
	exec(t, s, "BEGIN")
	checkExplainAnalyze(t, s, "INSERT INTO ei VALUES (30, 30)", []string{
		"Insert on ei (actual rows=0)",
		"  ->  Result  (rows=1) (actual rows=1)"})
	exec(t, s, "ROLLBACK")
	if res := exec(t, s, "SELECT count(*) FROM ei"); res.Rows[0][0].(int64) != 7 {
		t.Fatalf("count %v after ROLLBACK, want 7", res.Rows[0][0])
	}
}

// TestExplainAnalyzeWithModify checks EXPLAIN ANALYZE of a statement
// with a data-modifying WITH query against PostgreSQL 15's shape: the
// WITH query's Delete under "CTE d" with the rows it deleted, the main
// Insert over the CTE Scan of its RETURNING rows; both really run.
func TestExplainAnalyzeWithModify(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE wt (id int PRIMARY KEY, v int)")
	exec(t, s, "CREATE TABLE wlog (id int, v int)")
	exec(t, s, "INSERT INTO wt SELECT g, g FROM generate_series(1, 20) g")
	checkExplainAnalyze(t, s, "WITH d AS (DELETE FROM wt WHERE id > 15 RETURNING *) INSERT INTO wlog SELECT * FROM d", []string{
		"Insert on wlog (actual rows=0)",
		"  CTE d",
		"    ->  Delete on wt (actual rows=5)",
		"          ->  Seq Scan on wt  (rows=5) (actual rows=5)",
		"                Filter: (id > 15)",
		"  ->  CTE Scan on d  (rows=1000) (actual rows=5)"})
	for q, want := range map[string]int64{"SELECT count(*) FROM wt": 15, "SELECT count(*) FROM wlog WHERE id > 15": 5} {
		if n := exec(t, s, q).Rows[0][0].(int64); n != want {
			t.Errorf("%s: %d, want %d", q, n, want)
		}
	}
}
