package main

import (
	"context"
	"fmt"
	"math"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// knnQuery is the benchmarked statement; pgx prepares it on each connection
// the first time it runs (its default statement-cache mode) and sends the
// vector parameter in binary. --data glove-100 makes it cosineQuery (glove.go).
var knnQuery = "SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 10"

// queryRun is the outcome of running a set of queries once over some
// connections.
type queryRun struct {
	IDs       [][]int32       // per query, the returned ids in order
	Latencies []time.Duration // per query, round-trip time of the query
	Wall      time.Duration   // from the first query sent to the last answer
}

// setSearch runs SET setting = v (hnsw.ef_search, ivfflat.probes) on
// every connection.
func setSearch(ctx context.Context, conns []*pgx.Conn, setting string, v int) error {
	stmt := fmt.Sprintf("SET %s = %d", setting, v)
	for i, c := range conns {
		if _, err := c.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("connection %d: %s: %w", i, stmt, err)
		}
	}
	return nil
}

// runQueries runs knnQuery for every vector in queries, handing the next
// unstarted query to whichever connection is free (one goroutine per
// connection). The first error stops all workers and is returned.
func runQueries(ctx context.Context, conns []*pgx.Conn, queries [][]float32) (*queryRun, error) {
	res := &queryRun{IDs: make([][]int32, len(queries)), Latencies: make([]time.Duration, len(queries))}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for _, c := range conns {
		wg.Add(1)
		go func(c *pgx.Conn) {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(queries) || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				ids, err := knn(ctx, c, queries[i])
				res.Latencies[i] = time.Since(t0)
				if err != nil {
					once.Do(func() { firstErr = fmt.Errorf("query %d: %w", i, err); cancel() })
					return
				}
				res.IDs[i] = ids
			}
		}(c)
	}
	wg.Wait()
	res.Wall = time.Since(start)
	return res, firstErr
}

// knn runs knnQuery for one vector and returns the ids in result order.
func knn(ctx context.Context, c *pgx.Conn, q []float32) ([]int32, error) {
	rows, err := c.Query(ctx, knnQuery, pgvector.NewVector(q))
	if err != nil {
		return nil, err
	}
	ids := make([]int32, 0, 10)
	var id int32
	_, err = pgx.ForEachRow(rows, []any{&id}, func() error {
		ids = append(ids, id)
		return nil
	})
	return ids, err
}

// percentile returns the p-th percentile (0 < p <= 100) of ds by the
// nearest-rank method: the smallest value with at least p% of the values at
// or below it. It returns 0 for an empty slice and does not modify ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	rank = min(max(rank, 1), len(s))
	return s[rank-1]
}
