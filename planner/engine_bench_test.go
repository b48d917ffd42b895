package planner

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex/distance"
	"github.com/vecgres/vecgres/vecindex/fmnist"
)

// engineBenchQueries is how many Fashion-MNIST test images the engine
// benchmark asks for, in turn.
const engineBenchQueries = 500

// BenchmarkEngineKNN measures the engine in process, without the wire:
// Fashion-MNIST's 60,000 train images inserted through a prepared
// INSERT in one transaction, CREATE INDEX hnsw (m 16, ef_construction
// 64), then the prepared k-NN query `SELECT id FROM items ORDER BY
// embedding <-> $1 LIMIT 10` executed by one session per hnsw.ef_search,
// reporting queries per second and recall@10 against brute force (a hit
// is a returned id among the exact 10 nearest). It names no type of the
// engine contract, so bench/ab/run.sh can run it in an older tree as the
// baseline. Skipped without the data set
// (apt-get install -y dataset-fashion-mnist).
func BenchmarkEngineKNN(b *testing.B) {
	ds, err := fmnist.LoadN(fmnist.DefaultDir, 0, engineBenchQueries)
	if err != nil {
		b.Skipf("Fashion-MNIST: %v", err)
	}
	ctx := context.Background()
	s := testSession(b)
	exec(b, s, "CREATE TABLE items (id int PRIMARY KEY, embedding vector(784))")
	ins, err := s.Prepare("INSERT INTO items VALUES ($1, $2)", nil)
	if err != nil {
		b.Fatal(err)
	}
	exec(b, s, "BEGIN")
	for i, v := range ds.Train {
		if _, err := s.Execute(ctx, ins, []any{int64(i), types.Vector(v)}); err != nil {
			b.Fatal(err)
		}
	}
	exec(b, s, "COMMIT")
	exec(b, s, "CREATE INDEX ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64)")
	truth := exactTop10(ds.Train, ds.Test)
	q, err := s.Prepare("SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10", nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, ef := range []int{14, 20, 40, 80} {
		exec(b, s, fmt.Sprintf("SET hnsw.ef_search = %d", ef))
		b.Run(fmt.Sprintf("ef_search=%d", ef), func(b *testing.B) {
			hits, asked := 0, 0
			for i := 0; b.Loop(); i++ {
				k := i % len(ds.Test)
				res, err := s.Execute(ctx, q, []any{types.Vector(ds.Test[k])})
				if err != nil {
					b.Fatal(err)
				}
				for _, row := range res.Rows {
					if slices.Contains(truth[k], row[0].(int64)) {
						hits++
					}
				}
				asked++
			}
			b.ReportMetric(float64(hits)/float64(10*asked), "recall@10")
			b.ReportMetric(float64(asked)/b.Elapsed().Seconds(), "QPS")
		})
	}
}

// exactTop10 returns, for each query, the ids (row indexes) of its 10
// nearest base vectors by L2.
func exactTop10(base, queries [][]float32) [][]int64 {
	out := make([][]int64, len(queries))
	for qi, q := range queries {
		type hit struct {
			id int64
			d  float32
		}
		best := make([]hit, 0, 11)
		for i, v := range base {
			d := distance.L2Squared(q, v)
			if len(best) == 10 && d >= best[9].d {
				continue
			}
			at, _ := slices.BinarySearchFunc(best, d, func(h hit, d float32) int {
				if h.d <= d {
					return -1
				}
				return 1
			})
			best = slices.Insert(best, at, hit{int64(i), d})
			if len(best) > 10 {
				best = best[:10]
			}
		}
		for _, h := range best {
			out[qi] = append(out[qi], h.id)
		}
	}
	return out
}
