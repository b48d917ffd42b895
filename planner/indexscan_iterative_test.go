package planner

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// gaussianPoints returns n points of dims coordinates drawn from the
// standard normal distribution.
func gaussianPoints(rng *rand.Rand, n, dims int) [][]float32 {
	v := make([][]float32, n)
	for i := range v {
		p := make([]float32, dims)
		for d := range p {
			p[d] = float32(rng.NormFloat64())
		}
		v[i] = p
	}
	return v
}

// planText returns EXPLAIN [ANALYZE]'s lines for query, joined by newlines.
func planText(t *testing.T, s *Session, explain, query string) string {
	t.Helper()
	var lines []string
	for _, r := range exec(t, s, explain+" "+query).Rows {
		lines = append(lines, r[0].(string))
	}
	return strings.Join(lines, "\n")
}

// exactRows runs query (with its id and distance columns) as a sequential
// scan and sort: the brute-force answer.
func exactRows(t *testing.T, s *Session, query string) [][]any {
	t.Helper()
	exec(t, s, "SET enable_indexscan = off")
	defer exec(t, s, "RESET enable_indexscan")
	return exec(t, s, query).Rows
}

// checkKNNRows fails the test unless got has want rows' count, no id
// twice, ascending distances (column 1) and every row passing keep; it
// returns the fraction of want's ids got holds (recall).
func checkKNNRows(t *testing.T, label string, got, want [][]any, keep func(id int64) bool) float64 {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", label, len(got), len(want))
	}
	seen := map[int64]bool{}
	for i, r := range got {
		id := r[0].(int64)
		if seen[id] {
			t.Errorf("%s: id %d twice", label, id)
		}
		seen[id] = true
		if keep != nil && !keep(id) {
			t.Errorf("%s: id %d fails WHERE", label, id)
		}
		if i > 0 && distAfter(got[i-1][1], r[1]) {
			t.Errorf("%s: row %d (%v) after row %d (%v)", label, i, r[1], i-1, got[i-1][1])
		}
	}
	hit := 0
	for _, r := range want {
		if seen[r[0].(int64)] {
			hit++
		}
	}
	return float64(hit) / float64(max(len(want), 1))
}

// loadGaussian creates table g (id, v vector(16)) of 5,000 seeded
// Gaussian points with an HNSW L2 index (m = 16: a walk for 101 rows is
// expected to visit well under half of it, so it is not searched
// exhaustively) and returns 20 query points.
func loadGaussian(t *testing.T, s *Session) []string {
	t.Helper()
	const n, dims = 5000, 16
	rng := rand.New(rand.NewPCG(41, 7))
	loadVectors(t, s, "g", dims, gaussianPoints(rng, n, dims), rng.Perm(n), "vector_l2_ops", "")
	var qs []string
	for _, q := range gaussianPoints(rng, 20, dims) {
		qs = append(qs, vecText(q))
	}
	return qs
}

const exactPastEf = "Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search ("

// TestIterativeScanOffIsExact: with hnsw.iterative_scan = off (the
// default, and set back to off), LIMIT ef_search + 1 is answered by the
// exact plan: EXPLAIN says so and the rows are the sequential scan's.
func TestIterativeScanOffIsExact(t *testing.T) {
	skipUnderRace(t)
	s := testSession(t)
	qs := loadGaussian(t, s)
	exec(t, s, "SET hnsw.ef_search = 40")
	for _, set := range []string{"", "SET hnsw.iterative_scan = relaxed_order; SET hnsw.iterative_scan = off"} {
		for _, st := range strings.Split(set, "; ") {
			if st != "" {
				exec(t, s, st)
			}
		}
		q := fmt.Sprintf("SELECT id, v <-> '%s' FROM g ORDER BY v <-> '%s' LIMIT 41", qs[0], qs[0])
		plan := planText(t, s, "EXPLAIN", q)
		if !strings.Contains(plan, exactPastEf) || strings.Contains(plan, "Index Scan using") {
			t.Errorf("%q: LIMIT 41 is not the exact plan:\n%s", set, plan)
		}
		if got, want := exec(t, s, q).Rows, exactRows(t, s, q); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: LIMIT 41 differs from the sequential scan", set)
		}
	}
}

// TestIterativeScanPastEf (seeded 5,000 × 16-d Gaussian points,
// ef_search 40): with hnsw.iterative_scan = relaxed_order or strict_order,
// LIMIT 100 and LIMIT 60 OFFSET 40 are index scans (EXPLAIN names the
// iterative scan; EXPLAIN ANALYZE shows neither the exact fallback nor an
// exhaustive search), with the full count, no id twice, ascending
// distances, and mean recall@100 against brute force of at least 0.95.
func TestIterativeScanPastEf(t *testing.T) {
	skipUnderRace(t)
	s := testSession(t)
	qs := loadGaussian(t, s)
	exec(t, s, "SET hnsw.ef_search = 40")
	for _, mode := range []string{"relaxed_order", "strict_order"} {
		exec(t, s, "SET hnsw.iterative_scan = "+mode)
		for _, page := range []string{"LIMIT 100", "LIMIT 60 OFFSET 40"} {
			sum := 0.0
			for i, qv := range qs {
				q := fmt.Sprintf("SELECT id, v <-> '%s' FROM g ORDER BY v <-> '%s' %s", qv, qv, page)
				if i == 0 {
					plan := planText(t, s, "EXPLAIN", q)
					line := "Iterative Scan: LIMIT + OFFSET exceeds hnsw.ef_search, one search of 101 rows (hnsw.iterative_scan = " + mode + ")"
					if !strings.Contains(plan, "Index Scan using g_v_idx on g") || !strings.Contains(plan, line) {
						t.Errorf("%s %s: not an iterative index scan:\n%s", mode, page, plan)
					}
				}
				if plan := planText(t, s, "EXPLAIN ANALYZE", q); strings.Contains(plan, "Exact Scan") || strings.Contains(plan, "Exhaustive Search") {
					t.Errorf("%s %s query %d: the index did not answer alone:\n%s", mode, page, i, plan)
				}
				sum += checkKNNRows(t, fmt.Sprintf("%s %s query %d", mode, page, i), exec(t, s, q).Rows, exactRows(t, s, q), nil)
			}
			if recall := sum / float64(len(qs)); recall < 0.95 {
				t.Errorf("%s %s: mean recall %.3f, want at least 0.95", mode, page, recall)
			} else {
				t.Logf("%s %s: mean recall %.4f", mode, page, recall)
			}
		}
	}
}

