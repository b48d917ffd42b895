package wal

import (
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
)

// ReplayFrom hands out exactly the records at or after from, skips reading
// segments wholly below it, and FirstLSN follows RemoveBefore.
func TestReplayFromAndFirstLSN(t *testing.T) {
	fs := NewMemFS()
	opts := Options{FS: fs, SegmentSize: 256, Logger: slog.New(slog.DiscardHandler)}
	l, err := Open(testDir, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Replay(nil); err != nil {
		t.Fatal(err)
	}
	var lsns []LSN
	for i := 0; i < 40; i++ {
		lsn, err := l.Append(1, testPayload(i, 30))
		if err != nil {
			t.Fatal(err)
		}
		lsns = append(lsns, lsn)
	}
	from := lsns[25]
	if err := l.RemoveBefore(lsns[10]); err != nil {
		t.Fatal(err)
	}
	first := l.FirstLSN()
	if first == 0 || first > lsns[10] {
		t.Fatalf("FirstLSN %d after RemoveBefore(%d)", first, lsns[10])
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	// Damage a segment wholly below from: ReplayFrom must not read it.
	below := filepath.Join(testDir, segmentName(first))
	b, _ := fs.ReadFile(below)
	b[HeaderSize+3] ^= 1
	fs.WriteFile(below, b)

	l2, err := Open(testDir, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []LSN
	err = l2.ReplayFrom(from, func(lsn LSN, _ RecordType, p []byte) error {
		if _, err := checkPayload(p); err != nil {
			t.Error(err)
		}
		got = append(got, lsn)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, lsns[25:]) {
		t.Fatalf("ReplayFrom(%d) gave %v, want %v", from, got, lsns[25:])
	}
	l2.Close()
}

func TestMemFSDirRenameAndRemoveAll(t *testing.T) {
	fs := NewMemFS()
	if err := fs.MkdirAll("d/snap.tmp", 0o755); err != nil {
		t.Fatal(err)
	}
	f, _ := fs.Create("d/snap.tmp/a")
	f.Write([]byte("abc"))
	f.Sync()
	g, _ := fs.Create("d/snap.tmp/b") // never synced
	g.Write([]byte("xyz"))
	if err := fs.SyncDir("d/snap.tmp"); err != nil {
		t.Fatal(err)
	}
	if err := fs.Rename("d/snap.tmp", "d/snap"); err != nil {
		t.Fatal(err)
	}
	if names, _ := fs.List("d"); !slices.Equal(names, []string{"snap"}) {
		t.Fatalf("d holds %v", names)
	}
	crashed := fs.CrashClone()
	if b, err := crashed.ReadFile("d/snap/a"); err != nil || string(b) != "abc" {
		t.Fatalf("synced file after rename and crash: %q %v", b, err)
	}
	if b, _ := crashed.ReadFile("d/snap/b"); len(b) != 0 {
		t.Fatalf("unsynced file data survived the crash: %q", b)
	}
	if err := fs.Rename("d/snap", "d/snap"); err == nil {
		t.Fatal("rename onto an existing directory succeeded")
	}
	if err := fs.RemoveAll("d/snap"); err != nil {
		t.Fatal(err)
	}
	if names, _ := fs.List("d"); len(names) != 0 {
		t.Fatalf("after RemoveAll d holds %v", names)
	}
	if _, err := fs.CrashClone().ReadFile("d/snap/a"); err == nil {
		t.Fatal("removed file survived a crash")
	}
}
