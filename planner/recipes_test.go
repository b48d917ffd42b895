package planner

import (
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// recipeTable makes table name (id int, embedding vector(dims)) with n
// rows of seeded random elements in [-1, 1] rounded to 1e-3, and returns
// a function giving further random vectors as literals.
func recipeTable(t *testing.T, s *Session, name string, n, dims int) func() string {
	t.Helper()
	rng := rand.New(rand.NewSource(int64(n*dims + len(name))))
	lit := func() string {
		parts := make([]string, dims)
		for j := range parts {
			parts[j] = fmt.Sprint(float64(rng.Intn(2001)-1000) / 1000)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	exec(t, s, fmt.Sprintf("CREATE TABLE %s (id int PRIMARY KEY, embedding vector(%d))", name, dims))
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if b.Len() > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "(%d, '%s')", i, lit())
	}
	exec(t, s, "INSERT INTO "+name+" VALUES "+b.String())
	return lit
}

// recipeRecall runs q (with $1 a vector literal) for each of queries
// through the index (whose use EXPLAIN must show) and with index scans
// off, and returns the fraction of the exact rows' ids the index's rows
// hold; each index answer must have as many rows as the exact one.
func recipeRecall(t *testing.T, s *Session, q, index string, queries []string) float64 {
	t.Helper()
	first := strings.ReplaceAll(q, "$1", "'"+queries[0]+"'")
	if got := explainText(t, s, first); !strings.Contains(got, "Index Scan using "+index+" ") {
		t.Fatalf("%s: plan does not use %s:\n%s", first, index, got)
	}
	found, total := 0, 0
	for _, v := range queries {
		qv := strings.ReplaceAll(q, "$1", "'"+v+"'")
		got := ids(exec(t, s, qv))
		exec(t, s, "SET enable_indexscan = off")
		want := ids(exec(t, s, qv))
		exec(t, s, "SET enable_indexscan = on")
		if len(got) != len(want) {
			t.Fatalf("%s: index gives %d rows, exact plan %d", qv, len(got), len(want))
		}
		for _, id := range got {
			if slices.Contains(want, id) {
				found++
			}
		}
		total += len(want)
	}
	return float64(found) / float64(total)
}

// TestRecipeBinaryQuantize checks pgvector's binary quantization recipe:
// an HNSW index on binary_quantize(embedding)::bit(n) with
// bit_hamming_ops serves ORDER BY binary_quantize(embedding)::bit(n) <~>
// binary_quantize(q) LIMIT k (recall@10 >= 0.9 of the exact Hamming
// order, ties included as the exact plan breaks them), and pgvector's
// re-ranking query reads it in its subquery (EXPLAIN shows the index
// under the Subquery Scan) and returns the exact cosine order of the
// candidates the subquery gives.
func TestRecipeBinaryQuantize(t *testing.T) {
	s := testSession(t)
	lit := recipeTable(t, s, "bq", 2000, 64)
	exec(t, s, "CREATE INDEX bq_bits ON bq USING hnsw ((binary_quantize(embedding)::bit(64)) bit_hamming_ops)")
	var queries []string
	for range 20 {
		queries = append(queries, lit())
	}
	const knn = "SELECT id FROM bq ORDER BY binary_quantize(embedding)::bit(64) <~> binary_quantize($1::vector) LIMIT 10"
	if r := recipeRecall(t, s, knn, "bq_bits", queries); r < 0.9 {
		t.Errorf("binary quantization recall@10 %.3f < 0.9", r)
	}
	const rerank = "SELECT id FROM (SELECT * FROM bq ORDER BY binary_quantize(embedding)::bit(64) <~> binary_quantize($1::vector) LIMIT 40) s " +
		"ORDER BY embedding <=> $1 LIMIT 5"
	for _, v := range queries {
		q := strings.ReplaceAll(rerank, "$1", "'"+v+"'")
		plan := explainText(t, s, q)
		if !regexp.MustCompile(`(?s)Subquery Scan on s.*Index Scan using bq_bits on bq`).MatchString(plan) {
			t.Fatalf("%s: the subquery does not read bq_bits:\n%s", q, plan)
		}
		cands := ids(exec(t, s, strings.ReplaceAll(
			"SELECT id FROM bq ORDER BY binary_quantize(embedding)::bit(64) <~> binary_quantize($1::vector) LIMIT 40", "$1", "'"+v+"'")))
		inList := make([]string, len(cands))
		for i, c := range cands {
			inList[i] = fmt.Sprint(c)
		}
		want := ids(exec(t, s, "SELECT id FROM bq WHERE id IN ("+strings.Join(inList, ",")+") ORDER BY embedding <=> '"+v+"' LIMIT 5"))
		if got := ids(exec(t, s, q)); !slices.Equal(got, want) {
			t.Fatalf("%s: got %v, want the exact cosine order of the subquery's rows %v", q, got, want)
		}
	}
}

// TestRecipeHalfvecSubvector checks pgvector's half-precision and
// subvector recipes: HNSW indexes on embedding::halfvec(n) with
// halfvec_l2_ops and on subvector(embedding, 1, m)::vector(m) with
// vector_cosine_ops serve the ORDER BY of the same expression, with
// recall@10 >= 0.9 against the exact order; an ivfflat index on the
// subvector expression holds 8-dimension keys and, every list probed,
// answers exactly.
func TestRecipeHalfvecSubvector(t *testing.T) {
	s := testSession(t)
	lit := recipeTable(t, s, "hs", 2000, 32)
	exec(t, s, "CREATE INDEX hs_half ON hs USING hnsw ((embedding::halfvec(32)) halfvec_l2_ops)")
	exec(t, s, "CREATE INDEX hs_sub ON hs USING hnsw ((subvector(embedding, 1, 8)::vector(8)) vector_cosine_ops)")
	var queries, subs []string
	for range 20 {
		queries = append(queries, lit())
		subs = append(subs, "["+strings.Join(strings.Split(strings.Trim(lit(), "[]"), ",")[:8], ",")+"]")
	}
	if r := recipeRecall(t, s, "SELECT id FROM hs ORDER BY embedding::halfvec(32) <-> $1 LIMIT 10", "hs_half", queries); r < 0.9 {
		t.Errorf("halfvec recall@10 %.3f < 0.9", r)
	}
	if r := recipeRecall(t, s, "SELECT id FROM hs ORDER BY subvector(embedding, 1, 8)::vector(8) <=> $1 LIMIT 10", "hs_sub", subs); r < 0.9 {
		t.Errorf("subvector recall@10 %.3f < 0.9", r)
	}
	// an ivfflat expression index's lists hold its key (8 dimensions), not
	// the column's 32: every list probed gives the exact rows
	exec(t, s, "CREATE INDEX hs_sub_ivf ON hs USING ivfflat ((subvector(embedding, 1, 8)::vector(8)) vector_l2_ops) WITH (lists = 10)")
	exec(t, s, "SET ivfflat.probes = 10")
	if r := recipeRecall(t, s, "SELECT id FROM hs ORDER BY subvector(embedding, 1, 8)::vector(8) <-> $1 LIMIT 10", "hs_sub_ivf", subs); r != 1 {
		t.Errorf("ivfflat subvector recall@10 with every list probed %.3f, want 1", r)
	}
	for _, q := range []string{
		"SELECT id FROM hs ORDER BY embedding::halfvec(32) <=> '" + queries[0] + "' LIMIT 10",
		"SELECT id FROM hs ORDER BY subvector(embedding, 2, 8)::vector(8) <=> '" + subs[0] + "' LIMIT 10",
		"SELECT id FROM hs ORDER BY subvector(embedding, 1, 8)::vector(8) <+> '" + subs[0] + "' LIMIT 10",
	} {
		if got := explainText(t, s, q); strings.Contains(got, "Index Scan") {
			t.Errorf("%s: plan reads an index of another expression or operator:\n%s", q, got)
		}
	}
}
