package planner

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestPartialIndexPlans checks that a partial B-tree is read only when
// the query's WHERE implies its predicate (same clause, a narrower range,
// an equality inside the range, an IN list inside it, IS NOT NULL from a
// comparison) and never
// otherwise, and that it holds exactly the rows its predicate is true for
// through INSERT, UPDATE into and out of the predicate, and DELETE.
func TestPartialIndexPlans(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE pt (id int, cat text, n int)")
	exec(t, s, "INSERT INTO pt SELECT i, 'c' || (i % 10), i % 100 FROM generate_series(1, 3000) i")
	exec(t, s, "CREATE INDEX pt_n ON pt (n) WHERE n > 10")
	exec(t, s, "CREATE INDEX pt_c3 ON pt (id) WHERE cat = 'c3'")
	exec(t, s, "CREATE INDEX pt_nn ON pt (cat) WHERE n IS NOT NULL AND id >= 1000")
	exec(t, s, "ANALYZE pt")
	uses := []struct{ q, index string }{
		{"SELECT id FROM pt WHERE n = 50", "pt_n"},
		{"SELECT id FROM pt WHERE 50 = n", "pt_n"},
		{"SELECT id FROM pt WHERE n = 11", "pt_n"},
		{"SELECT id FROM pt WHERE n IN (40, 41) AND n > 30", "pt_n"},
		{"SELECT id FROM pt WHERE n IN (40, 41)", "pt_n"},
		{"SELECT id FROM pt WHERE cat = 'c3' AND id = 13", "pt_c3"},
		{"SELECT id FROM pt WHERE id = 13 AND 'c3' = cat", "pt_c3"},
		{"SELECT id FROM pt WHERE cat = 'c7' AND n = 5 AND id > 2990", "pt_nn"},
	}
	for _, u := range uses {
		if got := explainText(t, s, u.q); !strings.Contains(got, "Index Scan using "+u.index+" ") {
			t.Errorf("%s: plan does not use %s:\n%s", u.q, u.index, got)
		}
	}
	for _, q := range []string{
		"SELECT id FROM pt WHERE n = 5",
		"SELECT id FROM pt WHERE n = 10",
		"SELECT id FROM pt WHERE n IN (40, 5)",
		"SELECT id FROM pt WHERE n = 50 OR id = 3",
		"SELECT id FROM pt WHERE cat = 'c4' AND id = 13",
		"SELECT id FROM pt WHERE id = 13",
		"SELECT id FROM pt WHERE cat = 'c7' AND id > 2990",
		"SELECT id FROM pt WHERE cat = 'c7' AND n = 5 AND id > 10",
	} {
		if got := explainText(t, s, q); strings.Contains(got, "Index Scan") {
			t.Errorf("%s: plan uses an index whose predicate it does not imply:\n%s", q, got)
		}
	}
	check := func(q string, want []int64) {
		t.Helper()
		got := ids(exec(t, s, q))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", q, got, want)
		}
	}
	check("SELECT id FROM pt WHERE cat = 'c3' AND id < 40", []int64{3, 13, 23, 33})
	exec(t, s, "UPDATE pt SET cat = 'c3' WHERE id = 14")
	exec(t, s, "UPDATE pt SET cat = 'c0' WHERE id = 23")
	exec(t, s, "INSERT INTO pt VALUES (5, 'c3', 1)")
	exec(t, s, "DELETE FROM pt WHERE id = 33")
	check("SELECT id FROM pt WHERE cat = 'c3' AND id < 40", []int64{3, 5, 13, 14})
	check("SELECT count(*)::int8 FROM pt WHERE n = 50", []int64{30})
}

// TestPartialHNSWRecall checks k-NN through a partial HNSW index: used
// only when WHERE implies its predicate, answers in exact distance order,
// never short, only rows WHERE admits, and recall@10 >= 0.9 against the
// exact scan.
func TestPartialHNSWRecall(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE pv (id int PRIMARY KEY, n int, embedding vector(8))")
	rng := rand.New(rand.NewSource(11))
	vecOf := func() types.Vector {
		v := make(types.Vector, 8)
		for i := range v {
			v[i] = float32(int(rng.Float64()*20000-10000)) / 10000
		}
		return v
	}
	var b strings.Builder
	for i := 1; i <= 3000; i++ {
		if b.Len() > 0 {
			b.WriteString(",")
		}
		v := vecOf()
		parts := make([]string, len(v))
		for j, x := range v {
			parts[j] = fmt.Sprint(x)
		}
		fmt.Fprintf(&b, "(%d, %d, '[%s]')", i, i%100, strings.Join(parts, ","))
	}
	exec(t, s, "INSERT INTO pv VALUES "+b.String())
	exec(t, s, "CREATE INDEX pv_hnsw ON pv USING hnsw (embedding vector_l2_ops) WHERE n >= 5")
	exec(t, s, "ANALYZE pv")
	lit := "'[1,0,0,0,0,0,0,0]'"
	if got := explainText(t, s, "SELECT id FROM pv WHERE n >= 10 ORDER BY embedding <-> "+lit+" LIMIT 10"); !strings.Contains(got, "Index Scan using pv_hnsw") {
		t.Fatalf("plan does not use the partial index:\n%s", got)
	}
	for _, q := range []string{
		"SELECT id FROM pv ORDER BY embedding <-> " + lit + " LIMIT 10",
		"SELECT id FROM pv WHERE n >= 4 ORDER BY embedding <-> " + lit + " LIMIT 10",
	} {
		if got := explainText(t, s, q); strings.Contains(got, "Index Scan") {
			t.Fatalf("%s: plan uses the partial index:\n%s", q, got)
		}
	}
	q := "SELECT id, n, embedding <-> $1 FROM pv WHERE n >= 10 ORDER BY embedding <-> $1 LIMIT 10"
	found, total := 0, 0
	for range 30 {
		qv := vecOf()
		got := exec(t, s, q, qv).Rows
		exec(t, s, "SET enable_indexscan = off")
		want := ids(exec(t, s, q, qv))
		exec(t, s, "SET enable_indexscan = on")
		if len(got) != 10 {
			t.Fatalf("got %d rows, want 10", len(got))
		}
		for i, r := range got {
			if r[1].(int64) < 10 {
				t.Fatalf("row %v does not satisfy WHERE", r)
			}
			if i > 0 && r[2].(float64) < got[i-1][2].(float64) {
				t.Fatalf("rows out of distance order: %v", got)
			}
			if slices.Contains(want, r[0].(int64)) {
				found++
			}
		}
		total += len(want)
	}
	if r := float64(found) / float64(total); r < 0.9 {
		t.Errorf("recall@10 %.3f < 0.9", r)
	}
}

