package tests

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestCosineZeroVectorsKNN is a tester's repro: with zero vectors (cosine
// distance NaN) in a table with an HNSW cosine index, k-NN queries
// returned duplicated rows and more rows than the table holds. Every
// query must return distinct ids, at most LIMIT of them and at most the
// table's 300, in the order of the exact distances with NaN last.
func TestCosineZeroVectorsKNN(t *testing.T) {
	s := startServer(t, "")
	conn, err := pgx.Connect(testCtx(t, 30*time.Second), s.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(testCtx(t, 10*time.Second))
	for _, q := range []string{
		"CREATE TABLE nanrepro (id int PRIMARY KEY, v vector(3))",
		"INSERT INTO nanrepro SELECT g, ARRAY[g%7-3, g%5-2, g%3-1]::real[]::vector FROM generate_series(1,300) g",
		"CREATE INDEX ON nanrepro USING hnsw (v vector_cosine_ops)",
	} {
		mustExec(t, conn, q)
	}
	for _, tc := range []struct {
		q     string
		limit int
	}{
		{"[1,1,1]", 100}, {"[1,2,3]", 1000}, {"[-1,0,2]", 10}, {"[1,2,3]", 299},
	} {
		rows, err := conn.Query(testCtx(t, 30*time.Second),
			"SELECT id, (v <=> $1::vector)::float8 FROM nanrepro ORDER BY v <=> $1::vector LIMIT $2", tc.q, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int32]bool{}
		var prev float64
		nan := false
		for rows.Next() {
			var id int32
			var d float64
			if err := rows.Scan(&id, &d); err != nil {
				t.Fatal(err)
			}
			if seen[id] {
				t.Fatalf("query %s LIMIT %d: id %d returned twice", tc.q, tc.limit, id)
			}
			seen[id] = true
			switch {
			case d != d:
				nan = true
			case nan || d < prev:
				t.Fatalf("query %s LIMIT %d: distance %v after %v (NaN seen: %v)", tc.q, tc.limit, d, prev, nan)
			default:
				prev = d
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if want := min(tc.limit, 300); len(seen) > want || (tc.limit <= 297 && len(seen) != tc.limit) {
			t.Fatalf("query %s LIMIT %d: %d rows", tc.q, tc.limit, len(seen))
		}
	}
}
