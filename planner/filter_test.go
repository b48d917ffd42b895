package planner

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// loadLine fills items with n rows; row i lies at distance i from [0,0]
// (on a spiral: angle i times the golden angle) and category is 'rare'
// for every 100th row.
func loadLine(t *testing.T, s *Session, n int, btree bool) {
	exec(t, s, "CREATE TABLE items (id int PRIMARY KEY, embedding vector(2), category text, n int)")
	exec(t, s, "BEGIN")
	for i := 1; i <= n; i++ {
		a := float64(i) * goldenAngle
		v := types.Vector{float32(float64(i) * math.Cos(a)), float32(float64(i) * math.Sin(a))}
		cat := "common"
		if i%100 == 0 {
			cat = "rare"
		}
		exec(t, s, "INSERT INTO items VALUES ($1, $2, $3, $4)", int64(i), v, cat, int64(i%7))
	}
	exec(t, s, "COMMIT")
	exec(t, s, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops)")
	if btree {
		exec(t, s, "CREATE INDEX ON items (category)")
		exec(t, s, "CREATE INDEX ON items (n)")
	}
}

// goldenAngle spreads consecutive points around the origin.
var goldenAngle = math.Pi * (3 - math.Sqrt(5))

func seq(from, to, step int64) []int64 {
	var out []int64
	for i := from; i <= to; i += step {
		out = append(out, i)
	}
	return out
}

// TestRareCategoryEveryPlan is the first test under every plan,
// with and without a B-tree on category.
func TestRareCategoryEveryPlan(t *testing.T) {
	for _, btree := range []bool{false, true} {
		s := testSession(t)
		loadLine(t, s, 1000, btree)
		exec(t, s, "SET hnsw.ef_search = 40")
		for _, plan := range []string{"auto", "prefilter", "traversal", "postfilter"} {
			exec(t, s, "SET vecgres.filter_plan = "+plan)
			got := ids(exec(t, s, "SELECT id FROM items WHERE category = 'rare' ORDER BY embedding <-> '[0,0]' LIMIT 5"))
			if want := seq(100, 500, 100); !slices.Equal(got, want) {
				t.Errorf("btree=%v plan=%s: got %v, want %v", btree, plan, got, want)
			}
			got = ids(exec(t, s, "SELECT id FROM items WHERE category = $1 ORDER BY embedding <-> $2 LIMIT $3", "rare", types.Vector{0, 0}, int64(20)))
			if want := seq(100, 1000, 100); !slices.Equal(got, want) {
				t.Errorf("btree=%v plan=%s, parameters: got %v, want %v", btree, plan, got, want)
			}
		}
		// pgvector's iterative_scan = off: the 40 nearest hold no 'rare' row.
		exec(t, s, "SET vecgres.filter_plan = ef_postfilter")
		if got := exec(t, s, "SELECT id FROM items WHERE category = 'rare' ORDER BY embedding <-> '[0,0]' LIMIT 5"); len(got.Rows) != 0 {
			t.Errorf("ef_postfilter returned %d rows, want 0 (pgvector's short result)", len(got.Rows))
		}
	}
}

