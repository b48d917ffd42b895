package planner

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// txState is where a session is with respect to transaction blocks.
type txState uint8

const (
	txIdle     txState = iota // no block (an implicit transaction may be open)
	txImplicit                // the implicit block of a multi-statement Query
	txBlock                   // inside BEGIN ... COMMIT
	txFailed                  // a statement in the block failed
)

// Session is one client's state: settings and the open transaction. It
// implements backend.Session.
type Session struct {
	en       *Engine
	cat      *catalog.Catalog
	startup  map[string]string
	settings *settings
	state    txState
	// Transactions (session_txn.go): open while one is open; txn is its
	// catalog transaction once it needs one; group and multi are what
	// wire's BeginImplicit said until Sync; mode its modes.
	open  bool
	txn   *catalog.Txn
	group bool
	multi bool
	mode  txnMode
	// stmtCtx is the context of the running statement, for functions that
	// wait (pg_sleep) and must stop when it is cancelled.
	stmtCtx context.Context
	// cursors are the open SQL cursors by name (cursor.go).
	cursors map[string]*cursor
	// savepoints are the open block's savepoints, oldest first (savepoint.go).
	savepoints []savepoint
	// extPending is the open transaction's CREATE (true) or DROP (false)
	// EXTENSION vector, applied at COMMIT (extension.go).
	extPending *bool
	// sqlStmts are the statements of PREPARE by name (prepared_sql.go).
	sqlStmts map[string]*prepared
	// seqCurr and seqLast are currval's and lastval's values
	// (sequence_funcs.go).
	seqCurr map[uint32]int64
	seqLast uint32
	// seqCache holds the sequences resolved since the catalog, the user
	// or search_path last changed (sequence_cache.go).
	seqCache seqCache
	// rng is the source of random(), fixed by setseed (funcs_session.go).
	rng *rand.Rand
	// latched counts the session's holds of the schema latch; binding
	// collects the tables the statement being bound touches
	// (session_latch.go).
	latched int
	binding *[]*catalog.Table
	// unlatch is runlatch as a func value, made once (sharedUnlatch).
	unlatch func()
	// tempSchema is the session's temporary schema pg_temp_N ("" until
	// its first temporary table); onCommit its tables' ON COMMIT actions
	// (temp.go).
	tempSchema string
	onCommit   []tempAction
	// paths are the search paths searchPath resolved last, without and
	// with pg_catalog implicit (schema_resolve.go).
	paths [2]pathCache
	// privAs is the owner of the view being expanded, whose privileges
	// the tables its query reads are checked with; viewDepth counts
	// the views being expanded (view.go).
	privAs    string
	viewDepth int
	// readDirect collects, while CREATE VIEW binds its query, the
	// relations it reads itself (not through the views it reads).
	readDirect *[]*catalog.Table
	// modifying are the data-modifying WITH queries of the statement
	// being bound (with_modify.go).
	modifying map[*sql.ModifyingCTE]*boundModify
	// mon is the connection's entry in pg_stat_activity, nil for a
	// session no connection published (activity.go).
	mon *monitor.Backend
	// liveView is set while binding when the statement reads a view
	// whose rows change at any time (pgcatalog.LiveView).
	liveView bool
	// hotVals are the settings every statement reads (session_hot.go).
	hotVals hotSettings
	// simple are the recent simple Query messages' statements
	// (session_simple.go).
	simple simpleCache
	// clock is now()'s and statement_timestamp()'s time (txn_clock.go).
	clock txnClock
}

var errInFailedTxn = pgerror.New(pgerror.InFailedSQLTransaction,
	"current transaction is aborted, commands ignored until end of transaction block")

// Split implements backend.Session. The statements of a text sent
// before come from the session's simpleCache (session_simple.go).
func (s *Session) Split(query string) ([]backend.Prepared, error) {
	if out, ok := s.simple.lookup(query); ok {
		return out, nil
	}
	stmts, err := sql.ParseSimple(query)
	if err != nil {
		return nil, err
	}
	out := make([]backend.Prepared, len(stmts))
	for i, st := range stmts {
		out[i] = &prepared{stmt: st, query: query}
	}
	s.simple.keep(query, stmts, out)
	return out, nil
}

