package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// The sequence functions (PostgreSQL docs §9.17): nextval, currval,
// setval and lastval on a sequence (catalog/sequence.go) or on a serial
// column's sequence (catalog.Txn.NextSerialVal). currval and lastval
// read the session's own values: seqCurr is the last value nextval gave
// the session for each sequence OID, seqLast the OID of its latest call.

// seqTarget is a resolved sequence: a sequence table, or the serial
// column col of table.
type seqTarget struct {
	oid   uint32
	name  string // as PostgreSQL's messages name it (no schema)
	seq   *catalog.Table
	table *catalog.Table
	col   int
}

// resolveSeq resolves a sequence function's regclass argument. Errors:
// 42P01, 42809 `"t" is not a sequence`. Latch held.
func (s *Session) resolveSeq(name string) (seqTarget, error) {
	c := s.seqs() // sequence_cache.go
	if q, ok := c.byName[name]; ok {
		return q, nil
	}
	oid, err := s.regclassIn(name)
	if err != nil {
		return seqTarget{}, err
	}
	q, err := s.seqByOID(uint32(oid))
	if err == nil {
		c.byName[name] = q
	}
	return q, err
}

// seqByOID is resolveSeq for an OID.
func (s *Session) seqByOID(oid uint32) (seqTarget, error) {
	if t, ok := s.cat.TableByOID(oid); ok {
		if !t.IsSequence() {
			return seqTarget{}, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a sequence", bareRel(s.cat, t))
		}
		return seqTarget{oid: oid, name: bareRel(s.cat, t), seq: t}, nil
	}
	if t, col, ok := pgcatalog.SerialOf(s.cat, oid); ok {
		key, _ := pgcatalog.SequenceName(s.cat, oid)
		_, base := s.cat.SplitName(key)
		return seqTarget{oid: oid, name: base, table: t, col: col}, nil
	}
	if name, ok := userRelationName(s.cat, int64(oid)); ok {
		_, base := s.cat.SplitName(name)
		return seqTarget{}, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a sequence", base)
	}
	return seqTarget{}, pgerror.Errorf(pgerror.UndefinedTable, "could not open relation with OID %d", oid)
}

// checkSeq checks the session holds one of the privileges need on q
// (PostgreSQL's nextval: USAGE or UPDATE; currval and lastval: USAGE or
// SELECT; setval: UPDATE); for an old-style serial column's sequence,
// those on its table.
func (s *Session) checkSeq(q seqTarget, need catalog.Privilege) error {
	t := q.seq
	if t == nil {
		t = q.table
		if need&catalog.PrivUsage != 0 {
			need |= catalog.PrivUpdate | catalog.PrivSelect
		}
	}
	if s.cat.TablePrivilegesIn(s.txn, t, s.privRole())&need == 0 {
		return errSeqPrivilege(q.name)
	}
	return nil
}

// errSeqPrivilege is 42501 for sequence name (bare).
func errSeqPrivilege(name string) error {
	return pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied for sequence %s", name)
}

// seqFor resolves a sequence function's argument and checks the
// session holds need on it (resolveSeq, checkSeq). Latch held.
func (s *Session) seqFor(name string, need catalog.Privilege) (seqTarget, error) {
	q, err := s.resolveSeq(name)
	if err != nil {
		return seqTarget{}, err
	}
	return q, s.checkSeq(q, need)
}

// seqToChange is seqFor for fn (nextval, setval), which changes the
// sequence: need on it (nextval: USAGE or UPDATE, setval: UPDATE) and a
// transaction that may write (25006).
func (e *env) seqToChange(name, fn string, need catalog.Privilege) (seqTarget, error) {
	q, err := e.sess.seqFor(name, need)
	if err != nil {
		return seqTarget{}, err
	}
	return q, e.errSeqReadOnly(fn)
}

// seqTxn is the transaction a sequence change is logged with: the
// running statement's (a read-only snapshot logs at once).
func (e *env) seqTxn() *catalog.Txn {
	if e.exec != nil && e.exec.txn != nil {
		return e.exec.txn
	}
	if e.sess.txn != nil {
		return e.sess.txn
	}
	return e.sess.cat.ReadTxn()
}

// errSeqReadOnly is 25006 for a sequence change in a read-only
// transaction.
func (e *env) errSeqReadOnly(fn string) error {
	if e.sess.mode.readOnly {
		return pgerror.Errorf(pgerror.ReadOnlySQLTransaction, "cannot execute %s() in a read-only transaction", fn)
	}
	return nil
}

