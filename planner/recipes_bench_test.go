package planner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/fmnist"
	"github.com/vecgres/vecgres/wire/backend"
)

// Sizes of the recipes benchmark: the first recipesBenchTrain train
// images, queried with the first recipesBenchQueries test images in each
// of recipesBenchRounds rounds.
const (
	recipesBenchTrain   = 20000
	recipesBenchQueries = 200
	recipesBenchRounds  = 3
	recipesBenchClass   = 3 // the partial index's label (dresses)
)

// benchRecipe is one of pgvector's indexing recipes as a prepared query
// taking the query image as $1: its index, the query, and whether its
// ground truth is the nearest rows of class recipesBenchClass only.
type benchRecipe struct {
	name, index, query string
	filtered           bool
}

var benchRecipes = []benchRecipe{
	{"plain", "items_plain", "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10", false},
	{"halfvec", "items_half", "SELECT id FROM items ORDER BY embedding::halfvec(784) <-> $1::halfvec(784) LIMIT 10", false},
	{"binary_quantize", "items_bq", "SELECT id FROM items ORDER BY binary_quantize(embedding)::bit(784) <~> binary_quantize($1::vector) LIMIT 10", false},
	{"binary_quantize_rerank", "items_bq", "SELECT id FROM (SELECT id, embedding FROM items ORDER BY binary_quantize(embedding)::bit(784) <~> " +
		"binary_quantize($1::vector) LIMIT 40) s ORDER BY embedding <-> $1 LIMIT 10", false},
	{"subvector_392", "items_sub", "SELECT id FROM items ORDER BY subvector(embedding, 1, 392)::vector(392) <-> subvector($1::vector, 1, 392) LIMIT 10", false},
	{"plain_filtered", "items_plain", "SELECT id FROM items WHERE category_id BETWEEN 3 AND 3 ORDER BY embedding <-> $1 LIMIT 10", true}, // does not imply the predicate
	{"partial", "items_c3", "SELECT id FROM items WHERE category_id = 3 ORDER BY embedding <-> $1 LIMIT 10", true},
}

// recipeResult is one recipe's figures in the JSON report.
type recipeResult struct {
	Name        string  `json:"name"`
	Index       string  `json:"index"`
	Query       string  `json:"query"`
	Recall10    float64 `json:"recall_at_10"`
	QPS         float64 `json:"qps"`
	QPSVsPlain  float64 `json:"qps_vs_plain"`
	VsBaseline  string  `json:"baseline"`
	QueriesRun  int     `json:"queries_run"`
	SecondsUsed float64 `json:"seconds"`
}

