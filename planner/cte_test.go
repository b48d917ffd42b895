package planner

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// TestReadTablesCTE: a reader's locks cover the tables its WITH queries
// read, also those no reference reads (they are bound for their errors),
// and not a table a WITH query's name shadows.
func TestReadTablesCTE(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"WITH a AS (SELECT * FROM items) SELECT * FROM a", []string{"items"}},
		{"WITH items AS (SELECT 1 AS x) SELECT * FROM items", nil},
		{"WITH a AS (SELECT * FROM x), b AS (SELECT * FROM a JOIN y ON true) SELECT * FROM b", []string{"x", "y"}},
		{"WITH unused AS (SELECT * FROM x) SELECT * FROM y", []string{"x", "y"}},
		{"SELECT * FROM (WITH a AS (SELECT * FROM x) SELECT * FROM a) d", []string{"x"}},
		{"WITH RECURSIVE r AS (SELECT id FROM x UNION ALL SELECT y.id FROM y JOIN r ON y.p = r.id) SELECT * FROM r", []string{"x", "y"}},
		{"WITH RECURSIVE r AS (SELECT id FROM x UNION SELECT y.id FROM r, y) SELECT * FROM z", []string{"x", "y", "z"}},
	}
	for _, tc := range tests {
		stmts, err := sql.Parse(tc.q)
		if err != nil || len(stmts) != 1 {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if got := readTables(stmts[0]); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: readTables %v, want %v", tc.q, got, tc.want)
		}
	}
}

// mastraVector is row i's 3-d vector: points spread around a circle
// with a varying height, so that cosine distances differ.
func mastraVector(i int) [3]float64 {
	a := float64(i) * 0.37
	return [3]float64{math.Cos(a) + 1.5, math.Sin(a) + 1.5, float64(i%7) * 0.3}
}

// cosineDistance is pgvector's <=> over float64s.
func cosineDistance(x, y [3]float64) float64 {
	var dot, nx, ny float64
	for k := range x {
		dot += x[k] * y[k]
		nx += x[k] * x[k]
		ny += y[k] * y[k]
	}
	return 1 - dot/math.Sqrt(nx*ny)
}

// TestCTEMastraQuery runs Mastra PgVector's query shape, a WITH query
// computing 1 - cosine distance as score with a metadata filter, read by
// a main query that keeps scores above a bound, best first, LIMIT k (as
// parameters), and checks it against brute force. As in PostgreSQL +
// pgvector, ORDER BY score DESC is no distance operator, so no index can
// serve it: every row is scored. A WITH query that itself orders by the
// distance with a LIMIT keeps its HNSW index scan, like any subquery in
// FROM.
func TestCTEMastraQuery(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE mv (id int PRIMARY KEY, cat text, embedding vector(3))")
	var vals []string
	for i := 1; i <= 300; i++ {
		v := mastraVector(i)
		vals = append(vals, fmt.Sprintf("(%d, '%s', '[%g,%g,%g]')", i, []string{"a", "b", "c"}[i%3], v[0], v[1], v[2]))
	}
	exec(t, s, "INSERT INTO mv VALUES "+strings.Join(vals, ", "))
	exec(t, s, "CREATE INDEX ON mv USING hnsw (embedding vector_cosine_ops)")
	q := [3]float64{2, 1, 0.5}
	const query = `WITH vector_scores AS (SELECT id, 1 - (embedding <=> $1) AS score, cat FROM mv WHERE cat = 'b')
SELECT * FROM vector_scores WHERE score > $2 ORDER BY score DESC LIMIT $3`
	res := exec(t, s, query, types.Vector{2, 1, 0.5}, 0.9, int64(10))
	type scored struct {
		id    int64
		score float64
	}
	var want []scored
	for i := 1; i <= 300; i++ {
		if i%3 != 1 {
			continue
		}
		if sc := 1 - cosineDistance(mastraVector(i), q); sc > 0.9 {
			want = append(want, scored{int64(i), sc})
		}
	}
	sort.SliceStable(want, func(i, j int) bool { return want[i].score > want[j].score })
	want = want[:10]
	if len(res.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(res.Rows), len(want))
	}
	for i, r := range res.Rows {
		// vectors are float4: a score may differ from float64's in the last digits
		if r[0].(int64) != want[i].id || math.Abs(r[1].(float64)-want[i].score) > 1e-5 || r[2] != "b" {
			t.Errorf("row %d: %v, want id %d score %g", i, r, want[i].id, want[i].score)
		}
	}

	// k-NN inside the WITH query: an HNSW scan, whose rows the main query re-ranks.
	const knn = "WITH nn AS (SELECT id FROM mv ORDER BY embedding <=> '[2,1,0.5]' LIMIT 5) SELECT id FROM nn ORDER BY id"
	stmts, err := sql.Parse(knn)
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBinder(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := b.planSelect(stmts[0].(*sql.Select))
	if err != nil {
		t.Fatal(err)
	}
	outer := pl.(*selectPlan)
	if outer.derived == nil {
		t.Fatalf("main query does not read the WITH query")
	}
	if inner, ok := outer.derived.plan.(*selectPlan); !ok || inner.scan == nil {
		t.Fatalf("WITH query's plan %#v does not use the HNSW index", outer.derived.plan)
	}
	all := make([]int, 300)
	for i := range all {
		all[i] = i + 1
	}
	sort.SliceStable(all, func(i, j int) bool {
		return cosineDistance(mastraVector(all[i]), q) < cosineDistance(mastraVector(all[j]), q)
	})
	top := append([]int(nil), all[:5]...)
	sort.Ints(top)
	got := ids(exec(t, s, knn))
	if fmt.Sprint(got) != fmt.Sprint(top) {
		t.Errorf("k-NN in WITH: %v, want %v (brute force)", got, top)
	}
}

