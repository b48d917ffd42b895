package catalog

import (
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// fullDisk is a MemFS hook that fails the operations in ops with ENOSPC
// while full is set, as a disk without free blocks does.
func fullDisk(full *atomic.Bool, ops ...wal.Op) wal.Hook {
	return func(op wal.Op, _ string) error {
		if full.Load() && slices.Contains(ops, op) {
			return syscall.ENOSPC
		}
		return nil
	}
}

// tryInsert commits one row with vector vec(i) and returns Commit's error.
func tryInsert(c *Catalog, i int) error {
	txn := c.Begin()
	c.Lock()
	tb, _ := c.Table("items")
	if _, err := txn.Insert(tb, []any{txn.NextSerial(tb, 0), vec(i)}); err != nil {
		c.Unlock()
		txn.Rollback()
		return err
	}
	c.Unlock()
	return txn.Commit()
}

// TestDiskFullRefusesWritesUntilSpaceIsFreed: while the disk is full a
// commit fails with 53100 and PostgreSQL's message and hint, the rows
// already committed are still read, a checkpoint fails without harm, and
// once space is freed the next commit succeeds without reopening. A clean
// Close on a full disk keeps the last checkpoint and every acknowledged row.
func TestDiskFullRefusesWritesUntilSpaceIsFreed(t *testing.T) {
	tests := []struct {
		name    string
		ops     []wal.Op
		rows    int    // rows per failing commit: enough to need a new 4 KiB segment
		message string // prefix of the 53100 message
	}{
		{"write into the segment", []wal.Op{wal.OpWrite, wal.OpTruncate, wal.OpCreate}, 1,
			`could not write to file "0000000000000000.wal": No space left on device`},
		{"next segment preallocation", []wal.Op{wal.OpTruncate}, 190,
			`could not extend file "0000000000001000.wal.tmp": No space left on device`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := wal.NewMemFS()
			var full atomic.Bool
			fs.SetHook(fullDisk(&full, tc.ops...))
			c := openCk(t, fs)
			createItems(t, c)
			for i := range 10 {
				insert(t, c, vec(i))
			}
			if err := c.Checkpoint(); err != nil {
				t.Fatal(err)
			}
			snap := c.SnapshotLSN()
			acked := state(c)

			full.Store(true)
			vs := make([]int, tc.rows)
			err := func() error {
				txn := c.Begin()
				c.Lock()
				tb, _ := c.Table("items")
				for i := range vs {
					if _, err := txn.Insert(tb, []any{txn.NextSerial(tb, 0), vec(100 + i)}); err != nil {
						c.Unlock()
						return err
					}
				}
				c.Unlock()
				return txn.Commit()
			}()
			var pe *pgerror.Error
			if !errors.As(err, &pe) || pe.Code != pgerror.DiskFull || pe.Message != tc.message ||
				pe.Hint != "Check free disk space." || pe.Detail != "" {
				t.Fatalf("commit on a full disk: %#v, want 53100 %q with the hint", err, tc.message)
			}
			if got := state(c); !slices.Equal(got, acked) {
				t.Fatalf("rows after the failed commit: %v, want %v", got, acked)
			}
			full.Store(false)
			if err := tryInsert(c, 11); err != nil {
				t.Fatalf("commit after space was freed: %v", err)
			}
			acked = state(c)

			full.Store(true)
			if tc.ops[0] == wal.OpWrite {
				if err := c.Checkpoint(); !wal.IsDiskFull(err) {
					t.Fatalf("checkpoint on a full disk: %v, want ENOSPC", err)
				}
			}
			if err := c.Close(); err != nil && !strings.Contains(err.Error(), "no space left on device") {
				t.Fatalf("close on a full disk: %v", err)
			}
			full.Store(false)
			fs.SetHook(nil)
			c2 := openCk(t, fs.CrashClone())
			defer c2.Close()
			if got := state(c2); !slices.Equal(got, acked) {
				t.Fatalf("rows after reopening: %v, want %v", got, acked)
			}
			if tc.ops[0] == wal.OpWrite && c2.SnapshotLSN() != snap {
				t.Fatalf("snapshot after a shutdown on a full disk: LSN %d, want the last one, %d", c2.SnapshotLSN(), snap)
			}
			checkIndex(t, c2)
		})
	}
}

// TestFailedCheckpointIsNotRetriedAtOnce: after a background checkpoint
// failed on a full disk, the next one is not due before checkpointRetry,
// although the WAL volume that triggered it is still there (before, the
// checkpointer wrote and deleted a partial snapshot and logged an error
// every 100 ms).
func TestFailedCheckpointIsNotRetriedAtOnce(t *testing.T) {
	fs := wal.NewMemFS()
	var full atomic.Bool
	fs.SetHook(fullDisk(&full, wal.OpWrite, wal.OpCreate))
	c := openCk(t, fs)
	defer c.Close()
	createItems(t, c)
	insert(t, c, vec(1))
	c.ckpt.walBytes = 1
	if !c.checkpointDue() {
		t.Fatal("checkpoint not due after a write")
	}
	full.Store(true)
	c.checkpointTick()
	if c.SnapshotLSN() != 0 {
		t.Fatal("the checkpoint on a full disk succeeded")
	}
	if c.checkpointDue() {
		t.Fatal("checkpoint due again right after it failed")
	}
	full.Store(false)
	c.ckpt.mu.Lock()
	c.ckpt.retryAt = time.Time{} // checkpointRetry passed
	c.ckpt.mu.Unlock()
	c.checkpointTick()
	if c.SnapshotLSN() == 0 {
		t.Fatal("no checkpoint once the retry delay passed and space was freed")
	}
}
