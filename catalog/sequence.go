package catalog

import (
	"math"
	"slices"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Sequences (PostgreSQL docs, CREATE SEQUENCE and §9.17 "Sequence
// Manipulation Functions"). A sequence is a Table whose Seq is set, as a
// view is a Table whose View is set: it has an OID, a name in a schema,
// an owner and grants like a table, the three columns PostgreSQL shows
// for it (last_value, log_cnt, is_called) and no stored rows. Its
// definition is logged and snapshotted as a CreateTable or AlterTable
// record ending with the sequence section (appendSeq).
//
// Its state (seqState) is not transactional, as PostgreSQL's: nextval
// and setval change it at once and a rollback leaves it. A transaction
// that touched a sequence logs the sequence's state at its commit in the
// TxnCommit record's sequence list (the one serial columns use), with
// the column field holding version<<1 | is_called. The version grows at
// each setval, ALTER SEQUENCE and CYCLE wrap-around, so replay keeps the
// state of the highest version and, within one version, the one furthest
// along the increment (seqState.after): commit records may reach the WAL
// in another order than their nextval calls. After a crash, nextval
// therefore never returns a value a committed transaction got (values
// only rolled-back or unfinished transactions saw may come again).

// SeqDef is a sequence's definition. Never changed in place: ALTER
// SEQUENCE gives the table a new one.
type SeqDef struct {
	Type      types.Type // smallint, integer or bigint
	Start     int64
	Increment int64 // never 0
	Min, Max  int64
	Cache     int64
	Cycle     bool
	// OwnedBy is the OID of the table whose column OwnedCol owns the
	// sequence (ALTER SEQUENCE ... OWNED BY t.c); 0 for none. Dropping
	// that table or column drops the sequence.
	OwnedBy  uint32
	OwnedCol string
}

// seqState is a sequence's current value: last is the last value
// nextval returned (called) or the one it returns next (!called).
type seqState struct {
	ver    int64
	last   int64
	called bool
}

// key is the state's version and is_called as the TxnCommit record's and
// the snapshot's column field.
func (s seqState) key() int { return int(s.ver<<1) | int(boolByte(s.called)) }

func stateOf(key int, last int64) seqState {
	return seqState{ver: int64(key >> 1), last: last, called: key&1 == 1}
}

// after reports whether s is a later state than o of a sequence that
// counts by inc: a higher version or, in the same one, further along.
func (s seqState) after(o seqState, inc int64) bool {
	switch {
	case s.ver != o.ver:
		return s.ver > o.ver
	case s.last != o.last:
		return (s.last > o.last) == (inc > 0)
	}
	return s.called && !o.called
}

// IsSequence reports whether t is a sequence.
func (t *Table) IsSequence() bool { return t.Seq != nil }

// SeqColumns are the columns a sequence shows (SELECT * FROM s).
func SeqColumns() []Column {
	return []Column{{Name: "last_value", Type: types.Int8, NotNull: true},
		{Name: "log_cnt", Type: types.Int8, NotNull: true}, {Name: "is_called", Type: types.Bool, NotNull: true}}
}

// CreateSequenceIn adds sequence name owned by owner with definition
// def, logged in txn; rollback drops it. Lock held exclusively. Errors:
// 42P07 when the name is taken, WAL errors.
func (c *Catalog) CreateSequenceIn(txn *Txn, owner, name string, def *SeqDef) (*Table, error) {
	if err := c.checkNameNotPendingDrop(txn, name); err != nil {
		return nil, err
	}
	if c.RelationExists(name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation \"%s\" already exists", bareName(name))
	}
	t := &Table{Name: name, Columns: SeqColumns(), OID: c.allocOID(), Owner: owner, Seq: def}
	t.seq = seqState{last: def.Start}
	if err := c.createLogged(t, txn); err != nil {
		return nil, err
	}
	return t, nil
}

// AlterSequenceIn gives sequence t the definition def, logged in txn
// (rollback restores the old one), and restarts it at *restart when
// restart is set. The state is logged at commit. Lock held exclusively.
func (c *Catalog) AlterSequenceIn(txn *Txn, t *Table, def *SeqDef, restart *int64) error {
	c.RememberTable(txn, t)
	nt := c.proposal(t)
	nt.Seq = def
	if err := c.alter(t, nt); err != nil {
		return err
	}
	t.seqMu.Lock()
	t.seq.ver++
	if restart != nil {
		t.seq.last, t.seq.called = *restart, false
	}
	t.seqMu.Unlock()
	return txn.noteSeq(t)
}

// SeqValue returns the sequence's last value and is_called
// (SELECT * FROM s, pg_sequences.last_value).
func (t *Table) SeqValue() (int64, bool) {
	t.seqMu.Lock()
	defer t.seqMu.Unlock()
	return t.seq.last, t.seq.called
}

// NextVal is nextval: the sequence's next value, which no later call
// returns again (rollback does not undo it). Errors: 2200H past the
// maximum (minimum) of a sequence without CYCLE, with PostgreSQL's text.
func (t *Txn) NextVal(tb *Table) (int64, error) {
	d := tb.Seq
	tb.seqMu.Lock()
	s := tb.seq
	if s.called {
		next, ok := addInt64(s.last, d.Increment)
		switch {
		case ok && next >= d.Min && next <= d.Max:
		case !d.Cycle:
			tb.seqMu.Unlock()
			bound, which := d.Max, "maximum"
			if d.Increment < 0 {
				bound, which = d.Min, "minimum"
			}
			return 0, pgerror.Errorf(pgerror.SequenceLimitExceeded, "nextval: reached %s value of sequence \"%s\" (%d)",
				which, bareName(tb.Name), bound)
		case d.Increment > 0:
			next, s.ver = d.Min, s.ver+1
		default:
			next, s.ver = d.Max, s.ver+1
		}
		s.last = next
	}
	s.called = true
	tb.seq = s
	tb.seqMu.Unlock()
	return s.last, t.noteSeq(tb)
}

// SetVal is setval(tb, v, called). Errors: 22003 for v outside the
// sequence's bounds, with PostgreSQL's text.
func (t *Txn) SetVal(tb *Table, v int64, called bool) error {
	d := tb.Seq
	if v < d.Min || v > d.Max {
		return pgerror.Errorf(pgerror.NumericValueOutOfRange, "setval: value %d is out of bounds for sequence \"%s\" (%d..%d)",
			v, bareName(tb.Name), d.Min, d.Max)
	}
	tb.seqMu.Lock()
	tb.seq = seqState{ver: tb.seq.ver + 1, last: v, called: called}
	tb.seqMu.Unlock()
	return t.noteSeq(tb)
}

// SetSerial is setval on a serial column's sequence: nextval returns v+1
// next (v when !called). Replay keeps the highest value a commit logged,
// so after a crash a value set backwards is forgotten and the column
// goes on past the highest value handed out.
func (t *Txn) SetSerial(tb *Table, col int, v int64, called bool) error {
	if !called {
		v--
	}
	tb.seqMu.Lock()
	tb.seqs[col] = v
	tb.seqMu.Unlock()
	return t.noteSerial(tb, col, v)
}

// NextSerialVal is nextval on a serial column's sequence, logged as
// NextVal logs. Errors: WAL errors.
func (t *Txn) NextSerialVal(tb *Table, col int) (int64, error) {
	tb.seqMu.Lock()
	tb.seqs[col]++
	v := tb.seqs[col]
	tb.seqMu.Unlock()
	return v, t.noteSerial(tb, col, v)
}

// noteSeq records that t changed sequence tb: its commit logs tb's
// state. A read-only snapshot (ReadTxn), which never commits, logs it
// at once in a transaction of its own. Errors: WAL errors.
func (t *Txn) noteSeq(tb *Table) error { return t.noteSerial(tb, 0, 0) }

func (t *Txn) noteSerial(tb *Table, col int, v int64) error {
	if t.done {
		own := t.c.Begin()
		own.noteSerial(tb, col, v)
		return own.Commit()
	}
	if t.seqs == nil {
		t.seqs = map[*Table]map[int]int64{}
	}
	if t.seqs[tb] == nil {
		t.seqs[tb] = map[int]int64{}
	}
	t.seqs[tb][col] = v
	return nil
}

// seqEntries are the (column field, value) pairs the TxnCommit record
// and the snapshot keep for tb: its serial columns' last values, or a
// sequence's state.
// It holds seqMu, under which ALTER replaces tb.Seq while commits of
// other transactions encode their records.
func (tb *Table) seqEntries(serial map[int]int64) map[int]int64 {
	tb.seqMu.Lock()
	defer tb.seqMu.Unlock()
	if tb.Seq == nil {
		return serial
	}
	return map[int]int64{tb.seq.key(): tb.seq.last}
}

// restoreSeq applies a logged (column field, value) pair to tb: a serial
// column's highest value, or the later sequence state.
func (tb *Table) restoreSeq(col int, v int64) {
	if tb.Seq == nil {
		if v > tb.seqs[col] {
			tb.seqs[col] = v
		}
		return
	}
	if s := stateOf(col, v); s.after(tb.seq, tb.Seq.Increment) {
		tb.seq = s
	}
}

// SequencesOwnedBy returns the sequences owned by a column of the table
// with OID oid (column "" for any), sorted by name. Lock held.
func (c *Catalog) SequencesOwnedBy(oid uint32, column string) []*Table {
	var out []*Table
	for _, t := range c.tables {
		if t.Seq != nil && t.Seq.OwnedBy == oid && (column == "" || t.Seq.OwnedCol == column) && !t.hidden() {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *Table) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out
}

// seqFormat marks the sequence section of a CreateTable record (after
// the constraints section; a sequence has no view section).
const seqFormat = 'Q'

// appendSeq appends t's sequence section: seqFormat, type kind byte,
// start, increment, min, max, cache (varints), cycle byte, owned-by
// table OID, owned-by column. Nothing for a table.
func appendSeq(b []byte, t *Table) []byte {
	d := t.Seq
	if d == nil {
		return b
	}
	b = append(b, seqFormat, byte(d.Type.Kind))
	for _, v := range []int64{d.Start, d.Increment, d.Min, d.Max, d.Cache} {
		b = appendVarint(b, v)
	}
	b = append(b, boolByte(d.Cycle))
	return appendString(appendUvarint(b, uint64(d.OwnedBy)), d.OwnedCol)
}

// readSeq restores appendSeq's section, when present.
func readSeq(d *decoder, t *Table) {
	if len(d.b) == 0 || d.err != nil || d.b[0] != seqFormat {
		return
	}
	d.byte1()
	s := &SeqDef{Type: types.Type{Kind: types.Kind(d.byte1()), Typmod: types.NoTypmod}}
	s.Start, s.Increment, s.Min, s.Max, s.Cache = d.varint(), d.varint(), d.varint(), d.varint(), d.varint()
	s.Cycle = d.byte1() == 1
	s.OwnedBy, s.OwnedCol = uint32(d.uvarint()), d.str()
	t.Seq = s
	t.seq = seqState{last: s.Start}
}

// addInt64 is a+b and whether it did not overflow.
func addInt64(a, b int64) (int64, bool) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		return 0, false
	}
	return s, true
}

// IntBounds are the smallest and largest values of an integer type.
func IntBounds(t types.Type) (int64, int64) {
	switch t.Kind {
	case types.KindInt2:
		return math.MinInt16, math.MaxInt16
	case types.KindInt4:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}
