package catalog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// openCk opens a MemFS catalog with automatic checkpoints off.
func openCk(t *testing.T, fs *wal.MemFS) *Catalog {
	t.Helper()
	c, err := openCkErr(fs)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return c
}

func openCkErr(fs *wal.MemFS) (*Catalog, error) {
	return Open("data", Options{WAL: wal.Options{FS: fs, SegmentSize: 1 << 12},
		CheckpointInterval: -1, CheckpointWALBytes: -1})
}

// vec is the vector stored for serial id i.
func vec(i int) types.Vector { return types.Vector{float32(i % 17), float32(i / 17)} }

// state is the sorted "id:x,y" list of the visible rows.
func state(c *Catalog) []string {
	var out []string
	for _, r := range rows(c) {
		v := r[1].(types.Vector)
		out = append(out, fmt.Sprintf("%d:%g,%g", r[0], v[0], v[1]))
	}
	slices.Sort(out)
	return out
}

// deleteID deletes the row with the given id in one committed transaction.
func deleteID(t *testing.T, c *Catalog, id int64) {
	t.Helper()
	txn := c.Begin()
	c.Lock()
	tb, _ := c.Table("items")
	txn.Scan(tb, func(slot uint64, vals []any) bool {
		if vals[0].(int64) == id {
			if err := txn.Delete(tb, slot); err != nil {
				t.Error(err)
			}
		}
		return true
	})
	c.Unlock()
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
}

// checkIndex asserts that an exact k-NN search through the graph returns
// the same slots as a brute-force scan, for a few queries.
func checkIndex(t *testing.T, c *Catalog) {
	t.Helper()
	c.WaitCatchUp() // replayed rows reach the graph in the background
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	ix, _ := c.Index("items_v_idx")
	txn := c.ReadTxn()
	live := 0
	txn.Scan(tb, func(uint64, []any) bool { live++; return true })
	if got := ix.Graph.Live(); got != live {
		t.Errorf("graph has %d live nodes, table %d visible rows", got, live)
	}
	for _, q := range []types.Vector{{0, 0}, {8, 3}, {16, 9}} {
		type hit struct {
			slot uint64
			d    float32
		}
		var exact []hit
		txn.Scan(tb, func(slot uint64, vals []any) bool {
			exact = append(exact, hit{slot, vecindex.Distance(vecindex.L2, q, vals[1].(types.Vector))})
			return true
		})
		slices.SortFunc(exact, func(a, b hit) int {
			if a.d != b.d {
				if a.d < b.d {
					return -1
				}
				return 1
			}
			return int(a.slot) - int(b.slot)
		})
		k := min(5, len(exact))
		// ef at least the live node count makes the search exact
		// (vecindex.Search), which is what this check compares against.
		res := ix.Graph.Search(q, k, max(200, ix.Graph.Live()), func(s uint64) bool { return txn.Visible(tb, s) })
		if len(res) != k {
			t.Fatalf("query %v: %d results, want %d", q, len(res), k)
		}
		for i := range res {
			if res[i].Dist != exact[i].d {
				t.Errorf("query %v rank %d: distance %g, exact %g", q, i, res[i].Dist, exact[i].d)
			}
		}
	}
}

func TestCheckpointThenReplayTail(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	for i := 0; i < 60; i += 3 {
		insert(t, c, vec(i), vec(i+1), vec(i+2))
	}
	deleteID(t, c, 5)
	deleteID(t, c, 7)
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	if c.SnapshotLSN() == 0 {
		t.Fatal("no snapshot LSN after Checkpoint")
	}
	insert(t, c, vec(100), vec(101))
	deleteID(t, c, 10)
	want := state(c)

	c2 := openCk(t, fs.CrashClone())
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("after crash:\n got %v\nwant %v", got, want)
	}
	ix, _ := c2.Index("items_v_idx")
	if ix.Graph.Len() == ix.Graph.Live() {
		t.Error("graph has no tombstones: it was rebuilt, not read from the snapshot")
	}
	checkIndex(t, c2)
	// Serial and next ids continue after the snapshot's values.
	insert(t, c2, vec(200))
	if !slices.Contains(state(c2), fmt.Sprintf("63:%g,%g", vec(200)[0], vec(200)[1])) {
		t.Errorf("serial did not continue at 63: %v", state(c2))
	}
}

func TestCloseCheckpointsAndReplaysNothing(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3))
	want := state(c)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c2 := openCk(t, fs)
	defer c2.Close()
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	if lsn, end := c2.SnapshotLSN(), c2.log.NextLSN(); lsn == 0 || lsn != end {
		t.Errorf("snapshot LSN %d, WAL end %d: want equal and non-zero", lsn, end)
	}
	if names, _ := fs.List("data"); !slices.Contains(names, currentFile) {
		t.Errorf("no CURRENT in %v", names)
	}
}

