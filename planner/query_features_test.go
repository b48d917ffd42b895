package planner

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// execErr runs a statement that must fail and returns its error.
func execErr(t *testing.T, s *Session, query string) *pgerror.Error {
	t.Helper()
	ps, err := s.Split(query)
	if err == nil {
		_, err = s.Execute(context.Background(), ps[0], nil)
	}
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Fatalf("%s: got %v, want a *pgerror.Error", query, err)
	}
	return pe
}

// TestSubqueryRunsOnce checks InitPlan semantics: the subquery's value is
// taken once per execution, before the statement's own writes change it,
// and again on the next execution of a prepared statement.
func TestSubqueryRunsOnce(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(2))")
	exec(t, s, "INSERT INTO items (embedding) VALUES ('[1,1]'), ('[10,10]'), ('[20,20]')")
	// Row 1 is updated first; rows 2 and 3 must still add its old value.
	exec(t, s, "UPDATE items SET embedding = embedding + (SELECT embedding FROM items WHERE id = 1)")
	res := exec(t, s, "SELECT embedding FROM items ORDER BY id")
	want := []types.Vector{{2, 2}, {11, 11}, {21, 21}}
	for i, r := range res.Rows {
		if !slices.Equal(r[0].(types.Vector), want[i]) {
			t.Fatalf("row %d = %v, want %v", i+1, r[0], want[i])
		}
	}
	p, err := s.Prepare("SELECT id FROM items WHERE id <> $1 ORDER BY embedding <-> (SELECT embedding FROM items WHERE id = $1) LIMIT 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ param, want int64 }{{1, 2}, {3, 2}, {2, 1}} {
		res, err := s.Execute(context.Background(), p, []any{tc.param})
		if err != nil || len(res.Rows) != 1 || res.Rows[0][0].(int64) != tc.want {
			t.Fatalf("$1 = %d: got %v, %v; want id %d", tc.param, res, err, tc.want)
		}
	}
}

// TestSubqueryIndexScan checks that ORDER BY col <-> (SELECT ...) LIMIT k
// uses the HNSW index and returns the rows the written-out vector does,
// which are the exact nearest neighbours on this small table.
func TestSubqueryIndexScan(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))")
	exec(t, s, "INSERT INTO items (embedding) SELECT ARRAY[i % 17, i % 19, i % 23]::vector FROM generate_series(1, 500) i")
	exec(t, s, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops)")
	q := "SELECT id FROM items WHERE id != 7 ORDER BY embedding <-> (SELECT embedding FROM items WHERE id = 7) LIMIT 10"
	var lines []string
	for _, r := range exec(t, s, "EXPLAIN "+q).Rows {
		lines = append(lines, r[0].(string))
	}
	if len(lines) < 5 || lines[1] != "  InitPlan 1 (returns $0)" || lines[4] != "  ->  Index Scan using items_embedding_idx on items  (rows=10)" {
		t.Fatalf("plan %q: want the InitPlan, then the index scan", lines)
	}
	got := ids(exec(t, s, q))
	lit := ids(exec(t, s, "SELECT id FROM items WHERE id != 7 ORDER BY embedding <-> '[7,7,7]' LIMIT 10"))
	if !slices.Equal(got, lit) {
		t.Fatalf("subquery order %v, literal order %v", got, lit)
	}
	// Brute force: the distances of the 10 nearest other rows to [7,7,7].
	dist := func(i int64) float64 {
		a, b, c := float64(i%17-7), float64(i%19-7), float64(i%23-7)
		return math.Sqrt(a*a + b*b + c*c)
	}
	var exact []float64
	for i := int64(1); i <= 500; i++ {
		if i != 7 {
			exact = append(exact, dist(i))
		}
	}
	sort.Float64s(exact)
	for i, id := range got {
		if d := dist(id); d != exact[i] {
			t.Fatalf("row %d: id %d at distance %v, exact order has %v", i, id, d, exact[i])
		}
	}
}

// TestUpsertCounts checks ON CONFLICT's command tags and results over a
// prepared statement run repeatedly, as drivers send the README's upsert.
func TestUpsertCounts(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id bigint PRIMARY KEY, embedding vector(2), hits int DEFAULT 0)")
	p, err := s.Prepare("INSERT INTO items (id, embedding) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding, hits = items.hits + 1 WHERE items.embedding <> EXCLUDED.embedding", nil)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		id  int64
		vec string
		tag string
	}{
		{1, "[1,1]", "INSERT 0 1"}, {1, "[1,1]", "INSERT 0 0"}, {1, "[2,2]", "INSERT 0 1"}, {2, "[2,2]", "INSERT 0 1"}, {1, "[3,3]", "INSERT 0 1"},
	}
	for _, st := range steps {
		v, _ := types.ParseText(types.VectorOf(2), st.vec)
		res, err := s.Execute(context.Background(), p, []any{st.id, v})
		if err != nil || res.Tag != st.tag {
			t.Fatalf("upsert (%d, %s): %v, %v; want %s", st.id, st.vec, res, err, st.tag)
		}
	}
	res := exec(t, s, "SELECT id, embedding, hits FROM items ORDER BY id")
	got := fmt.Sprint(res.Rows)
	if want := "[[1 [3 3] 2] [2 [2 2] 0]]"; got != want {
		t.Fatalf("rows %s, want %s", got, want)
	}
	if e := execErr(t, s, "INSERT INTO items (id) VALUES (5), (5) ON CONFLICT (id) DO UPDATE SET hits = 9"); e.Code != pgerror.CardinalityViolation {
		t.Fatalf("duplicate proposal: %s %s", e.Code, e.Message)
	}
	if n := len(exec(t, s, "SELECT id FROM items WHERE id = 5").Rows); n != 0 {
		t.Fatalf("the failed statement left %d rows", n)
	}
}

