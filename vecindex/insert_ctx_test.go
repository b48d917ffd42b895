package vecindex

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"
)

// TestInsertBatchContextDone: a context already done inserts nothing and
// returns its error (Canceled or DeadlineExceeded).
func TestInsertBatchContextDone(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, stop := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer stop()
	data := gaussian(500, 4, 7)
	keys := make([]uint64, len(data))
	for i := range keys {
		keys[i] = uint64(i)
	}
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"canceled", canceled, context.Canceled},
		{"deadline", expired, context.DeadlineExceeded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := New(Config{Dims: 4, M: 8, EfConstruction: 32, Metric: L2, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if err := h.InsertBatchContext(tc.ctx, keys, data, 2); err != tc.want {
				t.Fatalf("InsertBatchContext = %v, want %v", err, tc.want)
			}
			if h.Live() != 0 || h.Len() != 0 {
				t.Fatalf("Live %d, Len %d after a done context, want 0", h.Live(), h.Len())
			}
			// The graph stays usable: a plain batch fills it.
			if err := h.InsertBatch(keys, data, 2); err != nil {
				t.Fatal(err)
			}
			if h.Live() != len(data) {
				t.Fatalf("Live %d, want %d", h.Live(), len(data))
			}
			checkGraph(t, h)
		})
	}
}

// TestInsertBatchContextCancelMidway cancels a large batch once some of
// it is in the graph. The batch returns context.Canceled with only part of
// the vectors inserted; those are complete nodes (graph invariants hold,
// Search with ef = Live is exact over them, each holds its own vector),
// and inserting the rest afterwards gives the full graph.
func TestInsertBatchContextCancelMidway(t *testing.T) {
	const dims, cancelAt = 4, 500
	n := 20000
	if raceEnabled {
		n = 6000 // the cancel still lands mid-batch: the rest takes seconds under -race
	}
	data := gaussian(n, dims, 11)
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = uint64(i)
	}
	h, err := New(Config{Dims: dims, M: 8, EfConstruction: 32, Metric: L2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- h.InsertBatchContext(ctx, keys, data, 2) }()
	// Wait (polling the atomic count, no sleep) until part of the batch is
	// in, then cancel.
	for h.Live() < cancelAt {
		runtime.Gosched()
	}
	cancel()
	select {
	case err = <-errc:
	case <-time.After(60 * time.Second):
		t.Fatal("InsertBatchContext did not return within 60 s of its cancel")
	}
	if err != context.Canceled {
		t.Fatalf("InsertBatchContext = %v, want context.Canceled (Live %d of %d)", err, h.Live(), n)
	}
	live := h.Live()
	if live < cancelAt || live >= n || h.Len() != live {
		t.Fatalf("after cancel: Live %d, Len %d; want %d <= Live = Len < %d", live, h.Len(), cancelAt, n)
	}
	for k, v := range liveSet(h) {
		if k >= uint64(n) || !slices.Equal(v, data[k]) {
			t.Fatalf("live key %d holds %v, want %v", k, v, data[min(k, uint64(n-1))])
		}
	}
	checkGraph(t, h)
	checkExact(t, h, gaussian(4, dims, 99))

	// Insert what the cancelled batch left out.
	in := liveSet(h)
	var restK []uint64
	var restV [][]float32
	for i, v := range data {
		if _, ok := in[uint64(i)]; !ok {
			restK = append(restK, uint64(i))
			restV = append(restV, v)
		}
	}
	if len(restK) != n-live {
		t.Fatalf("%d keys left out, want %d", len(restK), n-live)
	}
	if err := h.InsertBatchContext(context.Background(), restK, restV, 2); err != nil {
		t.Fatal(err)
	}
	if h.Live() != n {
		t.Fatalf("Live %d after the rest, want %d", h.Live(), n)
	}
	checkGraph(t, h)
	q := gaussian(20, dims, 5)
	hit := 0.0
	for _, x := range q {
		hit += recall(h.Search(x, 10, 64, nil), bruteForce(L2, data, x, 10, nil))
	}
	if r := hit / float64(len(q)); r < 0.9 {
		t.Fatalf("recall@10 %.3f after completing a cancelled batch, want >= 0.9", r)
	}
}
