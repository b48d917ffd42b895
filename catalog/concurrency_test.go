package catalog

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// stmt runs fn as the planner runs a statement: schema lock shared, the
// table's writer lock when write, then a fresh snapshot.
func stmt(c *Catalog, txn *Txn, tb *Table, write bool, fn func()) {
	c.RLock()
	defer c.RUnlock()
	if write {
		tb.LockWrites()
		defer tb.UnlockWrites()
	}
	txn.StartStatement()
	defer txn.EndStatement()
	fn()
}

// knn returns the ids of the k rows nearest q through the HNSW index,
// visible to txn.
func knn(txn *Txn, tb *Table, q types.Vector, k int) []int64 {
	var ids []int64
	for _, r := range tb.Indexes[0].Graph.Search(q, k, 40, func(slot uint64) bool { return txn.Visible(tb, slot) }) {
		vals, _ := txn.Get(tb, r.Key)
		ids = append(ids, vals[0].(int64))
	}
	slices.Sort(ids)
	return ids
}

// A reader's statement completes while a writer holds the table's writer
// lock in the middle of its statement, and sees none of its rows; after the
// commit the next statement sees all of them.
func TestReaderNotBlockedByWriter(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	tb := createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3))

	w := c.Begin()
	c.RLock()
	tb.LockWrites()
	w.StartStatement()
	for i := 10; i < 20; i++ {
		if _, err := w.Insert(tb, []any{w.NextSerial(tb, 0), vec(i)}); err != nil {
			t.Fatal(err)
		}
	}
	// The writer is mid-statement: schema lock shared, writer lock held.
	done := make(chan []int64)
	go func() {
		r := c.ReadTxn()
		var ids []int64
		stmt(c, r, tb, false, func() {
			r.Scan(tb, func(_ uint64, vals []any) bool { ids = append(ids, vals[0].(int64)); return true })
			if got := knn(r, tb, vec(15), 10); !slices.Equal(got, ids) {
				t.Errorf("index scan %v, table scan %v", got, ids)
			}
		})
		done <- ids
	}()
	select {
	case ids := <-done:
		if !slices.Equal(ids, []int64{1, 2, 3}) {
			t.Fatalf("reader saw %v during the write, want [1 2 3]", ids)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reader blocked by a writer holding the table's writer lock")
	}
	w.EndStatement()
	tb.UnlockWrites()
	c.RUnlock()
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	r := c.ReadTxn()
	stmt(c, r, tb, false, func() {
		if got := knn(r, tb, vec(15), 20); len(got) != 13 {
			t.Fatalf("after commit the index scan sees %d rows, want 13", len(got))
		}
	})
}

// A statement whose snapshot predates a committed DELETE still finds the
// deleted row through the index: its entry is reaped only after the
// statement ends.
func TestDeletedEntryKeptForOlderSnapshot(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	tb := createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3))
	r := c.ReadTxn()
	r.StartStatement() // a statement running (its schema lock left out: deleteID takes it exclusively)
	deleteID(t, c, 2)
	if got := knn(r, tb, vec(2), 3); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("old snapshot via index: %v, want [1 2 3]", got)
	}
	if n := c.PendingTombstones(); n != 1 {
		t.Fatalf("pending tombstones %d, want 1", n)
	}
	r.EndStatement()
	insert(t, c, vec(4)) // a commit reaps
	if n := c.PendingTombstones(); n != 0 {
		t.Fatalf("pending tombstones %d after the statement ended, want 0", n)
	}
	checkIndex(t, c)
}

var acctCols = []Column{{Name: "id", Type: types.Int8, NotNull: true}, {Name: "bal", Type: types.Int8}}

// Writers move amounts between two accounts and increment a counter, one
// row update per statement, retrying on 40001; readers check in every
// statement that the total never changes (each commit seen all at once)
// and, at the end, that no increment was lost.
func TestConcurrentWritersOneTable(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	c.Lock()
	tb, err := c.CreateTable("acct", acctCols, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	setup := c.Begin()
	stmt(c, setup, tb, true, func() {
		for id, bal := range []int64{1000, 1000, 0} {
			if _, err := setup.Insert(tb, []any{int64(id), bal}); err != nil {
				t.Fatal(err)
			}
		}
	})
	if err := setup.Commit(); err != nil {
		t.Fatal(err)
	}
	// update adds delta to account id in txn's current statement.
	update := func(txn *Txn, id, delta int64) error {
		var err error
		found := false
		txn.Scan(tb, func(slot uint64, vals []any) bool {
			if vals[0].(int64) != id {
				return true
			}
			found = true
			_, err = txn.Update(tb, slot, []any{id, vals[1].(int64) + delta})
			return false
		})
		if !found {
			return fmt.Errorf("account %d not visible", id)
		}
		return err
	}
	const writers, rounds = 3, 30
	var retries atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := range writers {
		wg.Go(func() {
			for i := range rounds {
				for {
					txn := c.Begin()
					from, to := int64((w+i)%2), int64((w+i+1)%2)
					var err error
					stmt(c, txn, tb, true, func() { err = update(txn, from, -7) })
					if err == nil {
						stmt(c, txn, tb, true, func() { err = update(txn, to, 7) })
					}
					if err == nil {
						stmt(c, txn, tb, true, func() { err = update(txn, 2, 1) })
					}
					if err == nil {
						err = txn.Commit()
					} else {
						txn.Rollback()
					}
					if err != nil && pgerror.CodeOf(err) == pgerror.SerializationFailure {
						retries.Add(1)
						continue
					}
					if err != nil {
						t.Error(err)
						return
					}
					break
				}
			}
		})
	}
	var readers sync.WaitGroup
	var reads atomic.Int64
	for range 2 {
		readers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				r := c.ReadTxn()
				stmt(c, r, tb, false, func() {
					var sum int64
					r.Scan(tb, func(_ uint64, vals []any) bool {
						if vals[0].(int64) < 2 {
							sum += vals[1].(int64)
						}
						return true
					})
					if sum != 2000 {
						t.Errorf("reader saw total %d, want 2000", sum)
					}
				})
				reads.Add(1)
			}
		})
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	r := c.ReadTxn()
	stmt(c, r, tb, false, func() {
		vals, ok := r.Get(tb, lastVisible(r, tb, 2))
		if !ok || vals[1].(int64) != writers*rounds {
			t.Fatalf("counter %v, want %d (lost update)", vals, writers*rounds)
		}
	})
	t.Logf("%d commits, %d retries after 40001, %d reader statements", writers*rounds, retries.Load(), reads.Load())
}

