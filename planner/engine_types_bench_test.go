package planner

import (
	"context"
	"runtime/pprof"
	"slices"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/fmnist"
	"github.com/vecgres/vecgres/wire/backend"
)

// engineTypesTrain is the number of Fashion-MNIST train images
// BenchmarkEngineKNNTypes loads into each table.
const engineTypesTrain = 20000

// engineTypeCase is one column type of BenchmarkEngineKNNTypes: its
// table, the prepared k-NN query and how a test image becomes $1.
type engineTypeCase struct {
	name, ddl, index, query string
	param                   func(v []float32) any
}

var engineTypeCases = []engineTypeCase{
	{"vector", "CREATE TABLE t_vector (id int PRIMARY KEY, embedding vector(784))",
		"CREATE INDEX ON t_vector USING hnsw (embedding vector_l2_ops)",
		"SELECT id FROM t_vector ORDER BY embedding <-> $1 LIMIT 10",
		func(v []float32) any { return types.Vector(v) }},
	{"halfvec", "CREATE TABLE t_halfvec (id int PRIMARY KEY, embedding halfvec(784))",
		"CREATE INDEX ON t_halfvec USING hnsw (embedding halfvec_l2_ops)",
		"SELECT id FROM t_halfvec ORDER BY embedding <-> $1 LIMIT 10",
		func(v []float32) any { h, _ := types.HalfvecFromFloats(v); return h }},
	{"halfvec_cast", "", "",
		"SELECT id FROM t_halfvec ORDER BY embedding <-> $1::halfvec LIMIT 10",
		func(v []float32) any { return types.Vector(v) }},
	{"halfvec_expr", "", "CREATE INDEX ON t_vector USING hnsw ((embedding::halfvec(784)) halfvec_l2_ops)",
		"SELECT id FROM t_vector ORDER BY embedding::halfvec(784) <-> $1::halfvec(784) LIMIT 10",
		func(v []float32) any { return types.Vector(v) }},
	{"sparsevec", "CREATE TABLE t_sparsevec (id int PRIMARY KEY, embedding sparsevec(784))",
		"CREATE INDEX ON t_sparsevec USING hnsw (embedding sparsevec_l2_ops)",
		"SELECT id FROM t_sparsevec ORDER BY embedding <-> $1 LIMIT 10",
		func(v []float32) any { s, _ := types.VectorToSparse(v); return s }},
	{"bit_expr", "", "CREATE INDEX ON t_vector USING hnsw ((binary_quantize(embedding)::bit(784)) bit_hamming_ops)",
		"SELECT id FROM t_vector ORDER BY binary_quantize(embedding)::bit(784) <~> binary_quantize($1::vector) LIMIT 10",
		func(v []float32) any { return types.Vector(v) }},
}

// BenchmarkEngineKNNTypes measures the prepared k-NN query in process
// over a vector(784) column with vector_l2_ops, over a halfvec(784)
// column with halfvec_l2_ops (the parameter sent as halfvec, or as a
// vector cast to halfvec in the query), over pgvector's half-precision
// expression index on a vector column, over a sparsevec(784) column with
// sparsevec_l2_ops and over pgvector's binary-quantization expression
// index (bit_hamming_ops; its recall is against the exact L2 nearest
// too, so it is low): Fashion-MNIST's first 20,000 train images,
// hnsw.ef_search 40, the cases taking turns 100 queries at a time, QPS
// and recall@10 against the exact L2 nearest per case; each case's CPU
// profile samples carry the label case=<name> (-cpuprofile, then
// go tool pprof -tags). Skipped without the data set.
func BenchmarkEngineKNNTypes(b *testing.B) {
	ds, err := fmnist.LoadN(fmnist.DefaultDir, engineTypesTrain, engineBenchQueries)
	if err != nil {
		b.Skipf("Fashion-MNIST: %v", err)
	}
	ctx := context.Background()
	s := testSession(b)
	for _, c := range engineTypeCases {
		if c.ddl == "" {
			continue
		}
		exec(b, s, c.ddl)
		ins, err := s.Prepare("INSERT INTO "+c.ddl[len("CREATE TABLE "):len("CREATE TABLE ")+len("t_"+c.name)]+" VALUES ($1, $2)", nil)
		if err != nil {
			b.Fatal(err)
		}
		exec(b, s, "BEGIN")
		for i, v := range ds.Train {
			if _, err := s.Execute(ctx, ins, []any{int64(i), c.param(v)}); err != nil {
				b.Fatal(err)
			}
		}
		exec(b, s, "COMMIT")
	}
	for _, c := range engineTypeCases {
		if c.index != "" {
			exec(b, s, c.index)
		}
	}
	truth := exactTop10(ds.Train, ds.Test)
	exec(b, s, "SET hnsw.ef_search = 40")
	prepared := make([]backend.Prepared, len(engineTypeCases))
	for i, c := range engineTypeCases {
		if prepared[i], err = s.Prepare(c.query, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("interleaved", func(b *testing.B) {
		elapsed := make([]time.Duration, len(engineTypeCases))
		hits := make([]int, len(engineTypeCases))
		asked := make([]int, len(engineTypeCases))
		for b.Loop() {
			for i, c := range engineTypeCases {
				pprof.Do(ctx, pprof.Labels("case", c.name), func(ctx context.Context) {
					start := time.Now()
					for k, q := range ds.Test[:100] {
						res, err := s.Execute(ctx, prepared[i], []any{c.param(q)})
						if err != nil {
							b.Fatal(err)
						}
						for _, row := range res.Rows {
							if slices.Contains(truth[k], row[0].(int64)) {
								hits[i]++
							}
						}
						asked[i]++
					}
					elapsed[i] += time.Since(start)
				})
			}
		}
		for i, c := range engineTypeCases {
			b.ReportMetric(float64(asked[i])/elapsed[i].Seconds(), c.name+"-QPS")
			b.ReportMetric(float64(hits[i])/float64(10*asked[i]), c.name+"-recall@10")
		}
	})
}
