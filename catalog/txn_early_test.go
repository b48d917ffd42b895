package catalog

import (
	"slices"
	"testing"

	"github.com/vecgres/vecgres/wal"
)

// earlyIDs opens fs's crash image and returns the ids of items' rows,
// in order.
func earlyIDs(t *testing.T, fs *wal.MemFS) []int64 {
	t.Helper()
	c := openMem(t, fs.CrashClone())
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	var ids []int64
	c.ReadTxn().Scan(tb, func(_ uint64, vals []any) bool {
		ids = append(ids, vals[0].(int64))
		return true
	})
	slices.Sort(ids)
	return ids
}

// copyBatches inserts batches of 50 rows (ids first...) as COPY does,
// handing each to a RowLog, and closes it.
func copyBatches(t *testing.T, c *Catalog, tb *Table, txn *Txn, first, batches int) {
	t.Helper()
	rl := txn.StartRowLog()
	for b := range batches {
		if _, err := runBatch(c, tb, txn, batchRows(first+50*b, 50, 0)); err != nil {
			t.Fatal(err)
		}
		rl.Flush()
	}
	if err := rl.Close(); err != nil {
		t.Fatal(err)
	}
}

// earlyStart opens a catalog with items on a MemFS and begins a
// transaction that copies batches of 50 rows (ids 100...) into it.
func earlyStart(t *testing.T, batches int) (*wal.MemFS, *Catalog, *Table, *Txn) {
	t.Helper()
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	tb := createItems(t, c)
	txn := c.Begin()
	copyBatches(t, c, tb, txn, 100, batches)
	return fs, c, tb, txn
}

// mustCommit commits txn or fails the test.
func mustCommit(t *testing.T, txn *Txn) {
	t.Helper()
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
}

// checkIDs fails unless ids are first, first+1, ... n of them, once each.
func checkIDs(t *testing.T, ids []int64, first, n int) {
	t.Helper()
	if len(ids) != n {
		t.Fatalf("%d rows after crash, want %d", len(ids), n)
	}
	for i, id := range ids {
		if id != int64(first+i) {
			t.Fatalf("row %d has id %d, want %d", i, id, first+i)
		}
	}
}

// TestRowLogWritesBeforeCommit: the rows a RowLog was handed are in the
// WAL before the commit (the commit adds only its commit record), a crash
// before the commit record loses them all even once they are durable
// (another transaction's commit fsynced them), and a crash after it keeps
// each row once.
func TestRowLogWritesBeforeCommit(t *testing.T) {
	fs, c, tb, txn := earlyStart(t, 4)
	before := c.log.NextLSN()
	other := c.Begin()
	if _, err := runBatch(c, tb, other, batchRows(1, 2, 0)); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, other) // fsyncs the early records too
	checkIDs(t, earlyIDs(t, fs), 1, 2)
	mid := c.log.NextLSN()
	mustCommit(t, txn)
	if grew := c.log.NextLSN() - mid; grew > 64 {
		t.Errorf("commit after early logging wrote %d WAL bytes, want only its commit record", grew)
	}
	if before < 200*16 {
		t.Errorf("WAL ends at %d before the commit: rows not written early", before)
	}
	ids := earlyIDs(t, fs)
	checkIDs(t, ids[:2], 1, 2)
	checkIDs(t, ids[2:], 100, 200)
}

// TestRowLogVoidAfterCheckpoint: a checkpoint between the early records
// and the commit makes the commit write a TxnReset record and every row
// again, so the rows come back once each from that checkpoint; a
// ROLLBACK TO SAVEPOINT after early records does the same, and the rows
// it undid stay undone.
func TestRowLogVoidAfterCheckpoint(t *testing.T) {
	t.Run("checkpoint", func(t *testing.T) {
		fs, c, tb, txn := earlyStart(t, 2)
		other := c.Begin()
		if _, err := runBatch(c, tb, other, batchRows(1, 1, 0)); err != nil {
			t.Fatal(err)
		}
		mustCommit(t, other)
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
		copyBatches(t, c, tb, txn, 200, 1)
		mustCommit(t, txn)
		ids := earlyIDs(t, fs)
		checkIDs(t, ids[:1], 1, 1)
		checkIDs(t, ids[1:101], 100, 100)
		checkIDs(t, ids[101:], 200, 50)
	})
	t.Run("savepoint", func(t *testing.T) {
		fs, c, tb, txn := earlyStart(t, 2)
		m := txn.Savepoint()
		copyBatches(t, c, tb, txn, 500, 2)
		if err := txn.RollbackTo(m); err != nil {
			t.Fatal(err)
		}
		copyBatches(t, c, tb, txn, 900, 1)
		mustCommit(t, txn)
		ids := earlyIDs(t, fs)
		checkIDs(t, ids[:100], 100, 100)
		checkIDs(t, ids[100:], 900, 50)
	})
}
