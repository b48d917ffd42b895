package planner

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// seqOffVectors are n 3-dimensional vectors of small integers (so that
// many distances tie and L2 distances are exact), every 37th NULL and
// one zero vector (a NaN cosine distance), inserted in the order perm
// gives.
func seqOffVectors(n int) (vecs [][]float32, perm []int) {
	rng := rand.New(rand.NewPCG(14, 7))
	vecs = make([][]float32, n)
	for i := range vecs {
		if i%37 == 5 {
			continue
		}
		vecs[i] = []float32{float32(rng.IntN(5)), float32(rng.IntN(5)), float32(rng.IntN(5))}
	}
	vecs[10] = []float32{0, 0, 0}
	return vecs, rng.Perm(n)
}

// bruteL2 is the ids of vecs (ids 1..n, inserted in perm's order) by
// exact squared L2 distance to q, ties in insertion (slot) order, NULL
// vectors last in slot order, keeping those keep admits.
func bruteL2(vecs [][]float32, perm []int, q []float32, keep func(id int) bool) []int64 {
	type row struct {
		id   int64
		slot int
		d    float32
		null bool
	}
	var rows []row
	for slot, i := range perm {
		if !keep(i + 1) {
			continue
		}
		r := row{id: int64(i + 1), slot: slot, null: vecs[i] == nil}
		for j, x := range vecs[i] {
			r.d += (x - q[j]) * (x - q[j])
		}
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b row) int {
		switch {
		case a.null != b.null:
			if a.null {
				return 1
			}
			return -1
		case !a.null && a.d != b.d:
			if a.d < b.d {
				return -1
			}
			return 1
		}
		return a.slot - b.slot
	})
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.id
	}
	return out
}

// checkSeqOff runs query with enable_seqscan off and fails the test
// unless EXPLAIN shows an Index Scan using index (its Order By order, no
// Seq Scan and no Sort) and the rows are want, which must also be the
// rows of the sequential scan and sort (enable_indexscan off).
func checkSeqOff(t *testing.T, s *Session, query, index, order string, want []int64) {
	t.Helper()
	exec(t, s, "SET enable_indexscan = off")
	seq := ids(exec(t, s, query))
	exec(t, s, "RESET enable_indexscan")
	if !slices.Equal(seq, want) {
		t.Errorf("%s: sequential scan: %s", query, firstDiff(seq, want))
	}
	exec(t, s, "SET enable_seqscan = off")
	defer exec(t, s, "RESET enable_seqscan")
	plan := explainText(t, s, query)
	if !strings.Contains(plan, "Index Scan using "+index+" on ") || !strings.Contains(plan, "Order By: "+order) ||
		strings.Contains(plan, "Seq Scan") || strings.Contains(plan, "Sort") {
		t.Errorf("%s: EXPLAIN under enable_seqscan = off:\n%s", query, plan)
	}
	if got := ids(exec(t, s, query)); !slices.Equal(got, want) {
		t.Errorf("%s: enable_seqscan = off: %d rows, want %d: %s", query, len(got), len(want), firstDiff(got, want))
	}
}

