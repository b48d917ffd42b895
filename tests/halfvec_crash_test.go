package tests

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
	"github.com/vecgres/vecgres/vecindex/fp16"
)

// halfRound is v with each element rounded to the nearest half, as the
// server stores a halfvec.
func halfRound(v []float32) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = fp16.ToFloat32(fp16.FromFloat32(x))
	}
	return out
}

// TestHalfvecCrashRestart writes a halfvec table with an HNSW index through
// pgvector-go's binary halfvec codec (its registration finds the type by
// to_regtype), part before a CHECKPOINT and part only in the WAL, kills
// the server with SIGKILL and restarts it: every row reads back exactly
// (binary and text), and the index still serves ORDER BY ... LIMIT with
// the exact scan's answer.
func TestHalfvecCrashRestart(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	conn := vectorConn(t, s)
	mustExec(t, conn, "CREATE TABLE hv (id bigint PRIMARY KEY, v halfvec(16))")
	mustExec(t, conn, "CREATE INDEX hv_hnsw ON hv USING hnsw (v halfvec_l2_ops)")
	// twin: the same rows as vector(16), to compare the graphs' memory
	mustExec(t, conn, "CREATE TABLE vv (id bigint PRIMARY KEY, v vector(16))")
	mustExec(t, conn, "CREATE INDEX vv_hnsw ON vv USING hnsw (v vector_l2_ops)")
	r := rand.New(rand.NewPCG(7, 8))
	want := map[int64][]float32{}
	insert := func(from, to int64) {
		for id := from; id < to; id++ {
			v := make([]float32, 16)
			for i := range v {
				v[i] = float32(r.NormFloat64() * 10)
			}
			mustExec(t, conn, "INSERT INTO hv VALUES ($1, $2)", id, pgvector.NewHalfVector(v))
			mustExec(t, conn, "INSERT INTO vv VALUES ($1, $2)", id, pgvector.NewVector(v))
			want[id] = halfRound(v)
		}
	}
	insert(1, 201)
	mustExec(t, conn, "CHECKPOINT")
	insert(201, 401)
	mustExec(t, conn, "DELETE FROM hv WHERE id % 10 = 0")
	for id := range want {
		if id%10 == 0 {
			delete(want, id)
		}
	}
	conn.Close(context.Background())
	s.Kill()

	s = startServer(t, dataDir)
	conn = vectorConn(t, s)
	defer conn.Close(context.Background())
	checkHalfRows(t, conn, want)
	q := pgvector.NewHalfVector(want[1])
	sql := "SELECT id FROM hv ORDER BY v <-> $1 LIMIT 10"
	requireIndexScan(t, conn, fmt.Sprintf("SELECT id FROM hv ORDER BY v <-> '%s' LIMIT 10", q.String()), "hv_hnsw")
	got := queryIDs(t, conn, sql, q)
	ids := make([]int64, 0, len(want))
	vecs := make([][]float32, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		vecs = append(vecs, want[id])
	}
	if exact := bruteForceKNN(ids, vecs, want[1], 10); !slices.Equal(got, exact) {
		t.Fatalf("index answer %v, exact %v", got, exact)
	}
	// The halfvec graph keeps 2 bytes per dimension after recovery: one
	// segment of 1,024 nodes × 16 dims saves 32 KiB against float32. The
	// rows replayed from the WAL enter both graphs in the background
	// (catalog/catchup.go), whose bulk inserts hold their build caches
	// until done, so the sizes are compared once the background work ends
	// (within 60 s).
	var hvSize, vvSize int64
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if err := conn.QueryRow(testCtx(t, 30e9), "SELECT pg_relation_size('hv_hnsw'), pg_relation_size('vv_hnsw')").Scan(&hvSize, &vvSize); err != nil {
			t.Fatal(err)
		}
		if vvSize-hvSize >= 30000 || time.Now().After(deadline) {
			break
		}
	}
	if vvSize-hvSize < 30000 {
		t.Fatalf("halfvec index %d bytes, vector index %d: want about 32 KiB less", hvSize, vvSize)
	}
}

// checkHalfRows reads hv back in binary (pgvector-go's codec) and in text
// and compares with want.
func checkHalfRows(t *testing.T, conn *pgx.Conn, want map[int64][]float32) {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 30e9), "SELECT id, v, v::text FROM hv")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var id int64
		var v pgvector.HalfVector
		var text string
		if err := rows.Scan(&id, &v, &text); err != nil {
			t.Fatal(err)
		}
		n++
		w, ok := want[id]
		if !ok || !slices.Equal(v.Slice(), w) {
			t.Fatalf("row %d: %v, want %v (present %v)", id, v.Slice(), w, ok)
		}
		var fromText pgvector.HalfVector
		if err := fromText.Parse(text); err != nil || !slices.Equal(fromText.Slice(), w) {
			t.Fatalf("row %d text %s (%v), want %v", id, text, err, w)
		}
	}
	if rows.Err() != nil || n != len(want) {
		t.Fatalf("%d rows (%v), want %d", n, rows.Err(), len(want))
	}
}
