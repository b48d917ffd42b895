package catalog

import (
	"errors"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// batchTable is items (id bigint primary key, v vector(2)) with an HNSW
// index on v and a B-tree on id.
func batchTable(t *testing.T) (*Catalog, *Table, *Index, *Index) {
	t.Helper()
	c := openMem(t, wal.NewMemFS())
	tb := createItems(t, c)
	c.Lock()
	bt, err := c.CreateIndex(IndexDef{Name: "items_id_idx", Table: "items", Method: MethodBTree, Column: "id"})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	hn, _ := c.Index("items_v_idx")
	return c, tb, hn, bt
}

// batchRows makes n rows with ids first, first+1, ... and vectors
// (id, -id); every nullEvery-th row (0: none) has a NULL vector.
func batchRows(first, n, nullEvery int) [][]any {
	out := make([][]any, n)
	for i := range out {
		id := int64(first + i)
		var v any = types.Vector{float32(id), float32(-id)}
		if nullEvery > 0 && i%nullEvery == nullEvery-1 {
			v = nil
		}
		out[i] = []any{id, v}
	}
	return out
}

// runBatch inserts rows in one InsertBatch under the locks COPY holds.
func runBatch(c *Catalog, tb *Table, txn *Txn, rows [][]any) ([]uint64, error) {
	c.RLock()
	defer c.RUnlock()
	tb.LockWrites()
	defer tb.UnlockWrites()
	return txn.InsertBatch(tb, rows)
}

func TestInsertBatchIndexesEveryNonNullVector(t *testing.T) {
	c, tb, hn, bt := batchTable(t)
	insert(t, c, types.Vector{0.5, 0.5}) // slot 0, id 1 (serial)
	txn := c.Begin()
	batch := batchRows(100, 600, 7) // ids 100..699; 85 NULL vectors
	slots, err := runBatch(c, tb, txn, batch)
	if err != nil {
		t.Fatal(err)
	}
	if len(slots) != 600 || slots[0] != 1 || slots[599] != 600 {
		t.Fatalf("slots: len %d, first %d, last %d; want 600 from 1 to 600", len(slots), slots[0], slots[len(slots)-1])
	}
	if got, want := hn.Graph.Live(), 1+600-600/7; got != want {
		t.Fatalf("graph holds %d live nodes, want %d (NULL vectors skipped)", got, want)
	}
	if got := bt.BTree.Len(); got != 601 {
		t.Fatalf("B-tree holds %d entries, want 601", got)
	}
	// Uncommitted: invisible to others, visible to the writer.
	if n := len(rows(c)); n != 1 {
		t.Fatalf("others see %d rows before commit, want 1", n)
	}
	if !txn.Visible(tb, 600) {
		t.Fatal("the writer does not see its own batch")
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	for i, r := range batch {
		v, _ := r[1].(types.Vector)
		if v == nil {
			continue
		}
		// ef at least the live node count makes the search exact
		// (vecindex.Search): approximate at ef 40, a parallel build may
		// legitimately miss one of 515 vectors.
		res := hn.Graph.Search(v, 1, max(40, hn.Graph.Live()), nil)
		if len(res) != 1 || res[0].Key != slots[i] || res[0].Dist != 0 {
			t.Fatalf("search for row %d's vector = %v, want slot %d at distance 0", i, res, slots[i])
		}
	}
	if n := len(rows(c)); n != 601 {
		t.Fatalf("after commit %d rows, want 601", n)
	}
}

func TestInsertBatchConstraintErrorsRollBackEverything(t *testing.T) {
	for _, tc := range []struct {
		name     string
		rows     [][]any
		code     pgerror.Code
		failsAt  int
		detail   string
		existing bool
	}{
		{name: "duplicate within batch", rows: append(batchRows(10, 690, 0), []any{int64(200), types.Vector{9, 9}}),
			code: pgerror.UniqueViolation, failsAt: 690, detail: "Key (id)=(200) already exists."},
		{name: "duplicate of a committed row", rows: batchRows(1, 50, 0), code: pgerror.UniqueViolation,
			failsAt: 0, detail: "Key (id)=(1) already exists.", existing: true},
		{name: "null in NOT NULL column", rows: append(batchRows(10, 40, 3), []any{nil, types.Vector{1, 2}}),
			code: pgerror.NotNullViolation, failsAt: 40, detail: "Failing row contains (null, [1,2])."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, tb, hn, bt := batchTable(t)
			if tc.existing {
				insert(t, c, types.Vector{0.5, 0.5})
			}
			liveBefore, btBefore := hn.Graph.Live(), bt.BTree.Len()
			// An earlier batch of the same statement succeeded.
			txn := c.Begin()
			if _, err := runBatch(c, tb, txn, batchRows(5000, 100, 0)); err != nil {
				t.Fatal(err)
			}
			slots, err := runBatch(c, tb, txn, tc.rows)
			var pe *pgerror.Error
			if !errors.As(err, &pe) || pe.Code != tc.code || pe.Detail != tc.detail {
				t.Fatalf("error = %v (%#v), want %s with detail %q", err, pe, tc.code, tc.detail)
			}
			if len(slots) != tc.failsAt {
				t.Fatalf("stored %d rows before the error, want %d", len(slots), tc.failsAt)
			}
			// Rows before the failing one are indexed until rollback.
			if got := hn.Graph.Live(); got < liveBefore+100+tc.failsAt/3 {
				t.Fatalf("graph holds %d live nodes before rollback, want at least %d", got, liveBefore+100+tc.failsAt/3)
			}
			txn.Rollback()
			if got := hn.Graph.Live(); got != liveBefore {
				t.Fatalf("graph holds %d live nodes after rollback, want %d", got, liveBefore)
			}
			for _, r := range tc.rows[:tc.failsAt] {
				if v, ok := r[1].(types.Vector); ok {
					if res := hn.Graph.Search(v, 1, 40, nil); len(res) == 1 && res[0].Dist == 0 {
						t.Fatalf("rolled-back vector %v still found at slot %d", v, res[0].Key)
					}
				}
			}
			if got := bt.BTree.Len(); got != btBefore {
				t.Fatalf("B-tree holds %d entries after rollback, want %d", got, btBefore)
			}
			if n := len(rows(c)); n != btBefore {
				t.Fatalf("%d rows visible after rollback, want %d", n, btBefore)
			}
			// The keys are free again.
			again := c.Begin()
			if _, err := runBatch(c, tb, again, batchRows(10, 5, 0)); err != nil {
				t.Fatalf("keys of the rolled-back batch still taken: %v", err)
			}
			again.Rollback()
		})
	}
}

func TestInsertBatchReplaysAfterCommit(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	tb := createItems(t, c)
	txn := c.Begin()
	if _, err := runBatch(c, tb, txn, batchRows(1, 300, 10)); err != nil {
		t.Fatal(err)
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	c2 := openMem(t, fs.CrashClone())
	if n := len(rows(c2)); n != 300 {
		t.Fatalf("%d rows after replay, want 300", n)
	}
	ix, _ := c2.Index("items_v_idx")
	if got := ix.Graph.Live(); got != 270 {
		t.Fatalf("graph after replay holds %d live nodes, want 270", got)
	}
}

// TestInsertBatchConcurrentReaders: index searches and scans run while
// batches are inserted (go test -race); readers never see the uncommitted
// rows, and after the commit a search finds each of them.
func TestInsertBatchConcurrentReaders(t *testing.T) {
	c, tb, hn, _ := batchTable(t)
	insert(t, c, types.Vector{0.5, 0.5})
	done := make(chan struct{})
	errs := make(chan string, 1)
	go func() {
		defer close(errs)
		for {
			select {
			case <-done:
				return
			default:
			}
			c.RLock()
			r := c.ReadTxn()
			n := 0
			r.Scan(tb, func(uint64, []any) bool { n++; return true })
			res := hn.Graph.Search([]float32{300, -300}, 5, 40, func(k uint64) bool { return r.Visible(tb, k) })
			c.RUnlock()
			if n != 1 || len(res) != 1 || res[0].Key != 0 {
				errs <- fmt.Sprintf("reader saw %d rows and search results %v, want only slot 0", n, res)
				return
			}
		}
	}()
	txn := c.Begin()
	for b := range 5 {
		if _, err := runBatch(c, tb, txn, batchRows(100+200*b, 200, 0)); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	if msg, ok := <-errs; ok {
		t.Fatal(msg)
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	if res := hn.Graph.Search([]float32{300, -300}, 1, 40, nil); len(res) != 1 || res[0].Key != 201 {
		t.Fatalf("search for id 300's vector after commit = %v, want slot 201", res)
	}
}
