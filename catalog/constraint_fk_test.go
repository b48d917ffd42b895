package catalog

import (
	"context"
	"sync"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// TestForeignKeyConcurrentNoOrphans: one goroutine inserts child rows
// referencing parents while another deletes the parents, each change in
// its own transaction waiting for the other's as the planner's do. Every
// committed child row must still have its parent.
func TestForeignKeyConcurrentNoOrphans(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	c.Lock()
	pt, err := c.CreateTable("fp", []Column{{Name: "id", Type: types.Int8, NotNull: true}}, []int{0})
	if err != nil {
		c.Unlock()
		t.Fatal(err)
	}
	ct, err := c.CreateTableWith(nil, BootstrapSuperuser, "fc", []Column{{Name: "pid", Type: types.Int8}}, nil, "",
		[]*Constraint{{Kind: ConForeign, Columns: []int{0}, RefTable: pt.OID, RefColumns: []int{0}, OnUpdate: FKNoAction, OnDelete: FKNoAction}})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	const parents = 40
	for i := 0; i < parents; i++ {
		if err := insertRow(c, "fp", int64(i)); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	run := func(tb *Table, op func(txn *Txn) error) {
		txn := c.Begin()
		txn.StartStatement()
		txn.SetWait(Wait{Ctx: ctx})
		tb.LockWrites()
		err := op(txn)
		if err == nil {
			err = txn.FinishStatement(tb)
		}
		tb.UnlockWrites()
		txn.SetWait(Wait{})
		if err != nil {
			txn.Rollback()
			return
		}
		if err := txn.Commit(); err != nil {
			t.Error(err)
		}
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 4*parents; i++ {
			run(ct, func(txn *Txn) error { _, err := txn.Insert(ct, []any{int64(i % parents)}); return err })
		}
	}()
	go func() {
		defer wg.Done()
		for i := parents - 2; i >= 0; i -= 2 { // odd parents stay, so children of theirs commit
			run(pt, func(txn *Txn) error {
				slot, _, ok := txn.LookupKey(pt, []any{int64(i)})
				if !ok {
					return nil
				}
				return txn.Delete(pt, slot)
			})
		}
	}()
	wg.Wait()
	c.RLock()
	defer c.RUnlock()
	r := c.ReadTxn()
	live := map[int64]bool{}
	r.Scan(pt, func(_ uint64, vals []any) bool { live[vals[0].(int64)] = true; return true })
	children := 0
	r.Scan(ct, func(_ uint64, vals []any) bool {
		children++
		if !live[vals[0].(int64)] {
			t.Errorf("child row references deleted parent %d", vals[0])
		}
		return true
	})
	if children < 2*parents {
		t.Fatalf("%d child rows committed, want at least the %d of odd parents", children, 2*parents)
	}
}
