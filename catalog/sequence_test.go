package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// TestSeqStateAfter: replay keeps the higher version, then the value
// further along the increment, then is_called.
func TestSeqStateAfter(t *testing.T) {
	for _, c := range []struct {
		s, o seqState
		inc  int64
		want bool
	}{
		{seqState{1, 5, true}, seqState{0, 9, true}, 1, true},
		{seqState{0, 9, true}, seqState{1, 5, true}, 1, false},
		{seqState{0, 6, true}, seqState{0, 5, true}, 1, true},
		{seqState{0, 5, true}, seqState{0, 6, true}, 1, false},
		{seqState{0, -7, true}, seqState{0, -4, true}, -3, true},
		{seqState{0, -4, true}, seqState{0, -7, true}, -3, false},
		{seqState{0, 5, true}, seqState{0, 5, false}, 1, true},
		{seqState{0, 5, false}, seqState{0, 5, true}, 1, false},
	} {
		if got := c.s.after(c.o, c.inc); got != c.want {
			t.Errorf("%+v after %+v (inc %d) = %v, want %v", c.s, c.o, c.inc, got, c.want)
		}
		if back := stateOf(c.s.key(), c.s.last); back != c.s {
			t.Errorf("key round trip: %+v -> %+v", c.s, back)
		}
	}
}

// TestSequenceReplay: commit records reaching the WAL in another order
// than their nextval calls, setval backwards and a transaction that
// never commits: replay gives the newest committed state; the
// definition survives with OWNED BY.
func TestSequenceReplay(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	items := createItems(t, c)
	c.Lock()
	seq, err := c.CreateSequenceIn(nil, "postgres", "s", &SeqDef{Type: types.Int4, Start: 1, Increment: 2, Min: 1, Max: 9,
		Cache: 1, OwnedBy: items.OID, OwnedCol: "id"})
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	t1, t2 := c.Begin(), c.Begin()
	next := func(txn *Txn, want int64) {
		t.Helper()
		if v, err := txn.NextVal(seq); err != nil || v != want {
			t.Fatalf("nextval = %d, %v; want %d", v, err, want)
		}
	}
	next(t1, 1)
	next(t2, 3)
	if err := t2.Commit(); err != nil { // logs 3
		t.Fatal(err)
	}
	if err := t1.Commit(); err != nil { // logs the state then: 3 again
		t.Fatal(err)
	}
	next(c.ReadTxn(), 5) // logged at once
	next(c.ReadTxn(), 7)
	next(c.ReadTxn(), 9)
	if _, err := c.ReadTxn().NextVal(seq); pgerror.CodeOf(err) != pgerror.SequenceLimitExceeded {
		t.Fatalf("past MAXVALUE: %v, want 2200H", err)
	}
	if err := c.ReadTxn().SetVal(seq, 2, true); err != nil {
		t.Fatal(err)
	}
	if err := c.ReadTxn().SetVal(seq, 10, true); pgerror.CodeOf(err) != pgerror.NumericValueOutOfRange {
		t.Fatalf("setval past MAXVALUE: %v, want 22003", err)
	}
	open := c.Begin()
	next(open, 4) // never committed
	c2 := openMem(t, fs.CrashClone())
	s2, ok := c2.Table("s")
	if !ok || !s2.IsSequence() {
		t.Fatal("sequence lost")
	}
	if got := *s2.Seq; got != *seq.Seq {
		t.Fatalf("definition %+v, want %+v", got, *seq.Seq)
	}
	if last, called := s2.SeqValue(); last != 2 || !called {
		t.Fatalf("state after replay %d %v, want 2 true", last, called)
	}
	if owned := c2.SequencesOwnedBy(items.OID, "id"); len(owned) != 1 || owned[0] != s2 {
		t.Fatalf("SequencesOwnedBy = %v", owned)
	}
}