func lastVisible(r *Txn, tb *Table, id int64) uint64 {
	var slot uint64
	r.Scan(tb, func(s uint64, vals []any) bool {
		if vals[0].(int64) == id {
			slot = s
		}
		return true
	})
	return slot
}

// Concurrent inserts of the same keys: exactly one wins each key, the
// others get 23505.
func TestConcurrentUniqueInserts(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	c.Lock()
	tb, err := c.CreateTable("acct", acctCols, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	const keys, workers = 50, 4
	var won, dup atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range int64(keys) {
				txn := c.Begin()
				var err error
				stmt(c, txn, tb, true, func() { _, err = txn.Insert(tb, []any{k, int64(0)}) })
				switch {
				case err == nil:
					if err := txn.Commit(); err != nil {
						t.Error(err)
					}
					won.Add(1)
				case pgerror.CodeOf(err) == pgerror.UniqueViolation:
					txn.Rollback()
					dup.Add(1)
				default:
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if won.Load() != keys || dup.Load() != keys*(workers-1) {
		t.Fatalf("%d inserts won, %d got 23505; want %d and %d", won.Load(), dup.Load(), keys, keys*(workers-1))
	}
}

// CREATE INDEX (BuildIndex) runs while writers insert, delete and roll
// back and readers query: the finished index holds exactly the live rows.
func TestBuildIndexDuringWrites(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	c.Lock()
	tb, err := c.CreateTable("items", testCols, []int{0})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		insert(t, c, vec(3*i), vec(3*i+1), vec(3*i+2))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	// Writes run until the build is done; once tombstones pass vecindex's
	// compaction trigger a background HNSW Compact runs among them.
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
	ix, err := c.BuildIndex(IndexDef{Name: "items_v_idx", Table: "items", Method: MethodHNSW, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4, EfConstruction: 16})
	if err != nil {
		t.Fatal(err)
	}
	bt, err := c.BuildIndex(IndexDef{Table: "items", Method: MethodBTree, Column: "id"})
	if err != nil || bt.Name != "items_id_idx" {
		t.Fatalf("btree index %v, %v", bt, err)
	}
	if again, err := c.BuildIndex(IndexDef{Name: "items_v_idx", Table: "items", Method: MethodBTree, Column: "id",
		IfNotExists: true}); again != nil || err != nil {
		t.Fatalf("IF NOT EXISTS on a taken name: %v, %v", again, err)
	}
	time.Sleep(20 * time.Millisecond)
	close(stop)
	wg.Wait()
	insert(t, c) // reap the last deletes
	checkIndex(t, c)
	r := c.ReadTxn()
	var want []uint64
	r.Scan(tb, func(slot uint64, _ []any) bool { want = append(want, slot); return true })
	var got []uint64
	bt.BTree.Ascend(Bound{}, Bound{}, func(_ any, slot uint64) bool { got = append(got, slot); return true })
	slices.Sort(got)
	if !slices.Equal(got, want) || ix.Graph.Live() != len(want) {
		t.Fatalf("btree has %d entries, graph %d live, table %d live rows", len(got), ix.Graph.Live(), len(want))
	}
}

// Checkpoints run while writers insert and delete: every commit
// acknowledged before the crash is there after recovery, nothing else, and
// the index agrees with an exact scan.
func TestCheckpointWithConcurrentWriters(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	tb := createItems(t, c)
	insert(t, c, vec(0), vec(1))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				txn := c.Begin()
				stmt(c, txn, tb, true, func() {
					for j := range 5 {
						txn.Insert(tb, []any{txn.NextSerial(tb, 0), vec(i*5 + j + w)})
					}
					if i%2 == 1 {
						txn.Scan(tb, func(slot uint64, vals []any) bool {
							if vals[0].(int64)%3 == int64(w) {
								return txn.Delete(tb, slot) != nil
							}
							return true
						})
					}
				})
				if i%4 == 3 {
					txn.Rollback()
				} else if err := txn.Commit(); err != nil && !errors.Is(err, errClosedForTest) {
					t.Error(err)
				}
			}
		})
	}
	for range 4 {
		time.Sleep(5 * time.Millisecond)
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	acked := state(c)
	c2 := openCk(t, fs.CrashClone())
	if got := state(c2); !slices.Equal(got, acked) {
		t.Fatalf("after recovery %d rows, acknowledged %d", len(got), len(acked))
	}
	checkIndex(t, c2)
	if c2.SnapshotLSN() == 0 {
		t.Fatal("no snapshot taken")
	}
}

var errClosedForTest = errors.New("unused")