// NextVal is nextval (sem.Sequencer).
func (e *env) NextVal(name string) (int64, error) {
	s := e.sess
	defer s.catalogRead()()
	q, err := e.seqToChange(name, "nextval", catalog.PrivUsage|catalog.PrivUpdate)
	if err != nil {
		return 0, err
	}
	var v int64
	if q.seq != nil {
		v, err = e.seqTxn().NextVal(q.seq)
	} else {
		v, err = e.seqTxn().NextSerialVal(q.table, q.col)
	}
	if err != nil {
		return 0, err
	}
	s.noteNextVal(q.oid, v)
	return v, nil
}

// CurrVal is currval (sem.Sequencer).
func (e *env) CurrVal(name string) (int64, error) {
	s := e.sess
	defer s.catalogRead()()
	q, err := s.seqFor(name, catalog.PrivSelect|catalog.PrivUsage)
	if err != nil {
		return 0, err
	}
	v, ok := s.seqCurr[q.oid]
	if !ok {
		return 0, pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "currval of sequence \"%s\" is not yet defined in this session", q.name)
	}
	return v, nil
}

// SetVal is setval (sem.Sequencer): v, which currval gives from now on
// when called.
func (e *env) SetVal(name string, v int64, called bool) (int64, error) {
	s := e.sess
	defer s.catalogRead()()
	q, err := e.seqToChange(name, "setval", catalog.PrivUpdate)
	if err != nil {
		return 0, err
	}
	if q.seq != nil {
		err = e.seqTxn().SetVal(q.seq, v, called)
	} else {
		err = e.setSerial(q, v, called)
	}
	if err != nil {
		return 0, err
	}
	if called {
		if s.seqCurr == nil {
			s.seqCurr = map[uint32]int64{}
		}
		s.seqCurr[q.oid] = v
	}
	return v, nil
}

// setSerial is setval on a serial column's sequence, bounded by the
// column's type as the sequence PostgreSQL would have made.
func (e *env) setSerial(q seqTarget, v int64, called bool) error {
	_, hi := catalog.IntBounds(q.table.Columns[q.col].Type)
	if v < 1 || v > hi {
		return pgerror.Errorf(pgerror.NumericValueOutOfRange, "setval: value %d is out of bounds for sequence \"%s\" (1..%d)", v, q.name, hi)
	}
	return e.seqTxn().SetSerial(q.table, q.col, v, called)
}

// LastVal is lastval (sem.Sequencer).
func (e *env) LastVal() (int64, error) {
	s := e.sess
	if s.seqLast == 0 {
		return 0, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "lastval is not yet defined in this session")
	}
	defer s.catalogRead()()
	q, err := s.seqByOID(s.seqLast)
	if err != nil {
		return 0, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "lastval is not yet defined in this session")
	}
	if err := s.checkSeq(q, catalog.PrivSelect|catalog.PrivUsage); err != nil {
		return 0, err
	}
	return s.seqCurr[s.seqLast], nil
}

// noteSerialCurr records v, which serial column col of t took at an
// INSERT, as currval and lastval of its sequence (PostgreSQL's default
// calls nextval).
func (s *Session) noteSerialCurr(t *catalog.Table, col int, v int64) {
	s.noteNextVal(pgcatalog.SyntheticOID(t.OID, col+1), v)
}

// noteNextVal records v, which nextval of the sequence oid gave, as its
// currval and as the session's lastval.
func (s *Session) noteNextVal(oid uint32, v int64) {
	if s.seqCurr == nil {
		s.seqCurr = map[uint32]int64{}
	}
	s.seqCurr[oid], s.seqLast = v, oid
}

// seqRow is what SELECT * FROM s reads: one row of the sequence's
// last_value, log_cnt (0: vecgres logs each value it hands out rather
// than 32 ahead) and is_called, as of binding (a statement reading it
// binds again at each execution).
func seqRow(cat *catalog.Catalog, t *catalog.Table) *catalog.Table {
	last, called := t.SeqValue()
	_, base := cat.SplitName(t.Name)
	return catalog.NewVirtualTable(t.OID, base, catalog.SeqColumns(), [][]any{{last, int64(0), called}})
}

// serialSeqRow is seqRow for the sequence of a serial column named
// name, if it is one. Latch held.
func (s *Session) serialSeqRow(name string) (*catalog.Table, bool) {
	oid, ok := pgcatalog.SequenceOID(s.cat, s.relKey(name))
	if !ok {
		return nil, false
	}
	t, col, ok := pgcatalog.SerialOf(s.cat, oid)
	if !ok {
		return nil, false
	}
	s.noteRelation(t)
	s.liveView = true
	last, called := t.SerialLast(col)
	if !called {
		last = 1
	}
	_, base := s.cat.SplitName(pgcatalog.SerialSequenceKey(t, col))
	return catalog.NewVirtualTable(oid, base, catalog.SeqColumns(), [][]any{{last, int64(0), called}}), true
}