// Transactions in progress at the checkpoint: one commits after it, one
// rolls back, one deletes and commits; another delete rolls back.
func TestCheckpointWithOpenTransactions(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	tb := createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3), vec(4))

	write := func(f func(txn *Txn)) *Txn {
		txn := c.Begin()
		c.Lock()
		f(txn)
		c.Unlock()
		return txn
	}
	ins := func(v types.Vector) func(*Txn) {
		return func(txn *Txn) {
			if _, err := txn.Insert(tb, []any{txn.NextSerial(tb, 0), v}); err != nil {
				t.Fatal(err)
			}
		}
	}
	del := func(slot uint64) func(*Txn) {
		return func(txn *Txn) {
			if err := txn.Delete(tb, slot); err != nil {
				t.Fatal(err)
			}
		}
	}
	commitLater := write(ins(types.Vector{50, 50}))
	rollLater := write(ins(types.Vector{60, 60}))
	delCommit := write(del(0))
	delRoll := write(del(1))
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	if err := commitLater.Commit(); err != nil {
		t.Fatal(err)
	}
	rollLater.Rollback()
	if err := delCommit.Commit(); err != nil {
		t.Fatal(err)
	}
	delRoll.Rollback()
	want := state(c)
	if len(want) != 4 {
		t.Fatalf("before crash: %v", want)
	}
	c2 := openCk(t, fs.CrashClone())
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	checkIndex(t, c2)
}

func TestCheckpointRemovesOldWALAndKeepsPrevious(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	for round := 0; round < 3; round++ {
		for i := 0; i < 40; i++ {
			insert(t, c, vec(round*40+i))
		}
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	names, _ := fs.List("data")
	var snaps []string
	for _, n := range names {
		if strings.HasPrefix(n, snapDirPrefix) {
			snaps = append(snaps, n)
		}
	}
	if len(snaps) != 2 {
		t.Errorf("snapshots %v: want the live and the previous one", snaps)
	}
	if c.log.FirstLSN() == 0 {
		t.Error("no WAL segment was removed")
	}
	want := state(c)
	c2 := openCk(t, fs.CrashClone())
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %d rows want %d", len(got), len(want))
	}
}

// damage flips one byte in the middle of a file of the live snapshot.
func damage(t *testing.T, fs *wal.MemFS, c *Catalog, file string) string {
	t.Helper()
	path := snapFile(c, file)
	b, err := fs.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x40
	fs.WriteFile(path, b)
	return path
}

// snapFile is the path of a file of c's live snapshot: "catalog", "rows"
// (of items) or "hnsw" (of items_v_idx).
func snapFile(c *Catalog, file string) string {
	c.RLock()
	defer c.RUnlock()
	tb, _ := c.Table("items")
	ix, _ := c.Index("items_v_idx")
	switch file {
	case "rows":
		file = rowsFileName(tb.OID)
	case "hnsw":
		file = graphFileName(ix.OID)
	}
	return filepath.Join("data", snapDirName(c.SnapshotLSN()), file)
}

func TestDamagedSnapshot(t *testing.T) {
	for _, file := range []string{catalogFile, "rows", "hnsw"} {
		t.Run(file+"/previous kept", func(t *testing.T) {
			fs := wal.NewMemFS()
			c := openCk(t, fs)
			createItems(t, c)
			insert(t, c, vec(1), vec(2))
			if err := c.Checkpoint(); err != nil {
				t.Fatal(err)
			}
			insert(t, c, vec(3))
			if err := c.Checkpoint(); err != nil {
				t.Fatal(err)
			}
			insert(t, c, vec(4))
			want := state(c)
			crashed := fs.CrashClone()
			damage(t, crashed, c, file)
			c2 := openCk(t, crashed)
			if got := state(c2); !slices.Equal(got, want) {
				t.Fatalf("fallback to previous snapshot: got %v want %v", got, want)
			}
			checkIndex(t, c2)
		})
		t.Run(file+"/no previous", func(t *testing.T) {
			fs := wal.NewMemFS()
			c := openCk(t, fs)
			createItems(t, c)
			insert(t, c, vec(1), vec(2))
			if err := c.Checkpoint(); err != nil {
				t.Fatal(err)
			}
			crashed := fs.CrashClone()
			path := damage(t, crashed, c, file)
			_, err := openCkErr(crashed)
			if !errors.Is(err, ErrSnapshotCorrupt) || !strings.Contains(err.Error(), path) {
				t.Fatalf("err %v: want ErrSnapshotCorrupt naming %s", err, path)
			}
		})
	}
}

func TestMissingGraphFileIsRebuilt(t *testing.T) {
	graphRebuiltAfter(t, func(fs *wal.MemFS, path string) {
		if err := fs.RemoveAll(path); err != nil {
			t.Fatal(err)
		}
	})
}

