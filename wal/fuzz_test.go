package wal

import (
	"bytes"
	"testing"
)

const fuzzSegSize = 512

// FuzzReplay feeds arbitrary bytes as the only segment file (padded or cut
// to the segment size). Replay must not panic; when it succeeds, the log
// must accept an Append and a second replay must return the same records
// followed by the new one.
func FuzzReplay(f *testing.F) {
	fs, _ := buildLogF(f, 20, sizes(12, 40, 0, 90))
	seg, _ := fs.ReadFile(testDir + "/" + segmentName(0))
	f.Add(seg)
	f.Add(seg[:100])
	f.Add([]byte{})
	f.Add(bytes.Repeat([]byte{0xff}, fuzzSegSize))
	torn := bytes.Clone(seg)
	torn[200] ^= 1
	f.Add(torn)
	f.Fuzz(func(t *testing.T, data []byte) {
		seg := make([]byte, fuzzSegSize)
		copy(seg, data)
		mem := NewMemFS()
		mem.WriteFile(testDir+"/"+segmentName(0), seg)
		l, got, err := openReplay(t, mem, Options{SegmentSize: fuzzSegSize})
		if err != nil {
			return
		}
		for i, r := range got {
			if r.typ == 0 || (i > 0 && r.lsn <= got[i-1].lsn) {
				t.Fatalf("bad record %d: %+v", i, r)
			}
		}
		lsn, err := l.Append(7, []byte("after recovery"))
		if err != nil {
			t.Fatalf("Append after recovery: %v", err)
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		l2, again := mustReplay(t, mem.CrashClone(), Options{SegmentSize: fuzzSegSize})
		equalRecs(t, again, append(got, rec{lsn, 7, []byte("after recovery")}))
		l2.Close()
	})
}

// buildLogF is buildLog for a fuzz target's seed corpus.
func buildLogF(tb testing.TB, n int, sizeOf func(int) int) (*MemFS, []rec) {
	fs := NewMemFS()
	l, _ := mustReplay(tb, fs, Options{SegmentSize: fuzzSegSize})
	want := appendN(tb, l, 0, n, sizeOf)
	if err := l.Close(); err != nil {
		tb.Fatal(err)
	}
	return fs, want
}