// TestDeletedRowsNotVacuumed is the second test.
func TestDeletedRowsNotVacuumed(t *testing.T) {
	s := testSession(t)
	loadLine(t, s, 1000, false)
	exec(t, s, "DELETE FROM items WHERE id <= 10")
	exec(t, s, "SET hnsw.ef_search = 10")
	got := ids(exec(t, s, "SELECT id FROM items ORDER BY embedding <-> '[0,0]' LIMIT 10"))
	if want := seq(11, 20, 1); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestOffsetPaging checks that pages at OFFSET 0, 10, ..., 90 together are
// exactly the LIMIT 100 result, for every plan and filter selectivity.
func TestOffsetPaging(t *testing.T) {
	s := testSession(t)
	loadLine(t, s, 1000, true)
	exec(t, s, "SET hnsw.ef_search = 10")
	for _, plan := range []string{"auto", "prefilter", "traversal", "postfilter"} {
		exec(t, s, "SET vecgres.filter_plan = "+plan)
		for _, where := range []string{"", "WHERE n <> 3", "WHERE n IN (1, 2)", "WHERE n > 5 OR category = 'rare'"} {
			q := "SELECT id FROM items " + where + " ORDER BY embedding <-> '[3,4]'"
			all := ids(exec(t, s, q+" LIMIT 100"))
			if len(all) != 100 {
				t.Fatalf("%s %s: LIMIT 100 gave %d rows", plan, where, len(all))
			}
			var pages []int64
			for off := 0; off < 100; off += 10 {
				pages = append(pages, ids(exec(t, s, fmt.Sprintf("%s LIMIT 10 OFFSET %d", q, off)))...)
			}
			if !slices.Equal(pages, all) {
				t.Errorf("%s %s: pages %v\nwant %v", plan, where, pages, all)
			}
		}
	}
}

// TestFilterShapes compares filtered k-NN results with the same query
// answered by a sequential scan (enable_indexscan = off).
func TestFilterShapes(t *testing.T) {
	s := testSession(t)
	loadLine(t, s, 1000, true)
	exec(t, s, "UPDATE items SET category = NULL WHERE id % 37 = 0")
	wheres := []string{
		"category = 'rare' AND n > 2", "category = 'rare' OR n = 3", "n IN (1, 4, 6)", "n BETWEEN 2 AND 3",
		"category IS NULL", "category IS NOT NULL AND n < 1", "embedding <-> '[0,0]' < 40",
		"embedding <-> '[0,0]' <= 300 AND n = 2", "NOT (n = 1)", "id > 900 AND category <> 'rare'",
	}
	for _, w := range wheres {
		q := "SELECT id FROM items WHERE " + w + " ORDER BY embedding <-> '[0,0]' LIMIT 7"
		exec(t, s, "SET enable_indexscan = off")
		want := ids(exec(t, s, q))
		exec(t, s, "RESET enable_indexscan")
		for _, plan := range []string{"auto", "prefilter", "traversal", "postfilter"} {
			exec(t, s, "SET vecgres.filter_plan = "+plan)
			if got := ids(exec(t, s, q)); !slices.Equal(got, want) {
				t.Errorf("%s [%s]: got %v, want %v", w, plan, got, want)
			}
		}
		exec(t, s, "RESET vecgres.filter_plan")
		// Plain WHERE through the B-trees gives the sequential scan's rows.
		pq := "SELECT id FROM items WHERE " + w
		got := ids(exec(t, s, pq))
		exec(t, s, "SET enable_indexscan = off")
		if want := ids(exec(t, s, pq)); !slices.Equal(got, want) {
			t.Errorf("plain %s: got %d rows, want %d", w, len(got), len(want))
		}
		exec(t, s, "RESET enable_indexscan")
	}
}

// TestPlanChoice checks that the cost model picks pre-filter for a rare
// value, traversal in between and post-filter for a filter nearly all
// rows pass, and that EXPLAIN ANALYZE reports actual rows and time.
func TestPlanChoice(t *testing.T) {
	s := testSession(t)
	loadLine(t, s, 1000, true)
	exec(t, s, "ANALYZE items")
	plan := func(where string) string {
		res := exec(t, s, "EXPLAIN ANALYZE SELECT id FROM items WHERE "+where+" ORDER BY embedding <-> '[0,0]' LIMIT 5")
		var lines []string
		for _, r := range res.Rows {
			lines = append(lines, r[0].(string))
		}
		return strings.Join(lines, "\n")
	}
	for _, c := range []struct{ where, want string }{
		{"category = 'rare'", "Filtered Plan: pre-filter"},
		{"n <> 3", "Filtered Plan: traversal"},
		{"category <> 'rare'", "Filtered Plan: post-filter"},
	} {
		p := plan(c.where)
		if !strings.Contains(p, c.want) && !(c.want == "Filtered Plan: traversal" && strings.Contains(p, "filtered traversal")) {
			t.Errorf("%s:\n%s\nwant %s", c.where, p, c.want)
		}
		if !strings.Contains(p, "(actual rows=5)") || !strings.Contains(p, "Execution Time: ") {
			t.Errorf("%s: EXPLAIN ANALYZE lacks actual rows or time:\n%s", c.where, p)
		}
	}
	// Automatic ANALYZE after enough writes: 'rare' becomes common.
	exec(t, s, "UPDATE items SET category = 'rare' WHERE id <= 900")
	if p := plan("category = 'rare'"); !strings.Contains(p, "post-filter") && !strings.Contains(p, "filtered traversal") {
		t.Errorf("after the update:\n%s\nwant a graph plan", p)
	}
}