// TestPartialHNSWRecipe checks pgvector's partial-index recipe (CREATE
// INDEX ... USING hnsw (embedding vector_l2_ops) WHERE (category_id = 3)):
// a query whose WHERE implies the predicate (the same clause, an AND
// with it, an IN of one constant, x = c against a predicate x IN (...))
// walks the index without re-testing the implied clause, and gets exactly
// the rows of the exact plan; a query that does not imply it never reads
// the index.
func TestPartialHNSWRecipe(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE pr (id int PRIMARY KEY, category_id int, embedding vector(4))")
	exec(t, s, "INSERT INTO pr SELECT i, i % 10, ARRAY[i % 7, i % 11, i % 13, i % 17]::vector FROM generate_series(1, 3000) i")
	exec(t, s, "CREATE INDEX pr_c3 ON pr USING hnsw (embedding vector_l2_ops) WHERE (category_id = 3)")
	exec(t, s, "CREATE INDEX pr_c45 ON pr USING hnsw (embedding vector_l1_ops) WHERE (category_id IN (4, 5))")
	exec(t, s, "ANALYZE pr")
	const order = " ORDER BY embedding <-> '[3,5,7,9]' LIMIT 10"
	const order1 = " ORDER BY embedding <+> '[3,5,7,9]' LIMIT 10"
	uses := []struct{ q, index, filter string }{
		{"SELECT id FROM pr WHERE category_id = 3" + order, "pr_c3", ""},
		{"SELECT id FROM pr WHERE (3 = category_id)" + order, "pr_c3", ""},
		{"SELECT id FROM pr WHERE category_id IN (3)" + order, "pr_c3", ""},
		{"SELECT id FROM pr WHERE category_id = 3 AND id > 1000" + order, "pr_c3", "(id > 1000)"},
		{"SELECT id FROM pr WHERE category_id = 4" + order1, "pr_c45", "(category_id = 4)"},
		{"SELECT id FROM pr WHERE category_id IN (5, 4)" + order1, "pr_c45", ""},
	}
	for _, u := range uses {
		got := explainText(t, s, u.q)
		hasFilter := strings.Contains(got, "Filter:")
		if !strings.Contains(got, "Index Scan using "+u.index+" ") || hasFilter != (u.filter != "") ||
			hasFilter && !strings.Contains(got, "Filter: "+u.filter+"\n") {
			t.Errorf("%s: plan does not walk %s with filter %q:\n%s", u.q, u.index, u.filter, got)
		}
	}
	for _, q := range []string{
		"SELECT id FROM pr" + order,
		"SELECT id FROM pr WHERE category_id = 4" + order,
		"SELECT id FROM pr WHERE category_id IN (3, 4)" + order,
		"SELECT id FROM pr WHERE category_id = 3 OR id = 1" + order,
		"SELECT id FROM pr WHERE category_id > 2" + order,
		"SELECT id FROM pr WHERE category_id IN (4, 6)" + order1,
	} {
		if got := explainText(t, s, q); strings.Contains(got, "Index Scan") {
			t.Errorf("%s: plan reads a partial index whose predicate WHERE does not imply:\n%s", q, got)
		}
	}
	for _, u := range uses {
		got := exec(t, s, u.q).Rows
		exec(t, s, "SET enable_indexscan = off")
		want := exec(t, s, u.q).Rows
		exec(t, s, "SET enable_indexscan = on")
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: index gives %v, exact plan %v", u.q, got, want)
		}
	}
}

// TestPartialHNSWPreferred checks that a partial HNSW index whose
// predicate WHERE implies is chosen over a full index of the same key
// and operator class created before it, and the full one otherwise.
func TestPartialHNSWPreferred(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE pp (id int PRIMARY KEY, category_id int, embedding vector(4))")
	exec(t, s, "INSERT INTO pp SELECT i, i % 10, ARRAY[i % 7, i % 11, i % 13, i % 17]::vector FROM generate_series(1, 3000) i")
	exec(t, s, "CREATE INDEX pp_all ON pp USING hnsw (embedding vector_l2_ops)")
	exec(t, s, "CREATE INDEX pp_c3 ON pp USING hnsw (embedding vector_l2_ops) WHERE (category_id = 3)")
	exec(t, s, "ANALYZE pp")
	const order = " ORDER BY embedding <-> '[3,5,7,9]' LIMIT 10"
	for q, index := range map[string]string{
		"SELECT id FROM pp WHERE category_id = 3" + order: "pp_c3",
		"SELECT id FROM pp WHERE id > 100" + order:        "pp_all",
		"SELECT id FROM pp" + order:                       "pp_all",
	} {
		if got := explainText(t, s, q); !strings.Contains(got, "Index Scan using "+index+" ") {
			t.Errorf("%s: plan does not use %s:\n%s", q, index, got)
		}
	}
}
