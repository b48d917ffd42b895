package wal

import (
	"log/slog"
	"testing"
)

// TestWriteDurableWithNextAppend: records given to Write cost no fsync of
// their own and are not durable by themselves (a crash image before the
// next AppendAll holds none of them), and the next AppendAll makes them
// durable with its own record, across segment boundaries, with one fsync
// of the active segment besides the rolls'.
func TestWriteDurableWithNextAppend(t *testing.T) {
	const segSize = 4096
	fs := NewMemFS()
	l, err := Open(testDir, Options{FS: fs, SegmentSize: segSize, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Replay(func(LSN, RecordType, []byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	base := appendN(t, l, 0, 1, sizes(100))
	var want []rec
	want = append(want, base...)
	syncs := fs.SyncCount()
	for i := 1; i <= 3; i++ { // three pieces of 1,000 bytes: no fsync but the first roll's
		p := testPayload(i, 1000)
		lsn, err := l.Write([]Record{{Type: 1, Payload: p}})
		if err != nil {
			t.Fatalf("Write %d: %v", i, err)
		}
		want = append(want, rec{lsn, 1, p})
	}
	if got := fs.SyncCount() - syncs; got != 0 {
		t.Fatalf("Write fsynced %d times within one segment, want 0", got)
	}
	_, before := mustReplay(t, fs.CrashClone(), Options{SegmentSize: segSize})
	equalRecs(t, before, base)
	for i := 4; i <= 6; i++ { // into the next segment: its roll fsyncs the old one
		p := testPayload(i, 1000)
		lsn, err := l.Write([]Record{{Type: 2, Payload: p}})
		if err != nil {
			t.Fatalf("Write %d: %v", i, err)
		}
		want = append(want, rec{lsn, 2, p})
	}
	want = append(want, appendN(t, l, 7, 1, sizes(50))...)
	_, after := mustReplay(t, fs.CrashClone(), Options{SegmentSize: segSize})
	equalRecs(t, after, want)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}