// TestSeqscanOffKNNIndexScan checks that with enable_seqscan = off an
// ORDER BY of the distance an HNSW index serves, without LIMIT (with
// OFFSET alone, LIMIT ALL, a filter) or with a LIMIT past hnsw.ef_search,
// is planned as the index's Index Scan, as PostgreSQL with pgvector
// plans it, and still returns every row in exact distance order, ties by
// slot, NULL vectors last (pgvector returns at most ef_search rows).
func TestSeqscanOffKNNIndexScan(t *testing.T) {
	s := testSession(t)
	vecs, perm := seqOffVectors(400)
	loadVectors(t, s, "items", 3, vecs, perm, "vector_l2_ops", "")
	q := []float32{1, 2, 3}
	order := "(v <-> '[1,2,3]')"
	all := bruteL2(vecs, perm, q, func(int) bool { return true })
	third := bruteL2(vecs, perm, q, func(id int) bool { return id%3 == 0 })
	base := "SELECT id FROM items"
	by := " ORDER BY v <-> '[1,2,3]'"
	checkSeqOff(t, s, base+by, "items_v_idx", order, all)
	checkSeqOff(t, s, base+by+" OFFSET 7", "items_v_idx", order, all[7:])
	checkSeqOff(t, s, base+by+" LIMIT ALL", "items_v_idx", order, all)
	checkSeqOff(t, s, base+" WHERE id % 3 = 0"+by, "items_v_idx", order, third)
	checkSeqOff(t, s, base+by+" LIMIT 250", "items_v_idx", order, all[:250])
	checkSeqOff(t, s, base+" WHERE id % 3 = 0"+by+" LIMIT 100 OFFSET 20", "items_v_idx", order, third[20:120])
	// within ef_search, a filter the cost model answers by pre-filtering
	// (a TopK over the sequential scan when enable_seqscan is on)
	fifty := bruteL2(vecs, perm, q, func(id int) bool { return id%50 == 0 })
	checkSeqOff(t, s, base+" WHERE id % 50 = 0"+by+" LIMIT 5", "items_v_idx", order, fifty[:5])
	exec(t, s, "SET enable_indexscan = off")
	if plan := explainText(t, s, base+" WHERE id % 50 = 0"+by+" LIMIT 5"); !strings.Contains(plan, "Seq Scan") {
		t.Errorf("enable_indexscan = off: %s", plan)
	}
	exec(t, s, "RESET enable_indexscan")
	if plan := explainText(t, s, base+" WHERE id % 50 = 0"+by+" LIMIT 5"); !strings.Contains(plan, "pre-filter") {
		t.Errorf("the cost model no longer pre-filters this query (the case is not tested):\n%s", plan)
	}
	if tail := all[len(all)-11:]; !slices.ContainsFunc(vecs, func(v []float32) bool { return v == nil }) ||
		slices.ContainsFunc(tail, func(id int64) bool { return vecs[id-1] != nil }) {
		t.Fatalf("brute force does not end with the 11 NULL vectors: %v", tail)
	}

	// With enable_seqscan on nothing changes: the sequential scan and sort.
	want := "Sort\n  Sort Key: " + order + "\n  ->  Seq Scan on items"
	if plan := explainText(t, s, base+by); stripEstimates(plan) != want {
		t.Errorf("EXPLAIN with enable_seqscan on:\n%s\nwant:\n%s", plan, want)
	}
	if got := ids(exec(t, s, base+by)); !slices.Equal(got, all) {
		t.Errorf("enable_seqscan on: %s", firstDiff(got, all))
	}

	// Cosine: the zero vector's NaN distance sorts after every number,
	// before the NULLs.
	exec(t, s, "DROP INDEX items_v_idx")
	exec(t, s, "CREATE INDEX items_cos ON items USING hnsw (v vector_cosine_ops)")
	exec(t, s, "SET enable_indexscan = off")
	cos := ids(exec(t, s, base+" ORDER BY v <=> '[1,2,3]'"))
	exec(t, s, "RESET enable_indexscan")
	if len(cos) != len(vecs) {
		t.Fatalf("cosine: %d rows, want %d", len(cos), len(vecs))
	}
	checkSeqOff(t, s, base+" ORDER BY v <=> '[1,2,3]'", "items_cos", "(v <=> '[1,2,3]')", cos)
}

// stripEstimates drops EXPLAIN's "  (rows=N)" estimates.
func stripEstimates(plan string) string {
	lines := strings.Split(plan, "\n")
	for i, l := range lines {
		if j := strings.Index(l, "  (rows="); j >= 0 {
			lines[i] = l[:j]
		}
	}
	return strings.Join(lines, "\n")
}

// TestSeqscanOffKNNHalfvecIVF checks the same for a halfvec HNSW index
// and an IVFFlat index without LIMIT: the Index Scan, and every row in
// the sequential scan's order, NULL vectors last.
func TestSeqscanOffKNNHalfvecIVF(t *testing.T) {
	s := testSession(t)
	vecs, perm := seqOffVectors(300)
	loadVectors(t, s, "items", 3, vecs, perm, "vector_l2_ops", "")
	all := bruteL2(vecs, perm, []float32{1, 2, 3}, func(int) bool { return true })
	exec(t, s, "CREATE TABLE h (id int, v halfvec(3))")
	exec(t, s, "INSERT INTO h SELECT id, v::halfvec(3) FROM items ORDER BY id")
	exec(t, s, "CREATE INDEX h_idx ON h USING hnsw (v halfvec_l2_ops)")
	// h's slots are in id order: ties of the distance go by id.
	hwant := bruteL2(vecs, identity(len(vecs)), []float32{1, 2, 3}, func(int) bool { return true })
	checkSeqOff(t, s, "SELECT id FROM h ORDER BY v <-> '[1,2,3]'", "h_idx", "(v <-> '[1,2,3]')", hwant)

	exec(t, s, "CREATE INDEX items_ivf ON items USING ivfflat (v vector_l2_ops) WITH (lists = 4)")
	exec(t, s, "DROP INDEX items_v_idx")
	checkSeqOff(t, s, "SELECT id FROM items ORDER BY v <-> '[1,2,3]'", "items_ivf", "(v <-> '[1,2,3]')", all)
	checkSeqOff(t, s, "SELECT id FROM items ORDER BY v <-> '[1,2,3]' LIMIT 200", "items_ivf", "(v <-> '[1,2,3]')", all[:200])
	if n := len(all); vecs[all[n-1]-1] != nil {
		t.Fatalf("brute force does not end with a NULL vector: %v", all[n-5:])
	}
}

