package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// txnStmt converts BEGIN/START TRANSACTION with its modes, COMMIT/END,
// ROLLBACK/ABORT, SAVEPOINT, RELEASE [SAVEPOINT] and ROLLBACK TO
// [SAVEPOINT] (the name as the grammar folds it).
func (c *conv) txnStmt(s *pg_query.TransactionStmt) (*Txn, error) {
	switch s.GetKind() {
	case pg_query.TransactionStmtKind_TRANS_STMT_BEGIN, pg_query.TransactionStmtKind_TRANS_STMT_START:
		m, err := c.txnModes(s.GetOptions())
		if err != nil {
			return nil, err
		}
		start := s.GetKind() == pg_query.TransactionStmtKind_TRANS_STMT_START
		return &Txn{Kind: TxnBegin, Modes: m, Start: start}, nil
	case pg_query.TransactionStmtKind_TRANS_STMT_COMMIT:
		return &Txn{Kind: TxnCommit, Chain: s.GetChain()}, nil
	case pg_query.TransactionStmtKind_TRANS_STMT_ROLLBACK:
		return &Txn{Kind: TxnRollback, Chain: s.GetChain()}, nil
	case pg_query.TransactionStmtKind_TRANS_STMT_SAVEPOINT:
		return &Txn{Kind: TxnSavepoint, Savepoint: s.GetSavepointName()}, nil
	case pg_query.TransactionStmtKind_TRANS_STMT_RELEASE:
		return &Txn{Kind: TxnRelease, Savepoint: s.GetSavepointName()}, nil
	case pg_query.TransactionStmtKind_TRANS_STMT_ROLLBACK_TO:
		return &Txn{Kind: TxnRollbackTo, Savepoint: s.GetSavepointName()}, nil
	}
	return nil, c.unsupported("two-phase commit", s.GetLocation())
}

// txnModes converts the DefElems the grammar makes of transaction modes:
// transaction_isolation (a string), transaction_read_only and
// transaction_deferrable (integer 0 or 1).
func (c *conv) txnModes(opts []*pg_query.Node) (TxnModes, error) {
	var m TxnModes
	for _, o := range opts {
		d := o.GetDefElem()
		v, _ := defValue(d)
		on := v == "1" || v == "true"
		switch d.GetDefname() {
		case "transaction_isolation":
			m.Isolation = strings.ToLower(v)
		case "transaction_read_only":
			m.ReadOnly = &on
		case "transaction_deferrable":
			m.Deferrable = &on
		default:
			return m, c.unsupported("transaction mode "+strings.ToUpper(d.GetDefname()), d.GetLocation())
		}
	}
	return m, nil
}

// explainOptionsIgnored are EXPLAIN options that only change the output's
// detail; they are accepted and ignored.
var explainOptionsIgnored = map[string]bool{
	"verbose": true, "buffers": true, "timing": true,
	"summary": true, "settings": true, "wal": true, "memory": true,
}

// explainStmt converts EXPLAIN [ANALYZE] stmt and EXPLAIN (options) stmt.
func (c *conv) explainStmt(s *pg_query.ExplainStmt) (*Explain, error) {
	out := &Explain{}
	for _, o := range s.GetOptions() {
		d := o.GetDefElem()
		name := d.GetDefname()
		switch {
		case name == "analyze" || name == "costs":
			b, ok := defBool(d)
			if !ok {
				return nil, c.at(pgerror.Errorf(pgerror.SyntaxError, "%s requires a Boolean value", name), d.GetLocation())
			}
			if name == "analyze" {
				out.Analyze = b
			} else {
				out.NoCosts = !b
			}
		case name == "format":
			if v, _ := defValue(d); strings.ToLower(v) != "text" {
				return nil, c.unsupported("EXPLAIN (FORMAT "+strings.ToUpper(v)+")", d.GetLocation())
			}
		case explainOptionsIgnored[name]:
		default:
			return nil, c.unsupported("EXPLAIN option "+strings.ToUpper(name), d.GetLocation())
		}
	}
	stmt, err := c.stmt(s.GetQuery())
	if err != nil {
		return nil, err
	}
	if d, ok := stmt.(*DeclareCursor); ok {
		// EXPLAIN DECLARE explains the cursor's query, declaring nothing.
		stmt = d.Query
	}
	out.Stmt = stmt
	return out, nil
}
