package planner

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// explainText runs EXPLAIN (COSTS OFF) q and returns its lines joined by
// newlines.
func explainText(t testing.TB, s *Session, q string) string {
	t.Helper()
	res := exec(t, s, "EXPLAIN (COSTS OFF) "+q)
	var lines []string
	for _, r := range res.Rows {
		lines = append(lines, r[0].(string))
	}
	return strings.Join(lines, "\n")
}

// TestExpressionIndexPlans checks that a B-tree on an expression serves
// WHERE and IN on the same expression, and only on it, with the rows a
// sequential scan gives; rows changed after CREATE INDEX, and REINDEX,
// keep it exact.
func TestExpressionIndexPlans(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE docs (id int PRIMARY KEY, name text, metadata jsonb)")
	exec(t, s, "INSERT INTO docs SELECT i, 'Name' || i, jsonb_build_object('category', 'c' || (i % 10)) FROM generate_series(1, 3000) i")
	exec(t, s, "CREATE INDEX ON docs ((lower(name)))")
	exec(t, s, "CREATE INDEX ON docs ((metadata->>'category'))")
	exec(t, s, "ANALYZE docs")
	exec(t, s, "INSERT INTO docs VALUES (3001, 'MiXeD', '{\"category\": \"c3\"}')")
	exec(t, s, "UPDATE docs SET name = 'Other' WHERE id = 7")
	uses := []struct{ q, index string }{
		{"SELECT id FROM docs WHERE lower(name) = 'name7'", "docs_lower_idx"},
		{"SELECT id FROM docs WHERE 'mixed' = lower(name)", "docs_lower_idx"},
		{"SELECT id FROM docs WHERE lower(name) IN ('name8', 'other')", "docs_lower_idx"},
		{"SELECT id FROM docs WHERE metadata->>'category' = 'c3'", "docs_expr_idx"},
	}
	for _, u := range uses {
		if got := explainText(t, s, u.q); !strings.Contains(got, "Index Scan using "+u.index) {
			t.Errorf("%s: plan does not use %s:\n%s", u.q, u.index, got)
		}
	}
	for _, q := range []string{
		"SELECT id FROM docs WHERE upper(name) = 'NAME7'",
		"SELECT id FROM docs WHERE name = 'Name7'",
		"SELECT id FROM docs WHERE metadata->>'kind' = 'c3'",
		"SELECT id FROM docs WHERE metadata->'category' = '\"c3\"'",
	} {
		if got := explainText(t, s, q); strings.Contains(got, "Index Scan") {
			t.Errorf("%s: plan uses an index it does not match:\n%s", q, got)
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
	check("SELECT id FROM docs WHERE lower(name) = 'name7'", nil)
	check("SELECT id FROM docs WHERE lower(name) IN ('name8', 'other')", []int64{7, 8})
	check("SELECT id FROM docs WHERE lower(name) = 'mixed'", []int64{3001})
	exec(t, s, "DELETE FROM docs WHERE id = 3001")
	check("SELECT id FROM docs WHERE lower(name) = 'mixed'", nil)
	exec(t, s, "REINDEX TABLE docs")
	check("SELECT count(*)::int8 FROM docs WHERE metadata->>'category' = 'c3'", []int64{300})
	check("SELECT id FROM docs WHERE lower(name) = 'name2999'", []int64{2999})
}

// TestExpressionIndexRefused checks PostgreSQL's errors for what an index
// expression may not contain.
func TestExpressionIndexRefused(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE docs (id int, name text)")
	for _, c := range []struct{ q, code, msg string }{
		{"CREATE INDEX ON docs ((random()))", "42P17", "functions in index expression must be marked IMMUTABLE"},
		{"CREATE INDEX ON docs ((id + random()::int))", "42P17", "functions in index expression must be marked IMMUTABLE"},
		{"CREATE INDEX ON docs ((count(id)))", "42803", "aggregate functions are not allowed in index expressions"},
		{"CREATE INDEX ON docs ((lower(nope)))", "42703", `column "nope" does not exist`},
		{"CREATE INDEX ON docs (id) WHERE random() > 0.5", "42P17", "functions in index predicate must be marked IMMUTABLE"},
		{"CREATE INDEX ON docs ((docs.id + 1))", "0A000", "qualified column references in index expressions is not supported by vecgres"},
		{"CREATE INDEX ON docs (id) WHERE docs.id > 1", "0A000", "qualified column references in index expressions is not supported by vecgres"},
	} {
		e := execErr(t, s, c.q)
		if string(e.Code) != c.code || e.Message != c.msg {
			t.Errorf("%s: got %s %q, want %s %q", c.q, e.Code, e.Message, c.code, c.msg)
		}
	}
}

// TestExpressionHNSWRecall checks k-NN through an HNSW index on a cast
// (LangChain.js's USING hnsw ((embedding::vector(8)) vector_cosine_ops)
// over an untyped vector column): the plan uses it, every answer is in
// exact distance order and never short, and recall@10 against brute
// force is at least 0.9.
func TestExpressionHNSWRecall(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE emb (id int PRIMARY KEY, embedding vector)")
	rng := rand.New(rand.NewSource(7))
	vecOf := func() types.Vector {
		v := make(types.Vector, 8)
		for i := range v {
			v[i] = float32(int(rng.Float64()*20000-10000)) / 10000
		}
		return v
	}
	vec := func() string {
		v := vecOf()
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = fmt.Sprint(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	var b strings.Builder
	for i := 1; i <= 2000; i++ {
		if b.Len() > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "(%d, '%s')", i, vec())
	}
	exec(t, s, "INSERT INTO emb VALUES "+b.String())
	exec(t, s, "CREATE INDEX ON emb USING hnsw ((embedding::vector(8)) vector_cosine_ops)")
	exec(t, s, "ANALYZE emb")
	q := "SELECT id FROM emb ORDER BY embedding::vector(8) <=> $1 LIMIT 10"
	if got := explainText(t, s, "SELECT id FROM emb ORDER BY embedding::vector(8) <=> '[1,0,0,0,0,0,0,0]' LIMIT 10"); !strings.Contains(got, "Index Scan using emb_embedding_idx") {
		t.Fatalf("plan does not use the expression index:\n%s", got)
	}
	if got := explainText(t, s, "SELECT id FROM emb ORDER BY embedding::vector(8) <-> '[1,0,0,0,0,0,0,0]' LIMIT 10"); strings.Contains(got, "Index Scan") {
		t.Fatalf("L2 order uses the cosine index:\n%s", got)
	}
	found, total := 0, 0
	for range 30 {
		qv := vecOf()
		got := ids(exec(t, s, q, qv))
		exec(t, s, "SET enable_indexscan = off")
		want := ids(exec(t, s, q, qv))
		exec(t, s, "SET enable_indexscan = on")
		if len(got) != 10 {
			t.Fatalf("got %d rows, want 10", len(got))
		}
		for _, id := range got {
			if slices.Contains(want, id) {
				found++
			}
		}
		total += len(want)
	}
	if r := float64(found) / float64(total); r < 0.9 {
		t.Errorf("recall@10 %.3f < 0.9", r)
	}
}

// TestExpressionIndexCatalog checks how pg_get_indexdef, pg_index and
// pg_get_expr show expression and partial indexes: a function call bare,
// another expression in parentheses, the predicate after WHERE, indkey 0
// for an expression column.
func TestExpressionIndexCatalog(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE z (a int, name text, m jsonb, e vector)")
	exec(t, s, "CREATE INDEX ON z ((m->>'k'))")
	exec(t, s, "CREATE INDEX ON z USING hnsw ((e::vector(3)) vector_l2_ops)")
	exec(t, s, "CREATE INDEX ON z (a) WHERE a > 10 AND name IS NOT NULL")
	exec(t, s, "CREATE INDEX CONCURRENTLY ON z ((lower(name)))")
	res := exec(t, s, "SELECT pg_get_indexdef(indexrelid), indkey::text, pg_get_expr(indexprs, indrelid), pg_get_expr(indpred, indrelid) FROM pg_index WHERE indrelid = 'z'::regclass ORDER BY 1")
	want := [][]any{
		{"CREATE INDEX z_a_idx ON public.z USING btree (a) WHERE ((a > 10) AND (name IS NOT NULL))", "1", nil, "((a > 10) AND (name IS NOT NULL))"},
		{"CREATE INDEX z_e_idx ON public.z USING hnsw (((e)::vector(3)) vector_l2_ops)", "0", "(e)::vector(3)", nil},
		{"CREATE INDEX z_expr_idx ON public.z USING btree (((m ->> 'k')))", "0", "(m ->> 'k')", nil},
		{"CREATE INDEX z_lower_idx ON public.z USING btree (lower(name))", "0", "lower(name)", nil},
	}
	if fmt.Sprint(res.Rows) != fmt.Sprint(want) {
		t.Errorf("pg_index:\ngot  %v\nwant %v", res.Rows, want)
	}
}

// TestExpressionIndexAlter checks ALTER TABLE around expression and
// partial indexes: dropping an earlier column leaves them exact (bound
// again at the new positions), dropping a column one reads drops it (as
// PostgreSQL), and renaming such a column is 0A000 (its stored text names
// it).
func TestExpressionIndexAlter(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE y (x int, a int, b int, c int)")
	exec(t, s, "INSERT INTO y SELECT i, i, i * 2, i * 3 FROM generate_series(1, 2000) i")
	exec(t, s, "CREATE INDEX yab ON y ((a + b))")
	exec(t, s, "CREATE INDEX yc ON y ((c * 2))")
	exec(t, s, "CREATE INDEX yp ON y (c) WHERE b > 0")
	exec(t, s, "ANALYZE y")
	if e := execErr(t, s, "ALTER TABLE y RENAME COLUMN a TO aa"); e.Code != "0A000" {
		t.Errorf("rename: got %s %s, want 0A000", e.Code, e.Message)
	}
	exec(t, s, "ALTER TABLE y DROP COLUMN x")
	exec(t, s, "INSERT INTO y VALUES (5000, 2, 7)")
	for _, c := range []struct {
		q     string
		index string
		want  []int64
	}{
		{"SELECT a FROM y WHERE c * 2 = 30", "yc", []int64{5}},
		{"SELECT a FROM y WHERE c * 2 = 14", "yc", []int64{5000}},
		{"SELECT a FROM y WHERE a + b = 5002", "yab", []int64{5000}},
		{"SELECT a FROM y WHERE a + b = 30", "yab", []int64{10}},
	} {
		if got := explainText(t, s, c.q); !strings.Contains(got, "Index Scan using "+c.index+" ") {
			t.Errorf("%s: plan does not use %s:\n%s", c.q, c.index, got)
		}
		if got := ids(exec(t, s, c.q)); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.q, got, c.want)
		}
	}
	exec(t, s, "ALTER TABLE y DROP COLUMN b")
	res := exec(t, s, "SELECT indexname FROM pg_indexes WHERE tablename = 'y' ORDER BY 1")
	if fmt.Sprint(res.Rows) != "[[yc]]" {
		t.Errorf("indexes after DROP COLUMN b: %v, want [[yc]]", res.Rows)
	}
}

// TestMultiColumnIndex checks a multi-column B-tree mixing columns and
// expressions: a condition on its leading column reads it (=, <, <=, >,
// >=, IN, IS NULL), one on a later column alone does not, and every
// answer, NULL keys included, is the sequential scan's.
func TestMultiColumnIndex(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE m (a int, b text, c int)")
	exec(t, s, "INSERT INTO m SELECT i % 50, 'B' || (i % 7), i FROM generate_series(1, 5000) i")
	exec(t, s, "INSERT INTO m VALUES (NULL, 'x', 1), (3, NULL, 2), (NULL, NULL, NULL)")
	exec(t, s, "CREATE INDEX ON m (a, lower(b), (c + 1))")
	exec(t, s, "ANALYZE m")
	exec(t, s, "INSERT INTO m VALUES (3, 'late', 7), (49, 'B3', NULL)")
	exec(t, s, "UPDATE m SET a = 48 WHERE c = 100")
	if res := exec(t, s, "SELECT indexname FROM pg_indexes WHERE tablename = 'm'"); fmt.Sprint(res.Rows) != "[[m_a_lower_expr_idx]]" {
		t.Errorf("index name: %v", res.Rows)
	}
	for _, where := range []string{"a = 3", "a > 47", "a >= 47", "a < 2", "a <= 2", "a IN (1, 2, 49)", "a IS NULL",
		"a = 3 AND lower(b) = 'b3'", "a = 49 AND c + 1 IS NULL", "a > 10 AND a < 12"} {
		q := "SELECT count(*)::int8 FROM m WHERE " + where
		if got := explainText(t, s, q); !strings.Contains(got, "Index Scan using m_a_lower_expr_idx") {
			t.Errorf("%s: plan does not use the index:\n%s", q, got)
		}
		got := ids(exec(t, s, q))
		exec(t, s, "SET enable_indexscan = off")
		want := ids(exec(t, s, q))
		exec(t, s, "SET enable_indexscan = on")
		if got[0] != want[0] || want[0] == 0 {
			t.Errorf("%s: index counts %d, sequential scan %d", q, got[0], want[0])
		}
	}
	if got := explainText(t, s, "SELECT count(*) FROM m WHERE lower(b) = 'b3'"); strings.Contains(got, "Index Scan") {
		t.Errorf("a condition on a later column alone uses the index:\n%s", got)
	}
}

// TestExpressionIndexKeyErrors checks that CREATE INDEX fails, as
// PostgreSQL's, when a row's key cannot be computed (a cast to vector(4)
// of a 3-dimensional vector), leaving no index, and that a row whose key
// fails is not stored.
func TestExpressionIndexKeyErrors(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE v (id int, e vector)")
	exec(t, s, "INSERT INTO v VALUES (1, '[1,2,3]'), (2, NULL)")
	if e := execErr(t, s, "CREATE INDEX v_bad ON v USING hnsw ((e::vector(4)) vector_l2_ops)"); e.Code != "22000" || e.Message != "expected 4 dimensions, not 3" {
		t.Errorf("got %s %q", e.Code, e.Message)
	}
	exec(t, s, "CREATE INDEX v_ok ON v USING hnsw ((e::vector(3)) vector_l2_ops)")
	if e := execErr(t, s, "INSERT INTO v VALUES (3, '[1,2]')"); e.Code != "22000" {
		t.Errorf("insert: got %s %q", e.Code, e.Message)
	}
	res := exec(t, s, "SELECT (SELECT count(*) FROM v)::text || ' ' || (SELECT string_agg(indexname, ',') FROM pg_indexes WHERE tablename = 'v')")
	if got := res.Rows[0][0]; got != "2 v_ok" {
		t.Errorf("rows and indexes: %v, want 2 v_ok", got)
	}
}

// TestCreateIndexConcurrentlyEachKind checks CREATE INDEX CONCURRENTLY of
// partial, partial HNSW over an expression, unique partial and
// multi-column indexes: each is built, shown by pg_get_indexdef and
// answers; inside a transaction block it is 25001.
func TestCreateIndexConcurrentlyEachKind(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE v (id int, e vector(3), n int)")
	exec(t, s, "INSERT INTO v SELECT i, ('[' || i || ',1,1]')::vector, i % 10 FROM generate_series(1, 3000) i")
	exec(t, s, "CREATE INDEX CONCURRENTLY vp ON v (id) WHERE n > 5")
	exec(t, s, "CREATE INDEX CONCURRENTLY vh ON v USING hnsw ((e::vector(3)) vector_l2_ops) WHERE n > 2")
	exec(t, s, "CREATE UNIQUE INDEX CONCURRENTLY vu ON v (id) WHERE n > 5")
	exec(t, s, "CREATE INDEX CONCURRENTLY vm ON v (n, (id + 1))")
	res := exec(t, s, "SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'v'::regclass ORDER BY 1")
	want := "[[CREATE INDEX vh ON public.v USING hnsw (((e)::vector(3)) vector_l2_ops) WHERE (n > 2)] " +
		"[CREATE INDEX vm ON public.v USING btree (n, ((id + 1)))] " +
		"[CREATE INDEX vp ON public.v USING btree (id) WHERE (n > 5)] " +
		"[CREATE UNIQUE INDEX vu ON public.v USING btree (id) WHERE (n > 5)]]"
	if fmt.Sprint(res.Rows) != want {
		t.Errorf("indexes:\ngot  %v\nwant %s", res.Rows, want)
	}
	for _, c := range []struct {
		q     string
		index string
		want  []int64
	}{
		{"SELECT id FROM v WHERE n > 6 AND id = 17", "vp", []int64{17}},
		{"SELECT id FROM v WHERE n > 3 ORDER BY e::vector(3) <-> '[10,1,1]' LIMIT 3", "vh", []int64{9, 8, 7}},
		{"SELECT id FROM v WHERE n = 4 AND id < 30", "vm", []int64{4, 14, 24}},
	} {
		if got := explainText(t, s, c.q); !strings.Contains(got, "Index Scan using "+c.index+" ") {
			t.Errorf("%s: plan does not use %s:\n%s", c.q, c.index, got)
		}
		if got := ids(exec(t, s, c.q)); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.q, got, c.want)
		}
	}
	if e := execErr(t, s, "INSERT INTO v VALUES (17, NULL, 9)"); e.Code != "23505" {
		t.Errorf("duplicate in the unique partial index: got %s %s", e.Code, e.Message)
	}
	exec(t, s, "INSERT INTO v VALUES (17, NULL, 1)")
	exec(t, s, "BEGIN")
	if e := execErr(t, s, "CREATE INDEX CONCURRENTLY vx ON v ((id * 2))"); e.Code != "25001" {
		t.Errorf("in a block: got %s %s", e.Code, e.Message)
	}
	exec(t, s, "ROLLBACK")
}
