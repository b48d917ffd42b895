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
)

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

// runQueries answers the query vectors test[first : first+n] with sh's
// statement, handing the next unstarted batch of sh.batch vectors to
// whichever connection is free (one goroutine per connection). IDs[i] holds
// the answer for test[first+i]; Latencies holds one round trip per
// statement. The first error stops all workers and is returned.
func runQueries(ctx context.Context, conns []*pgx.Conn, sh shape, test [][]float32, first, n int) (*queryRun, error) {
	units := (n + sh.batch - 1) / sh.batch
	res := &queryRun{IDs: make([][]int32, n), Latencies: make([]time.Duration, units)}
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
				u := int(next.Add(1) - 1)
				if u >= units || ctx.Err() != nil {
					return
				}
				lo, hi := u*sh.batch, min((u+1)*sh.batch, n)
				t0 := time.Now()
				err := sh.run(ctx, c, test, first+lo, res.IDs[lo:hi])
				res.Latencies[u] = time.Since(t0)
				if err != nil {
					once.Do(func() { firstErr = fmt.Errorf("query %d: %w", first+lo, err); cancel() })
					return
				}
			}
		}(c)
	}
	wg.Wait()
	res.Wall = time.Since(start)
	return res, firstErr
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
