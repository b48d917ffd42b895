package planner

import (
	"fmt"
	"slices"
	"testing"
)

// TestIndexScanLimitBeyondReach: ORDER BY v <-> q LIMIT n with n at least
// the table's size returns every row in exact distance order, although
// the HNSW walk reaches only the nodes links lead to (on this synthetic
// data, m = 2, a few are unreachable: the walk alone returned fewer rows).
func TestIndexScanLimitBeyondReach(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE d (id int PRIMARY KEY, v vector(4))")
	exec(t, s, "INSERT INTO d SELECT i, ARRAY[i % 97, i % 89, i % 83, i % 79]::vector FROM generate_series(1, 6000) i")
	exec(t, s, "CREATE INDEX ON d USING hnsw (v vector_l2_ops) WITH (m = 2, ef_construction = 4)")
	const q = "'[1,1,1,1]'"
	want := ids(exec(t, s, "SELECT id FROM d ORDER BY v <-> "+q+", id"))
	exec(t, s, "SET enable_seqscan = off")
	for _, limit := range []int{6000, 100000} {
		res := exec(t, s, fmt.Sprintf("SELECT id, v <-> %s FROM d ORDER BY v <-> %s LIMIT %d", q, q, limit))
		if len(res.Rows) != len(want) {
			t.Fatalf("LIMIT %d returned %d rows, want %d", limit, len(res.Rows), len(want))
		}
		got := ids(res)
		slices.Sort(got)
		all := slices.Clone(want)
		slices.Sort(all)
		if !slices.Equal(got, all) {
			t.Fatalf("LIMIT %d returned other rows than the table's", limit)
		}
		for i := 1; i < len(res.Rows); i++ {
			if res.Rows[i][1].(float64) < res.Rows[i-1][1].(float64) {
				t.Fatalf("LIMIT %d: row %d out of distance order", limit, i)
			}
		}
	}
}
