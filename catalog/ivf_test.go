package catalog

import (
	"bytes"
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

// ivfCenters returns ix's centers file bytes (vecindex's format).
func ivfCenters(t *testing.T, ix *Index) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := ix.IVF.WriteCentersTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// ivfSlots returns the sorted keys ix's lists hold.
func ivfSlots(ix *Index) []uint64 {
	res := ix.IVF.Search([]float32{0, 0}, vecindex.IVFSearch{K: 1 << 20, Probes: ix.M})
	var got []uint64
	for _, x := range res.Rows {
		got = append(got, x.Key)
	}
	slices.Sort(got)
	return got
}

// TestIVFCheckpointKeepsCenters: after a checkpoint and a crash, an
// ivfflat index comes back with the centers it was built with (read from
// the snapshot's ivf.<oid> file, not trained again on the rows now live)
// and its lists hold exactly the live rows, those written after the
// snapshot included; a second index that only the WAL holds is trained
// again and holds them too.
func TestIVFCheckpointKeepsCenters(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	c.Lock()
	_, err := c.CreateTable("items", testCols, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i += 3 {
		insert(t, c, vec(i), vec(i+1), vec(i+2))
	}
	ix, err := c.BuildIndex(IndexDef{Name: "items_ivf", Table: "items", Method: MethodIVFFlat, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4})
	if err != nil {
		t.Fatal(err)
	}
	for i := 30; i < 300; i += 3 { // rows the centers were not trained on
		insert(t, c, vec(i), vec(i+1), vec(i+2))
	}
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	deleteID(t, c, 5)
	insert(t, c, vec(400))
	if _, err := c.BuildIndex(IndexDef{Name: "items_ivf2", Table: "items", Method: MethodIVFFlat, Column: "v",
		Opclass: "vector_ip_ops", Metric: vecindex.InnerProduct, M: 3}); err != nil {
		t.Fatal(err)
	}
	want := ivfCenters(t, ix)

	c2 := openCk(t, fs.CrashClone())
	ix2, _ := c2.Index("items_ivf")
	if got := ivfCenters(t, ix2); !bytes.Equal(got, want) {
		t.Fatal("centers after the crash differ from those the index was built with")
	}
	tb2, _ := c2.Table("items")
	var live []uint64
	c2.ReadTxn().Scan(tb2, func(slot uint64, _ []any) bool { live = append(live, slot); return true })
	if len(live) != 300 {
		t.Fatalf("%d live rows after the crash, want 300", len(live))
	}
	for _, name := range []string{"items_ivf", "items_ivf2"} {
		x, ok := c2.Index(name)
		if !ok {
			t.Fatalf("%s lost", name)
		}
		if got := ivfSlots(x); !slices.Equal(got, live) {
			t.Fatalf("%s holds %d rows, want the %d live", name, len(got), len(live))
		}
	}
}
