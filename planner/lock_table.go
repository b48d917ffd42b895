package planner

import (
	"context"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// lockModes maps PostgreSQL's lock mode numbers (lockdefs.h: 1 ACCESS
// SHARE ... 8 ACCESS EXCLUSIVE) to the catalog's modes.
var lockModes = map[int]catalog.LockMode{1: catalog.AccessShare, 2: catalog.RowShare, 3: catalog.RowExclusive,
	4: catalog.ShareUpdateExclusive, 5: catalog.Share, 6: catalog.ShareRowExclusive, 7: catalog.Exclusive,
	8: catalog.AccessExclusive}

// planLockTable binds LOCK TABLE (PostgreSQL docs, LOCK): the mode is
// taken on each table, in the order named, and held until the
// transaction ends. Errors, as PostgreSQL 15's: 25P01 outside a
// transaction block (RequireTransactionBlock), 42P01 for an unknown
// table, 42501 without the privilege the mode needs
// (LockTableAclCheck: SELECT for ACCESS SHARE; INSERT, UPDATE, DELETE or
// TRUNCATE for ROW EXCLUSIVE; UPDATE, DELETE or TRUNCATE above), 55P03
// "could not obtain lock on relation" under NOWAIT when the lock is
// held, and the wait's own (57014, 55P03 lock_timeout, 40P01).
func (b *binder) planLockTable(x *sql.LockTable) (plan, error) {
	mode, ok := lockModes[x.Mode]
	if !ok {
		return nil, pgerror.Errorf(pgerror.InternalError, "unrecognized lock mode: %d", x.Mode)
	}
	return &funcPlan{fn: func(ctx context.Context, ex *execCtx) (*backend.Result, error) {
		if !ex.s.inBlock() {
			return nil, pgerror.New(pgerror.NoActiveSQLTransaction, "LOCK TABLE can only be used in transaction blocks")
		}
		for _, name := range x.Tables {
			if err := ex.s.lockOne(ctx, ex.txn, name, mode, x.NoWait); err != nil {
				return nil, err
			}
		}
		return &backend.Result{Tag: "LOCK TABLE"}, nil
	}}, nil
}

// lockOne resolves name and takes mode on it for txn, after checking the
// privilege the mode needs. 42P01 carries no position, as PostgreSQL's.
func (s *Session) lockOne(ctx context.Context, txn *catalog.Txn, name string, mode catalog.LockMode, noWait bool) error {
	s.rlatch()
	t, ok := s.lookupTable(name) // schema_resolve.go
	var err error
	if !ok {
		err = errNoRelation(name, -1) // PostgreSQL's RangeVarGetRelid gives no position here
	} else {
		err = s.checkLockPrivilege(t, mode)
	}
	s.runlatch()
	if err != nil {
		return err
	}
	lock := []catalog.RelLock{{OID: t.OID, Mode: mode}}
	if noWait {
		if !txn.TryLockRelations(lock) {
			return pgerror.Errorf(pgerror.LockNotAvailable, "could not obtain lock on relation \"%s\"", t.Name)
		}
		return nil
	}
	return txn.LockRelations(lock, s.lockWait(ctx))
}

// checkLockPrivilege is PostgreSQL 15's LockTableAclCheck: the role needs
// one of the privileges mode asks for.
func (s *Session) checkLockPrivilege(t *catalog.Table, mode catalog.LockMode) error {
	any := catalog.PrivUpdate | catalog.PrivDelete | catalog.PrivTruncate
	switch mode {
	case catalog.AccessShare:
		any = catalog.PrivSelect
	case catalog.RowExclusive:
		any |= catalog.PrivInsert
	}
	if err := s.checkUsage(t); err != nil { // schema_priv.go
		return err
	}
	if s.cat.TablePrivilegesIn(s.txn, t, s.privRole())&any == 0 {
		return errTablePrivilege(t.Name)
	}
	return nil
}
