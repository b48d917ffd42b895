package planner

import (
	"sort"
	"testing"
)

// TestWindowOverKNN: a k-NN query with window functions over the
// distance order (rank, row_number, a running count and count(*) OVER
// ()) returns the k nearest rows of brute force with their exact ranks
// among every row of the table, with or without the HNSW index: windows
// read every row, so the index's LIMIT does not cut their input.
func TestWindowOverKNN(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE d (id int PRIMARY KEY, c int, v vector(3))")
	exec(t, s, "INSERT INTO d SELECT i, i % 3, ARRAY[(i * 37) % 101, (i * 53) % 97, (i * 11) % 89]::vector FROM generate_series(1, 600) i")
	const q = "'[50,40,30]'"
	all := exec(t, s, "SELECT id, c, v <-> "+q+" FROM d")
	type row struct {
		id, c int64
		d     float64
	}
	rows := make([]row, len(all.Rows))
	for i, r := range all.Rows {
		rows[i] = row{r[0].(int64), r[1].(int64), r[2].(float64)}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].d < rows[j].d || rows[i].d == rows[j].d && rows[i].id < rows[j].id })
	byID := map[int64]row{}
	for _, r := range rows {
		byID[r.id] = r
	}
	rankOf := func(d float64, c int64, inPart bool) int64 {
		n := int64(1)
		for _, r := range rows {
			if r.d < d && (!inPart || r.c == c) {
				n++
			}
		}
		return n
	}
	query := "SELECT id, rank() OVER (ORDER BY v <-> " + q + ") AS r, rank() OVER (PARTITION BY c ORDER BY v <-> " + q + ") AS pr, " +
		"count(*) OVER () AS n, v <-> " + q + " AS d FROM d ORDER BY v <-> " + q + " LIMIT 7"
	for _, setup := range []string{"", "CREATE INDEX ON d USING hnsw (v vector_l2_ops)"} {
		if setup != "" {
			exec(t, s, setup)
			exec(t, s, "SET enable_seqscan = off")
		}
		res := exec(t, s, query)
		if len(res.Rows) != 7 {
			t.Fatalf("%q: %d rows, want 7", setup, len(res.Rows))
		}
		for i, r := range res.Rows {
			want, ok := byID[r[0].(int64)]
			if !ok || want.d != r[4].(float64) || want.d != rows[i].d {
				t.Fatalf("%q: row %d is id %v at %v, want a row at %v", setup, i, r[0], r[4], rows[i].d)
			}
			if r[1].(int64) != rankOf(want.d, 0, false) || r[2].(int64) != rankOf(want.d, want.c, true) || r[3].(int64) != 600 {
				t.Fatalf("%q: row %d (id %d): rank %v, partition rank %v, count %v; want %d, %d, 600", setup, i, want.id,
					r[1], r[2], r[3], rankOf(want.d, 0, false), rankOf(want.d, want.c, true))
			}
		}
	}
}