// TestIterativeScanFallsBack: an iterative scan that cannot give the rows
// is answered exactly, with the full count. (1) 150 vectors and 50 NULL
// vectors, LIMIT 180 with ef_search 40: the search finds the 150 the graph
// holds and the exact scan adds 30 NULL-distance rows (EXPLAIN ANALYZE
// names the fallback). (2) hnsw.max_scan_tuples = 1000 on the 5,000-row
// table: a walk for 101 rows is expected to visit more, so LIMIT 100 is
// planned exactly (EXPLAIN says why).
func TestIterativeScanFallsBack(t *testing.T) {
	skipUnderRace(t)
	s := testSession(t)
	rng := rand.New(rand.NewPCG(5, 9))
	vecs := gaussianPoints(rng, 200, 4)
	for i := range vecs {
		if i%4 == 3 {
			vecs[i] = nil
		}
	}
	loadVectors(t, s, "nv", 4, vecs, rng.Perm(len(vecs)), "vector_l2_ops", "")
	exec(t, s, "SET hnsw.ef_search = 40")
	exec(t, s, "SET hnsw.iterative_scan = relaxed_order")
	q := "SELECT id, v <-> '[0,0,0,0]' FROM nv ORDER BY v <-> '[0,0,0,0]' LIMIT 180"
	plan := planText(t, s, "EXPLAIN ANALYZE", q)
	if !strings.Contains(plan, "Iterative Scan:") || !strings.Contains(plan, "Exact Scan: the walk could not vouch") {
		t.Errorf("LIMIT 180 over 150 vectors: no iterative scan with exact fallback:\n%s", plan)
	}
	if got, want := exec(t, s, q).Rows, exactRows(t, s, q); len(got) != 180 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("LIMIT 180 over 150 vectors and 50 NULLs: %d rows, not the sequential scan's %d", len(got), len(want))
	}

	qs := loadGaussian(t, s)
	exec(t, s, "SET hnsw.max_scan_tuples = 1000")
	q = fmt.Sprintf("SELECT id, v <-> '%s' FROM g ORDER BY v <-> '%s' LIMIT 100", qs[1], qs[1])
	plan = planText(t, s, "EXPLAIN", q)
	if !strings.Contains(plan, "Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search and an iterative scan would pass hnsw.max_scan_tuples") {
		t.Errorf("max_scan_tuples 1000: LIMIT 100 is not planned exactly:\n%s", plan)
	}
	if got, want := exec(t, s, q).Rows, exactRows(t, s, q); len(got) != 100 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("max_scan_tuples 1000: %d rows, not the sequential scan's %d", len(got), len(want))
	}
}

// TestIterativeScanFiltered: WHERE id > 500 (90% of the 5,000 Gaussian
// rows) with an iterative scan past ef_search, by the cost model's plan
// and by the filtered traversal and the post-filter forced: every row
// passes WHERE, the full count, no id twice, ascending distances, mean
// recall@100 at least 0.95; the forced graph plans are index scans that
// need neither the exact fallback nor an exhaustive search (a post-filter
// stage short of LIMIT + 1 rows walks the graph filtered instead).
func TestIterativeScanFiltered(t *testing.T) {
	s := testSession(t)
	qs := loadGaussian(t, s)
	exec(t, s, "SET hnsw.ef_search = 40")
	exec(t, s, "SET hnsw.iterative_scan = strict_order")
	keep := func(id int64) bool { return id > 500 }
	for _, fp := range []string{"auto", "traversal", "postfilter"} {
		exec(t, s, "SET vecgres.filter_plan = "+fp)
		sum := 0.0
		for i, qv := range qs {
			q := fmt.Sprintf("SELECT id, v <-> '%s' FROM g WHERE id > 500 ORDER BY v <-> '%s' LIMIT 100", qv, qv)
			if i == 0 && fp != "auto" {
				if plan := planText(t, s, "EXPLAIN", q); !strings.Contains(plan, "Index Scan using g_v_idx on g") || !strings.Contains(plan, "Iterative Scan:") {
					t.Errorf("%s: not an iterative index scan:\n%s", fp, plan)
				}
			}
			if fp != "auto" {
				if plan := planText(t, s, "EXPLAIN ANALYZE", q); strings.Contains(plan, "Exact Scan") || strings.Contains(plan, "Exhaustive Search") {
					t.Errorf("%s query %d: the index did not answer alone:\n%s", fp, i, plan)
				}
			}
			sum += checkKNNRows(t, fmt.Sprintf("%s query %d", fp, i), exec(t, s, q).Rows, exactRows(t, s, q), keep)
		}
		if recall := sum / float64(len(qs)); recall < 0.95 {
			t.Errorf("%s: mean recall %.3f, want at least 0.95", fp, recall)
		} else {
			t.Logf("%s: mean recall %.4f", fp, recall)
		}
	}
}
