package planner

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRecipeBinaryQuantizeTies checks that ties at the LIMIT's distance
// do not send an HNSW walk to the exact scan. Hamming distances between
// bit(32) keys are integers in 0..32, so among 3,000 rows many tie at the
// 40th distance of ORDER BY ... <~> ... LIMIT 40; SQL leaves the order of
// equal ORDER BY values open, so the walk's nearest rows, ties at the
// cutoff broken any way, answer. EXPLAIN ANALYZE of pgvector's re-ranking
// recipe and of its subquery must then show the index without "Exact
// Scan"; the subquery must give 40 rows in ascending distance whose
// distance multiset holds at least 95% of the exact plan's (recall modulo
// ties: ids are not compared, as tied rows may differ), and the re-ranked
// query the exact cosine order of the rows its subquery gives.
func TestRecipeBinaryQuantizeTies(t *testing.T) {
	s := testSession(t)
	lit := recipeTable(t, s, "bqt", 3000, 32)
	exec(t, s, "CREATE INDEX bqt_bits ON bqt USING hnsw ((binary_quantize(embedding)::bit(32)) bit_hamming_ops)")
	const knn = "SELECT id, binary_quantize(embedding)::bit(32) <~> binary_quantize($1::vector) FROM bqt " +
		"ORDER BY binary_quantize(embedding)::bit(32) <~> binary_quantize($1::vector) LIMIT 40"
	const rerank = "SELECT id FROM (SELECT * FROM bqt ORDER BY binary_quantize(embedding)::bit(32) <~> binary_quantize($1::vector) LIMIT 40) s " +
		"ORDER BY embedding <=> $1 LIMIT 10"
	found, total, tiedAtCutoff := 0, 0, 0
	for range 20 {
		v := "'" + lit() + "'"
		for _, q := range []string{knn, rerank} {
			q = strings.ReplaceAll(q, "$1", v)
			plan := planText(t, s, "EXPLAIN ANALYZE", q)
			if !strings.Contains(plan, "Index Scan using bqt_bits on bqt") || strings.Contains(plan, "Exact Scan") {
				t.Fatalf("%s: ties at the cutoff sent the walk to the exact scan:\n%s", q, plan)
			}
		}
		q := strings.ReplaceAll(knn, "$1", v)
		got, want := exec(t, s, q).Rows, exactRows(t, s, q)
		if len(got) != 40 || len(want) != 40 {
			t.Fatalf("%s: %d rows, exact plan %d, want 40", q, len(got), len(want))
		}
		gd, wd := distances(got), distances(want)
		if !slices.IsSorted(gd) {
			t.Fatalf("%s: distances not ascending: %v", q, gd)
		}
		if wd[39] == wd[38] {
			tiedAtCutoff++
		}
		found += multisetOverlap(gd, wd)
		total += len(wd)
		cands := make([]string, len(got))
		for i, r := range got {
			cands[i] = fmt.Sprint(r[0])
		}
		want2 := ids(exec(t, s, "SELECT id FROM bqt WHERE id IN ("+strings.Join(cands, ",")+") ORDER BY embedding <=> "+v+" LIMIT 10"))
		if got2 := ids(exec(t, s, strings.ReplaceAll(rerank, "$1", v))); !slices.Equal(got2, want2) {
			t.Fatalf("re-ranked: got %v, want the exact cosine order of the subquery's rows %v", got2, want2)
		}
	}
	if tiedAtCutoff < 15 {
		t.Errorf("only %d of 20 queries tie at the 40th distance: the table does not exercise ties", tiedAtCutoff)
	}
	if r := float64(found) / float64(total); r < 0.95 {
		t.Errorf("recall@40 modulo ties %.3f < 0.95", r)
	}
}

// distances returns column 1 of rows (Hamming distances, float64).
func distances(rows [][]any) []float64 {
	out := make([]float64, len(rows))
	for i, r := range rows {
		out[i] = r[1].(float64)
	}
	return out
}

// multisetOverlap returns how many elements the sorted multisets a and b
// share (a merge of the two).
func multisetOverlap(a, b []float64) int {
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n, i, j = n+1, i+1, j+1
		}
	}
	return n
}

// TestIVFFlatBitTies checks the same for an ivfflat index on the bit
// key: with 5 of 10 lists probed, ties at the 40th Hamming distance do
// not send the list scan to the exact scan, and the 40 rows come in
// ascending distance with at least 85% of the exact plan's distance
// multiset (0.885 measured: the lists probed hold most of the nearest
// rows).
func TestIVFFlatBitTies(t *testing.T) {
	s := testSession(t)
	lit := recipeTable(t, s, "ivt", 3000, 32)
	exec(t, s, "CREATE INDEX ivt_bits ON ivt USING ivfflat ((binary_quantize(embedding)::bit(32)) bit_hamming_ops) WITH (lists = 10)")
	exec(t, s, "SET ivfflat.probes = 5")
	const knn = "SELECT id, binary_quantize(embedding)::bit(32) <~> binary_quantize($1::vector) FROM ivt " +
		"ORDER BY binary_quantize(embedding)::bit(32) <~> binary_quantize($1::vector) LIMIT 40"
	found, total := 0, 0
	for range 10 {
		q := strings.ReplaceAll(knn, "$1", "'"+lit()+"'")
		plan := planText(t, s, "EXPLAIN ANALYZE", q)
		if !strings.Contains(plan, "Index Scan using ivt_bits on ivt") || strings.Contains(plan, "Exact Scan") {
			t.Fatalf("%s: ties at the cutoff sent the list scan to the exact scan:\n%s", q, plan)
		}
		got, want := exec(t, s, q).Rows, exactRows(t, s, q)
		if len(got) != 40 || len(want) != 40 {
			t.Fatalf("%s: %d rows, exact plan %d, want 40", q, len(got), len(want))
		}
		gd, wd := distances(got), distances(want)
		if !slices.IsSorted(gd) {
			t.Fatalf("%s: distances not ascending: %v", q, gd)
		}
		found += multisetOverlap(gd, wd)
		total += len(wd)
	}
	if r := float64(found) / float64(total); r < 0.85 {
		t.Errorf("recall@40 modulo ties %.3f < 0.85", r)
	}
}
