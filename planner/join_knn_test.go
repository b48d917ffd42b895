package planner

import (
	"fmt"
	"math/rand"
	"testing"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql/types"
)

// knnJoinTables makes items (id, v vector(8)) of n seeded random vectors
// with an HNSW index, meta (id, tag) tagging each item "even" or "odd",
// and returns the vectors.
func knnJoinTables(t *testing.T, s *Session, n int) [][]float32 {
	rng := rand.New(rand.NewSource(7))
	exec(t, s, "CREATE TABLE items (id int PRIMARY KEY, v vector(8))")
	exec(t, s, "CREATE TABLE meta (id int PRIMARY KEY, tag text)")
	vecs := make([][]float32, n)
	exec(t, s, "BEGIN")
	for i := range vecs {
		vecs[i] = make([]float32, 8)
		for j := range vecs[i] {
			vecs[i][j] = rng.Float32()
		}
		exec(t, s, "INSERT INTO items VALUES ($1, $2)", int64(i), types.Vector(vecs[i]))
		exec(t, s, "INSERT INTO meta VALUES ($1, $2)", int64(i), []string{"even", "odd"}[i%2])
	}
	exec(t, s, "COMMIT")
	exec(t, s, "CREATE INDEX items_v_idx ON items USING hnsw (v vector_l2_ops)")
	return vecs
}

// A k-NN query over a join (join, then the exact top k) returns exactly
// the k nearest rows that join and pass the filter.
func TestKNNUnderJoinExact(t *testing.T) {
	s := testSession(t)
	vecs := knnJoinTables(t, s, 1500)
	rng := rand.New(rand.NewSource(8))
	for q := 0; q < 10; q++ {
		qv := make([]float32, 8)
		for j := range qv {
			qv[j] = rng.Float32()
		}
		truth := exactFiltered(vecs, qv, func(i int) bool { return i%2 == 0 }, 10)
		res := exec(t, s, "SELECT i.id, m.tag FROM items i JOIN meta m ON m.id = i.id WHERE m.tag = 'even' ORDER BY i.v <-> $1 LIMIT 10", types.Vector(qv))
		if fmt.Sprint(ids(res)) != fmt.Sprint(truth) {
			t.Fatalf("query %d: ids %v, want %v", q, ids(res), truth)
		}
	}
}

// pgvector's per-row k-NN, FROM q CROSS JOIN LATERAL (SELECT ... ORDER
// BY v <-> q.v LIMIT k): the subquery is an HNSW index scan run for each
// row of q (EXPLAIN shows it under the nested loop), whose answers reach
// recall@5 >= 0.95 against brute force.
func TestLateralKNNUsesHNSW(t *testing.T) {
	s := testSession(t)
	vecs := knnJoinTables(t, s, 1500)
	exec(t, s, "CREATE TABLE q (qid int, v vector(8))")
	rng := rand.New(rand.NewSource(9))
	queries := make([][]float32, 20)
	for i := range queries {
		queries[i] = make([]float32, 8)
		for j := range queries[i] {
			queries[i][j] = rng.Float32()
		}
		exec(t, s, "INSERT INTO q VALUES ($1, $2)", int64(i), types.Vector(queries[i]))
	}
	tree := lowered(t, s, "SELECT q.qid, s.id FROM q CROSS JOIN LATERAL (SELECT id, v <-> q.v AS d FROM items ORDER BY v <-> q.v LIMIT 5) s")
	if !hasHNSWScan(tree) {
		t.Fatalf("the LATERAL subquery is no HNSW index scan:\n%v", ir.Explain(tree))
	}
	res := exec(t, s, "SELECT q.qid, s.id FROM q CROSS JOIN LATERAL (SELECT id, v <-> q.v AS d FROM items ORDER BY v <-> q.v LIMIT 5) s ORDER BY q.qid, s.d")
	got := map[int64][]int64{}
	for _, r := range res.Rows {
		got[r[0].(int64)] = append(got[r[0].(int64)], r[1].(int64))
	}
	found := 0
	for qi, qv := range queries {
		truth := exactFiltered(vecs, qv, func(int) bool { return true }, 5)
		if len(got[int64(qi)]) != 5 {
			t.Fatalf("query %d: %d rows, want 5", qi, len(got[int64(qi)]))
		}
		in := map[int64]bool{}
		for _, id := range got[int64(qi)] {
			in[id] = true
		}
		for _, id := range truth {
			if in[id] {
				found++
			}
		}
	}
	if recall := float64(found) / float64(5*len(queries)); recall < 0.95 {
		t.Fatalf("recall@5 = %.3f, want >= 0.95", recall)
	}
}

