package wal

import (
	"bytes"
	"errors"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

// Tests of the end recorded at segment switches (doc.go, "Recorded end"):
// after a crash, with no RecordEnd since the records were appended,
// deleting the last segment(s) is refused by name.

// switchLog appends n 50-byte records (67 bytes, three per 256-byte
// segment) without ever calling RecordEnd and returns what a crash leaves
// (the log is not closed) with the records.
func switchLog(t *testing.T, n int) (*MemFS, []rec) {
	t.Helper()
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
	want := appendN(t, l, 0, n, sizes(50))
	return fs.CrashClone(), want
}

// wantEndError fails unless err is an *EndError for a segment in use at
// recorded, ending at end, whose message has missing.
func wantEndError(t *testing.T, err error, end, recorded LSN, missing string) {
	t.Helper()
	var eerr *EndError
	if !errors.As(err, &eerr) || !errors.Is(err, ErrCorrupt) || !eerr.InUse || eerr.End != end ||
		eerr.Recorded != recorded || !strings.Contains(err.Error(), missing) {
		t.Fatalf("err %v; want an EndError at %d before the segment at %d in use, with %q", err, end, recorded, missing)
	}
}

// TestSegmentSwitchRecordsEnd: the last segment, or the last two, deleted
// after a crash are refused naming them (before, the log started without
// their acknowledged records); TruncateCorrupt starts with the records
// before them, logs the lost range, and the next start needs no flag.
func TestSegmentSwitchRecordsEnd(t *testing.T) {
	fs, want := switchLog(t, 8) // segments 0 (3 records), 256 (3), 512 (2)
	seg := func(start LSN) string { return filepath.Join(testDir, segmentName(start)) }
	for _, tc := range []struct {
		name    string
		deleted []LSN
		keep    int
		missing string
	}{
		{"last segment", []LSN{512}, 6, "segment " + seg(512) + " missing"},
		{"last two segments", []LSN{256, 512}, 3, "segments " + seg(256) + " to " + seg(512) + " missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fs.CrashClone()
			for _, s := range tc.deleted {
				if err := c.Remove(seg(s)); err != nil {
					t.Fatal(err)
				}
			}
			end := want[tc.keep-1].lsn + HeaderSize + 50
			_, _, err := replayFrom(t, c, 0, false)
			wantEndError(t, err, end, 512, tc.missing)

			var logBuf bytes.Buffer
			l, err := Open(testDir, Options{FS: c, SegmentSize: recSegSize, TruncateCorrupt: true,
				Logger: slog.New(slog.NewTextHandler(&logBuf, nil))})
			if err != nil {
				t.Fatal(err)
			}
			var got []rec
			if err := l.Replay(func(lsn LSN, typ RecordType, p []byte) error {
				got = append(got, rec{lsn, typ, bytes.Clone(p)})
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			equalRecs(t, got, want[:tc.keep])
			for _, part := range []string{"level=WARN", "lost_from_lsn=" + strconv.FormatUint(uint64(end), 10), seg(512)} {
				if !strings.Contains(logBuf.String(), part) {
					t.Fatalf("want %q in the log:\n%s", part, logBuf.String())
				}
			}
			more := appendN(t, l, 100, 4, sizes(50)) // rolls again
			c2 := c.CrashClone()
			_, got, err = replayFrom(t, c2, 0, false)
			if err != nil {
				t.Fatalf("after the cut with TruncateCorrupt: %v", err)
			}
			equalRecs(t, got, append(want[:tc.keep:tc.keep], more...))
		})
	}
}

// TestSegmentSwitchExactFill: when the last record of a segment fills it
// exactly, the log ending at the end of that segment still misses the
// next one, which the switch recorded as in use.
func TestSegmentSwitchExactFill(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
	half := recSegSize/2 - HeaderSize // two records fill a segment
	want := appendN(t, l, 0, 3, sizes(int(half)))
	c := fs.CrashClone()
	if err := c.Remove(filepath.Join(testDir, segmentName(recSegSize))); err != nil {
		t.Fatal(err)
	}
	_, _, err := replayFrom(t, c, 0, false)
	wantEndError(t, err, recSegSize, recSegSize, "segment "+filepath.Join(testDir, segmentName(recSegSize))+" missing")
	l2, got, err := replayFrom(t, c, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	equalRecs(t, got, want[:2])
	l2.Close()
}

// TestSegmentCreatedAtStartRecorded: the segment Replay starts (a clean
// shutdown ended exactly at the end of a segment, so none holds from) is
// recorded as in use, so that deleting it after a crash, with the records
// appended to it, is refused too (before, the last segment ending exactly
// at from let the log go on silently). A refused start creates nothing.
func TestSegmentCreatedAtStartRecorded(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
	appendN(t, l, 0, 2, sizes(recSegSize/2-HeaderSize)) // fills segment 0 exactly
	if end, err := l.RecordEnd(true); err != nil || end != recSegSize {
		t.Fatalf("RecordEnd = %d, %v; want %d", end, err, recSegSize)
	}
	l.Close()
	l, _, err := replayFrom(t, fs, recSegSize, false)
	if err != nil {
		t.Fatal(err)
	}
	appendN(t, l, 100, 1, sizes(50))
	c := fs.CrashClone()
	seg := filepath.Join(testDir, segmentName(recSegSize))
	if err := c.Remove(seg); err != nil {
		t.Fatal(err)
	}
	for range 2 { // a refused start leaves no new segment behind that would let the next one pass
		_, _, err = replayFrom(t, c, recSegSize, false)
		wantEndError(t, err, recSegSize, recSegSize, "segment "+seg+" missing")
	}
	l, got, err := replayFrom(t, c, recSegSize, true)
	if err != nil || len(got) != 0 || l.NextLSN() != recSegSize {
		t.Fatalf("with TruncateCorrupt: %d records, NextLSN %d, %v; want none at %d", len(got), l.NextLSN(), err, recSegSize)
	}
	l.Close()
}

// TestSegmentSwitchEndFileDiskFull: when the end file for the new segment
// cannot be written (ENOSPC creating, writing or fsyncing it), the Append
// that needed the new segment fails with nothing written and the log stays
// usable; the next Append succeeds and replay finds exactly the
// acknowledged records.
func TestSegmentSwitchEndFileDiskFull(t *testing.T) {
	for _, op := range []Op{OpCreate, OpWrite, OpSync} {
		t.Run(op.String(), func(t *testing.T) {
			fs := NewMemFS()
			l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
			var fail atomic.Bool
			fail.Store(true)
			fs.SetHook(func(o Op, path string) error {
				if o == op && filepath.Base(path) == rollEndTemp && fail.CompareAndSwap(true, false) {
					return syscall.ENOSPC
				}
				return nil
			})
			acked := map[int]bool{}
			for i := range 8 {
				_, err := l.Append(1, testPayload(i, 50))
				if i == 3 { // the first record of the second segment
					var fe *FileError
					if !IsDiskFull(err) || !errors.As(err, &fe) || filepath.Base(fe.Path) != rollEndTemp {
						t.Fatalf("Append %d = %v, want ENOSPC naming %s", i, err, rollEndTemp)
					}
					if names := segmentNames(fs, testDir); len(names) != 1 {
						t.Fatalf("segments after the failed switch: %v, want the first only", names)
					}
					continue
				}
				if err != nil {
					t.Fatalf("Append %d: %v", i, err)
				}
				acked[i] = true
			}
			fs.SetHook(nil)
			c := fs.CrashClone()
			verifyExactly(t, c, recSegSize, acked)
			if err := c.Remove(filepath.Join(testDir, segmentName(2*recSegSize))); err != nil {
				t.Fatal(err)
			}
			_, _, err := replayFrom(t, c, 0, false)
			wantEndError(t, err, recSegSize+3*67, 2*recSegSize, "missing")
		})
	}
}

// TestSegmentSwitchInstallFails: a failed rename of the prepared end file
// at a switch fails the log for good (the new segment is published); no
// acknowledged record is lost and the next start is not refused, whether
// the crash came before or after the failure.
func TestSegmentSwitchInstallFails(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
	var before *MemFS
	fs.SetHook(func(o Op, path string) error {
		if o == OpRename && filepath.Base(path) == rollEndTemp {
			before = fs.CrashClone() // the segment published, the end not yet recorded
			return syscall.EIO
		}
		return nil
	})
	acked := map[int]bool{}
	for i := range 4 {
		_, err := l.Append(1, testPayload(i, 50))
		if i < 3 {
			if err != nil {
				t.Fatal(err)
			}
			acked[i] = true
		} else if !errors.Is(err, syscall.EIO) || !errors.Is(err, ErrFailed) {
			t.Fatalf("Append %d = %v, want the final EIO", i, err)
		}
	}
	if _, err := l.Append(1, testPayload(9, 50)); !errors.Is(err, ErrFailed) {
		t.Fatalf("Append after the failure = %v, want ErrFailed", err)
	}
	l.Close()
	fs.SetHook(nil)
	if names := segmentNames(before, testDir); len(names) != 2 {
		t.Fatalf("segments when the end was installed: %v, want two", names)
	}
	verifyExactly(t, before, recSegSize, acked)
	verifyExactly(t, fs.CrashClone(), recSegSize, acked)
}

// TestRecordEndNeverMovesBack: a RecordEnd whose end was taken before a
// segment switch (an Append rolled while RecordEnd waited for its fsync)
// keeps the switch's record: the end file does not move back, and
// deleting the new segment is still refused.
func TestRecordEndNeverMovesBack(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize, NoSync: true})
	defer l.Close()
	appendN(t, l, 0, 2, sizes(50))
	var once atomic.Bool
	var rolled LSN
	fs.SetHook(func(o Op, path string) error {
		if o == OpSync && strings.Contains(path, segmentName(0)) && once.CompareAndSwap(false, true) {
			appendN(t, l, 2, 2, sizes(50)) // NoSync: returns once written; the second rolls
			rolled = l.NextLSN()
		}
		return nil
	})
	end, err := l.RecordEnd(false)
	if err != nil {
		t.Fatal(err)
	}
	if end != 2*67 || rolled != recSegSize+67 {
		t.Fatalf("RecordEnd took end %d, the append ended at %d; want 134 and %d", end, rolled, recSegSize+67)
	}
	fs.SetHook(nil)
	if err := l.Sync(); err != nil {
		t.Fatal(err)
	}
	c := fs.CrashClone()
	if err := c.Remove(filepath.Join(testDir, segmentName(recSegSize))); err != nil {
		t.Fatal(err)
	}
	_, _, err = replayFrom(t, c, 0, false)
	wantEndError(t, err, 3*67, recSegSize, "missing")
}

// TestEndFileWrittenOncePerSegment: appends within a segment never touch
// the end file; each switch writes it once (one create, one fsync, one
// rename).
func TestEndFileWrittenOncePerSegment(t *testing.T) {
	const segSize = 4096 // 61 records of 67 bytes
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
	defer l.Close()
	var ops [OpSyncDir + 1]atomic.Int64
	fs.SetHook(func(o Op, path string) error {
		if strings.HasPrefix(filepath.Base(path), EndFile) {
			ops[o].Add(1)
		}
		return nil
	})
	appendN(t, l, 0, 61, sizes(50)) // fills the first segment
	if n := ops[OpCreate].Load() + ops[OpRename].Load() + ops[OpWrite].Load() + ops[OpSync].Load(); n != 0 {
		t.Fatalf("%d end-file operations while appending within a segment, want 0", n)
	}
	appendN(t, l, 61, 122, sizes(50)) // two switches
	for _, o := range []Op{OpCreate, OpWrite, OpSync, OpRename} {
		if n := ops[o].Load(); n != 2 {
			t.Fatalf("%d end-file %s operations for two segment switches, want 2", n, o)
		}
	}
}
