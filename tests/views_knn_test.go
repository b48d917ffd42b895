package tests

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pgvector/pgvector-go"
)

// k-NN through a simple view is the HNSW index scan of its table
// (PostgreSQL pulls the view's query up into the statement): EXPLAIN
// shows the index, the answers are the table's own, and recall@10
// against brute force holds; a view with a WHERE is planned as its
// query on the table (the same access path) and still filters, and a
// view that is not simple (a LIMIT in it) is read as a subquery.
func TestViewKNNUsesHNSW(t *testing.T) {
	const n, dims = 2000, 16
	srv := startServer(t, t.TempDir())
	conn := vectorConn(t, srv)
	mustExec(t, conn, `CREATE TABLE vk (id bigint PRIMARY KEY, embedding vector(16))`)
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	vecs := syntheticVectors(41, n, dims)
	copyVectors(t, conn, "vk", ids, vecs)
	mustExec(t, conn, `CREATE INDEX vk_h ON vk USING hnsw (embedding vector_l2_ops)`)
	mustExec(t, conn, `CREATE VIEW vkv (vid, vec) AS SELECT id, embedding FROM vk`)
	mustExec(t, conn, `CREATE VIEW vk_odd AS SELECT * FROM vk WHERE id % 2 = 1`)
	mustExec(t, conn, `CREATE VIEW vk_lim AS SELECT * FROM vk ORDER BY id LIMIT 100`)

	requireIndexScan(t, conn, "SELECT vid FROM vkv ORDER BY vec <-> "+vectorLiteral(vecs[0])+" LIMIT 10", "vk_h")
	viaView := explain(t, conn, "SELECT id FROM vk_odd ORDER BY embedding <-> "+vectorLiteral(vecs[0])+" LIMIT 10")
	direct := explain(t, conn, "SELECT id FROM vk WHERE id % 2 = 1 ORDER BY embedding <-> "+vectorLiteral(vecs[0])+" LIMIT 10")
	if viaView != direct {
		t.Fatalf("plan through vk_odd:\n%s\nplan of its query on vk:\n%s", viaView, direct)
	}
	if plan := explain(t, conn, "SELECT id FROM vk_lim ORDER BY embedding <-> "+vectorLiteral(vecs[0])+" LIMIT 10"); strings.Contains(plan, "vk_h") {
		t.Fatalf("a view with LIMIT must not be flattened into an index scan:\n%s", plan)
	}

	queries := syntheticVectors(42, 50, dims)
	hits, oddHits := 0, 0
	var oddIDs []int64
	var oddVecs [][]float32
	for i, id := range ids {
		if id%2 == 1 {
			oddIDs, oddVecs = append(oddIDs, id), append(oddVecs, vecs[i])
		}
	}
	for _, q := range queries {
		got := queryIDs(t, conn, `SELECT vid FROM vkv ORDER BY vec <-> $1 LIMIT 10`, pgvector.NewVector(q))
		direct := queryIDs(t, conn, `SELECT id FROM vk ORDER BY embedding <-> $1 LIMIT 10`, pgvector.NewVector(q))
		if !slices.Equal(got, direct) {
			t.Fatalf("through the view %v, from the table %v", got, direct)
		}
		for _, id := range bruteForceKNN(ids, vecs, q, 10) {
			if slices.Contains(got, id) {
				hits++
			}
		}
		odd := queryIDs(t, conn, `SELECT id FROM vk_odd ORDER BY embedding <-> $1 LIMIT 10`, pgvector.NewVector(q))
		for _, id := range odd {
			if id%2 != 1 {
				t.Fatalf("vk_odd returned even id %d", id)
			}
		}
		for _, id := range bruteForceKNN(oddIDs, oddVecs, q, 10) {
			if slices.Contains(odd, id) {
				oddHits++
			}
		}
	}
	if recall := float64(hits) / float64(10*len(queries)); recall < 0.9 {
		t.Fatalf("recall@10 through vkv: %.3f, want >= 0.9", recall)
	}
	if recall := float64(oddHits) / float64(10*len(queries)); recall < 0.9 {
		t.Fatalf("recall@10 through vk_odd: %.3f, want >= 0.9", recall)
	}
	_, err := conn.Exec(testCtx(t, 30*time.Second), `SELECT id FROM vkv`)
	wantCode(t, err, "42703")
}