// TestOldGraphLayoutIsRebuilt: a graph file of checkpoint version 3 that
// stores a node at an id other than its row slot (written before node ids
// were row slots) is rebuilt from the rows instead of failing start-up.
func TestOldGraphLayoutIsRebuilt(t *testing.T) {
	graphRebuiltAfter(t, func(fs *wal.MemFS, path string) {
		b, err := fs.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		const header, version = 60, 8 // vecindex/persist.go
		g := b[snapHeaderSize:]       // vecindex's format follows the snapshot file header
		binary.LittleEndian.PutUint32(g[version:], 3)
		binary.LittleEndian.PutUint64(g[header:], 7) // node 0 keyed by slot 7
		body := g[:len(g)-4]
		binary.LittleEndian.PutUint32(g[len(body):], crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
		fs.WriteFile(path, b)
	})
}

// graphRebuiltAfter checkpoints three indexed rows, lets damage change
// the HNSW graph file of the crashed copy, and checks that the copy opens
// with the same rows and an index that answers.
func graphRebuiltAfter(t *testing.T, damage func(fs *wal.MemFS, path string)) {
	t.Helper()
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	insert(t, c, vec(1), vec(2), vec(3))
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	want := state(c)
	crashed := fs.CrashClone()
	damage(crashed, snapFile(c, "hnsw"))
	c2 := openCk(t, crashed)
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	checkIndex(t, c2)
}

// A checkpoint racing with committers: every acknowledged row is present
// exactly once after a crash, whichever side of the snapshot LSN its commit
// fell on.
func TestCheckpointConcurrentCommits(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	var stop atomic.Bool
	var commits atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				insert(t, c, vec(w*1000+i))
				commits.Add(1)
			}
		})
	}
	for i := 0; i < 8 || commits.Load() < 300; i++ {
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	stop.Store(true)
	wg.Wait()
	want := state(c)
	c2 := openCk(t, fs.CrashClone())
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %d rows, want %d", len(got), len(want))
	}
	checkIndex(t, c2)
}

// Every failure of a filesystem operation during a checkpoint is reported
// by Checkpoint or survived; afterwards the catalog keeps working, and a
// crash loses no acknowledged commit.
func TestCheckpointFaults(t *testing.T) {
	faults := []struct {
		name string
		op   wal.Op
		err  error
	}{
		{"create", wal.OpCreate, syscall.EIO},
		{"write ENOSPC", wal.OpWrite, syscall.ENOSPC},
		{"short write", wal.OpWrite, &wal.ShortWrite{N: 3, Err: syscall.ENOSPC}},
		{"fsync", wal.OpSync, syscall.EIO},
		{"rename", wal.OpRename, syscall.EIO},
		{"syncdir", wal.OpSyncDir, syscall.EIO},
		{"remove", wal.OpRemove, syscall.EIO},
	}
	for _, f := range faults {
		for n := int64(1); n <= 8; n++ {
			t.Run(fmt.Sprintf("%s/%d", f.name, n), func(t *testing.T) {
				fs := wal.NewMemFS()
				c := openCk(t, fs)
				createItems(t, c)
				for i := 0; i < 30; i++ {
					insert(t, c, vec(i))
				}
				if err := c.Checkpoint(); err != nil {
					t.Fatal(err)
				}
				insert(t, c, vec(30))
				fs.SetHook(wal.FailNth(f.op, n, f.err))
				ckErr := c.Checkpoint()
				acked := state(c)
				// A commit after the fault: acknowledged only if it returns nil.
				txn := c.Begin()
				c.Lock()
				tb, _ := c.Table("items")
				txn.Insert(tb, []any{txn.NextSerial(tb, 0), vec(31)})
				c.Unlock()
				if txn.Commit() == nil {
					acked = state(c)
				}
				fs.SetHook(nil)
				crashed := fs.CrashClone()
				c2, err := openCkErr(crashed)
				if err != nil {
					t.Fatalf("reopen after fault (checkpoint err %v): %v", ckErr, err)
				}
				got := state(c2)
				for _, r := range acked {
					if !slices.Contains(got, r) {
						t.Fatalf("acknowledged row %s lost (checkpoint err %v)", r, ckErr)
					}
				}
				if len(got) > len(acked)+1 {
					t.Fatalf("got %d rows, acknowledged %d", len(got), len(acked))
				}
				checkIndex(t, c2)
				if err := c2.Checkpoint(); err != nil {
					t.Fatalf("checkpoint after recovery: %v", err)
				}
			})
		}
	}
}

// TestOpenPrunesStaleSnapshots: snapshot directories left by checkpoints
// killed before pruning (one newer than CURRENT, one older than the
// previous snapshot) are removed at start-up; CURRENT's snapshot and the
// previous one stay.
func TestOpenPrunesStaleSnapshots(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	createItems(t, c)
	for i := range 3 {
		insert(t, c, vec(i))
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	live, prev := c.ckpt.lsn, c.ckpt.prev
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	for _, lsn := range []wal.LSN{1, live + 1_000_000} {
		if err := fs.MkdirAll(filepath.Join("data", snapDirName(lsn)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c = openCk(t, fs)
	defer c.Close()
	got, err := c.listSnapshots()
	if err != nil {
		t.Fatal(err)
	}
	if want := []wal.LSN{prev, live}; !slices.Equal(got, want) {
		t.Fatalf("snapshots after open: %v, want %v", got, want)
	}
	if len(state(c)) != 3 {
		t.Fatalf("rows after open: %v", state(c))
	}
}
