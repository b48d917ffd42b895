package catalog

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
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

// TestCommitDDLWrittenWithCommitRecord checks that a transaction's DDL
// records reach the WAL after its row records, right before its commit
// record (writeCommit): a commit larger than one WAL batch writes its rows
// in earlier batches, and a crash between them must not leave its DDL
// (here CREATE TABLE) applied at replay without the commit.
func TestCommitDDLWrittenWithCommitRecord(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	txn := c.Begin()
	c.Lock()
	restore := c.RouteDDL(txn)
	tb, err := c.CreateTable("made_in_txn", []Column{{Name: "id", Type: types.Int8}, {Name: "s", Type: types.Text}}, nil)
	restore()
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	c.RLock()
	for i := range 40 {
		if _, err := txn.Insert(tb, []any{int64(i), strings.Repeat("x", 20<<10)}); err != nil {
			t.Fatal(err)
		}
	}
	c.RUnlock()
	if err := txn.Commit(); err != nil {
		t.Fatalf("commit: %v", err)
	}
	var order []wal.RecordType
	if err := replayRecords(fs.CrashClone(), func(typ wal.RecordType, _ []byte) {
		order = append(order, typ)
	}); err != nil {
		t.Fatal(err)
	}
	n := len(order)
	if n < 4 || order[n-1] != recTxnCommit || order[n-2] != recCreateTable {
		t.Fatalf("records %v: want row records, then CreateTable, then TxnCommit", order)
	}
	for _, typ := range order[:n-2] {
		if typ != recTxnData && typ != recTxnDataPart {
			t.Fatalf("records %v: DDL before the row records", order)
		}
	}
	c2 := openMem(t, fs.CrashClone())
	c2.RLock()
	defer c2.RUnlock()
	tb2, ok := c2.Table("made_in_txn")
	if !ok {
		t.Fatal("table made in the committed transaction is missing after replay")
	}
	rows := 0
	c2.ReadTxn().Scan(tb2, func(uint64, []any) bool { rows++; return true })
	if rows != 40 {
		t.Fatalf("%d rows after replay, want 40", rows)
	}
}

// TestLargeCommitOneFsync: a commit of about three commitBatchBytes of
// rows is written in several WAL batches, but only the last (with the
// commit record) waits for an fsync, so the whole commit costs one, as
// PostgreSQL's; its rows all come back after a crash.
func TestLargeCommitOneFsync(t *testing.T) {
	fs := wal.NewMemFS()
	c, err := Open("data", Options{WAL: wal.Options{FS: fs, SegmentSize: 64 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	c.Lock()
	tb, err := c.CreateTable("big", []Column{{Name: "id", Type: types.Int8}, {Name: "v", Type: types.VectorOf(1000)}}, nil)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	const rows = 3 * commitBatchBytes / 4000
	txn := c.Begin()
	c.RLock()
	for i := range rows {
		v := make(types.Vector, 1000)
		v[i%1000] = float32(i)
		if _, err := txn.Insert(tb, []any{int64(i), v}); err != nil {
			t.Fatal(err)
		}
	}
	c.RUnlock()
	before := fs.SyncCount()
	if err := txn.Commit(); err != nil {
		t.Fatalf("commit: %v", err)
	}
	if got := fs.SyncCount() - before; got != 1 {
		t.Errorf("commit of %d rows fsynced %d times, want 1", rows, got)
	}
	c2, err := Open("data", Options{WAL: wal.Options{FS: fs.CrashClone(), SegmentSize: 64 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	c2.RLock()
	tb2, _ := c2.Table("big")
	n := 0
	c2.ReadTxn().Scan(tb2, func(_ uint64, vals []any) bool {
		if vals[0] != int64(n) || vals[1].(types.Vector)[n%1000] != float32(n) {
			t.Fatalf("row %d after crash: id %v", n, vals[0])
		}
		n++
		return true
	})
	c2.RUnlock()
	if n != rows {
		t.Fatalf("%d rows after crash, want %d", n, rows)
	}
}