// hasHNSWScan reports whether n's tree has an HNSW index scan.
func hasHNSWScan(n ir.Node) bool {
	if is, ok := n.(*ir.IndexScan); ok && is.Kind == ir.HNSW {
		return true
	}
	for _, c := range n.Children() {
		if hasHNSWScan(c) {
			return true
		}
	}
	return false
}

// The relation a k-NN ORDER BY over a join reads is read through its
// HNSW index when every join above it keeps its rows (inner joins, the
// left of a LEFT JOIN), and not when a join may null-extend it, nor when
// the ORDER BY names an output column.
func TestKNNJoinPushedToIndex(t *testing.T) {
	s := testSession(t)
	knnJoinTables(t, s, 300)
	q := "'[0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5]'"
	for _, tc := range []struct {
		query string
		hnsw  bool
	}{
		{"SELECT i.id FROM items i JOIN meta m ON m.id = i.id ORDER BY i.v <-> " + q + " LIMIT 5", true},
		{"SELECT i.id FROM meta m JOIN items i ON m.id = i.id WHERE m.tag = 'odd' ORDER BY i.v <-> " + q + " LIMIT 5", true},
		{"SELECT i.id FROM items i LEFT JOIN meta m ON m.id = i.id ORDER BY i.v <-> " + q + " LIMIT 5", true},
		{"SELECT i.id FROM meta m LEFT JOIN items i ON m.id = i.id ORDER BY i.v <-> " + q + " LIMIT 5", false},
		{"SELECT i.id FROM items i FULL JOIN meta m ON m.id = i.id ORDER BY i.v <-> " + q + " LIMIT 5", false},
		{"SELECT i.id, i.v <-> " + q + " AS d FROM items i JOIN meta m ON m.id = i.id ORDER BY d LIMIT 5", false},
		{"SELECT i.id FROM items i JOIN meta m ON m.id = i.id ORDER BY i.v <-> " + q + " DESC LIMIT 5", false},
		{"SELECT count(*) FROM items i JOIN meta m ON m.id = i.id GROUP BY i.id ORDER BY min(i.v <-> " + q + ") LIMIT 5", false},
	} {
		if got := hasHNSWScan(lowered(t, s, tc.query)); got != tc.hnsw {
			t.Errorf("%s: HNSW scan %v, want %v:\n%v", tc.query, got, tc.hnsw, ir.Explain(lowered(t, s, tc.query)))
		}
	}
}

// When the join drops most of the rows the index scan's first budget
// gives, the budget widens until LIMIT + OFFSET joined rows pass: the
// answer is never short and equals brute force over the joined rows
// (past hnsw.ef_search the scan is exact). A NULL query vector, which
// no index orders by, still gives LIMIT rows.
func TestKNNJoinWidensBudget(t *testing.T) {
	s := testSession(t)
	vecs := knnJoinTables(t, s, 1500)
	exec(t, s, "CREATE TABLE rare (id int PRIMARY KEY)")
	for i := 0; i < 1500; i += 100 {
		exec(t, s, "INSERT INTO rare VALUES ($1)", int64(i))
	}
	rng := rand.New(rand.NewSource(11))
	for q := 0; q < 5; q++ {
		qv := make([]float32, 8)
		for j := range qv {
			qv[j] = rng.Float32()
		}
		truth := exactFiltered(vecs, qv, func(i int) bool { return i%100 == 0 }, 12)
		res := exec(t, s, "SELECT i.id FROM items i JOIN rare r ON r.id = i.id ORDER BY i.v <-> $1 LIMIT 8 OFFSET 4", types.Vector(qv))
		if fmt.Sprint(ids(res)) != fmt.Sprint(truth[4:]) {
			t.Fatalf("query %d: ids %v, want %v", q, ids(res), truth[4:])
		}
		res = exec(t, s, "SELECT i.id, m.tag FROM items i JOIN meta m ON m.id = i.id WHERE m.tag = 'even' ORDER BY i.v <-> $1 LIMIT 20", types.Vector(qv))
		if want := exactFiltered(vecs, qv, func(i int) bool { return i%2 == 0 }, 20); fmt.Sprint(ids(res)) != fmt.Sprint(want) {
			t.Fatalf("query %d: ids %v, want %v", q, ids(res), want)
		}
	}
	if res := exec(t, s, "SELECT i.id FROM items i JOIN rare r ON r.id = i.id ORDER BY i.v <-> NULL::vector LIMIT 5"); len(res.Rows) != 5 {
		t.Fatalf("NULL query vector: %d rows, want 5", len(res.Rows))
	}
}
