package tests

import (
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// reindexRows and reindexDims size the table of TestCancelReindex: an
// HNSW rebuild over it runs for seconds on 2 cores, far over
// cancelTimeout and the 300 ms of cancelRequested.
const (
	reindexRows    = 80000
	reindexDims    = 8
	reindexQueries = 20
)

// TestCancelReindex: statement_timeout and a CancelRequest stop REINDEX
// INDEX and REINDEX TABLE of an HNSW-indexed table with 57014, as in
// PostgreSQL, and leave the old index in place and untouched: the same
// indexes, and every k-NN query through the index returns exactly the ids
// it returned before (which match brute force closely). An uncancelled
// REINDEX then still works.
func TestCancelReindex(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE cr (id bigint PRIMARY KEY, embedding vector(8))")
	vecs := syntheticVectors(11, reindexRows, reindexDims)
	ids := make([]int64, len(vecs))
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	copyVectors(t, conn, "cr", ids, vecs)
	mustExecWithin(t, conn, 5*time.Minute, "CREATE INDEX cr_h ON cr USING hnsw (embedding vector_l2_ops)")
	mustExec(t, conn, "SET hnsw.ef_search = 100")
	const knn = "SELECT id FROM cr ORDER BY embedding <-> $1 LIMIT 10"
	requireIndexScan(t, conn, "SELECT id FROM cr ORDER BY embedding <-> "+vectorLiteral(vecs[0])+" LIMIT 10", "cr_h")

	queries := syntheticVectors(12, reindexQueries, reindexDims)
	answers := func() [][]int64 {
		out := make([][]int64, len(queries))
		for i, q := range queries {
			out[i] = queryIDs(t, conn, knn, pgvector.NewVector(q))
		}
		return out
	}
	before := answers()
	hits := 0
	for i, q := range queries {
		for _, id := range bruteForceKNN(ids, vecs, q, 10) {
			if slices.Contains(before[i], id) {
				hits++
			}
		}
	}
	if recall := float64(hits) / float64(10*len(queries)); recall < 0.9 {
		t.Fatalf("recall@10 of cr_h before any REINDEX: %.3f, want >= 0.9", recall)
	}
	check := func(after string) {
		t.Helper()
		checkReindexTable(t, conn)
		got := answers()
		for i := range queries {
			if !slices.Equal(got[i], before[i]) {
				t.Fatalf("after %s, query %d returns %v; before it returned %v", after, i, got[i], before[i])
			}
		}
	}

	for _, q := range []string{"REINDEX INDEX cr_h", "REINDEX TABLE cr"} {
		timesOut(t, conn, q)
		check("a timed-out " + q)
		cancelRequested(t, s, q)
		check("a cancelled " + q)
	}

	mustExecWithin(t, conn, 5*time.Minute, "REINDEX INDEX cr_h")
	checkReindexTable(t, conn)
	requireIndexScan(t, conn, "SELECT id FROM cr ORDER BY embedding <-> "+vectorLiteral(vecs[0])+" LIMIT 10", "cr_h")
	if got := queryIDs(t, conn, knn, pgvector.NewVector(vecs[0])); len(got) != 10 || got[0] != 1 {
		t.Fatalf("after REINDEX, the nearest rows to row 1's vector: %v, want 10 ids starting with 1", got)
	}
}

// checkReindexTable fails the test unless cr holds its reindexRows rows
// and exactly the indexes cr_h and cr_pkey.
func checkReindexTable(t *testing.T, conn *pgx.Conn) {
	t.Helper()
	ctx := testCtx(t, 30*time.Second)
	var n int64
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM cr").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != reindexRows {
		t.Fatalf("cr holds %d rows, want %d", n, reindexRows)
	}
	rows, err := conn.Query(ctx, "SELECT indexname FROM pg_indexes WHERE tablename = 'cr' ORDER BY indexname")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"cr_h", "cr_pkey"}; !slices.Equal(got, want) {
		t.Fatalf("indexes of cr: %v, want %v", got, want)
	}
}