// BenchmarkRecipes measures pgvector's indexing recipes in process on
// Fashion-MNIST (the first 20,000 train images, 200 test queries, L2):
// plain HNSW on vector(784), half-precision (embedding::halfvec(784),
// halfvec_l2_ops), binary quantization (binary_quantize(embedding)::
// bit(784), bit_hamming_ops) alone and re-ranked by L2 from 40
// candidates, a subvector index on the first 392 dimensions, and a
// partial index WHERE (category_id = 3) against the plain index with
// the same rows (WHERE category_id BETWEEN 3 AND 3, which does not imply
// the predicate, so that the plain index answers it). Recall@10 is against the exact L2 nearest (of class 3
// for the filtered ones); QPS is one session's, the recipes taking turns
// query by query batch over three rounds so that the shared machine's
// load falls on each alike; each QPS is also given as a ratio to the
// plain index's (the filtered ones to plain_filtered's). Writes
// bench/results/recipes-<date>.json. Skipped without the data set.
func BenchmarkRecipes(b *testing.B) {
	ds, err := fmnist.LoadN(fmnist.DefaultDir, recipesBenchTrain, recipesBenchQueries)
	if err != nil {
		b.Skipf("Fashion-MNIST: %v", err)
	}
	ctx := context.Background()
	s := testSession(b)
	exec(b, s, "CREATE TABLE items (id int PRIMARY KEY, category_id int, embedding vector(784))")
	ins, err := s.Prepare("INSERT INTO items VALUES ($1, $2, $3)", nil)
	if err != nil {
		b.Fatal(err)
	}
	exec(b, s, "BEGIN")
	for i, v := range ds.Train {
		if _, err := s.Execute(ctx, ins, []any{int64(i), int64(ds.TrainLabels[i]), types.Vector(v)}); err != nil {
			b.Fatal(err)
		}
	}
	exec(b, s, "COMMIT")
	builds := map[string]float64{}
	for _, ddl := range []struct{ name, sql string }{
		{"items_plain", "CREATE INDEX items_plain ON items USING hnsw (embedding vector_l2_ops)"},
		{"items_half", "CREATE INDEX items_half ON items USING hnsw ((embedding::halfvec(784)) halfvec_l2_ops)"},
		{"items_bq", "CREATE INDEX items_bq ON items USING hnsw ((binary_quantize(embedding)::bit(784)) bit_hamming_ops)"},
		{"items_sub", "CREATE INDEX items_sub ON items USING hnsw ((subvector(embedding, 1, 392)::vector(392)) vector_l2_ops)"},
		{"items_c3", "CREATE INDEX items_c3 ON items USING hnsw (embedding vector_l2_ops) WHERE (category_id = 3)"},
	} {
		start := time.Now()
		exec(b, s, ddl.sql)
		builds[ddl.name] = time.Since(start).Seconds()
	}
	exec(b, s, "ANALYZE items")
	truth := exactTop10(ds.Train, ds.Test)
	var classIDs []int64
	var classVecs [][]float32
	for i, v := range ds.Train {
		if ds.TrainLabels[i] == recipesBenchClass {
			classIDs, classVecs = append(classIDs, int64(i)), append(classVecs, v)
		}
	}
	classTruth := exactTop10(classVecs, ds.Test)
	for qi := range classTruth {
		for j, k := range classTruth[qi] {
			classTruth[qi][j] = classIDs[k]
		}
	}
	prepared := make([]backend.Prepared, len(benchRecipes))
	for i, r := range benchRecipes {
		plan := explainText(b, s, replaceParam(r.query, ds.Test[0]))
		if !containsIndex(plan, r.index) {
			b.Fatalf("%s: plan does not use %s:\n%s", r.name, r.index, plan)
		}
		if prepared[i], err = s.Prepare(r.query, nil); err != nil {
			b.Fatal(err)
		}
	}
	elapsed := make([]time.Duration, len(benchRecipes))
	hits := make([]int, len(benchRecipes))
	asked := make([]int, len(benchRecipes))
	for range recipesBenchRounds {
		for i, r := range benchRecipes {
			start := time.Now()
			for qi, q := range ds.Test {
				res, err := s.Execute(ctx, prepared[i], []any{types.Vector(q)})
				if err != nil {
					b.Fatalf("%s: %v", r.name, err)
				}
				want := truth[qi]
				if r.filtered {
					want = classTruth[qi]
				}
				for _, row := range res.Rows {
					if slices.Contains(want, row[0].(int64)) {
						hits[i]++
					}
				}
				asked[i]++
			}
			elapsed[i] += time.Since(start)
		}
	}
	var out []recipeResult
	for i, r := range benchRecipes {
		base := 0
		if r.filtered {
			base = slices.IndexFunc(benchRecipes, func(x benchRecipe) bool { return x.name == "plain_filtered" })
		}
		qps := float64(asked[i]) / elapsed[i].Seconds()
		baseQPS := float64(asked[base]) / elapsed[base].Seconds()
		out = append(out, recipeResult{Name: r.name, Index: r.index, Query: r.query, Recall10: float64(hits[i]) / float64(10*asked[i]),
			QPS: qps, QPSVsPlain: qps / baseQPS, VsBaseline: benchRecipes[base].name, QueriesRun: asked[i], SecondsUsed: elapsed[i].Seconds()})
		b.ReportMetric(out[i].Recall10, r.name+"_recall@10")
		b.ReportMetric(qps, r.name+"_QPS")
	}
	writeRecipesReport(b, out, builds)
}

// writeRecipesReport writes the figures, the index build times and the
// load average to bench/results/recipes-<date>.json.
func writeRecipesReport(b *testing.B, out []recipeResult, builds map[string]float64) {
	load, _ := os.ReadFile("/proc/loadavg")
	report := map[string]any{"benchmark": "BenchmarkRecipes", "date": time.Now().UTC().Format(time.RFC3339),
		"train": recipesBenchTrain, "queries": recipesBenchQueries, "rounds": recipesBenchRounds, "gomaxprocs": runtime.GOMAXPROCS(0),
		"loadavg": string(slices.DeleteFunc(load, func(c byte) bool { return c == '\n' })), "build_seconds": builds, "recipes": out}
	js, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join("..", "bench", "results", "recipes-"+time.Now().UTC().Format("2006-01-02")+".json")
	if err := os.WriteFile(path, append(js, '\n'), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("wrote %s:\n%s", path, js)
}

// replaceParam is q with $1 replaced by v's literal.
func replaceParam(q string, v []float32) string {
	return strings.ReplaceAll(q, "$1", "'"+string(types.AppendVector(nil, types.Vector(v)))+"'")
}

// containsIndex reports whether an EXPLAIN text reads index.
func containsIndex(plan, index string) bool {
	return strings.Contains(plan, "Index Scan using "+index+" ")
}
