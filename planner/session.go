package planner

import (
	"context"
	"fmt"
	"io"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire"
)

// txState is where a session is with respect to transaction blocks.
type txState uint8

const (
	txIdle   txState = iota // no block: each statement commits on its own
	txBlock                 // inside BEGIN ... COMMIT
	txFailed                // a statement in the block failed
)

// Session is one client's state: settings and the open transaction. It
// implements wire.Session.
type Session struct {
	en       *Engine
	cat      *catalog.Catalog
	startup  map[string]string
	settings *settings
	state    txState
	txn      *catalog.Txn // open block's transaction; nil when idle
	// stmtCtx is the context of the running statement, for functions that
	// wait (pg_sleep) and must stop when it is cancelled.
	stmtCtx context.Context
	// cursors are the open SQL cursors by name (cursor.go).
	cursors map[string]*cursor
}

var errInFailedTxn = pgerror.New(pgerror.InFailedSQLTransaction,
	"current transaction is aborted, commands ignored until end of transaction block")

// Split implements wire.Session.
func (s *Session) Split(query string) ([]wire.Prepared, error) {
	if p, ok := s.catalogQuery(query, nil); ok {
		return []wire.Prepared{p}, nil
	}
	stmts, err := sql.Parse(query)
	if err != nil {
		return nil, err
	}
	out := make([]wire.Prepared, len(stmts))
	for i, st := range stmts {
		out[i] = &prepared{stmt: st, query: query}
	}
	return out, nil
}

// Prepare implements wire.Session.
func (s *Session) Prepare(query string, paramOIDs []uint32) (wire.Prepared, error) {
	if p, ok := s.catalogQuery(query, paramOIDs); ok {
		return p, nil
	}
	stmts, err := sql.Parse(query)
	if err != nil {
		return nil, err
	}
	switch len(stmts) {
	case 0:
		return nil, nil
	case 1:
	default:
		return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	p := &prepared{stmt: stmts[0], query: query, declared: paramOIDs}
	s.cat.RLock()
	defer s.cat.RUnlock()
	if err := s.bind(p); err != nil {
		return nil, charPosition(query, err)
	}
	return p, nil
}

// bind (re)binds p at the current catalog version; the caller holds the
// catalog lock.
func (s *Session) bind(p *prepared) error {
	b, err := newBinder(s, p.declared)
	if err != nil {
		return err
	}
	pl, err := b.plan(p.stmt)
	if err != nil {
		return err
	}
	p.plan, p.params, p.version, p.bound = pl, b.paramTypes(), s.cat.Version(), true
	p.settings = s.settings.version
	return nil
}

// stale reports whether p must be bound again before it runs: never bound,
// or bound before a schema change or a SET.
func (s *Session) stale(p *prepared) bool {
	return !p.fixed && (!p.bound || p.version != s.cat.Version() || p.settings != s.settings.version)
}

// Execute implements wire.Session.
func (s *Session) Execute(ctx context.Context, wp wire.Prepared, params []any) (res *wire.Result, err error) {
	p := wp.(*prepared)
	if t, ok := p.stmt.(*sql.Txn); ok {
		return s.execTxn(t)
	}
	if s.state == txFailed {
		return nil, errInFailedTxn
	}
	if c, ok := p.stmt.(*sql.Copy); ok && c.From {
		return s.startCopyIn(p)
	}
	txn, autocommit := s.txnFor(writes(p.stmt))
	res, err = s.runLocked(ctx, p, txn, params)
	return res, s.finish(txn, autocommit, charPosition(p.query, err))
}

// runLocked binds p if needed and runs it under the locks its statement
// needs (lockModeOf): the schema lock shared for queries and DML, plus the
// target table's writer lock for DML; exclusively for DDL; CREATE INDEX
// only binds under the shared lock and takes its locks itself. The
// statement's snapshot is taken once the locks are held.
func (s *Session) runLocked(ctx context.Context, p *prepared, txn *catalog.Txn, params []any) (res *wire.Result, err error) {
	mode := lockModeOf(p.stmt)
	unlock := s.lock(mode)
	defer func() { unlock() }()
	defer func() {
		if r := recover(); r != nil {
			err = pgerror.Internal(fmt.Errorf("panic: %v", r))
		}
	}()
	if s.stale(p) {
		if err := s.bind(p); err != nil {
			return nil, err
		}
	}
	switch mode {
	case lockWrite:
		if t := writeTarget(p.plan); t != nil {
			t.LockWrites()
			schema := unlock
			unlock = func() { t.UnlockWrites(); schema() }
		}
	case lockSelf:
		unlock()
		unlock = func() {}
	}
	txn.StartStatement()
	defer txn.EndStatement()
	s.stmtCtx = ctx
	defer func() { s.stmtCtx = nil }()
	return p.plan.run(ctx, &execCtx{s: s, txn: txn, params: params})
}

func (s *Session) lock(m lockMode) func() {
	switch m {
	case lockShared, lockWrite, lockSelf:
		s.cat.RLock()
		return s.cat.RUnlock
	case lockExclusive:
		s.cat.Lock()
		return s.cat.Unlock
	}
	return func() {}
}

// writeTarget returns the table a DML plan changes (nil for others).
func writeTarget(pl plan) *catalog.Table {
	switch x := pl.(type) {
	case *insertPlan:
		return x.table
	case *modifyPlan:
		return x.table
	case *explainPlan:
		return writeTarget(x.inner)
	}
	return nil
}

// txnFor returns the transaction a statement runs in, and whether it is a
// statement-level one the caller must end.
func (s *Session) txnFor(write bool) (*catalog.Txn, bool) {
	if s.txn != nil {
		return s.txn, false
	}
	if write {
		return s.cat.Begin(), true
	}
	return s.cat.ReadTxn(), true
}

// finish ends a statement: commits or rolls back a statement-level
// transaction, or marks the block failed on error.
func (s *Session) finish(txn *catalog.Txn, autocommit bool, err error) error {
	if !autocommit {
		if err != nil {
			s.state = txFailed
		}
		return err
	}
	if err != nil {
		txn.Rollback()
		return err
	}
	return txn.Commit()
}

// TxStatus implements wire.Session.
func (s *Session) TxStatus() byte {
	switch s.state {
	case txBlock:
		return 'T'
	case txFailed:
		return 'E'
	}
	return 'I'
}

// Close implements wire.Session: an open transaction is rolled back.
func (s *Session) Close() {
	if s.txn != nil {
		s.txn.Rollback()
		s.txn = nil
	}
	s.en.sessions.Add(-1)
}

// CopyFrom implements wire.Session.
func (s *Session) CopyFrom(ctx context.Context, wp wire.Prepared, data io.Reader) (*wire.Result, error) {
	p := wp.(*prepared)
	txn, autocommit := s.txnFor(true)
	res, err := s.copyIn(ctx, p, txn, data)
	return res, s.finish(txn, autocommit, err)
}