// Prepare implements backend.Session. In a failed block only COMMIT,
// ROLLBACK and ROLLBACK TO can be prepared (25P02 otherwise, as
// PostgreSQL's Parse).
func (s *Session) Prepare(query string, paramOIDs []uint32) (backend.Prepared, error) {
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
	if t, ok := stmts[0].(*sql.Txn); s.state == txFailed && (!ok || !endsFailedBlock(t.Kind)) {
		return nil, errInFailedTxn
	}
	p := &prepared{stmt: stmts[0], query: query, declared: paramOIDs, fixedResult: true}
	ctx, stop := s.statementTimeout(monitor.WithBackend(context.Background(), s.mon)) // its lock waits show in pg_stat_activity
	defer stop()
	unlock, err := s.prepareLock(ctx, p.stmt) // dml_lock.go
	if err != nil {
		return nil, timedOut(ctx, err)
	}
	defer unlock()
	if err := s.bind(p); err != nil {
		return nil, charPosition(query, err)
	}
	return p, nil
}

// bind (re)binds p at the current catalog version; the caller holds the
// catalog lock.
func (s *Session) bind(p *prepared) error {
	b, err := newBinder(s, p.paramOIDs())
	if err != nil {
		return err
	}
	var tables []*catalog.Table
	saved := s.binding
	s.binding = &tables
	s.liveView = false
	pl, err := b.plan(p.stmt)
	s.binding = saved
	p.live = s.liveView
	if err != nil {
		return err
	}
	if err := s.checkStatement(p.stmt, pl); err != nil { // privilege.go
		return err
	}
	if err := p.checkResult(pl); err != nil { // prepared.go
		return err
	}
	params, err := b.paramTypes()
	if err != nil {
		return err
	}
	p.plan, p.params, p.version, p.bound = pl, params, s.cat.Version(), true
	p.rels = relationLocks(p.stmt, pl, tables)
	p.settings = s.settings.version
	return nil
}

// stale reports whether p must be bound again before it runs: never bound,
// bound before a schema change or a SET, or reading a view whose rows
// change without either (pg_stat_activity, pgcatalog.LiveView).
func (s *Session) stale(p *prepared) bool {
	return !p.fixed && (!p.bound || p.live || p.version != s.cat.Version() || p.settings != s.settings.version)
}

// Execute implements backend.Session: the result is materialised.
func (s *Session) Execute(ctx context.Context, wp backend.Prepared, params []any) (*backend.Result, error) {
	return s.ExecuteTo(ctx, wp, params, nil)
}

// ExecuteTo implements backend.Session.ExecuteTo: a plan that streams
// (select_write.go) writes its rows or COPY payloads to w as it produces
// them; nil w materialises the result, as Execute.
func (s *Session) ExecuteTo(ctx context.Context, wp backend.Prepared, params []any, w backend.ResultWriter) (*backend.Result, error) {
	began := time.Now()
	res, err := s.executeTo(ctx, wp.(*prepared), params, w)
	if err != nil || res == nil || res.CopyIn == nil { // COPY FROM STDIN: recorded by CopyFrom
		observeStatement(wp.(*prepared), began, res, err) // metrics.go
	}
	s.publishAppName(wp.(*prepared).stmt) // activity.go
	return res, err
}

// executeTo is ExecuteTo before its statement metrics are recorded.
func (s *Session) executeTo(ctx context.Context, p *prepared, params []any, w backend.ResultWriter) (res *backend.Result, err error) {
	s.startStatementClock() // txn_clock.go
	if t, ok := p.stmt.(*sql.Txn); ok {
		return s.execTxn(t)
	}
	if s.state == txFailed {
		return nil, errInFailedTxn
	}
	ctx, stop := s.statementTimeout(ctx)
	defer stop()
	switch x := p.stmt.(type) {
	case *sql.Prepare:
		res, err = s.execPrepare(x, p.query) // prepared_sql.go
		if err == nil && s.open {
			s.snapshotOnly(x) // session_txn.go
		}
		return res, s.failed(err)
	case *sql.Execute:
		if p, params, err = s.resolveExecute(ctx, x, p, params); err != nil {
			return nil, s.failed(timedOut(ctx, err))
		}
	}
	// An implicit transaction already open outside a block: an earlier
	// Execute of this pipeline ran, not yet committed by Sync (txn_block.go).
	pipelined := s.open && s.state == txIdle
	s.openTxn()
	if err := s.checkStatementTxn(p.stmt, pipelined); err != nil {
		return nil, s.failed(err)
	}
	if c, ok := p.stmt.(*sql.Copy); ok && c.From {
		res, err = s.startCopyIn(p)
		return res, s.failed(err)
	}
	txn, own := s.txnFor(traitsOf(p.stmt).writes)
	res, err = s.runLocked(ctx, p, txn, params, w)
	return res, s.finish(txn, own, timedOut(ctx, charPosition(p.query, err)))
}

