package planner

import (
	"slices"
	"testing"
)

// TestIndexScanNullsFirst: an HNSW scan yields rows in ascending distance
// with NULL distances last, so ORDER BY v <op> q NULLS FIRST must not use
// it: the NULL vectors come first, as with a sequential scan and sort (and
// in PostgreSQL, whose pgvector index cannot give NULLS FIRST order). The
// index path returned the three nearest vectors and no NULL.
func TestIndexScanNullsFirst(t *testing.T) {
	for _, m := range knnMetrics {
		s := testSession(t)
		exec(t, s, "CREATE TABLE nf (id int PRIMARY KEY, v vector(2))")
		exec(t, s, "INSERT INTO nf VALUES (1, '[1,1]'), (2, NULL), (3, '[2,1]'), (4, NULL), (5, '[3,1]'), (6, '[4,1]')")
		exec(t, s, "CREATE INDEX ON nf USING hnsw (v "+m.opclass+")")
		for _, q := range []string{
			"SELECT id FROM nf ORDER BY v " + m.op + " '[1,1]' NULLS FIRST LIMIT 2",
			"SELECT id FROM nf ORDER BY v " + m.op + " '[1,1]' ASC NULLS FIRST LIMIT 3 OFFSET 0",
			"SELECT id FROM nf WHERE id > 1 ORDER BY v " + m.op + " '[1,1]' NULLS FIRST LIMIT 2",
		} {
			if got := ids(exec(t, s, q)); len(got) < 2 || !slices.Equal(got[:2], []int64{2, 4}) {
				t.Errorf("%s: %s returned %v, want the NULL vectors 2, 4 first", m.opclass, q, got)
			}
		}
		samePages(t, s, m.opclass+" nulls first", "SELECT id FROM nf ORDER BY v "+m.op+" '[1,1]' NULLS FIRST",
			[]knnWindow{{2, 0}, {3, 0}, {2, 1}, {1, 2}, {10, 0}})
	}
}
