package wal

import (
	"bytes"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
)

const recSegSize = 256

// recLog writes n 50-byte records (3 per 256-byte segment), records the
// end with RecordEnd(clean) unless noEnd, closes the log and returns the
// records and the end.
func recLog(t *testing.T, n int, clean, noEnd bool) (*MemFS, []rec, LSN) {
	t.Helper()
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
	want := appendN(t, l, 0, n, sizes(50))
	end := l.NextLSN()
	if !noEnd {
		got, err := l.RecordEnd(clean)
		if err != nil || got != end {
			t.Fatalf("RecordEnd = %d, %v; want %d", got, err, end)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return fs, want, end
}

// replayFrom opens the log on fs and replays it from from.
func replayFrom(t *testing.T, fs FS, from LSN, truncate bool) (*Log, []rec, error) {
	t.Helper()
	l, err := Open(testDir, Options{FS: fs, SegmentSize: recSegSize, TruncateCorrupt: truncate,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	var got []rec
	err = l.ReplayFrom(from, func(lsn LSN, typ RecordType, p []byte) error {
		got = append(got, rec{lsn, typ, bytes.Clone(p)})
		return nil
	})
	return l, got, err
}

// recordsFrom returns the records of want at or after from.
func recordsFrom(want []rec, from LSN) []rec {
	for i, r := range want {
		if r.lsn >= from {
			return want[i:]
		}
	}
	return nil
}

// TestReplayFromIgnoresDamageBefore: a flipped bit or zeroed bytes before
// from, in the segment holding from, are not read.
func TestReplayFromIgnoresDamageBefore(t *testing.T) {
	fs, want, _ := recLog(t, 8, false, false)
	from := want[7].lsn // third record of the third segment
	path, off := segFileOf(from, recSegSize)
	for name, edit := range map[string]func([]byte){
		"bit flip": func(b []byte) { b[off-5] ^= 1 },
		"zeroed":   func(b []byte) { clear(b[:off]) },
	} {
		t.Run(name, func(t *testing.T) {
			c := rewrite(t, fs, path, edit)
			l, got, err := replayFrom(t, c, from, false)
			if err != nil {
				t.Fatal(err)
			}
			equalRecs(t, got, want[7:])
			if _, err := l.Append(1, testPayload(100, 50)); err != nil {
				t.Fatal(err)
			}
			l.Close()
			_, got, err = replayFrom(t, c.CrashClone(), from, false)
			if err != nil || len(got) != 2 {
				t.Fatalf("after appending: %d records, %v", len(got), err)
			}
		})
	}
}

// TestNoSegmentAfterFrom: with every segment at or after from deleted, a
// clean shutdown at from lets the log go on in a new segment at from; an
// unclean one is refused naming the segment (records may be lost), unless
// TruncateCorrupt.
func TestNoSegmentAfterFrom(t *testing.T) {
	for _, clean := range []bool{true, false} {
		fs, _, end := recLog(t, 8, clean, false)
		c := fs.CrashClone()
		path, off := segFileOf(end, recSegSize)
		if err := c.Remove(path); err != nil {
			t.Fatal(err)
		}
		l, got, err := replayFrom(t, c, end, false)
		if !clean {
			var cerr *CorruptError
			if !errors.As(err, &cerr) || cerr.Segment != path || cerr.Offset != off || !strings.Contains(cerr.Reason, "clean shutdown") {
				t.Fatalf("unclean: err %v, want a CorruptError for %s at %d", err, path, off)
			}
			l, got, err = replayFrom(t, c, end, true)
		}
		if err != nil || len(got) != 0 || l.NextLSN() != end {
			t.Fatalf("clean %v: %d records, NextLSN %d, err %v; want none, %d", clean, len(got), l.NextLSN(), err, end)
		}
		lsn, err := l.Append(1, testPayload(100, 50))
		if err != nil || lsn != end {
			t.Fatalf("append at %d, %v; want %d", lsn, err, end)
		}
		l.Close()
		_, got, err = replayFrom(t, c.CrashClone(), end, false)
		if err != nil || len(got) != 1 || got[0].lsn != end {
			t.Fatalf("clean %v after append: %v, %v", clean, got, err)
		}
	}
}

// TestRecordedEnd: a log that ends before the end RecordEnd recorded (the
// last segment deleted, or its last records zeroed) is refused with an
// *EndError naming what is missing; TruncateCorrupt starts with what is
// left and records the new end.
func TestRecordedEnd(t *testing.T) {
	fs, want, end := recLog(t, 8, false, false) // segments 0, 256, 512
	last, _ := segFileOf(end, recSegSize)
	cases := []struct {
		name    string
		damage  func(c *MemFS)
		keep    int // records left
		wantEnd LSN // where the log ends now
		missing string
	}{
		{"last segment deleted", func(c *MemFS) { c.Remove(last) }, 6, want[5].lsn + HeaderSize + 50,
			"segment " + last + " missing"},
		{"last records zeroed", func(c *MemFS) {
			b, _ := c.ReadFile(last)
			clear(b)
			c.WriteFile(last, b)
		}, 6, 2 * recSegSize, "segment " + last + " ends at offset 0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := fs.CrashClone()
			tc.damage(c)
			_, _, err := replayFrom(t, c, 0, false)
			var eerr *EndError
			if !errors.As(err, &eerr) || !errors.Is(err, ErrCorrupt) || eerr.Recorded != end ||
				eerr.End != tc.wantEnd || !strings.Contains(err.Error(), tc.missing) {
				t.Fatalf("err %v; want an EndError at %d before %d with %q", err, tc.wantEnd, end, tc.missing)
			}
			l, got, err := replayFrom(t, c, 0, true)
			if err != nil {
				t.Fatal(err)
			}
			equalRecs(t, got, want[:tc.keep])
			l.Close()
			if _, _, err := replayFrom(t, c.CrashClone(), 0, false); err != nil {
				t.Fatalf("after the cut with TruncateCorrupt: %v", err)
			}
		})
	}
}

// TestCutShortSegment: a segment file shorter than the segment size is
// refused naming it and the size (not as another segment size);
// TruncateCorrupt keeps the records before the cut; after a clean
// shutdown a cut at or after the recorded end loses nothing and needs no
// flag.
func TestCutShortSegment(t *testing.T) {
	fs, want, end := recLog(t, 8, false, false)
	last, _ := segFileOf(end, recSegSize)
	cut := fs.CrashClone()
	b, _ := cut.ReadFile(last)
	cut.WriteFile(last, b[:80]) // one whole record of this segment and a part
	_, _, err := replayFrom(t, cut, 0, false)
	var cerr *CorruptError
	if !errors.As(err, &cerr) || cerr.Segment != last || cerr.Offset != 80 ||
		!strings.Contains(cerr.Reason, "cut short") || strings.Contains(err.Error(), "segment size") {
		t.Fatalf("err %v; want a CorruptError: %s cut short at 80", err, last)
	}
	l, got, err := replayFrom(t, cut, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	equalRecs(t, got, want[:7])
	l.Close()
	if _, got, err := replayFrom(t, cut.CrashClone(), 0, false); err != nil || len(got) != 7 {
		t.Fatalf("after the repair: %d records, %v", len(got), err)
	}

	fs, want, end = recLog(t, 8, true, false)
	last, off := segFileOf(end, recSegSize)
	c := fs.CrashClone()
	b, _ = c.ReadFile(last)
	c.WriteFile(last, b[:off])
	l, got, err = replayFrom(t, c, 0, false)
	if err != nil || l.NextLSN() != end {
		t.Fatalf("clean shutdown, cut at the end: NextLSN %d, %v", l.NextLSN(), err)
	}
	equalRecs(t, got, want)
	l.Close()
	if size := mustSize(t, c, last); size != recSegSize {
		t.Fatalf("segment is %d bytes after the repair, want %d", size, recSegSize)
	}
}

func mustSize(t *testing.T, fs FS, path string) int64 {
	t.Helper()
	f, err := fs.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, err := f.Size()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestEndFileDamaged: a damaged end file is refused naming it; with
// TruncateCorrupt it is ignored.
func TestEndFileDamaged(t *testing.T) {
	fs, want, _ := recLog(t, 4, false, false)
	c := rewrite(t, fs, filepath.Join(testDir, EndFile), func(b []byte) { b[17] ^= 1 })
	if _, _, err := replayFrom(t, c, 0, false); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), EndFile) {
		t.Fatalf("err %v; want ErrCorrupt naming %s", err, EndFile)
	}
	l, got, err := replayFrom(t, c, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	equalRecs(t, got, want)
	l.Close()
}