// runLocked binds p if needed and runs it under the locks its statement
// needs (its lock mode, stmt_traits.go; session_latch.go): queries and DML take their
// relation locks (lockRelations) under the schema latch and run without
// it, DML holding the target table's writer lock; DDL holds the latch
// exclusively, after its relation locks (catalog.LockTables); CREATE
// INDEX only binds under the latch and takes its locks itself. The
// statement's snapshot is taken once the locks are held.
func (s *Session) runLocked(ctx context.Context, p *prepared, txn *catalog.Txn, params []any, w backend.ResultWriter) (res *backend.Result, err error) {
	mode := traitsOf(p.stmt).lock
	unlock, err := s.lockStatement(ctx, mode, p.stmt, txn)
	if err != nil {
		return nil, err
	}
	defer func() { unlock() }()
	if mode == lockExclusive { // its DDL records are its transaction's (catalog/ddllog.go)
		defer s.cat.RouteDDL(s.ddlTxn())()
	}
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
	var wlocked *catalog.Table // the table whose writer lock the statement holds
	switch mode {
	case lockShared, lockWrite:
		if err := s.lockRelations(ctx, p, txn); err != nil {
			return nil, err
		}
		unlock()
		unlock = func() {}
		if t := writeTarget(p.plan); mode == lockWrite && t != nil {
			t.LockWrites()
			unlock = t.UnlockWrites
			wlocked = t
		}
	case lockSelf:
		unlock()
		unlock = func() {}
	}
	defer s.startStatement(p.stmt, txn)()
	s.stmtCtx = ctx
	defer func() { s.stmtCtx = nil }()
	x := &execCtx{s: s, txn: txn, params: params, memOwn: memacct.Make(s.settings.workMemLimit()), wlocked: wlocked}
	x.mem = &x.memOwn
	began := time.Now()
	res, err = runPlan(ctx, p.plan, x, w) // select_write.go
	x.mem.Done()
	if x.knn != nil && err == nil {
		x.knn.Observe(time.Since(began).Seconds())
	}
	if err != nil || txn == nil || !txn.PendingChecks() {
		return res, err
	}
	if err := s.finishStatement(ctx, txn, mode, p.plan); err != nil {
		return nil, err
	}
	return res, nil
}

// finishStatement runs the foreign keys' NO ACTION checks at the end of
// the statement (catalog.Txn.FinishStatement), waiting for other
// transactions as the statement's writes do; the target's writer lock
// is still held under lockWrite.
func (s *Session) finishStatement(ctx context.Context, txn *catalog.Txn, mode lockMode, pl plan) error {
	var held *catalog.Table
	if mode == lockWrite {
		held = writeTarget(pl)
	}
	txn.SetWait(s.lockWait(ctx))
	defer txn.SetWait(catalog.Wait{})
	return txn.FinishStatement(held)
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

// TxStatus implements backend.Session.
func (s *Session) TxStatus() byte {
	switch s.state {
	case txBlock:
		return 'T'
	case txFailed:
		return 'E'
	}
	return 'I'
}

// Close implements backend.Session: an open transaction is rolled back,
// the session's advisory locks released.
func (s *Session) Close() {
	if s.open {
		s.endTxn(false)
	}
	s.dropTempSchema() // temp.go
	s.en.advisory.release(s, -1)
	s.en.sessions.Add(-1)
}

// CopyFrom implements backend.Session.
func (s *Session) CopyFrom(ctx context.Context, wp backend.Prepared, data io.Reader) (*backend.Result, error) {
	p := wp.(*prepared)
	s.openTxn()
	ctx, stop := s.statementTimeout(ctx)
	defer stop()
	txn, own := s.txnFor(true)
	began := time.Now()
	res, err := s.copyIn(ctx, p, txn, data)
	err = s.finish(txn, own, timedOut(ctx, err))
	observeStatement(p, began, res, err) // metrics.go
	return res, err
}
