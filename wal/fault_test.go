package wal

import (
	"errors"
	"strings"
	"syscall"
	"testing"
)

// TestIOFailureIsFinal injects one failing FS operation during appends and
// checks that the failing Append reports it, that every later Append fails
// even though the FS works again (fsyncgate: a retried fsync may "succeed"
// after the kernel dropped the dirty pages), and that no acked record is lost.
// With 77-byte records and 256-byte segments, three records fill a segment:
// write 4 is the first one in the second segment, after the first was
// fsynced at the roll, so it cannot be taken back.
func TestIOFailureIsFinal(t *testing.T) {
	const segSize = 256
	tests := []struct {
		name string
		hook Hook
		want error
	}{
		{"fsync fails", FailNth(OpSync, 6, syscall.EIO), syscall.EIO},
		{"short write into a new segment", FailNth(OpWrite, 4, &ShortWrite{N: 9, Err: syscall.ENOSPC}), syscall.ENOSPC},
		{"write into a new segment fails with ENOSPC", FailNth(OpWrite, 7, syscall.ENOSPC), syscall.ENOSPC},
		{"fsync of the full segment at the roll fails", FailNth(OpSync, 5, syscall.EIO), syscall.EIO},
		{"directory fsync fails", FailNth(OpSyncDir, 2, syscall.EIO), syscall.EIO},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := NewMemFS()
			l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
			fs.SetHook(segmentsOnly(tc.hook))
			acked := map[int]bool{}
			var firstErr error
			for i := range 20 {
				_, err := l.Append(1, testPayload(i, 60))
				if err == nil {
					if firstErr != nil {
						t.Fatalf("Append %d succeeded after a failure", i)
					}
					acked[i] = true
					continue
				}
				if firstErr == nil {
					firstErr = err
					if !errors.Is(err, tc.want) {
						t.Fatalf("Append %d error %v, want %v", i, err, tc.want)
					}
				} else if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), "refusing further writes") {
					t.Fatalf("later Append error %v, want the sticky failure", err)
				}
			}
			if firstErr == nil {
				t.Fatal("the injected failure never surfaced")
			}
			if err := l.Sync(); !errors.Is(err, tc.want) {
				t.Fatalf("Sync after failure = %v", err)
			}
			if err := l.Close(); !errors.Is(err, tc.want) {
				t.Fatalf("Close after failure = %v", err)
			}
			fs.SetHook(nil)
			verifyRecovered(t, fs.CrashClone(), segSize, acked)
			verifyRecovered(t, fs, segSize, acked) // the live (page cache) view too
		})
	}
}

// TestConcurrentFsyncFailure: all appenders waiting on a failed group fsync
// get the error.
func TestConcurrentFsyncFailure(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: 4096})
	fs.SetHook(FailNth(OpSync, 1, syscall.EIO))
	errs := make(chan error, 8)
	for i := range 8 {
		go func() {
			_, err := l.Append(1, testPayload(i, 20))
			errs <- err
		}()
	}
	failed := 0
	for range 8 {
		if err := <-errs; err != nil {
			if !errors.Is(err, syscall.EIO) {
				t.Fatalf("Append error %v, want EIO", err)
			}
			failed++
		}
	}
	if failed == 0 {
		t.Fatal("no Append saw the fsync failure")
	}
	if _, err := l.Append(1, testPayload(9, 20)); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Append after failed fsync = %v, want the sticky EIO", err)
	}
	l.Close()
}

func TestAPIMisuse(t *testing.T) {
	fs := NewMemFS()
	l, err := Open(testDir, Options{SegmentSize: 128, FS: fs})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Append(1, nil); !errors.Is(err, ErrNotReplayed) {
		t.Fatalf("Append before Replay = %v", err)
	}
	if err := l.Replay(nil); err != nil {
		t.Fatal(err)
	}
	if err := l.Replay(nil); !errors.Is(err, ErrReplayed) {
		t.Fatalf("second Replay = %v", err)
	}
	if _, err := l.Append(0, []byte("x")); err == nil {
		t.Fatal("Append of type 0 succeeded")
	}
	if _, err := l.Append(1, make([]byte, 128-HeaderSize+1)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("oversized Append = %v, want ErrTooLarge", err)
	}
	for _, want := range []LSN{0, 128} {
		if lsn, err := l.Append(1, make([]byte, 128-HeaderSize)); err != nil || lsn != want {
			t.Fatalf("segment-sized Append = %d, %v; want LSN %d", lsn, err, want)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Append(1, nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close = %v", err)
	}
	if err := l.Close(); err != nil {
		t.Fatalf("second Close = %v", err)
	}
	if _, err := Open(testDir, Options{SegmentSize: 10, FS: fs}); err == nil {
		t.Fatal("SegmentSize 10 accepted")
	}
	if _, err := Open(testDir, Options{SegmentSize: 96, FS: fs}); err == nil {
		t.Fatal("segments not aligned to SegmentSize accepted")
	}
}

func TestRemoveBefore(t *testing.T) {
	const segSize = 256
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
	want := appendN(t, l, 0, 20, sizes(60)) // 3 per segment: 7 segments
	tests := []struct {
		lsn       LSN
		wantFirst LSN // first remaining segment
	}{
		{0, 0},
		{segSize - 1, 0},
		{segSize, segSize},
		{3*segSize + 10, 3 * segSize},
		{1 << 40, 6 * segSize}, // never the active segment
	}
	for _, tc := range tests {
		if err := l.RemoveBefore(tc.lsn); err != nil {
			t.Fatal(err)
		}
		names := segmentNames(fs.CrashClone(), testDir)
		if names[0] != segmentName(tc.wantFirst) {
			t.Fatalf("RemoveBefore(%d): durable segments %v, want first %s", tc.lsn, names, segmentName(tc.wantFirst))
		}
		var kept []rec
		for _, r := range want {
			if r.lsn >= tc.wantFirst {
				kept = append(kept, r)
			}
		}
		_, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: segSize})
		equalRecs(t, got, kept)
	}
	more := appendN(t, l, 100, 4, sizes(60))
	l.Close()
	_, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: segSize})
	equalRecs(t, got, append(want[18:20:20], more...))
}

func TestNoSync(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: 4096, NoSync: true})
	syncs := fs.SyncCount()
	want := appendN(t, l, 0, 10, sizes(30))
	if fs.SyncCount() != syncs {
		t.Fatalf("NoSync Append fsynced (%d fsyncs)", fs.SyncCount()-syncs)
	}
	// Not yet durable: a crash now loses a suffix (here all of them), cleanly.
	verifyRecovered(t, fs.CrashClone(), 4096, nil)
	if err := l.Sync(); err != nil {
		t.Fatal(err)
	}
	_, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: 4096})
	equalRecs(t, got, want)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestSyncCoversRetiredSegments: records written to a segment that was then
// retired (rollover) are durable after one Sync of the log. Regression test
// for the fsync of the old segment at rollover, which the group-commit
// leader relies on because it only fsyncs the active segment.
func TestSyncCoversRetiredSegments(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: 256, NoSync: true})
	want := appendN(t, l, 0, 20, sizes(50)) // 7 segments
	if err := l.Sync(); err != nil {
		t.Fatal(err)
	}
	_, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: 256})
	equalRecs(t, got, want)
	l.Close()
}
