package tests

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// sparseRows are clustered sparse vectors over dim dimensions by id 1..n:
// the 20 indices of one of 10 centres with noisy values, plus 3 random
// indices.
func sparseRows(seed uint64, n int, dim int32) map[int64]map[int32]float32 {
	r := rand.New(rand.NewPCG(seed, 2))
	centres := make([][]int32, 10)
	for c := range centres {
		for range 20 {
			centres[c] = append(centres[c], r.Int32N(dim))
		}
	}
	out := map[int64]map[int32]float32{}
	for id := int64(1); id <= int64(n); id++ {
		m := map[int32]float32{}
		for _, i := range centres[r.IntN(len(centres))] {
			m[i] = float32(1 + r.NormFloat64()*0.3)
		}
		for range 3 {
			m[r.Int32N(dim)] = float32(r.NormFloat64())
		}
		out[id] = m
	}
	return out
}

// sparseRef is pgvector's sparse distance for op (float32 sums in index
// order, float64 finish), on maps.
func sparseRef(op string, a, b map[int32]float32) float64 {
	var idx []int32
	for i := range a {
		idx = append(idx, i)
	}
	for i := range b {
		if _, ok := a[i]; !ok {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	var s, na, nb float32
	for _, i := range idx {
		x, y := a[i], b[i]
		switch op {
		case "<->":
			s += (x - y) * (x - y)
		case "<+>":
			s += float32(math.Abs(float64(x - y)))
		default:
			s += x * y
		}
	}
	for _, x := range sortedValues(a) {
		na += x * x
	}
	for _, x := range sortedValues(b) {
		nb += x * x
	}
	switch op {
	case "<->":
		return math.Sqrt(float64(s))
	case "<#>":
		return -float64(s)
	case "<=>":
		sim := float64(s) / math.Sqrt(float64(na)*float64(nb))
		return 1 - math.Max(-1, math.Min(1, sim))
	}
	return float64(s)
}

func sortedValues(m map[int32]float32) []float32 {
	var idx []int32
	for i := range m {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	out := make([]float32, len(idx))
	for k, i := range idx {
		out[k] = m[i]
	}
	return out
}

func bruteForceSparse(op string, rows map[int64]map[int32]float32, q map[int32]float32, k int) []int64 {
	var ids []int64
	for id := range rows {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int64) int {
		da, db := sparseRef(op, q, rows[a]), sparseRef(op, q, rows[b])
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return int(a - b)
	})
	return ids[:min(k, len(ids))]
}

// TestSparsevecKNNMatchesExact: each sparsevec_*_ops HNSW index answers
// ORDER BY s <op> $1 LIMIT k (pgvector-go's binary sparsevec) with exactly
// the brute-force rows, plain, filtered and past hnsw.ef_search; a value
// with more than 1000 non-zeros is pgvector's 54000 and leaves the table
// as it was; the plan is the index's.
func TestSparsevecKNNMatchesExact(t *testing.T) {
	t.Parallel()
	const n, dim = 800, 50000
	s := startServer(t, t.TempDir())
	conn := vectorConn(t, s)
	defer conn.Close(context.Background())
	rows := sparseRows(4, n, dim)
	mustExec(t, conn, fmt.Sprintf("CREATE TABLE sv (id bigint PRIMARY KEY, cat int, s sparsevec(%d))", dim))
	batch := &pgx.Batch{}
	for id := int64(1); id <= n; id++ {
		batch.Queue("INSERT INTO sv VALUES ($1, $2, $3)", id, id%5, pgvector.NewSparseVectorFromMap(rows[id], dim))
	}
	if err := conn.SendBatch(testCtx(t, 60*time.Second), batch).Close(); err != nil {
		t.Fatal(err)
	}
	queries := sparseRows(77, 6, dim)
	for i, c := range []struct{ op, opclass string }{{"<->", "l2"}, {"<#>", "ip"}, {"<=>", "cosine"}, {"<+>", "l1"}} {
		index := "sv_" + c.opclass
		mustExec(t, conn, fmt.Sprintf("CREATE INDEX %s ON sv USING hnsw (s sparsevec_%s_ops)", index, c.opclass))
		q := pgvector.NewSparseVectorFromMap(queries[int64(i+1)], dim)
		requireIndexScan(t, conn, fmt.Sprintf("SELECT id FROM sv ORDER BY s %s '%s' LIMIT 10", c.op, q.String()), index)
		for qi := int64(1); qi <= 6; qi++ {
			qm := queries[qi]
			if qi == 6 {
				qm = rows[17]
			}
			q := pgvector.NewSparseVectorFromMap(qm, dim)
			got := queryIDs(t, conn, fmt.Sprintf("SELECT id FROM sv ORDER BY s %s $1 LIMIT 10", c.op), q)
			if want := bruteForceSparse(c.op, rows, qm, 10); !slices.Equal(got, want) {
				t.Fatalf("%s q%d: got %v, want %v", c.op, qi, got, want)
			}
		}
		filtered := map[int64]map[int32]float32{}
		for id, m := range rows {
			if id%5 == 2 {
				filtered[id] = m
			}
		}
		got := queryIDs(t, conn, fmt.Sprintf("SELECT id FROM sv WHERE cat = 2 ORDER BY s %s $1 LIMIT 15", c.op), q)
		if want := bruteForceSparse(c.op, filtered, queries[int64(i+1)], 15); !slices.Equal(got, want) {
			t.Fatalf("%s filtered: got %v, want %v", c.op, got, want)
		}
		mustExec(t, conn, "SET hnsw.ef_search = 10")
		got = queryIDs(t, conn, fmt.Sprintf("SELECT id FROM sv ORDER BY s %s $1 LIMIT 30", c.op), q)
		if want := bruteForceSparse(c.op, rows, queries[int64(i+1)], 30); !slices.Equal(got, want) {
			t.Fatalf("%s past ef_search: got %v, want %v", c.op, got, want)
		}
		mustExec(t, conn, "RESET hnsw.ef_search")
		mustExec(t, conn, "DROP INDEX "+index)
	}
	mustExec(t, conn, "CREATE INDEX sv_l2 ON sv USING hnsw (s sparsevec_l2_ops)")
	big := map[int32]float32{}
	for i := range int32(1001) {
		big[i*7] = 1
	}
	_, err := conn.Exec(testCtx(t, 10*time.Second), "INSERT INTO sv VALUES (9999, 0, $1)", pgvector.NewSparseVectorFromMap(big, dim))
	if pe := wantCode(t, err, "54000"); pe.Message != "sparsevec cannot have more than 1000 non-zero elements for hnsw index" {
		t.Fatalf("message %q", pe.Message)
	}
	if got := queryIDs(t, conn, "SELECT count(*) FROM sv"); !slices.Equal(got, []int64{n}) {
		t.Fatalf("count after the refused insert: %v", got)
	}
}

// TestSparsevecCrashRestart writes sparsevec rows with a sparsevec_l2_ops
// index before and after a CHECKPOINT, kills the server with SIGKILL and
// restarts it: every row reads back exactly (binary and text) and the
// index's k-NN answer equals brute force.
func TestSparsevecCrashRestart(t *testing.T) {
	t.Parallel()
	const n, dim = 300, 1000000
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	conn := vectorConn(t, s)
	mustExec(t, conn, fmt.Sprintf("CREATE TABLE sc (id bigint PRIMARY KEY, s sparsevec(%d))", dim))
	mustExec(t, conn, "CREATE INDEX sc_l2 ON sc USING hnsw (s sparsevec_l2_ops)")
	rows := sparseRows(9, n, dim)
	for id := int64(1); id <= n; id++ {
		if id == 151 {
			mustExec(t, conn, "CHECKPOINT")
		}
		mustExec(t, conn, "INSERT INTO sc VALUES ($1, $2)", id, pgvector.NewSparseVectorFromMap(rows[id], dim))
	}
	mustExec(t, conn, "DELETE FROM sc WHERE id % 7 = 0")
	for id := range rows {
		if id%7 == 0 {
			delete(rows, id)
		}
	}
	conn.Close(context.Background())
	s.Kill()

	s = startServer(t, dataDir)
	conn = vectorConn(t, s)
	defer conn.Close(context.Background())
	res, err := conn.Query(testCtx(t, 30*time.Second), "SELECT id, s, s::text FROM sc")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for res.Next() {
		var id int64
		var v pgvector.SparseVector
		var text string
		if err := res.Scan(&id, &v, &text); err != nil {
			t.Fatal(err)
		}
		want := pgvector.NewSparseVectorFromMap(rows[id], dim)
		if rows[id] == nil || v.String() != want.String() || text != want.String() {
			t.Fatalf("row %d: %s / %s, want %s", id, v.String(), text, want.String())
		}
		seen++
	}
	if res.Err() != nil || seen != len(rows) {
		t.Fatalf("read %d rows (%v), want %d", seen, res.Err(), len(rows))
	}
	q := pgvector.NewSparseVectorFromMap(rows[3], dim)
	requireIndexScan(t, conn, fmt.Sprintf("SELECT id FROM sc ORDER BY s <-> '%s' LIMIT 10", q.String()), "sc_l2")
	got := queryIDs(t, conn, "SELECT id FROM sc ORDER BY s <-> $1 LIMIT 10", q)
	if want := bruteForceSparse("<->", rows, rows[3], 10); !slices.Equal(got, want) {
		t.Fatalf("index answer %v, exact %v", got, want)
	}
}