// TestExplainCTERefused: EXPLAIN of a query reading an inlined WITH query as its
// only FROM item (not described yet, as a subquery in FROM) is 0A000
// naming the WITH query.
func TestExplainCTERefused(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ec (id int)")
	pe := execErr(t, s, "EXPLAIN WITH a AS (SELECT id FROM ec) SELECT * FROM a")
	if pe.Code != pgerror.FeatureNotSupported || !strings.Contains(pe.Message, "EXPLAIN of a WITH query") {
		t.Fatalf("got %s %q", pe.Code, pe.Message)
	}
}

// TestExplainCTE: a materialized WITH query prints as PostgreSQL 15's
// "CTE name" subplan (once) under the top node and "CTE Scan on name
// alias" at each reference; a recursive one as a Recursive Union whose
// recursive term reads a WorkTable Scan.
func TestExplainCTE(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE xc (id int)")
	tests := []struct{ q, want string }{
		{"EXPLAIN WITH a AS (SELECT id FROM xc) SELECT * FROM a a1, a a2", `Nested Loop  (rows=1000)
  CTE a
    ->  Seq Scan on xc  (rows=0)
  ->  CTE Scan on a a1  (rows=1000)
  ->  CTE Scan on a a2  (rows=1000)`},
		{"EXPLAIN WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r, xc", `Nested Loop  (rows=1000)
  CTE r
    ->  Recursive Union
          ->  Result  (rows=1)
          ->  WorkTable Scan on r  (rows=333)
                Filter: (n < 3)
  ->  CTE Scan on r  (rows=1000)
  ->  Seq Scan on xc  (rows=0)`},
		{"EXPLAIN WITH a AS MATERIALIZED (SELECT id FROM xc) SELECT * FROM a WHERE id > 1", `CTE Scan on a  (rows=333)
  Filter: (id > 1)
  CTE a
    ->  Seq Scan on xc  (rows=0)`},
	}
	for _, tc := range tests {
		var lines []string
		for _, r := range exec(t, s, tc.q).Rows {
			lines = append(lines, r[0].(string))
		}
		if got := strings.Join(lines, "\n"); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.q, got, tc.want)
		}
	}
}
