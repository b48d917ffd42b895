package planner

import (
	"context"
	"time"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
)

// Waiting for other transactions (catalog/lock.go): INSERT, UPDATE,
// DELETE and COPY FROM wait for the transaction holding a row they need,
// DDL for the transactions holding a table lock on the tables it changes,
// until the statement is cancelled or lock_timeout passes.

// lockWait is how the running statement waits: its context (cancel,
// statement_timeout) and the session's lock_timeout (SET checks and
// normalises it; 0 is no limit).
func (s *Session) lockWait(ctx context.Context) catalog.Wait {
	if ctx == nil {
		ctx = context.Background()
	}
	v, _ := s.settings.get("lock_timeout")
	ms, err := parseMS("lock_timeout", v)
	if err != nil || ms < 0 {
		ms = 0
	}
	return catalog.Wait{Ctx: ctx, LockTimeout: time.Duration(ms) * time.Millisecond}
}

// startWaits turns waiting on for txn's writing statement (with the
// REPEATABLE READ rule when the session's transaction is one); stopWaits
// turns it off.
func startWaits(ctx context.Context, x *execCtx) {
	x.txn.SetRepeatableRead(x.txn == x.s.txn && x.s.mode.repeatable())
	x.txn.SetWait(x.s.lockWait(ctx))
}

// stopWaits turns off the waiting startWaits turned on.
func stopWaits(x *execCtx) { x.txn.SetWait(catalog.Wait{}) }

// startWrite takes txn's table lock on t (held until the transaction
// ends, so DDL on t waits for it even when no row changes) and turns
// waiting on (startWaits); the caller turns it off with stopWaits once
// startWrite succeeded.
func startWrite(ctx context.Context, x *execCtx, t *catalog.Table) error {
	if err := x.txn.LockTable(t); err != nil {
		return err
	}
	startWaits(ctx, x)
	return nil
}

// lockStatement takes the schema latch for mode (shared: runLocked then
// takes the relation locks and lets it go); for DDL (lockExclusive) it
// first takes ACCESS EXCLUSIVE on the relations the statement changes for
// the DDL's transaction, waiting for their other holders
// (catalog.LockTables: 40P01, 55P03, 57014), then the latch exclusively.
// lockNone takes nothing; lockUndeclared is refused (errNoTraits, XX000).
func (s *Session) lockStatement(ctx context.Context, mode lockMode, st sql.Statement, txn *catalog.Txn) (func(), error) {
	switch mode {
	case lockShared, lockWrite, lockSelf:
		return s.waitShared(ctx, mode, st, txn)
	case lockExclusive:
		// The DDL's transaction holds its ACCESS EXCLUSIVE locks until it
		// ends; txn is a read-only stand-in outside a block.
		if err := s.cat.LockTables(s.ddlTxn(), s.lockWait(ctx), s.relKeys(tablesOf(st))); err != nil {
			return nil, err
		}
		s.latched++
		return s.xunlatch, nil
	case lockNone:
		return func() {}, nil
	}
	return nil, errNoTraits(st)
}

// tableWait returns how a statement run under mode (not lockExclusive)
// waits for other transactions' DDL, and on which tables (tablesOf):
// writers (lockWrite, and lockSelf's COPY FROM) for any DDL
// (catalog.WaitTableDDL), readers (lockShared) for DDL that PostgreSQL
// runs under ACCESS EXCLUSIVE (catalog.WaitTableRead). No names: no wait.
func (s *Session) tableWait(mode lockMode, st sql.Statement) (func(*catalog.Txn, catalog.Wait, []string) error, []string) {
	switch mode {
	case lockShared:
		return s.cat.WaitTableRead, s.relKeys(tablesOf(st))
	case lockWrite, lockSelf:
		return s.cat.WaitTableDDL, s.relKeys(tablesOf(st))
	}
	return nil, nil
}

// prepareLock takes the schema lock shared to bind st at Parse or to
// bind it again at Bind (Revalidate), after waiting as running it will
// (tableWait) until ctx ends (statement_timeout; 57014) or lock_timeout
// passes (55P03): PostgreSQL's parse analysis and plan revalidation take
// the statement's table locks, so a Parse or Bind meets another session's
// open ALTER TABLE there too, and binds against the table as that
// transaction leaves it. A statement without a row in the traits table
// is refused (errNoTraits, XX000).
func (s *Session) prepareLock(ctx context.Context, st sql.Statement) (func(), error) {
	mode := traitsOf(st).lock
	if mode == lockUndeclared {
		return nil, errNoTraits(st)
	}
	return s.waitShared(ctx, mode, st, s.txn)
}

// waitShared waits for other transactions' DDL as a statement run under
// mode does (tableWait; no wait for modes without one) and returns
// holding the schema lock shared, with the function that lets it go.
func (s *Session) waitShared(ctx context.Context, mode lockMode, st sql.Statement, txn *catalog.Txn) (func(), error) {
	wait, names := s.tableWait(mode, st)
	if len(names) == 0 {
		s.rlatch()
		return s.sharedUnlatch(), nil
	}
	if err := wait(txn, s.lockWait(ctx), names); err != nil {
		return nil, err
	}
	s.latched++ // the wait returned holding the latch shared
	return s.sharedUnlatch(), nil
}
