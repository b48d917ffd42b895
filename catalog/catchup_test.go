package catalog

import (
	"slices"
	"testing"

	"github.com/vecgres/vecgres/wal"
)

// crashWithTail returns a crash clone of a catalog whose snapshot holds
// ids 1..60 and whose WAL after it inserts ids 61..160 and deletes ids 5
// and 70, and the visible state at the crash.
func crashWithTail(t *testing.T) (*wal.MemFS, []string) {
	t.Helper()
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	for i := 0; i < 60; i += 3 {
		insert(t, c, vec(i), vec(i+1), vec(i+2))
	}
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	for i := 60; i < 160; i += 4 {
		insert(t, c, vec(i), vec(i+1), vec(i+2), vec(i+3))
	}
	deleteID(t, c, 5)
	deleteID(t, c, 70)
	return fs.CrashClone(), state(c)
}

// openPaused opens fs with the catch-up blocked until release is closed.
func openPaused(t *testing.T, fs *wal.MemFS, release <-chan struct{}) *Catalog {
	t.Helper()
	c, err := Open("data", Options{WAL: wal.Options{FS: fs, SegmentSize: 1 << 12},
		CheckpointInterval: -1, CheckpointWALBytes: -1,
		CatchUpHook: func(string, int) { <-release }})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return c
}

// visibleSlots returns the slots of the rows a new statement sees.
func visibleSlots(c *Catalog) []uint64 {
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	var out []uint64
	c.ReadTxn().Scan(tb, func(slot uint64, _ []any) bool {
		out = append(out, slot)
		return true
	})
	return out
}

func TestCatchUpAfterCrash(t *testing.T) {
	fs, want := crashWithTail(t)
	release := make(chan struct{})
	c := openPaused(t, fs, release)
	defer c.Close()
	if got := state(c); !slices.Equal(got, want) {
		t.Fatalf("after crash:\n got %v\nwant %v", got, want)
	}
	ix, _ := c.Index("items_v_idx")
	tb, _ := c.Table("items")
	// Open returned with the tail rows pending, outside the graph: the
	// graph holds the snapshot's 60 rows less the deleted id 5.
	pending := slices.Clone(ix.PendingSlots())
	if got := ix.Graph.Live(); got != 59 {
		t.Errorf("graph has %d live nodes before catch-up, want 59", got)
	}
	var tail []uint64
	for _, s := range visibleSlots(c) {
		if tb.version(s).vals[0].(int64) > 60 {
			tail = append(tail, s)
		}
	}
	if len(tail) != 99 || !slices.Equal(pending, tail) {
		t.Fatalf("pending slots %v (%d), want the 99 live tail slots %v", pending, len(pending), tail)
	}
	if !slices.IsSorted(pending) {
		t.Error("pending slots not ascending")
	}
	close(release)
	c.WaitCatchUp()
	if p := ix.PendingSlots(); p != nil {
		t.Errorf("after catch-up %d slots still pending", len(p))
	}
	checkIndex(t, c) // graph holds every live row; k-NN equals brute force
}

// Close during a catch-up stops it; its checkpoint's graph lacks the
// pending rows and the next Open indexes them.
func TestCloseDuringCatchUp(t *testing.T) {
	fs, want := crashWithTail(t)
	release := make(chan struct{})
	c := openPaused(t, fs, release)
	closed := make(chan error)
	go func() { closed <- c.Close() }()
	<-c.catchup.stop // Close asked the goroutine to stop
	close(release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	ix, _ := c.Index("items_v_idx")
	if got := len(ix.PendingSlots()); got != 99 {
		t.Fatalf("%d slots pending after Close, want the 99 not inserted", got)
	}
	c2 := openCk(t, fs)
	defer c2.Close()
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("after reopen:\n got %v\nwant %v", got, want)
	}
	ix2, _ := c2.Index("items_v_idx")
	if p := ix2.PendingSlots(); p != nil {
		t.Errorf("%d slots pending after a clean restart with nothing replayed", len(p))
	}
	checkIndex(t, c2)
}

// A checkpoint taken while rows are pending writes a graph that lacks
// them; a crash after it loses nothing from the index.
func TestCheckpointDuringCatchUp(t *testing.T) {
	fs, want := crashWithTail(t)
	release := make(chan struct{})
	c := openPaused(t, fs, release)
	insert(t, c, vec(500)) // WAL after the replay: the checkpoint writes
	want = state(c)
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	ix, _ := c.Index("items_v_idx")
	if len(ix.PendingSlots()) != 99 {
		t.Fatalf("%d pending, want 99", len(ix.PendingSlots()))
	}
	c2 := openCk(t, fs.CrashClone())
	defer c2.Close()
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("after crash:\n got %v\nwant %v", got, want)
	}
	checkIndex(t, c2)
	close(release)
	c.Close()
}
