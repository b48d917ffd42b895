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
// REPEATABLE READ rule when the session's transaction is one); the
// returned function turns it off.
func startWaits(ctx context.Context, x *execCtx) func() {
	x.txn.SetRepeatableRead(x.txn == x.s.txn && x.s.mode.repeatable())
	x.txn.SetWait(x.s.lockWait(ctx))
	return func() { x.txn.SetWait(catalog.Wait{}) }
}

// startWrite takes txn's table lock on t (held until the transaction
// ends, so DDL on t waits for it even when no row changes) and turns
// waiting on (startWaits); the returned function turns it off.
func startWrite(ctx context.Context, x *execCtx, t *catalog.Table) (func(), error) {
	if err := x.txn.LockTable(t); err != nil {
		return nil, err
	}
	return startWaits(ctx, x), nil
}

// lockStatement takes the schema latch for mode (shared: runLocked then
// takes the relation locks and lets it go); for DDL (lockExclusive) it
// first takes ACCESS EXCLUSIVE on the relations the statement changes for
// the DDL's transaction, waiting for their other holders
// (catalog.LockTables: 40P01, 55P03, 57014), then the latch exclusively.
func (s *Session) lockStatement(ctx context.Context, mode lockMode, st sql.Statement, txn *catalog.Txn) (func(), error) {
	switch mode {
	case lockShared, lockWrite, lockSelf:
		return s.waitShared(ctx, mode, st, txn)
	case lockExclusive:
		// The DDL's transaction holds its ACCESS EXCLUSIVE locks until it
		// ends; txn is a read-only stand-in outside a block.
		if err := s.cat.LockTables(s.ddlTxn(), s.lockWait(ctx), ddlRelations(st)); err != nil {
			return nil, err
		}
		s.latched++
		return s.xunlatch, nil
	}
	return s.lock(mode), nil
}

// tableWait returns how a statement run under mode (not lockExclusive)
// waits for other transactions' DDL, and on which tables: writers for any
// DDL (catalog.WaitTableDDL), readers for DDL that PostgreSQL runs under
// ACCESS EXCLUSIVE (catalog.WaitTableRead). No names: no wait.
func (s *Session) tableWait(mode lockMode, st sql.Statement) (func(*catalog.Txn, catalog.Wait, []string) error, []string) {
	if mode != lockShared && mode != lockWrite && mode != lockSelf {
		return nil, nil
	}
	if names := writtenTables(st); len(names) > 0 {
		return s.cat.WaitTableDDL, names
	}
	if mode == lockShared {
		return s.cat.WaitTableRead, readTables(st)
	}
	return nil, nil
}

// prepareLock takes the schema lock shared to bind st at Parse or to
// bind it again at Bind (Revalidate), after waiting as running it will
// (tableWait) until ctx ends (statement_timeout; 57014) or lock_timeout
// passes (55P03): PostgreSQL's parse analysis and plan revalidation take
// the statement's table locks, so a Parse or Bind meets another session's
// open ALTER TABLE there too, and binds against the table as that
// transaction leaves it.
func (s *Session) prepareLock(ctx context.Context, st sql.Statement) (func(), error) {
	return s.waitShared(ctx, lockModeOf(st), st, s.txn)
}

// waitShared waits for other transactions' DDL as a statement run under
// mode does (tableWait; no wait for modes without one) and returns
// holding the schema lock shared, with the function that lets it go.
func (s *Session) waitShared(ctx context.Context, mode lockMode, st sql.Statement, txn *catalog.Txn) (func(), error) {
	wait, names := s.tableWait(mode, st)
	if len(names) == 0 {
		s.rlatch()
		return s.runlatch, nil
	}
	if err := wait(txn, s.lockWait(ctx), names); err != nil {
		return nil, err
	}
	s.latched++ // the wait returned holding the latch shared
	return s.runlatch, nil
}

// writtenTables returns the table a data-changing statement writes
// (INSERT, UPDATE, DELETE, COPY FROM), or nil.
func writtenTables(st sql.Statement) []string {
	switch x := st.(type) {
	case *sql.Insert:
		return []string{x.Table}
	case *sql.Update:
		return []string{x.Table}
	case *sql.Delete:
		return []string{x.Table}
	case *sql.Copy:
		if x.From {
			return []string{x.Table}
		}
	}
	return nil
}

// readTables returns the FROM table of a reading statement (SELECT,
// DECLARE CURSOR, COPY TO, EXPLAIN) and of its subqueries in FROM, or
// nil. Tables that only scalar subqueries read are not included.
func readTables(st sql.Statement) []string {
	var q *sql.Select
	switch x := st.(type) {
	case *sql.Select:
		q = x
	case *sql.DeclareCursor:
		q = x.Query
	case *sql.Explain:
		return readTables(x.Stmt)
	case *sql.Copy:
		if x.From {
			return nil
		}
		if x.Query == nil {
			return []string{x.Table}
		}
		q = x.Query
	}
	if q == nil {
		return nil
	}
	return q.ReadTables() // every SELECT of a UNION or subquery in FROM reads its table
}

// ddlRelations returns the tables and indexes a DDL statement changes
// (statements run under lockExclusive; see lockModeOf).
func ddlRelations(st sql.Statement) []string {
	switch x := st.(type) {
	case *sql.DropTable:
		return x.Names
	case *sql.DropIndex:
		return x.Names
	case *sql.AlterTable:
		return []string{x.Table}
	case *sql.Rename:
		return []string{x.Table}
	case *sql.Truncate:
		return x.Tables
	}
	return nil
}
