package tests

import (
	"context"
	"slices"
	"testing"

	"github.com/pgvector/pgvector-go"
)

// TestIVFFlatCrashRestart builds an ivfflat index (10 lists) on 300 rows,
// checkpoints, writes 300 more rows through it (INSERT and binary COPY),
// deletes every 7th row, creates a second ivfflat index that only the WAL
// holds, kills the server with SIGKILL and restarts it: both indexes are
// there and serve ORDER BY ... LIMIT (EXPLAIN shows the index scan), with
// every list probed exactly the brute-force rows (also from the lists
// alone, vecgres.filter_plan = ef_postfilter), with one probe ten rows
// in distance order, and rows written after the restart are found.
func TestIVFFlatCrashRestart(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(8))")
	vecs := syntheticVectors(21, 600, 8)
	ids := make([]int64, 600)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	for i := range 300 {
		mustExec(t, conn, "INSERT INTO items VALUES ($1, $2)", ids[i], pgvector.NewVector(vecs[i]))
	}
	mustExec(t, conn, "CREATE INDEX items_ivf ON items USING ivfflat (embedding vector_l2_ops) WITH (lists = 10)")
	mustExec(t, conn, "CHECKPOINT")
	for i := 300; i < 400; i++ {
		mustExec(t, conn, "INSERT INTO items VALUES ($1, $2)", ids[i], pgvector.NewVector(vecs[i]))
	}
	copyVectors(t, conn, "items", ids[400:], vecs[400:])
	mustExec(t, conn, "DELETE FROM items WHERE id % 7 = 0")
	mustExec(t, conn, "CREATE INDEX items_ivf_cos ON items USING ivfflat (embedding vector_cosine_ops) WITH (lists = 5)")
	conn.Close(context.Background())
	s.Kill()

	s = startServer(t, dataDir)
	conn = vectorConn(t, s)
	defer conn.Close(context.Background())
	var liveIDs []int64
	var liveVecs [][]float32
	for i, id := range ids {
		if id%7 != 0 {
			liveIDs, liveVecs = append(liveIDs, id), append(liveVecs, vecs[i])
		}
	}
	q := vecs[5]
	lit := vectorLiteral(q)
	requireIndexScan(t, conn, "SELECT id FROM items ORDER BY embedding <-> "+lit+" LIMIT 10", "items_ivf")
	requireIndexScan(t, conn, "SELECT id FROM items ORDER BY embedding <=> "+lit+" LIMIT 10", "items_ivf_cos")
	mustExec(t, conn, "SET ivfflat.probes = 10")
	got := queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10", pgvector.NewVector(q))
	if want := bruteForceKNN(liveIDs, liveVecs, q, 10); !slices.Equal(got, want) {
		t.Fatalf("all lists after restart: %v, want %v", got, want)
	}
	// pgvector's own answer (no exact fallback) reads only the lists: they
	// hold every live row after the restart, in both indexes.
	mustExec(t, conn, "SET vecgres.filter_plan = ef_postfilter")
	if got := queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10", pgvector.NewVector(q)); !slices.Equal(got, bruteForceKNN(liveIDs, liveVecs, q, 10)) {
		t.Fatalf("lists alone after restart: %v", got)
	}
	if got := queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <=> $1 LIMIT 1000", pgvector.NewVector(q)); len(got) != len(liveIDs) {
		t.Fatalf("cosine lists hold %d rows, want %d", len(got), len(liveIDs))
	}
	mustExec(t, conn, "RESET vecgres.filter_plan")
	mustExec(t, conn, "SET ivfflat.probes = 1")
	rows, err := conn.Query(testCtx(t, 30e9), "SELECT id, embedding <-> $1 FROM items ORDER BY embedding <-> $1 LIMIT 10", pgvector.NewVector(q))
	if err != nil {
		t.Fatal(err)
	}
	var prev float64
	n := 0
	for rows.Next() {
		var id int64
		var d float64
		if err := rows.Scan(&id, &d); err != nil {
			t.Fatal(err)
		}
		if id%7 == 0 || d < prev {
			t.Fatalf("row %d: id %d distance %v after %v", n, id, d, prev)
		}
		prev = d
		n++
	}
	if rows.Err() != nil || n != 10 {
		t.Fatalf("one probe: %d rows, %v", n, rows.Err())
	}
	mustExec(t, conn, "INSERT INTO items VALUES (1000, $1)", pgvector.NewVector([]float32{9, 9, 9, 9, 9, 9, 9, 9}))
	if got := queryIDs(t, conn, "SELECT id FROM items ORDER BY embedding <-> '[9,9,9,9,9,9,9,9]' LIMIT 1"); !slices.Equal(got, []int64{1000}) {
		t.Fatalf("row inserted after restart: %v", got)
	}
}
