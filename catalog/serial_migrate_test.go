package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// TestSerialColumnsBecomeSequences: a data directory whose serial
// columns keep their counter (as vecgres wrote them before) opens with
// each column owning a real sequence that goes on from the counter, the
// column's DEFAULT calling it; a taken name gets a number; opening again
// migrates nothing more. From the WAL alone and from a checkpoint.
func TestSerialColumnsBecomeSequences(t *testing.T) {
	for _, ckpt := range []bool{false, true} {
		t.Run(map[bool]string{false: "wal", true: "checkpoint"}[ckpt], func(t *testing.T) { testSerialMigration(t, ckpt) })
	}
}

func testSerialMigration(t *testing.T, ckpt bool) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	c.Lock()
	if _, err := c.CreateTable("t_b_seq", []Column{{Name: "x", Type: types.Int4}}, nil); err != nil {
		t.Fatal(err)
	}
	tb, err := c.CreateTable("t", []Column{{Name: "id", Type: types.Int4, NotNull: true, Serial: true},
		{Name: "b", Type: types.Int8, NotNull: true, Serial: true}, {Name: "v", Type: types.Text}}, nil)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	txn := c.Begin()
	for range 3 {
		if _, err := txn.NextSerialVal(tb, 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	if ckpt {
		if err := c.Checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	check := func(c *Catalog) {
		t.Helper()
		tb, _ := c.Table("t")
		for i, want := range []string{"nextval('t_id_seq'::regclass)", "nextval('t_b_seq1'::regclass)"} {
			if col := tb.Columns[i]; col.Serial || col.DefaultExpr != want || !col.NotNull {
				t.Fatalf("column %d: %+v, want DEFAULT %s", i, col, want)
			}
		}
		id, ok1 := c.Table("t_id_seq")
		b, ok2 := c.Table("t_b_seq1")
		if !ok1 || !ok2 || !id.IsSequence() || !b.IsSequence() {
			t.Fatal("sequences missing")
		}
		if d := id.Seq; d.Type.Kind != types.KindInt4 || d.Max != 1<<31-1 || d.OwnedBy != tb.OID || d.OwnedCol != "id" {
			t.Fatalf("t_id_seq: %+v", *d)
		}
		if d := b.Seq; d.Type.Kind != types.KindInt8 || d.OwnedCol != "b" {
			t.Fatalf("t_b_seq1: %+v", *d)
		}
		if last, called := id.SeqValue(); last != 3 || !called {
			t.Fatalf("t_id_seq at %d %v, want 3 true", last, called)
		}
		if last, called := b.SeqValue(); last != 1 || called {
			t.Fatalf("t_b_seq1 at %d %v, want 1 false", last, called)
		}
		if n := len(c.SequencesOwnedBy(tb.OID, "")); n != 2 {
			t.Fatalf("%d owned sequences, want 2", n)
		}
	}
	fs2 := fs.CrashClone()
	check(openMem(t, fs2))
	check(openMem(t, fs2.CrashClone()))
}
