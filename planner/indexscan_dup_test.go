package planner

import (
	"fmt"
	"testing"
)

// TestIndexScanDuplicates (synthetic data): with many rows sharing one
// vector, ORDER BY v <-> that vector LIMIT n beyond hnsw.ef_search returns
// n rows at distance 0, and after most copies (their original among them)
// are deleted the remaining copies still come first, before and after
// VACUUM compacts the graph.
func TestIndexScanDuplicates(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE hd (id int PRIMARY KEY, e vector(4))")
	exec(t, s, "INSERT INTO hd SELECT i, ARRAY[i % 97, i % 89, i % 83, i % 79]::vector FROM generate_series(1, 3000) i")
	exec(t, s, "INSERT INTO hd SELECT i, '[0.5,0.5,0.5,0.5]' FROM generate_series(3001, 4500) i")
	exec(t, s, "CREATE INDEX ON hd USING hnsw (e vector_l2_ops)")
	exec(t, s, "SET enable_seqscan = off")
	zeros := func(limit int) int {
		res := exec(t, s, fmt.Sprintf("SELECT id, e <-> '[0.5,0.5,0.5,0.5]' FROM hd ORDER BY e <-> '[0.5,0.5,0.5,0.5]' LIMIT %d", limit))
		n := 0
		for _, r := range res.Rows {
			if r[1].(float64) == 0 {
				n++
			}
		}
		return n
	}
	for _, limit := range []int{10, 100, 1000} {
		if got := zeros(limit); got != limit {
			t.Errorf("LIMIT %d: %d rows at distance 0, want %d", limit, got, limit)
		}
	}
	exec(t, s, "DELETE FROM hd WHERE id BETWEEN 3001 AND 4490")
	for _, step := range []string{"after DELETE", "after VACUUM"} {
		if got := zeros(3); got != 3 {
			t.Errorf("%s: LIMIT 3 gave %d rows at distance 0, want 3", step, got)
		}
		if got := zeros(20); got != 10 {
			t.Errorf("%s: LIMIT 20 gave %d rows at distance 0, want the 10 left", step, got)
		}
		exec(t, s, "VACUUM hd")
	}
}
