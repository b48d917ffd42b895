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

// lockStatement takes the schema lock for mode; for DDL (lockExclusive) it
// first waits until no other transaction holds a table lock on the
// relations the statement changes (catalog.LockTables: 40P01, 55P03,
// 57014).
func (s *Session) lockStatement(ctx context.Context, mode lockMode, st sql.Statement, txn *catalog.Txn) (func(), error) {
	if mode != lockExclusive {
		names := writtenTables(st)
		if len(names) == 0 || (mode != lockShared && mode != lockWrite && mode != lockSelf) {
			return s.lock(mode), nil
		}
		if err := s.cat.WaitTableDDL(txn, s.lockWait(ctx), names); err != nil {
			return nil, err
		}
		return s.cat.RUnlock, nil // WaitTableDDL returned holding s.lock(mode)'s shared lock
	}
	if err := s.cat.LockTables(txn, s.lockWait(ctx), ddlRelations(st)); err != nil {
		return nil, err
	}
	return s.cat.Unlock, nil
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
	case *sql.Reindex:
		return []string{x.Name}
	}
	return nil
}
