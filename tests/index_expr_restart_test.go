package tests

import (
	"slices"
	"testing"
)

// TestExpressionPartialIndexesSurviveKill: expression and partial indexes
// (B-tree and HNSW) survive SIGKILL (WAL replay) and a clean restart
// (snapshot, its indexes bound again from their stored text): the plans
// still use them and the answers are exactly the sequential scan's,
// including rows written after the last checkpoint.
func TestExpressionPartialIndexesSurviveKill(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, dir)
	conn := vectorConn(t, srv)
	for _, q := range []string{
		`CREATE TABLE docs (id int PRIMARY KEY, name text, metadata jsonb, n int, embedding vector)`,
		`INSERT INTO docs SELECT i, 'Name' || i, jsonb_build_object('category', 'c' || (i % 10)), i % 100,
			('[' || i || ',' || (i % 7) || ',1]')::vector FROM generate_series(1, 3000) i`,
		`CREATE INDEX ON docs ((lower(name)))`,
		`CREATE INDEX docs_cat ON docs ((metadata->>'category')) WHERE n > 10`,
		`CREATE INDEX docs_hnsw ON docs USING hnsw ((embedding::vector(3)) vector_l2_ops) WHERE n >= 5`,
		`CREATE INDEX docs_multi ON docs (n, lower(name))`,
		`ANALYZE docs`,
		`INSERT INTO docs VALUES (3001, 'MiXeD', '{"category": "c3"}', 50, '[1,1,1]')`,
		`UPDATE docs SET name = 'Other' WHERE id = 7`,
		`DELETE FROM docs WHERE id = 13`,
	} {
		mustExec(t, conn, q)
	}
	queries := []struct{ q, index string }{
		{`SELECT id FROM docs WHERE lower(name) IN ('mixed', 'other', 'name8', 'name7')`, "docs_lower_idx"},
		{`SELECT id FROM docs WHERE metadata->>'category' = 'c3' AND n > 90 AND id < 1000`, "docs_cat"},
		{`SELECT id FROM docs WHERE n = 42 AND id < 1000`, "docs_multi"},
		{`SELECT id FROM docs WHERE n >= 50 ORDER BY embedding::vector(3) <-> '[20,3,1]' LIMIT 5`, "docs_hnsw"},
	}
	want := [][]int64{{7, 8, 3001}, {93, 193, 293, 393, 493, 593, 693, 793, 893, 993},
		{42, 142, 242, 342, 442, 542, 642, 742, 842, 942}}
	check := func(when string) {
		t.Helper()
		c := vectorConn(t, srv)
		for i, q := range queries {
			requireIndexScan(t, c, q.q, q.index)
			got := queryIDs(t, c, q.q)
			if i < 3 {
				slices.Sort(got)
			}
			mustExec(t, c, `SET enable_indexscan = off`)
			exact := queryIDs(t, c, q.q)
			mustExec(t, c, `SET enable_indexscan = on`)
			if i < 3 {
				slices.Sort(exact)
				if !slices.Equal(exact, want[i]) {
					t.Fatalf("%s: %s: the exact scan gives %v, want %v", when, q.q, exact, want[i])
				}
			}
			if !slices.Equal(got, exact) {
				t.Fatalf("%s: %s: index gives %v, exact scan %v", when, q.q, got, exact)
			}
		}
	}
	check("before")
	srv.Kill()
	srv = startServer(t, dir)
	check("after-crash")
	srv.Stop()
	srv = startServer(t, dir)
	check("after-restart")
}
