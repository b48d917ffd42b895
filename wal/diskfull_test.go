package wal

import (
	"errors"
	"fmt"
	"slices"
	"syscall"
	"testing"
)

// TestDiskFullIsRetryable injects one ENOSPC where nothing of the failing
// Append can have reached the disk (the write into the active segment,
// creating, preallocating or fsyncing the next segment before it is
// used) and checks that this Append fails with ENOSPC and a *FileError,
// that the very next Append succeeds (space came back), and that replay
// finds exactly the acknowledged records: none is lost and the failed one
// is not there, neither after a crash nor in the live files.
// Records are 77 bytes, three to a 256-byte segment.
func TestDiskFullIsRetryable(t *testing.T) {
	const segSize = 256
	tests := []struct {
		name   string
		hook   Hook
		failAt int // the Append that fails
		op     string
	}{
		{"write into the active segment", FailNth(OpWrite, 5, syscall.ENOSPC), 4, "write"},
		{"short write into the active segment", FailNth(OpWrite, 2, &ShortWrite{N: 30, Err: syscall.ENOSPC}), 1, "write"},
		{"next segment create", FailNth(OpCreate, 2, syscall.ENOSPC), 6, "create"},
		{"next segment preallocate", FailNth(OpTruncate, 2, syscall.ENOSPC), 6, "extend"},
		{"next segment fsync", FailNth(OpSync, 4, syscall.ENOSPC), 3, "fsync"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := NewMemFS()
			l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
			fs.SetHook(segmentsOnly(tc.hook))
			acked := map[int]bool{}
			for i := range 12 {
				_, err := l.Append(1, testPayload(i, 60-i%2)) // records of two sizes
				if i != tc.failAt {
					if err != nil {
						t.Fatalf("Append %d: %v", i, err)
					}
					acked[i] = true
					continue
				}
				var fe *FileError
				if !errors.Is(err, syscall.ENOSPC) || !IsDiskFull(err) || !errors.As(err, &fe) || fe.Op != tc.op {
					t.Fatalf("Append %d = %v, want ENOSPC in a *FileError of op %q", i, err, tc.op)
				}
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			fs.SetHook(nil)
			verifyExactly(t, fs.CrashClone(), segSize, acked)
			verifyExactly(t, fs, segSize, acked)
		})
	}
}

// verifyExactly replays img and checks that the record ids are exactly
// those of acked, in order.
func verifyExactly(t *testing.T, img *MemFS, segSize int64, acked map[int]bool) {
	t.Helper()
	l, got := mustReplay(t, img, Options{SegmentSize: segSize})
	defer l.Close()
	last := -1
	for _, r := range got {
		id, err := checkPayload(r.payload)
		if err != nil {
			t.Fatalf("record at LSN %d: %v", r.lsn, err)
		}
		if !acked[id] || id <= last {
			t.Fatalf("replayed id %d after %d; acked %v", id, last, acked)
		}
		last = id
	}
	if len(got) != len(acked) {
		t.Fatalf("replayed %d records, want the %d acknowledged", len(got), len(acked))
	}
}

// TestAppendAllTakesBackTheWholeBatch: a batch whose third record fails to
// be written leaves none of its records in the log, and the log goes on.
func TestAppendAllTakesBackTheWholeBatch(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: 4096})
	want := appendN(t, l, 0, 2, sizes(40))
	fs.SetHook(FailNth(OpWrite, 3, syscall.ENOSPC))
	batch := []Record{{1, testPayload(10, 50)}, {2, testPayload(11, 50)}, {3, testPayload(12, 50)}}
	if _, err := l.AppendAll(batch); !IsDiskFull(err) {
		t.Fatalf("AppendAll = %v, want ENOSPC", err)
	}
	fs.SetHook(nil)
	lsn, err := l.AppendAll(batch[:2])
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, rec{lsn, 1, batch[0].Payload}, rec{lsn + HeaderSize + 50, 2, batch[1].Payload})
	l.Close()
	_, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: 4096})
	equalRecs(t, got, want)
}

// TestAppendAllSpanningSegments: a batch larger than the rest of the
// segment starts new segments, all prepared before its first write: when
// preparing the second one fails, nothing of the batch is written.
func TestAppendAllSpanningSegments(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: 256})
	want := appendN(t, l, 0, 1, sizes(60))
	var batch []Record
	for i := range 7 { // 77 bytes each: needs two new segments
		batch = append(batch, Record{1, testPayload(10+i, 60)})
	}
	fs.SetHook(FailNth(OpCreate, 2, syscall.ENOSPC))
	if _, err := l.AppendAll(batch); !IsDiskFull(err) {
		t.Fatalf("AppendAll = %v, want ENOSPC", err)
	}
	fs.SetHook(nil)
	if names, _ := fs.List(testDir); !slices.Equal(names, []string{segmentName(0), EndFile}) {
		t.Fatalf("files after the failed batch: %v, want the first segment and the end file only", names)
	}
	lsn, err := l.AppendAll(batch)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range batch {
		seg, off := LSN(0), LSN(77*(i+1))
		if i >= 2 {
			seg, off = LSN(256*((i+1)/3)), LSN(77*((i+1)%3))
		}
		if i == 0 && lsn != 77 {
			t.Fatalf("batch LSN %d, want 77", lsn)
		}
		want = append(want, rec{seg + off, 1, r.Payload})
	}
	l.Close()
	_, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: 256})
	equalRecs(t, got, want)
}

// preallocFile is a MemFS file whose Preallocate fails with err.
type preallocFile struct {
	File
	err error
}

func (f preallocFile) Preallocate(int64) error { return f.err }

// TestPreallocateFallsBackOnlyWhenUnsupported: a filesystem without
// fallocate gets a truncate-extended segment, but ENOSPC from fallocate is
// returned. Before, any fallocate error fell back to a sparse file, whose
// blocks a full disk then refused at a record's write, after the segment
// was in use.
func TestPreallocateFallsBackOnlyWhenUnsupported(t *testing.T) {
	fs := NewMemFS()
	fs.MkdirAll(testDir, 0o755)
	for _, tc := range []struct {
		err      error
		wantErr  error
		wantSize int64
	}{
		{fmt.Errorf("fallocate: %w", errors.ErrUnsupported), nil, 4096},
		{syscall.ENOSPC, syscall.ENOSPC, 0},
	} {
		f, err := fs.Create(testDir + "/seg")
		if err != nil {
			t.Fatal(err)
		}
		err = preallocate(preallocFile{f, tc.err}, 4096)
		if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
			t.Fatalf("preallocate with fallocate failing %v = %v, want %v", tc.err, err, tc.wantErr)
		}
		if size, _ := f.Size(); size != tc.wantSize {
			t.Fatalf("size after fallocate failing %v: %d, want %d", tc.err, size, tc.wantSize)
		}
		f.Close()
	}
}
