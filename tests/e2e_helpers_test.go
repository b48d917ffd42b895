package tests

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pgvector/pgvector-go"
	pgxvector "github.com/pgvector/pgvector-go/pgx"
)

// testCtx returns a context that ends after d or when the test ends.
func testCtx(t testing.TB, d time.Duration) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// mustExec runs one statement and fails the test on error.
func mustExec(t testing.TB, conn *pgx.Conn, sql string, args ...any) pgconn.CommandTag {
	t.Helper()
	return mustExecWithin(t, conn, 30*time.Second, sql, args...)
}

// mustExecWithin is mustExec with its own bound on the statement's time,
// for index builds that a loaded machine (the race tests beside them in
// CI) may slow far past 30 s.
func mustExecWithin(t testing.TB, conn *pgx.Conn, d time.Duration, sql string, args ...any) pgconn.CommandTag {
	t.Helper()
	tag, err := conn.Exec(testCtx(t, d), sql, args...)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return tag
}

// vectorConn connects to s, creates the vector extension if needed and
// registers pgvector-go's codecs on the connection.
func vectorConn(t testing.TB, s *server) *pgx.Conn {
	t.Helper()
	conn := s.connect(t)
	mustExec(t, conn, "CREATE EXTENSION IF NOT EXISTS vector")
	if err := pgxvector.RegisterTypes(testCtx(t, 10*time.Second), conn); err != nil {
		t.Fatalf("pgvector RegisterTypes: %v", err)
	}
	return conn
}

// asPgError returns err as a *pgconn.PgError or fails the test.
func asPgError(t testing.TB, err error) *pgconn.PgError {
	t.Helper()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		t.Fatalf("want a server error, got %v", err)
	}
	return pe
}

// wantCode fails the test unless err is a server error with SQLSTATE code.
func wantCode(t testing.TB, err error, code string) *pgconn.PgError {
	t.Helper()
	if err == nil {
		t.Fatalf("want SQLSTATE %s, got no error", code)
	}
	pe := asPgError(t, err)
	if pe.Code != code {
		t.Fatalf("want SQLSTATE %s, got %s: %s", code, pe.Code, pe.Message)
	}
	return pe
}

// syntheticVectors returns n synthetic vectors of dim float32 components,
// each uniform in [0, 1), from a seeded generator (not real data).
func syntheticVectors(seed uint64, n, dim int) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dim)
		for j := range v {
			v[j] = r.Float32()
		}
		out[i] = v
	}
	return out
}

// l2 is the Euclidean distance between a and b computed in float64.
func l2(a, b []float32) float64 {
	var s float64
	for i := range a {
		d := float64(a[i]) - float64(b[i])
		s += d * d
	}
	return math.Sqrt(s)
}

// bruteForceKNN returns the ids of the k rows nearest to q by exact L2
// distance; ids[i] is the id of vecs[i].
func bruteForceKNN(ids []int64, vecs [][]float32, q []float32, k int) []int64 {
	order := make([]int, len(vecs))
	for i := range order {
		order[i] = i
	}
	dist := make([]float64, len(vecs))
	for i, v := range vecs {
		dist[i] = l2(v, q)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case dist[a] < dist[b]:
			return -1
		case dist[a] > dist[b]:
			return 1
		}
		return 0
	})
	out := make([]int64, 0, k)
	for _, i := range order[:min(k, len(order))] {
		out = append(out, ids[i])
	}
	return out
}

// copyVectors loads rows (ids[i], vecs[i]) into table (id, embedding) with
// pgx's binary COPY and checks the row count.
func copyVectors(t testing.TB, conn *pgx.Conn, table string, ids []int64, vecs [][]float32) {
	t.Helper()
	rows := make([][]any, len(vecs))
	for i, v := range vecs {
		rows[i] = []any{ids[i], pgvector.NewVector(v)}
	}
	n, err := conn.CopyFrom(testCtx(t, 60*time.Second), pgx.Identifier{table},
		[]string{"id", "embedding"}, pgx.CopyFromRows(rows))
	if err != nil {
		t.Fatalf("CopyFrom %s: %v", table, err)
	}
	if n != int64(len(rows)) {
		t.Fatalf("CopyFrom %s: copied %d rows, want %d", table, n, len(rows))
	}
}

// queryIDs runs a query returning one bigint column and collects it.
func queryIDs(t testing.TB, conn *pgx.Conn, sql string, args ...any) []int64 {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 30*time.Second), sql, args...)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return ids
}

// explain returns the plan lines of EXPLAIN sql.
func explain(t testing.TB, conn *pgx.Conn, sql string) string {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 30*time.Second), "EXPLAIN "+sql)
	if err != nil {
		t.Fatalf("EXPLAIN %s: %v", sql, err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("EXPLAIN %s: %v", sql, err)
	}
	return strings.Join(lines, "\n")
}

// requireIndexScan fails the test unless the plan of sql uses index.
func requireIndexScan(t testing.TB, conn *pgx.Conn, sql, index string) {
	t.Helper()
	plan := explain(t, conn, sql)
	if !strings.Contains(plan, "Index Scan using "+index) {
		t.Fatalf("plan of %s does not scan %s:\n%s", sql, index, plan)
	}
}

// vectorLiteral renders v in pgvector's text form for use inside SQL.
func vectorLiteral(v []float32) string {
	return "'" + pgvector.NewVector(v).String() + "'"
}