// TestUpsertOtherTransaction checks that a key an uncommitted transaction
// holds is waited for by DO NOTHING and DO UPDATE (here until
// lock_timeout: 55P03; dml_locks_test.go has the waits that end).
func TestUpsertOtherTransaction(t *testing.T) {
	a := testSession(t)
	exec(t, a, "CREATE TABLE items (id bigint PRIMARY KEY, n int)")
	b := a.en.NewSession(map[string]string{"user": "postgres"}).(*Session)
	t.Cleanup(b.Close)
	exec(t, a, "BEGIN")
	exec(t, a, "INSERT INTO items VALUES (1, 1)")
	exec(t, b, "SET lock_timeout = '10ms'")
	if e := execErr(t, b, "INSERT INTO items VALUES (2, 2), (1, 2) ON CONFLICT DO NOTHING"); e.Code != pgerror.LockNotAvailable {
		t.Fatalf("DO NOTHING: %s %s, want 55P03", e.Code, e.Message)
	}
	if e := execErr(t, b, "INSERT INTO items VALUES (1, 3) ON CONFLICT (id) DO UPDATE SET n = 3"); e.Code != pgerror.LockNotAvailable {
		t.Fatalf("DO UPDATE: %s %s, want 55P03", e.Code, e.Message)
	}
	exec(t, a, "COMMIT")
	exec(t, b, "INSERT INTO items VALUES (2, 2)")
	if tag := exec(t, b, "INSERT INTO items VALUES (1, 4) ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n").Tag; tag != "INSERT 0 1" {
		t.Fatalf("after commit: %s", tag)
	}
	if got := fmt.Sprint(exec(t, b, "SELECT id, n FROM items ORDER BY id").Rows); got != "[[1 4] [2 2]]" {
		t.Fatalf("rows %s", got)
	}
}

// TestGroupByMatchesBruteForce compares GROUP BY with count, sum, avg of
// vectors and HAVING against the same groups computed here.
func TestGroupByMatchesBruteForce(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id bigserial PRIMARY KEY, cat int, embedding vector(2))")
	exec(t, s, "INSERT INTO items (cat, embedding) SELECT i % 5, ARRAY[i, i % 3]::vector FROM generate_series(1, 200) i")
	res := exec(t, s, "SELECT cat, count(*), sum(id), avg(embedding) FROM items GROUP BY cat HAVING count(*) >= 40 ORDER BY cat DESC")
	if len(res.Rows) != 5 {
		t.Fatalf("%d groups, want 5", len(res.Rows))
	}
	for i, r := range res.Rows {
		cat := int64(4 - i)
		var n, sum int64
		var s0, s1 float64
		for id := int64(1); id <= 200; id++ {
			if id%5 == cat {
				n, sum, s0, s1 = n+1, sum+id, s0+float64(id), s1+float64(id%3)
			}
		}
		want := fmt.Sprint([]any{cat, n, sum, types.Vector{float32(s0 / float64(n)), float32(s1 / float64(n))}})
		if got := fmt.Sprint(r); got != want {
			t.Errorf("group %d: got %s, want %s", cat, got, want)
		}
	}
	if n := len(exec(t, s, "SELECT cat FROM items GROUP BY cat HAVING sum(id) > 4000").Rows); n != 3 {
		t.Errorf("HAVING sum(id) > 4000: %d groups, want 3 (sums 4100, 3940, 3980, 4020, 4060)", n)
	}
}

// TestInsertSelectParam checks that $n in the SELECT of INSERT ... SELECT
// takes the target column's type, as PostgreSQL infers it.
func TestInsertSelectParam(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(2))")
	p, err := s.Prepare("INSERT INTO items (embedding) SELECT $1 RETURNING embedding", nil)
	if err != nil {
		t.Fatal(err)
	}
	pts := p.ParamTypes()
	if len(pts) != 1 || pts[0].Kind != types.KindVector {
		t.Fatalf("parameter types %v, want [vector]", pts)
	}
	res, err := s.Execute(context.Background(), p, []any{types.Vector{1, 2}})
	if err != nil || fmt.Sprint(res.Rows) != "[[[1 2]]]" {
		t.Fatalf("got %v, %v", res, err)
	}
}
