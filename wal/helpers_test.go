package wal

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const testDir = "/db/wal"

// rec is a replayed or appended record.
type rec struct {
	lsn     LSN
	typ     RecordType
	payload []byte
}

// testPayload is a self-checking payload for record id: 8-byte id, filler,
// and a 4-byte CRC-32 of the rest. Its last byte is never 0 (torn-tail tests
// rely on that: a cut always changes the record).
func testPayload(id, size int) []byte {
	size = max(size, 12)
	p := make([]byte, size)
	binary.LittleEndian.PutUint64(p, uint64(id))
	for i := 8; i < size-4; i++ {
		p[i] = byte(id*7 + i)
	}
	c := crc32.ChecksumIEEE(p[:size-4]) | 1<<24
	binary.LittleEndian.PutUint32(p[size-4:], c)
	return p
}

// checkPayload returns the id of a testPayload, or an error for garbage.
func checkPayload(p []byte) (int, error) {
	if len(p) < 12 {
		return 0, fmt.Errorf("payload too short: %d bytes", len(p))
	}
	id := int(binary.LittleEndian.Uint64(p))
	if !bytes.Equal(p, testPayload(id, len(p))) {
		return 0, fmt.Errorf("payload of id %d is garbage", id)
	}
	return id, nil
}

// openReplay opens the log on fs and replays it, returning the records.
func openReplay(t testing.TB, fs FS, opts Options) (*Log, []rec, error) {
	t.Helper()
	opts.FS = fs
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	l, err := Open(testDir, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	var got []rec
	err = l.Replay(func(lsn LSN, typ RecordType, payload []byte) error {
		got = append(got, rec{lsn, typ, bytes.Clone(payload)})
		return nil
	})
	return l, got, err
}

// mustReplay is openReplay that fails the test on a Replay error.
func mustReplay(t testing.TB, fs FS, opts Options) (*Log, []rec) {
	t.Helper()
	l, got, err := openReplay(t, fs, opts)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	return l, got
}

// appendN appends n test records with ids first.. and sizes from sizeOf.
func appendN(t testing.TB, l *Log, first, n int, sizeOf func(i int) int) []rec {
	t.Helper()
	var out []rec
	for i := first; i < first+n; i++ {
		p := testPayload(i, sizeOf(i))
		typ := RecordType(1 + i%3)
		lsn, err := l.Append(typ, p)
		if err != nil {
			t.Fatalf("Append %d: %v", i, err)
		}
		out = append(out, rec{lsn, typ, p})
	}
	return out
}

// equalRecs fails the test unless got equals want exactly.
func equalRecs(t testing.TB, got, want []rec) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("replayed %d records, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.lsn != w.lsn || g.typ != w.typ || !bytes.Equal(g.payload, w.payload) {
			t.Fatalf("record %d: got lsn=%d typ=%d len=%d, want lsn=%d typ=%d len=%d",
				i, g.lsn, g.typ, len(g.payload), w.lsn, w.typ, len(w.payload))
		}
	}
}

// segFileOf returns the path of the segment holding lsn and lsn's offset.
func segFileOf(lsn LSN, segSize int64) (string, int64) {
	start := lsn - lsn%LSN(segSize)
	return filepath.Join(testDir, segmentName(start)), int64(lsn - start)
}

func sizes(list ...int) func(int) int { return func(i int) int { return list[i%len(list)] } }

// segmentNames lists the segment files in dir (not the end file).
func segmentNames(fs FS, dir string) []string {
	names, _ := fs.List(dir)
	return slices.DeleteFunc(names, func(n string) bool { _, ok := parseSegmentName(n); return !ok })
}

// segmentsOnly passes to h only the operations on segment files and the
// directory, so that a FailNth count means what it meant before the end
// file was written at segment switches.
func segmentsOnly(h Hook) Hook {
	return func(op Op, path string) error {
		if strings.HasPrefix(filepath.Base(path), EndFile) {
			return nil
		}
		return h(op, path)
	}
}
