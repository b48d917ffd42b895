package catalog

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// TestIVFBuildConcurrentlyDuringWrites: CREATE INDEX CONCURRENTLY ...
// USING ivfflat (BuildIndexFor with Concurrently) runs while a writer
// inserts, deletes and rolls back: the finished lists hold exactly the
// live rows, and later writes keep them so.
func TestIVFBuildConcurrentlyDuringWrites(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	c.Lock()
	tb, err := c.CreateTable("items", testCols, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		insert(t, c, vec(3*i), vec(3*i+1), vec(3*i+2))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			txn := c.Begin()
			stmt(c, txn, tb, true, func() {
				txn.Insert(tb, []any{txn.NextSerial(tb, 0), vec(i)})
				txn.Scan(tb, func(slot uint64, vals []any) bool {
					if vals[0].(int64)%5 == int64(i%5) {
						txn.Delete(tb, slot)
						return false
					}
					return true
				})
			})
			if i%3 == 0 {
				txn.Rollback()
			} else if err := txn.Commit(); err != nil {
				t.Error(err)
			}
		}
	})
	ix, err := c.BuildIndexFor(nil, Wait{}, IndexDef{Name: "items_ivf", Table: "items", Method: MethodIVFFlat, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4, Concurrently: true})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	close(stop)
	wg.Wait()
	insert(t, c, vec(1000)) // reap the last deletes
	r := c.ReadTxn()
	var want []uint64
	r.Scan(tb, func(slot uint64, _ []any) bool { want = append(want, slot); return true })
	res := ix.IVF.Search([]float32(vec(0)), vecindex.IVFSearch{K: len(want) + 10, Probes: 4})
	var got []uint64
	for _, x := range res.Rows {
		got = append(got, x.Key)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) || ix.IVF.Live() != len(want) {
		t.Fatalf("lists hold %d rows (%d live), table %d live rows", len(got), ix.IVF.Live(), len(want))
	}
}
