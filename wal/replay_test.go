package wal

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		segSize int64
		n       int
		sizeOf  func(int) int
		minSegs int
	}{
		{"tiny segments one record each", 64, 20, sizes(30, 40, 47), 20},
		{"small segments several records", 256, 60, sizes(12, 50, 3, 90, 0), 10},
		{"exact fit", 2 * (HeaderSize + 15), 10, sizes(15), 5},
		{"large segment", 1 << 16, 200, sizes(100, 1000, 12), 2},
		{"empty payloads", 128, 30, sizes(0), 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := NewMemFS()
			opts := Options{SegmentSize: tc.segSize}
			l, got := mustReplay(t, fs, opts)
			if len(got) != 0 || l.NextLSN() != 0 {
				t.Fatalf("new log: %d records, NextLSN %d", len(got), l.NextLSN())
			}
			want := appendN(t, l, 0, tc.n, func(i int) int { return min(tc.sizeOf(i), int(tc.segSize)-HeaderSize) })
			for i := 1; i < len(want); i++ {
				if want[i].lsn <= want[i-1].lsn {
					t.Fatalf("LSNs not increasing: %d then %d", want[i-1].lsn, want[i].lsn)
				}
			}
			last := want[len(want)-1]
			if next := l.NextLSN(); next != last.lsn+LSN(HeaderSize+len(last.payload)) {
				t.Fatalf("NextLSN = %d, want %d", next, last.lsn+LSN(HeaderSize+len(last.payload)))
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			names := segmentNames(fs, testDir)
			if len(names) < tc.minSegs {
				t.Fatalf("%d segment files %v, want >= %d", len(names), names, tc.minSegs)
			}
			for _, name := range names {
				start, ok := parseSegmentName(name)
				data, _ := fs.ReadFile(testDir + "/" + name)
				if !ok || int64(len(data)) != tc.segSize || start%LSN(tc.segSize) != 0 {
					t.Fatalf("segment %s: size %d, parsed %v", name, len(data), ok)
				}
			}
			// Reopen on what was durable, replay, continue, replay again.
			fs2 := fs.CrashClone()
			l2, got := mustReplay(t, fs2, opts)
			equalRecs(t, got, want)
			want = append(want, appendN(t, l2, tc.n, 5, tc.sizeOf)...)
			l2.Close()
			l3, got := mustReplay(t, fs2.CrashClone(), opts)
			equalRecs(t, got, want)
			l3.Close()
		})
	}
}

