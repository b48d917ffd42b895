package catalog

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/wal"
)

// TestCommitRowLargerThanSegment checks that a row larger than a WAL
// segment (here 64 KiB segments, rows of several hundred KiB: the shape of
// an 80 MiB row in 64 MiB segments) commits, is spread over TxnDataPart
// records, and comes back whole after a crash, with the small rows of the
// same transaction before and after it. Before TxnDataPart the commit
// failed with wal.ErrTooLarge.
func TestCommitRowLargerThanSegment(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	cols := []Column{{Name: "id", Type: types.Int8}, {Name: "s", Type: types.Text}, {Name: "b", Type: types.Bytea}}
	c.Lock()
	tb, err := c.CreateTable("big", cols, nil)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	bigText := strings.Repeat("0123456789abcdef", 300<<10/16)
	bigBytes := bytes.Repeat([]byte{0, 1, 2, 0xff}, 200<<10/4)
	want := [][]any{
		{int64(1), "small", []byte{1}},
		{int64(2), bigText, bigBytes},
		{int64(3), strings.Repeat("m", 40<<10), []byte(strings.Repeat("n", 30<<10))}, // one record, no parts
		{int64(4), nil, bigBytes[:bigDatumBytes]},
		{int64(5), "after", nil},
	}
	txn := c.Begin()
	c.RLock()
	for _, r := range want {
		if _, err := txn.Insert(tb, r); err != nil {
			t.Fatal(err)
		}
	}
	c.RUnlock()
	if err := txn.Commit(); err != nil {
		t.Fatalf("commit: %v", err)
	}
	parts := 0
	if err := replayRecords(fs.CrashClone(), func(typ wal.RecordType, payload []byte) {
		if typ == recTxnDataPart {
			parts++
		}
		if len(payload) > 1<<16 {
			t.Errorf("record type %d of %d bytes", typ, len(payload))
		}
	}); err != nil {
		t.Fatal(err)
	}
	if parts < 8 {
		t.Errorf("%d TxnDataPart records, want the big rows spread over many", parts)
	}
	c2 := openMem(t, fs.CrashClone())
	c2.RLock()
	tb2, _ := c2.Table("big")
	var got [][]any
	c2.ReadTxn().Scan(tb2, func(_ uint64, vals []any) bool {
		got = append(got, vals)
		return true
	})
	c2.RUnlock()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after crash: %d rows, want %d (or values differ)", len(got), len(want))
	}
}

// replayRecords calls fn for each record of the WAL in fs's "data".
func replayRecords(fs *wal.MemFS, fn func(wal.RecordType, []byte)) error {
	l, err := wal.Open("data", wal.Options{FS: fs, SegmentSize: 1 << 16})
	if err != nil {
		return err
	}
	defer l.Close()
	return l.Replay(func(_ wal.LSN, typ wal.RecordType, p []byte) error {
		fn(typ, p)
		return nil
	})
}
