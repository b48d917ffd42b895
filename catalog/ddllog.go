package catalog

import (
	"slices"
	"sync/atomic"

	"github.com/vecgres/vecgres/wal"
)

// DDL records and transactions. A DDL statement changes the catalog in
// memory at once (undo.go undoes it at rollback), but its WAL records
// belong to its transaction: they are kept in the transaction and written
// at its commit, after its row records and just before its commit record,
// in the same WAL write (writeCommit), and dropped at its rollback together
// with the records its undo logs. So a crash before the commit leaves no
// trace of the DDL in the WAL, as in PostgreSQL, where the catalog rows of
// an uncommitted transaction are never visible. Replay applies DDL records
// as it meets them and a transaction's rows at its commit record: the
// commit's DDL first, then its rows, which are stored by physical column
// position and so need no particular interleaving with the DDL. No other transaction
// writes to a table meanwhile (its writers wait, lock.go), and a
// checkpoint is not taken while any transaction holds DDL records
// (capture), since its snapshot would hold that DDL's effects.
//
// Table, index, grant and schema DDL runs with the schema lock held
// exclusively, so the planner names the running statement's transaction
// once (RouteDDL) and logDDL finds it there. Role DDL runs under the role
// lock only, and passes its transaction explicitly (logDDLIn).
type ddlLog struct {
	route *Txn         // transaction of the DDL statement running; schema lock held exclusively
	open  atomic.Int32 // transactions holding DDL records
}

// RouteDDL makes the DDL records logged until the returned function runs
// part of t, written at its commit (nil: written at once). Caller holds
// the schema lock exclusively, until after calling the returned function.
func (c *Catalog) RouteDDL(t *Txn) func() {
	prev := c.ddlLog.route
	c.ddlLog.route = t
	return func() { c.ddlLog.route = prev }
}

// logDDL logs a DDL record of the statement running under the exclusive
// schema lock, into its transaction (RouteDDL). Errors: 53100 or 58030 when a
// record written at once fails.
func (c *Catalog) logDDL(typ wal.RecordType, payload []byte) error {
	return c.logDDLIn(c.ddlLog.route, typ, payload)
}

// logDDLIn keeps a DDL record in t, to be written at its commit, or
// writes it at once when t is nil or not a real transaction.
func (c *Catalog) logDDLIn(t *Txn, typ wal.RecordType, payload []byte) error {
	if t != nil && !t.done && t.xid != invalidXID {
		if len(t.ddl) == 0 {
			c.ddlLog.open.Add(1)
		}
		t.ddl = append(t.ddl, record{typ, slices.Clone(payload)})
		return nil
	}
	return c.appendAll([]record{{typ, payload}})
}

// relogLayout marks tb, whose undo kept stored positions allocated that
// the DDL records being undone had added (RememberTable): a rollback of t
// drops those records, so it logs tb's definition at once instead
// (relogLayouts), and replay allocates the same positions as memory.
// Without it a later ADD COLUMN would get, after a crash, a position in
// which rows stored since hold NULL, instead of its default.
func (t *Txn) relogLayout(tb *Table) {
	if !slices.Contains(t.relog, tb) {
		t.relog = append(t.relog, tb)
	}
}

// relogLayouts writes at once, for each table relogLayout marked that is
// still in the catalog, an AlterTable record of its definition. Rollback
// calls it after undoing; the caller holds no catalog lock.
func (t *Txn) relogLayouts() {
	if len(t.relog) == 0 {
		return
	}
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, tb := range t.relog {
		if c.tables[tb.Name] == tb && !tb.Temp {
			if err := c.logDDLIn(nil, recAlterTable, encodeCreateTable(tb)); err != nil {
				logUndoError(t.xid, err)
			}
		}
	}
	t.relog = nil
}

// dropDDL forgets t's DDL records (written, or rolled back).
func (t *Txn) dropDDL() {
	if len(t.ddl) > 0 {
		t.c.ddlLog.open.Add(-1)
		t.ddl = nil
	}
}

// ddlPending reports whether a transaction holds DDL records.
func (c *Catalog) ddlPending() bool { return c.ddlLog.open.Load() > 0 }
