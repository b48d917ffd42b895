package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire"
)

// execTxn runs BEGIN, COMMIT and ROLLBACK with PostgreSQL's warnings for
// a misplaced one.
func (s *Session) execTxn(t *sql.Txn) (*wire.Result, error) {
	switch t.Kind {
	case sql.TxnBegin:
		if s.state != txIdle {
			return tagWithWarning("BEGIN", "25001", "there is already a transaction in progress"), nil
		}
		s.txn, s.state = s.cat.Begin(), txBlock
		return &wire.Result{Tag: "BEGIN"}, nil
	case sql.TxnCommit:
		switch s.state {
		case txIdle:
			return tagWithWarning("COMMIT", "25P01", "there is no transaction in progress"), nil
		case txFailed:
			s.endBlock(false)
			return &wire.Result{Tag: "ROLLBACK"}, nil
		}
		return &wire.Result{Tag: "COMMIT"}, s.endBlock(true)
	}
	if s.state == txIdle {
		return tagWithWarning("ROLLBACK", "25P01", "there is no transaction in progress"), nil
	}
	s.endBlock(false)
	return &wire.Result{Tag: "ROLLBACK"}, nil
}

func (s *Session) endBlock(commit bool) error {
	txn := s.txn
	s.txn, s.state = nil, txIdle
	s.endCursors(txn, commit)
	if commit {
		return txn.Commit()
	}
	txn.Rollback()
	return nil
}

func tagWithWarning(tag, code, msg string) *wire.Result {
	return &wire.Result{Tag: tag, Notices: []wire.Notice{{Severity: "WARNING", Code: code, Message: msg}}}
}
