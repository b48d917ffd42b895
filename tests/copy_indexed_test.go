package tests

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// copyIndexedRows makes COPY rows (id, embedding) for ids first.. with
// the given vectors; vecs[i] == nil gives a NULL embedding.
func copyIndexedRows(first int64, vecs [][]float32) [][]any {
	rows := make([][]any, len(vecs))
	for i, v := range vecs {
		var e any
		if v != nil {
			e = pgvector.NewVector(v)
		}
		rows[i] = []any{first + int64(i), e}
	}
	return rows
}

// knnIDs runs the k-NN query for each of qs on conn.
func knnIDs(t *testing.T, conn *pgx.Conn, qs [][]float32) [][]int64 {
	t.Helper()
	out := make([][]int64, len(qs))
	for i, q := range qs {
		out[i] = queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10", pgvector.NewVector(q))
	}
	return out
}

// TestCopyIntoIndexedTable: COPY into a table that already has an HNSW
// index (rows go into the graph in parallel batches) gives index scans
// equal to exact scans; a COPY failing at row 2,500 on a duplicate key
// leaves neither rows nor graph nodes behind; a COPY in an open
// transaction is found through the index by that transaction only.
func TestCopyIntoIndexedTable(t *testing.T) {
	s := startServer(t, "")
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(16))")
	mustExec(t, conn, "CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops)")
	mustExec(t, conn, "SET hnsw.ef_search = 1000")

	vecs := syntheticVectors(31, 3000, 16)
	for i := 99; i < len(vecs); i += 100 {
		vecs[i] = nil // 30 NULL embeddings: stored, not indexed
	}
	ctx := testCtx(t, 60*time.Second)
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "embedding"}, pgx.CopyFromRows(copyIndexedRows(1, vecs)))
	if err != nil || n != 3000 {
		t.Fatalf("CopyFrom: %d rows, %v; want 3000", n, err)
	}

	queries := syntheticVectors(32, 5, 16)
	requireIndexScan(t, conn, "SELECT id FROM items ORDER BY embedding <-> '"+pgvector.NewVector(queries[0]).String()+"' LIMIT 10", "items_hnsw")
	seq := vectorConn(t, s)
	mustExec(t, seq, "SET enable_indexscan = off")
	if plan := explain(t, seq, "SELECT id FROM items ORDER BY embedding <-> '"+pgvector.NewVector(queries[0]).String()+"' LIMIT 10"); strings.Contains(plan, "Index Scan") {
		t.Fatalf("enable_indexscan = off still scans the index:\n%s", plan)
	}
	var ids []int64
	var live [][]float32
	for i, v := range vecs {
		if v != nil {
			ids, live = append(ids, int64(i+1)), append(live, v)
		}
	}
	checkIndexEqualsExact := func(stage string) {
		t.Helper()
		indexed, exact := knnIDs(t, conn, queries), knnIDs(t, seq, queries)
		for i, q := range queries {
			want := bruteForceKNN(ids, live, q, 10)
			if !slices.Equal(exact[i], want) {
				t.Fatalf("%s: exact scan for query %d = %v, brute force %v", stage, i, exact[i], want)
			}
			if !slices.Equal(indexed[i], want) {
				t.Errorf("%s: index scan for query %d = %v, exact %v", stage, i, indexed[i], want)
			}
		}
	}
	checkIndexEqualsExact("after COPY")

	// A COPY whose row 2,500 repeats the id of its row 10 (an earlier
	// batch) fails with 23505; nothing of it stays.
	bad := syntheticVectors(33, 3000, 16)
	badRows := copyIndexedRows(10001, bad)
	badRows[2499][0] = int64(10010)
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "embedding"}, pgx.CopyFromRows(badRows))
	pe := wantCode(t, err, "23505")
	if pe.Detail != "Key (id)=(10010) already exists." || !strings.Contains(pe.Where, "COPY items, line 2500") {
		t.Fatalf("duplicate-key error: detail %q, context %q", pe.Detail, pe.Where)
	}
	var count int64
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM items").Scan(&count); err != nil || count != 3000 {
		t.Fatalf("count(*) after the failed COPY = %d, %v; want 3000", count, err)
	}
	for i := 0; i < 2499; i += 250 {
		got := queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 1", pgvector.NewVector(bad[i]))
		if len(got) != 1 || got[0] > 3000 {
			t.Fatalf("index scan near the failed COPY's row %d returns %v, want an id <= 3000", i+1, got)
		}
	}
	checkIndexEqualsExact("after the failed COPY")

	// In an open transaction the COPY's rows are found through the index
	// by that transaction only; after ROLLBACK by nobody.
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	extra := syntheticVectors(34, 500, 16)
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "embedding"}, pgx.CopyFromRows(copyIndexedRows(20001, extra))); err != nil {
		t.Fatal(err)
	}
	nearest := func(c interface {
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	}) int64 {
		rows, err := c.Query(ctx, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 1", pgvector.NewVector(extra[123]))
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil || len(got) != 1 {
			t.Fatalf("nearest: %v, %v", got, err)
		}
		return got[0]
	}
	if got := nearest(tx); got != 20124 {
		t.Fatalf("the copying transaction finds %d nearest to its row 124, want 20124", got)
	}
	if got := nearest(seq); got == 20124 {
		t.Fatal("another session sees an uncommitted COPY row")
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if got := nearest(conn); got > 3000 {
		t.Fatalf("after ROLLBACK the index returns id %d", got)
	}
	checkIndexEqualsExact("after the rolled-back COPY")
}
