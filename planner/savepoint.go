package planner

import (
	"maps"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Savepoints (PostgreSQL docs, SAVEPOINT, RELEASE SAVEPOINT, ROLLBACK TO
// SAVEPOINT): only in an explicit transaction block (25P01 elsewhere, the
// implicit block of a multi-statement Query included, as PostgreSQL 15).
// Names may repeat; the newest of a name wins. ROLLBACK TO undoes the row
// changes and DDL made since the savepoint (catalog.Txn.RollbackTo), the
// settings changed since, and closes the cursors declared since; it keeps
// the savepoint, forgets the later ones, and takes a failed block back to
// a normal one. RELEASE forgets the savepoint and the later ones, keeping
// their changes. Both end the subtransaction's READ ONLY mode (applyModes,
// session_txn.go, has the transaction modes' rules in subtransactions).

// savepoint is one entry of the session's savepoint stack.
type savepoint struct {
	name     string
	mark     catalog.Mark
	settings settingsMark
	cursors  map[string]*cursor // the cursors open when it was taken
	ext      *bool              // the transaction's CREATE/DROP EXTENSION then (extension.go)
	// readOnly is the transaction's read-only mode then: a subtransaction's
	// SET TRANSACTION READ ONLY lasts until it ends, by RELEASE or ROLLBACK
	// TO (PostgreSQL's prevXactReadOnly, access/transam/xact.c).
	readOnly bool
	advisory int // transaction-level advisory holds then (advisory.go)
}

func errNoSavepoint(name string) error {
	return pgerror.Errorf(pgerror.InvalidSavepointSpec, "savepoint \"%s\" does not exist", name)
}

func errNotInBlock(what string) error {
	return pgerror.New(pgerror.NoActiveSQLTransaction, what+" can only be used in transaction blocks")
}

// execSavepoint runs SAVEPOINT, RELEASE and ROLLBACK TO (tags SAVEPOINT,
// RELEASE, ROLLBACK). Errors: 25P02 for SAVEPOINT and RELEASE in a failed
// block, 25P01 outside a block, 3B001 for an unknown name.
func (s *Session) execSavepoint(t *sql.Txn) (*backend.Result, error) {
	if t.Kind == sql.TxnRollbackTo {
		return s.rollbackToSavepoint(t.Savepoint)
	}
	if s.state == txFailed {
		return nil, errInFailedTxn
	}
	what := "SAVEPOINT"
	if t.Kind == sql.TxnRelease {
		what = "RELEASE SAVEPOINT"
	}
	if s.state != txBlock {
		return nil, s.failed(errNotInBlock(what))
	}
	if t.Kind == sql.TxnSavepoint {
		txn := s.ddlTxn()
		s.savepoints = append(s.savepoints, savepoint{name: t.Savepoint, mark: txn.Savepoint(),
			settings: s.settings.mark(), cursors: maps.Clone(s.cursors), ext: s.extPending, readOnly: s.mode.readOnly,
			advisory: s.en.advisory.xactHeld(s)})
		return &backend.Result{Tag: "SAVEPOINT"}, nil
	}
	i := s.findSavepoint(t.Savepoint)
	if i < 0 {
		return nil, s.failed(errNoSavepoint(t.Savepoint))
	}
	s.mode.readOnly = s.savepoints[i].readOnly
	s.savepoints = s.savepoints[:i]
	return &backend.Result{Tag: "RELEASE"}, nil
}

// rollbackToSavepoint runs ROLLBACK TO name.
func (s *Session) rollbackToSavepoint(name string) (*backend.Result, error) {
	if s.state != txBlock && s.state != txFailed {
		return nil, s.failed(errNotInBlock("ROLLBACK TO SAVEPOINT"))
	}
	i := s.findSavepoint(name)
	if i < 0 {
		return nil, s.failed(errNoSavepoint(name))
	}
	sp := s.savepoints[i]
	s.savepoints = s.savepoints[:i+1]
	if err := s.txn.RollbackTo(sp.mark); err != nil {
		return nil, s.failed(pgerror.Internal(err))
	}
	s.en.advisory.releaseSince(s, sp.advisory)
	for name, c := range s.cursors {
		if sp.cursors[name] != c {
			delete(s.cursors, name)
		}
	}
	s.extPending = sp.ext
	s.mode.readOnly = sp.readOnly
	s.state = txBlock
	return &backend.Result{Tag: "ROLLBACK", ParamStatus: s.settings.rollbackTo(sp.settings)}, nil
}

// endsFailedBlock reports whether a transaction statement of kind k may
// run in a failed block (PostgreSQL's IsTransactionExitStmt).
func endsFailedBlock(k sql.TxnKind) bool {
	return k == sql.TxnCommit || k == sql.TxnRollback || k == sql.TxnRollbackTo
}

// findSavepoint returns the index of the newest savepoint named name, or -1.
func (s *Session) findSavepoint(name string) int {
	for i := len(s.savepoints) - 1; i >= 0; i-- {
		if s.savepoints[i].name == name {
			return i
		}
	}
	return -1
}

// settingsMark is the settings' state at a savepoint: the values and the
// transaction's undo records (session_settings.go).
type settingsMark struct {
	values map[string]string
	txn    map[string]txnSetting
}

func (st *settings) mark() settingsMark {
	m := settingsMark{values: maps.Clone(st.values), txn: make(map[string]txnSetting, len(st.txn))}
	for name, r := range st.txn {
		m.txn[name] = *r
	}
	return m
}

// rollbackTo brings the settings back to m and returns ParameterStatus
// for the reported settings whose value changed (nil if none).
func (st *settings) rollbackTo(m settingsMark) map[string]string {
	var status map[string]string
	names := maps.Clone(m.values)
	maps.Copy(names, st.values)
	before := make(map[string]string, len(names))
	for name := range names {
		before[name], _ = st.get(name)
	}
	st.values = maps.Clone(m.values)
	if st.values == nil {
		st.values = map[string]string{}
	}
	st.txn = nil
	if len(m.txn) > 0 {
		st.txn = make(map[string]*txnSetting, len(m.txn))
		for name, r := range m.txn {
			st.txn[name] = &r
		}
	}
	st.version++
	for name := range names {
		if after, _ := st.get(name); after != before[name] && knownSettings[name].report {
			if status == nil {
				status = map[string]string{}
			}
			status[reportedName(name)] = after
		}
	}
	return status
}
