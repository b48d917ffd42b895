package catalog

import (
	"encoding/binary"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/wal"
)

// twoSnapshots checkpoints two rows (snapshot s1), then a third (s2, the
// live one, s1 kept as the previous one) and returns the catalog and the
// rows all three give.
func twoSnapshots(t *testing.T, fs *wal.MemFS) (c *Catalog, s1, s2 wal.LSN, want []string) {
	t.Helper()
	c = openCk(t, fs)
	createItems(t, c)
	insert(t, c, vec(1), vec(2))
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	s1 = c.SnapshotLSN()
	insert(t, c, vec(3))
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	return c, s1, c.SnapshotLSN(), state(c)
}

// TestSnapshotFileFromOtherSnapshot: a catalog, rows or graph file copied
// from the previous snapshot into the live one is damage: Open falls back
// to the previous snapshot and the WAL after it (all three rows, not the
// old file's two), or without a previous snapshot refuses naming the file
// and both LSNs.
func TestSnapshotFileFromOtherSnapshot(t *testing.T) {
	for _, file := range []string{catalogFile, "rows", "hnsw"} {
		for _, prevKept := range []bool{true, false} {
			name := file + "/previous kept"
			if !prevKept {
				name = file + "/no previous"
			}
			t.Run(name, func(t *testing.T) {
				fs := wal.NewMemFS()
				c, s1, s2, want := twoSnapshots(t, fs)
				live := snapFile(c, file)
				old := strings.Replace(live, snapDirName(s2), snapDirName(s1), 1)
				crashed := fs.CrashClone()
				b, err := crashed.ReadFile(old)
				if err != nil {
					t.Fatal(err)
				}
				crashed.WriteFile(live, b)
				if prevKept {
					c2 := openCk(t, crashed)
					if got := state(c2); !slices.Equal(got, want) {
						t.Fatalf("got %v want %v", got, want)
					}
					checkIndex(t, c2)
					return
				}
				if err := crashed.RemoveAll(filepath.Join("data", snapDirName(s1))); err != nil {
					t.Fatal(err)
				}
				_, err = openCkErr(crashed)
				if !errors.Is(err, ErrSnapshotCorrupt) || !strings.Contains(err.Error(), live) ||
					!strings.Contains(err.Error(), "another snapshot") || !strings.Contains(err.Error(), snapDirName(s2)) {
					t.Fatalf("err %v: want ErrSnapshotCorrupt naming %s from another snapshot", err, live)
				}
			})
		}
	}
}

// TestSnapshotVersion1Loads: a snapshot written before files carried the
// snapshot LSN (version 1: no LSN in block file headers, bare vecindex
// graph files) still loads, graph and all.
func TestSnapshotVersion1Loads(t *testing.T) {
	fs := wal.NewMemFS()
	c, _, s2, want := twoSnapshots(t, fs)
	crashed := fs.CrashClone()
	dir := filepath.Join("data", snapDirName(s2))
	names, err := crashed.List(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		path := filepath.Join(dir, n)
		b, _ := crashed.ReadFile(path)
		if strings.HasPrefix(n, "hnsw.") {
			b = b[snapHeaderSize:]
		} else {
			b = append(b[:snapHeaderSizeV1:snapHeaderSizeV1], b[snapHeaderSize:]...)
			binary.LittleEndian.PutUint32(b[8:], snapVersionNoLSN)
		}
		crashed.WriteFile(path, b)
	}
	c2 := openCk(t, crashed)
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	if c2.SnapshotLSN() != s2 {
		t.Fatalf("loaded snapshot %d, want the version 1 one at %d", c2.SnapshotLSN(), s2)
	}
	checkIndex(t, c2)
	c.Close()
}

// TestOpenWithoutCurrent: without CURRENT, Open loads the newest snapshot
// that loads (skipping a damaged newer one) and rewrites CURRENT; it never
// starts empty while snapshots exist.
func TestOpenWithoutCurrent(t *testing.T) {
	fs := wal.NewMemFS()
	c, s1, s2, want := twoSnapshots(t, fs)
	crashed := fs.CrashClone()
	if err := crashed.Remove(filepath.Join("data", currentFile)); err != nil {
		t.Fatal(err)
	}
	damage(t, crashed, c, "rows") // s2's rows file
	c2 := openCk(t, crashed)
	if got := state(c2); !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	if got := c2.SnapshotLSN(); got != s1 {
		t.Fatalf("loaded snapshot %d, want %d (the newest that loads)", got, s1)
	}
	if cur, err := readCurrent(crashed, "data"); err != nil || cur != s1 {
		t.Fatalf("CURRENT %d, %v; want %d", cur, err, s1)
	}
	_ = s2
}

// TestNewerSnapshotKeptAside: a snapshot newer than the WAL recovered
// (CURRENT named an older one and the WAL after it was cut with
// TruncateCorrupt) is never pruned: Open sets it aside as
// "snapshot.<LSN>.kept", and later checkpoints leave it alone.
func TestNewerSnapshotKeptAside(t *testing.T) {
	fs := wal.NewMemFS()
	c, s1, s2, _ := twoSnapshots(t, fs)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	crashed := fs.CrashClone()
	if err := writeCurrent(crashed, "data", snapDirName(s1)); err != nil {
		t.Fatal(err)
	}
	seg := filepath.Join("data", "0000000000000000.wal")
	b, _ := crashed.ReadFile(seg)
	clear(b[s1:]) // the third row's commit
	crashed.WriteFile(seg, b)
	if _, err := openCkErr(crashed); !errors.Is(err, wal.ErrCorrupt) || !strings.Contains(err.Error(), "recorded end") {
		t.Fatalf("err %v: want the WAL ending before its recorded end", err)
	}
	c2, err := Open("data", Options{WAL: wal.Options{FS: crashed, SegmentSize: 1 << 12, TruncateCorrupt: true},
		CheckpointInterval: -1, CheckpointWALBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(state(c2)); got != 2 {
		t.Fatalf("%d rows, want the first snapshot's 2", got)
	}
	for range 2 {
		insert(t, c2, vec(7))
		if err := c2.Checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	kept := filepath.Join("data", snapDirName(s2)+snapKeptExt, catalogFile)
	if _, err := crashed.ReadFile(kept); err != nil {
		t.Fatalf("snapshot set aside: %v", err)
	}
	c2.Close()
}