func TestRoundTripOSFS(t *testing.T) {
	dir := t.TempDir()
	l, err := Open(dir, Options{SegmentSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Replay(nil); err != nil {
		t.Fatal(err)
	}
	want := appendN(t, l, 0, 100, sizes(20, 300))
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	l2, err := Open(dir, Options{SegmentSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	var got []rec
	if err := l2.Replay(func(lsn LSN, typ RecordType, p []byte) error {
		got = append(got, rec{lsn, typ, bytes.Clone(p)})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	equalRecs(t, got, want)
	if err := l2.Close(); err != nil {
		t.Fatal(err)
	}
	// A different segment size is refused rather than misread.
	l3, err := Open(dir, Options{SegmentSize: 8192})
	if err == nil {
		err = l3.Replay(nil)
	}
	if err == nil || !strings.Contains(err.Error(), "segment size") && !strings.Contains(err.Error(), "SegmentSize") {
		t.Fatalf("reopen with other SegmentSize: err = %v, want a segment size error", err)
	}
}

// buildLog writes n records into a fresh MemFS log and closes it.
func buildLog(t *testing.T, segSize int64, n int, sizeOf func(int) int) (*MemFS, []rec) {
	t.Helper()
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: segSize})
	want := appendN(t, l, 0, n, sizeOf)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return fs, want
}

// rewrite applies edit to a copy of the segment file at path in a crash clone.
func rewrite(t *testing.T, fs *MemFS, path string, edit func([]byte)) *MemFS {
	t.Helper()
	c := fs.CrashClone()
	data, err := c.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edit(data)
	c.WriteFile(path, data)
	return c
}

func TestTornTailEveryOffset(t *testing.T) {
	const segSize = 512
	fs, want := buildLog(t, segSize, 9, sizes(40, 25, 70))
	last := want[len(want)-1]
	size := HeaderSize + len(last.payload)
	path, off := segFileOf(last.lsn, segSize)
	for _, fill := range []byte{0x00, 0xff} {
		for k := 0; k < size; k++ {
			t.Run(fmt.Sprintf("fill%02x/cut%d", fill, k), func(t *testing.T) {
				c := rewrite(t, fs, path, func(b []byte) {
					for i := off + int64(k); i < off+int64(size); i++ {
						b[i] = fill
					}
				})
				l, got := mustReplay(t, c, Options{SegmentSize: segSize})
				equalRecs(t, got, want[:len(want)-1])
				if l.NextLSN() != last.lsn {
					t.Fatalf("NextLSN = %d, want %d", l.NextLSN(), last.lsn)
				}
				data, _ := c.ReadFile(path)
				if !allZero(data[off:]) {
					t.Fatalf("torn tail not zeroed from offset %d", off)
				}
				more := appendN(t, l, 100, 2, sizes(30))
				if more[0].lsn != last.lsn {
					t.Fatalf("append after truncation at LSN %d, want %d", more[0].lsn, last.lsn)
				}
				l.Close()
				l2, got := mustReplay(t, c.CrashClone(), Options{SegmentSize: segSize})
				equalRecs(t, got, append(want[:len(want)-1:len(want)-1], more...))
				l2.Close()
			})
		}
	}
}

func TestZeroFilledTail(t *testing.T) {
	tests := []struct {
		name string
		n    int
	}{
		{"empty log", 0},
		{"one record", 1},
		{"segment ends exactly full", 4}, // 4 * (17+47) = 256
		{"new empty segment after full one", 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs, want := buildLog(t, 256, tc.n, sizes(47))
			if tc.n == 5 {
				// Leave segment 1 empty but present (as after a crash right after it was created).
				c := fs.CrashClone()
				c.WriteFile(testDir+"/"+segmentName(512), make([]byte, 256))
				fs = c
			}
			l, got := mustReplay(t, fs.CrashClone(), Options{SegmentSize: 256})
			equalRecs(t, got, want)
			next := l.NextLSN()
			switch tc.n {
			case 0:
				if next != 0 {
					t.Fatalf("NextLSN = %d, want 0", next)
				}
			case 5:
				if next != 512 {
					t.Fatalf("NextLSN = %d, want 512 (start of the empty segment)", next)
				}
			default:
				if w := want[len(want)-1].lsn + HeaderSize + 47; next != w {
					t.Fatalf("NextLSN = %d, want %d", next, w)
				}
			}
			l.Close()
		})
	}
}

func TestCorruptMiddle(t *testing.T) {
	const segSize = 512
	// 30 records of 17+50 bytes: 7 per segment, so records 0-6 are in
	// segment 0 (non-last) and records 28-29 in the last segment.
	fs, want := buildLog(t, segSize, 30, sizes(50))
	tests := []struct {
		name   string
		rec    int   // record to damage
		at     int64 // byte within the record
		reason string
	}{
		{"length in non-last segment", 3, lengthOff + 1, "runs past"},
		{"crc in non-last segment", 3, crcOff, "CRC mismatch"},
		{"type zeroed in non-last segment", 2, -1, "record type 0"},
		{"lsn in non-last segment", 0, lsnOff + 2, "header LSN"},
		{"payload in non-last segment", 6, HeaderSize + 49, "CRC mismatch"},
		{"payload in last segment with valid record after", 28, HeaderSize + 5, "CRC mismatch"},
		{"header in middle segment", 15, crcOff + 3, "CRC mismatch"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := want[tc.rec]
			path, off := segFileOf(r.lsn, segSize)
			edit := func(b []byte) {
				if tc.at < 0 {
					b[off+typeOff] = 0
				} else {
					b[off+tc.at] ^= 0x40
				}
			}
			l, got, err := openReplay(t, rewrite(t, fs, path, edit), Options{SegmentSize: segSize})
			var cerr *CorruptError
			if !errors.Is(err, ErrCorrupt) || !errors.As(err, &cerr) {
				t.Fatalf("Replay err = %v, want ErrCorrupt", err)
			}
			if cerr.Segment != path || cerr.Offset != off || !strings.Contains(cerr.Reason, tc.reason) {
				t.Fatalf("CorruptError = %+v, want segment %s offset %d reason ~%q", cerr, path, off, tc.reason)
			}
			if msg := err.Error(); !strings.Contains(msg, segmentName(r.lsn-LSN(off))) || !strings.Contains(msg, fmt.Sprintf("offset %d", off)) {
				t.Fatalf("message %q does not name segment and offset", msg)
			}
			equalRecs(t, got, want[:tc.rec])
			if _, err := l.Append(1, []byte("x")); !errors.Is(err, ErrNotReplayed) {
				t.Fatalf("Append after failed Replay: %v, want ErrNotReplayed", err)
			}

			// TruncateCorrupt: cut there, later segments deleted, appends continue.
			var logBuf bytes.Buffer
			c := rewrite(t, fs, path, edit)
			opts := Options{SegmentSize: segSize, TruncateCorrupt: true, Logger: slog.New(slog.NewTextHandler(&logBuf, nil))}
			l, got = mustReplay(t, c, opts)
			equalRecs(t, got, want[:tc.rec])
			if !strings.Contains(logBuf.String(), "level=WARN") || !strings.Contains(logBuf.String(), path) {
				t.Fatalf("no warning naming the segment logged: %q", logBuf.String())
			}
			if l.NextLSN() != r.lsn {
				t.Fatalf("NextLSN = %d, want %d", l.NextLSN(), r.lsn)
			}
			names := segmentNames(c, testDir)
			if lastName := names[len(names)-1]; lastName != segmentName(r.lsn-LSN(off)) {
				t.Fatalf("segments after truncation %v, want last %s", names, segmentName(r.lsn-LSN(off)))
			}
			more := appendN(t, l, 100, 3, sizes(20))
			l.Close()
			l2, got := mustReplay(t, c.CrashClone(), Options{SegmentSize: segSize})
			equalRecs(t, got, append(want[:tc.rec:tc.rec], more...))
			l2.Close()
		})
	}
}

func TestMissingSegment(t *testing.T) {
	const segSize = 256
	fs, want := buildLog(t, segSize, 20, sizes(50)) // 3 records per segment
	c := fs.CrashClone()
	if err := c.Remove(testDir + "/" + segmentName(2*segSize)); err != nil {
		t.Fatal(err)
	}
	_, _, err := openReplay(t, c, Options{SegmentSize: segSize})
	var cerr *CorruptError
	if !errors.As(err, &cerr) || cerr.Segment != testDir+"/"+segmentName(2*segSize) {
		t.Fatalf("Replay err = %v, want CorruptError for the missing segment", err)
	}
	l, got := mustReplay(t, c, Options{SegmentSize: segSize, TruncateCorrupt: true, Logger: slog.New(slog.DiscardHandler)})
	equalRecs(t, got, want[:6])
	l.Close()
}

func TestReplayCallbackError(t *testing.T) {
	fs, _ := buildLog(t, 256, 10, sizes(20))
	l, err := Open(testDir, Options{SegmentSize: 256, FS: fs})
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	calls := 0
	err = l.Replay(func(LSN, RecordType, []byte) error {
		calls++
		if calls == 4 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || calls != 4 {
		t.Fatalf("Replay = %v after %d calls, want the callback error after 4", err, calls)
	}
}
