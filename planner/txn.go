package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// execTxn runs BEGIN, COMMIT and ROLLBACK as PostgreSQL does: BEGIN turns
// the open implicit transaction (the statements of the same Query or
// before the same Sync) into a block, with its modes; COMMIT and ROLLBACK
// outside a block warn 25P01 and still end the implicit transaction; in a
// failed block BEGIN is 25P02 and COMMIT rolls back. AND CHAIN starts a
// new block at once (25P01 outside a block), with the same modes, or
// after a failed block with the default ones (as PostgreSQL 15, whose
// error resets them).
func (s *Session) execTxn(t *sql.Txn) (*backend.Result, error) {
	switch t.Kind {
	case sql.TxnSavepoint, sql.TxnRelease, sql.TxnRollbackTo:
		return s.execSavepoint(t) // savepoint.go
	}
	if t.Kind == sql.TxnBegin {
		tag := "BEGIN"
		if t.Start {
			tag = "START TRANSACTION"
		}
		return s.begin(t.Modes, tag)
	}
	if !t.Chain {
		return s.endBlock(t)
	}
	tag := "COMMIT"
	if t.Kind == sql.TxnRollback {
		tag = "ROLLBACK"
	}
	if s.state != txBlock && s.state != txFailed {
		return nil, s.failed(pgerror.New(pgerror.NoActiveSQLTransaction, tag+" AND CHAIN can only be used in transaction blocks"))
	}
	m, failed := s.mode, s.state == txFailed
	res, err := s.endBlock(t)
	if err != nil {
		return res, err
	}
	s.openTxn()
	s.txn = s.cat.Begin()
	s.state = txBlock
	if !failed {
		s.mode = txnMode{isolation: m.isolation, readOnly: m.readOnly, deferrable: m.deferrable}
	}
	return res, nil
}

// endBlock runs COMMIT or ROLLBACK.
func (s *Session) endBlock(t *sql.Txn) (*backend.Result, error) {
	switch t.Kind {
	case sql.TxnCommit:
		switch s.state {
		case txBlock:
			status, err := s.endTxn(true)
			return &backend.Result{Tag: "COMMIT", ParamStatus: status}, s.failed(err)
		case txFailed:
			status, _ := s.endTxn(false)
			return &backend.Result{Tag: "ROLLBACK", ParamStatus: status}, nil
		}
		return s.endImplicit("COMMIT", true)
	}
	if s.state == txBlock || s.state == txFailed {
		status, _ := s.endTxn(false)
		return &backend.Result{Tag: "ROLLBACK", ParamStatus: status}, nil
	}
	return s.endImplicit("ROLLBACK", false)
}

// begin runs BEGIN or START TRANSACTION [modes], answering with tag. An error in the modes (SERIALIZABLE) leaves
// the block open and failed, so that nothing after it autocommits.
func (s *Session) begin(m sql.TxnModes, tag string) (*backend.Result, error) {
	if s.state == txFailed {
		return nil, errInFailedTxn
	}
	res := &backend.Result{Tag: tag}
	if s.state == txBlock {
		res = tagWithWarning(tag, string(pgerror.ActiveSQLTransaction), "there is already a transaction in progress")
	}
	s.openTxn()
	if s.txn == nil {
		s.txn = s.cat.Begin()
	}
	s.state = txBlock
	if err := s.applyModes(m); err != nil {
		return nil, s.failed(err)
	}
	return res, nil
}

// endImplicit is COMMIT or ROLLBACK outside a block: WARNING 25P01, and
// the implicit transaction, if open, ends.
func (s *Session) endImplicit(tag string, commit bool) (*backend.Result, error) {
	res := tagWithWarning(tag, string(pgerror.NoActiveSQLTransaction), "there is no transaction in progress")
	if !s.open {
		return res, nil
	}
	status, err := s.endTxn(commit)
	res.ParamStatus = status
	return res, s.failed(err)
}

func tagWithWarning(tag, code, msg string) *backend.Result {
	return &backend.Result{Tag: tag, Notices: []backend.Notice{{Severity: "WARNING", Code: code, Message: msg}}}
}