// identity is 0..n-1.
func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// TestSeqscanOffKNNEveryRowSettings checks the Index Scan enable_seqscan
// = off plans without LIMIT against what could cut it short or reorder
// it: a partial index (its predicate's rows only), hnsw.iterative_scan
// and vecgres.filter_plan = ef_postfilter (pgvector's ef_search-bound
// answer is for LIMIT queries), a parameter as the query vector, and a
// query vector of the wrong size (the sequential scan's error, at the
// first row compared).
func TestSeqscanOffKNNEveryRowSettings(t *testing.T) {
	s := testSession(t)
	vecs, perm := seqOffVectors(300)
	loadVectors(t, s, "items", 3, vecs, perm, "vector_l2_ops", "")
	q := []float32{1, 2, 3}
	all := bruteL2(vecs, perm, q, func(int) bool { return true })
	const query = "SELECT id FROM items ORDER BY v <-> '[1,2,3]'"
	const order = "(v <-> '[1,2,3]')"
	for _, set := range []string{"hnsw.iterative_scan = relaxed_order", "hnsw.iterative_scan = strict_order", "vecgres.filter_plan = ef_postfilter", "hnsw.ef_search = 1"} {
		exec(t, s, "SET "+set)
		checkSeqOff(t, s, query, "items_v_idx", order, all)
		if !strings.HasPrefix(set, "vecgres.filter_plan") { // ef_postfilter's LIMIT answer is pgvector's, ef_search rows
			checkSeqOff(t, s, query+" LIMIT 200", "items_v_idx", order, all[:200])
		}
		exec(t, s, "RESET ALL")
	}

	exec(t, s, "SET enable_seqscan = off")
	if got := ids(exec(t, s, "SELECT id FROM items ORDER BY v <-> $1", types.Vector{1, 2, 3})); !slices.Equal(got, all) {
		t.Errorf("parameter: %s", firstDiff(got, all))
	}
	p, err := s.Prepare("SELECT id FROM items ORDER BY v <-> $1", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Execute(t.Context(), p, []any{types.Vector{1, 2}})
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.DataException || pe.Message != "different vector dimensions 3 and 2" {
		t.Errorf("wrong size: %v, want 22000 different vector dimensions 3 and 2", err)
	}
	exec(t, s, "RESET enable_seqscan")

	exec(t, s, "ALTER TABLE items ADD COLUMN c int")
	exec(t, s, "UPDATE items SET c = id % 4")
	exec(t, s, "DROP INDEX items_v_idx")
	exec(t, s, "CREATE INDEX items_c1 ON items USING hnsw (v vector_l2_ops) WHERE c = 1")
	exec(t, s, "SET enable_indexscan = off")
	c1 := ids(exec(t, s, "SELECT id FROM items WHERE c = 1 ORDER BY v <-> '[1,2,3]'"))
	exec(t, s, "RESET enable_indexscan")
	want := bruteL2(vecs, perm, q, func(id int) bool { return id%4 == 1 })
	if len(c1) != len(want) || !sameIDs(c1, want) {
		t.Fatalf("partial: the sequential scan's rows are not the rows with c = 1: %v", c1)
	}
	checkSeqOff(t, s, "SELECT id FROM items WHERE c = 1 ORDER BY v <-> '[1,2,3]'", "items_c1", order, c1)
}

// sameIDs reports whether a and b hold the same ids, in any order.
func sameIDs(a, b []int64) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// TestSeqscanOffKNNMemoryLimit checks that the enable_seqscan = off Index
// Scan without LIMIT, which holds every matching row, is bounded by
// vecgres.work_mem_limit as the sequential scan and sort it replaces:
// both fail with 53200 at 1MB over 6000 rows, and the session goes on.
func TestSeqscanOffKNNMemoryLimit(t *testing.T) {
	s := testSession(t)
	vecs, perm := seqOffVectors(6000)
	loadVectors(t, s, "items", 3, vecs, perm, "vector_l2_ops", "")
	exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
	const query = "SELECT id FROM items ORDER BY v <-> '[1,2,3]'"
	for _, seqscan := range []string{"on", "off"} {
		exec(t, s, "SET enable_seqscan = "+seqscan)
		if pe := execErr(t, s, query); pe.Code != pgerror.OutOfMemory {
			t.Errorf("enable_seqscan = %s: %s %q, want 53200", seqscan, pe.Code, pe.Message)
		}
	}
	want := bruteL2(vecs, perm, []float32{1, 2, 3}, func(int) bool { return true })[:5]
	if got := ids(exec(t, s, query+" LIMIT 5")); !slices.Equal(got, want) {
		t.Errorf("after 53200: %v, want %v", got, want)
	}
}
