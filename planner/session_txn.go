package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Transactions of a session (PostgreSQL docs §55.2.2 "Multiple Statements
// in a Simple Query", §55.2.3, and SET TRANSACTION). A transaction is open
// (Session.open) while a statement runs, from the first statement after a
// Sync until the next Sync (an implicit transaction), or from BEGIN to
// COMMIT or ROLLBACK (a block). Its catalog transaction (Session.txn) is
// begun when it first writes, at BEGIN, or at its first statement under
// REPEATABLE READ; until then statements read with their own snapshots.
// Without BeginImplicit (a caller that is not wire) every statement
// outside a block commits on its own.

// txnMode is the open transaction's modes.
type txnMode struct {
	isolation  string // isolationLevels
	readOnly   bool
	deferrable bool
	ran        bool // a statement that takes a snapshot ran: the modes are fixed
	snapshot   bool // repeatable read: the transaction's snapshot is taken
}

func (m txnMode) repeatable() bool { return m.isolation == "repeatable read" }

// defaultMode is the mode a new transaction gets from the
// default_transaction_* settings (read once per change: hotSettings).
func (s *Session) defaultMode() txnMode { return s.hot().mode }

// readDefaultMode reads defaultMode from the settings.
func (s *Session) readDefaultMode() txnMode {
	iso, _ := s.settings.get("default_transaction_isolation")
	return txnMode{isolation: iso, readOnly: s.settings.flag("default_transaction_read_only"),
		deferrable: s.settings.flag("default_transaction_deferrable")}
}

// BeginImplicit implements backend.Session.
func (s *Session) BeginImplicit(multi bool) {
	s.group = true
	s.multi = s.multi || multi
}

// Sync implements backend.Session: it commits the implicit transaction.
func (s *Session) Sync() error {
	s.group, s.multi = false, false
	if s.state == txImplicit {
		s.state = txIdle
	}
	if s.open && s.state == txIdle {
		_, err := s.endTxn(true)
		return err
	}
	return nil
}

// Fail implements backend.Session: an implicit transaction is rolled back, a
// block fails (abortAtError).
func (s *Session) Fail() {
	switch s.state {
	case txBlock:
		s.state = txFailed
		s.abortAtError()
	case txIdle, txImplicit:
		if s.open {
			s.endTxn(false)
		}
	}
}

// abortAtError aborts, at an error in a transaction block, what
// PostgreSQL 15 aborts there (AbortSubTransaction, AbortTransaction in
// access/transam/xact.c): after a SAVEPOINT, the row changes and DDL
// since the newest savepoint are undone and the relation, row and
// transaction-level advisory locks taken since are released; without
// one, the whole catalog transaction is rolled back and every lock
// released. Other sessions waiting for those locks go on at once. The
// block stays failed (25P02) until ROLLBACK, COMMIT (answered ROLLBACK)
// or ROLLBACK TO SAVEPOINT, which undo the settings and cursors as
// before; the rolled-back catalog transaction stays in s.txn, ended, for
// endTxn.
func (s *Session) abortAtError() {
	if n := len(s.savepoints); n > 0 {
		sp := s.savepoints[n-1]
		if s.txn != nil {
			s.txn.RollbackTo(sp.mark) // a mark of s.txn, within its changes
		}
		s.en.advisory.releaseSince(s, sp.advisory)
		return
	}
	if s.txn != nil {
		s.txn.Rollback()
	}
	s.en.advisory.release(s, 1)
}

// failed is Fail for an error a statement returns.
func (s *Session) failed(err error) error {
	if err != nil {
		s.Fail()
	}
	return err
}

// inBlock reports whether the session is in a transaction block, explicit
// or the implicit one of a multi-statement Query.
func (s *Session) inBlock() bool { return s.state != txIdle }

// openTxn opens a transaction for the statement about to run, unless one
// is open.
func (s *Session) openTxn() {
	if s.open {
		return
	}
	s.open = true
	s.mode = s.defaultMode()
	s.settings.beginTxn()
	if s.multi && s.state == txIdle {
		s.state = txImplicit
	}
}

// endTxn commits or rolls back the open transaction and ends it: the
// settings it changed are kept or undone, cursors without HOLD close. It
// returns the ParameterStatus of reported settings that changed back, and
// the commit's error.
func (s *Session) endTxn(commit bool) (map[string]string, error) {
	txn := s.txn
	s.txn, s.open, s.state, s.mode = nil, false, txIdle, txnMode{}
	s.savepoints = nil
	var err error
	switch {
	case txn == nil:
	case commit:
		err = txn.Commit() // on failure the transaction was rolled back
		commit = err == nil
		if commit {
			s.afterCommit() // temp.go
		}
	default:
		txn.Rollback()
	}
	status := s.settings.endTxn(commit)
	s.en.advisory.release(s, 1) // transaction-level advisory locks (advisory.go)
	s.endExtension(commit)
	s.endCursors(txn, commit || txn == nil)
	return status, err
}

// txnFor returns the catalog transaction a statement runs in, and whether
// it is the statement's own (a read snapshot the caller ends). Writes,
// blocks and REPEATABLE READ begin the open transaction's.
func (s *Session) txnFor(write bool) (*catalog.Txn, bool) {
	if s.txn == nil && (write || s.mode.repeatable()) {
		s.txn = s.cat.Begin()
	}
	if s.txn != nil {
		return s.txn, false
	}
	return s.cat.ReadTxn(), true
}

// finish ends a statement: its own read snapshot ends; an error fails the
// transaction; without BeginImplicit a statement outside a block commits.
func (s *Session) finish(txn *catalog.Txn, own bool, err error) error {
	if own {
		txn.Rollback()
	}
	if err != nil {
		return s.failed(err)
	}
	if !s.group && s.state == txIdle {
		_, err = s.endTxn(true)
	}
	return err
}

// startStatement takes the statement's snapshot: a new one under READ
// COMMITTED, the transaction's first one under REPEATABLE READ (kept
// registered until the transaction ends). Statements that take no
// snapshot in PostgreSQL (SET, SHOW, FETCH...) leave the modes open.
func (s *Session) startStatement(st sql.Statement, txn *catalog.Txn) (end func()) {
	if !traitsOf(st).snapshot {
		return func() {}
	}
	s.mode.ran = true
	if txn == s.txn {
		// Writers follow a row a concurrent commit moved (READ COMMITTED)
		// or fail with 40001 (REPEATABLE READ).
		txn.SetRepeatableRead(s.mode.repeatable())
	}
	if txn == s.txn && s.mode.repeatable() {
		if !s.mode.snapshot {
			s.mode.snapshot = true
			txn.StartStatement()
		}
		return func() {}
	}
	txn.StartStatement()
	return txn.EndStatement
}

// snapshotOnly takes st's statement snapshot in the open transaction and
// ends it, for a statement run outside runLocked (PREPARE in a
// transaction): as any statement with the snapshot trait, it fixes the
// transaction's modes, and under REPEATABLE READ its snapshot becomes the
// transaction's.
func (s *Session) snapshotOnly(st sql.Statement) {
	txn, own := s.txnFor(false)
	s.startStatement(st, txn)()
	if own {
		txn.Rollback()
	}
}

// applyModes sets the open transaction's modes (BEGIN modes, SET
// TRANSACTION, SET transaction_isolation...) with the 25001 errors of
// PostgreSQL 15's check_XactIsoLevel, check_transaction_read_only and
// check_XactDeferrable (commands/variable.c): no other isolation level
// once a statement took a snapshot (mode.ran) or in a subtransaction
// (after SAVEPOINT); no READ WRITE in a read-only transaction's
// subtransaction or after its first snapshot; DEFERRABLE, either way, only
// before the first snapshot and not in a subtransaction.
func (s *Session) applyModes(m sql.TxnModes) error {
	sub := len(s.savepoints) > 0
	if m.Isolation != "" {
		if m.Isolation == "serializable" {
			return errSerializable()
		}
		if m.Isolation != s.mode.isolation {
			switch {
			case s.mode.ran:
				return pgerror.New(pgerror.ActiveSQLTransaction, "SET TRANSACTION ISOLATION LEVEL must be called before any query")
			case sub:
				return pgerror.New(pgerror.ActiveSQLTransaction, "SET TRANSACTION ISOLATION LEVEL must not be called in a subtransaction")
			}
		}
		s.mode.isolation = m.Isolation
	}
	if m.ReadOnly != nil {
		if s.mode.readOnly && !*m.ReadOnly {
			switch {
			case sub:
				return pgerror.New(pgerror.ActiveSQLTransaction, "cannot set transaction read-write mode inside a read-only transaction")
			case s.mode.ran:
				return pgerror.New(pgerror.ActiveSQLTransaction, "transaction read-write mode must be set before any query")
			}
		}
		s.mode.readOnly = *m.ReadOnly
	}
	if m.Deferrable != nil {
		switch {
		case sub:
			return pgerror.New(pgerror.ActiveSQLTransaction, "SET TRANSACTION [NOT] DEFERRABLE cannot be called within a subtransaction")
		case s.mode.ran:
			return pgerror.New(pgerror.ActiveSQLTransaction, "SET TRANSACTION [NOT] DEFERRABLE must be called before any query")
		}
		s.mode.deferrable = *m.Deferrable
	}
	return nil
}

// runSetTransaction runs SET TRANSACTION (outside a block: WARNING 25P01
// and no effect) and SET SESSION CHARACTERISTICS AS TRANSACTION (the
// default_transaction_* settings).
func (s *Session) runSetTransaction(x *sql.SetTransaction) (*backend.Result, error) {
	res := &backend.Result{Tag: "SET"}
	if !x.Session {
		if !s.inBlock() {
			return tagWithWarning("SET", string(pgerror.NoActiveSQLTransaction), "SET TRANSACTION can only be used in transaction blocks"), nil
		}
		return res, s.applyModes(x.Modes)
	}
	m := x.Modes
	if m.Isolation != "" {
		if _, err := s.settings.set("default_transaction_isolation", m.Isolation); err != nil {
			return nil, err
		}
	}
	if m.ReadOnly != nil {
		r, err := s.settings.set("default_transaction_read_only", onOff(*m.ReadOnly))
		if err != nil {
			return nil, err
		}
		res.ParamStatus = r.ParamStatus
	}
	if m.Deferrable != nil {
		if _, err := s.settings.set("default_transaction_deferrable", onOff(*m.Deferrable)); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// checkStatementTxn refuses a statement the transaction cannot run:
// VACUUM, CREATE/DROP INDEX CONCURRENTLY and REINDEX CONCURRENTLY in a
// transaction block or after another statement of an extended-protocol
// pipeline (pipelined), the implicit block of a multi-statement
// Query included (25001, as PostgreSQL's PreventInTransactionBlock), and a
// statement that writes in a read-only transaction (25006 "cannot execute
// INSERT in a read-only transaction").
func (s *Session) checkStatementTxn(st sql.Statement, pipelined bool) error {
	if err := checkTxnBlock(st, s.inBlock(), pipelined); err != nil { // txn_block.go
		return err
	}
	if !s.mode.readOnly {
		return nil
	}
	if name := traitsOf(st).readOnly; name != "" {
		return pgerror.Errorf(pgerror.ReadOnlySQLTransaction, "cannot execute %s in a read-only transaction", name)
	}
	return nil
}

// ddlTxn returns the catalog transaction DDL records its undo in
// (catalog/undo.go): the open transaction's, begun if need be, so that
// ROLLBACK, a failed block or a failed multi-statement Query undoes the
// DDL. A DDL statement outside a block commits with its statement.
func (s *Session) ddlTxn() *catalog.Txn {
	if s.txn == nil {
		s.txn = s.cat.Begin()
	}
	return s.txn
}

// blockTxn returns txn inside a transaction block (explicit or the
// implicit one of a multi-statement Query), else nil: for the DDL that
// only a block defers or refuses (DROP TABLE, DROP COLUMN).
func (s *Session) blockTxn(txn *catalog.Txn) *catalog.Txn {
	if s.inBlock() {
		return txn
	}
	return nil
}
