package catalog

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Undoable table DDL (undo.go). Every method needs the schema lock held
// exclusively, as the DDL it wraps. With txn nil or done the DDL simply
// stands, as before.

// droppedPrefix starts the name a table dropped inside a transaction
// carries until the transaction ends (DropTableIn). Spaces keep it out
// of reach of unquoted SQL.
const droppedPrefix = "vecgres dropped "

// CreateTableIn is CreateTableOwned; rollback drops the table. Until txn
// ends, other transactions cannot write the table (42P01, holdTable), so
// the drop loses none of their rows.
func (c *Catalog) CreateTableIn(txn *Txn, owner, name string, cols []Column, pkey []int) (*Table, error) {
	if err := c.checkNameNotPendingDrop(txn, name); err != nil {
		return nil, err
	}
	t, err := c.CreateTableOwned(owner, name, cols, pkey)
	if err != nil || txn == nil || txn.done {
		return t, err
	}
	t.createdBy = txn.xid
	txn.holdExclusive(t)
	txn.addUndo(func() error { return c.dropTableObj(t) })
	return t, nil
}

// dropTableObj logs and removes t if it is still in the catalog.
func (c *Catalog) dropTableObj(t *Table) error {
	if c.tables[t.Name] != t {
		return nil
	}
	if err := c.logRelDDL(t.Name, recDropTable, appendString(nil, t.Name)); err != nil {
		return err
	}
	c.removeTable(t)
	return nil
}

// DropTableIn is DropTable. Inside txn the table is not dropped at once:
// it is renamed (logged as AlterTable) to a name no statement can reach,
// and dropped when txn commits; rollback renames it back. So a rollback,
// or a crash before the commit, loses no row. Its indexes keep their
// names until the commit.
func (c *Catalog) DropTableIn(txn *Txn, name string) error {
	if txn == nil || txn.done {
		return c.DropTable(name)
	}
	t, ok := c.tables[name]
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedTable, "table %q does not exist", name)
	}
	if t.createdBy == txn.xid && !txn.marked {
		return c.DropTable(name) // rollback would drop it anyway
	}
	txn.holdExclusive(t)
	if err := c.hideTable(t); err != nil {
		return err
	}
	t.droppedBy = txn.xid
	txn.addUndo(func() error { return c.unhideTable(t) })
	txn.atCommit = append(txn.atCommit, func() error { return c.dropTableObj(t) })
	return nil
}

// checkNameNotPendingDrop refuses a table name that another transaction,
// still open, is dropping (DropTableIn) or renamed away (RememberTable):
// its rollback must get the name back, so the name stays taken until then
// (PostgreSQL makes the CREATE wait for that transaction; vecgres answers
// at once). Errors: 42P07.
func (c *Catalog) checkNameNotPendingDrop(txn *Txn, name string) error {
	var own XID
	if txn != nil {
		own = txn.xid
	}
	detail := "A transaction that has not ended yet is dropping it; try again after it commits."
	if c.hiddenBy(name, own) == invalidXID { // lock.go
		if c.renamedBy(name, own) == invalidXID {
			return nil
		}
		detail = "A transaction that has not ended yet renamed it; try again after it commits."
	}
	return pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", name).WithDetail(detail)
}

// hiddenName is the name a relation dropped inside a transaction carries
// until the end: droppedPrefix, its OID, its name.
func hiddenName(oid uint32, name string) string {
	return fmt.Sprintf("%s%d %s", droppedPrefix, oid, name)
}

// originalName returns the name hiddenName hid, or false.
func originalName(hidden string) (string, bool) {
	rest, ok := strings.CutPrefix(hidden, droppedPrefix)
	if !ok {
		return "", false
	}
	_, orig, ok := strings.Cut(rest, " ")
	return orig, ok
}

// hideTable renames t, its primary key and its indexes to hidden names
// (an AlterTable and RenameIndex records), freeing their names.
func (c *Catalog) hideTable(t *Table) error {
	nt := c.proposal(t)
	nt.Name = hiddenName(t.OID, t.Name)
	if t.PKeyName != "" {
		nt.PKeyName = hiddenName(t.OID, t.PKeyName)
	}
	if err := c.alter(t, nt); err != nil {
		return err
	}
	for _, ix := range t.Indexes {
		if err := c.renameIndex(ix, hiddenName(ix.OID, ix.Name)); err != nil {
			return err
		}
	}
	return nil
}

// unhideTable gives t, its primary key and its indexes their names back
// where they are free (logged).
func (c *Catalog) unhideTable(t *Table) error {
	t.droppedBy = invalidXID
	for _, ix := range t.Indexes {
		if orig, ok := originalName(ix.Name); ok && !c.RelationExists(orig) {
			if err := c.renameIndex(ix, orig); err != nil {
				return err
			}
		}
	}
	orig, ok := originalName(t.Name)
	if !ok || c.RelationExists(orig) {
		return nil
	}
	back := c.proposal(t)
	back.Name = orig
	if pk, ok := originalName(t.PKeyName); ok && !c.RelationExists(pk) {
		back.PKeyName = pk
	}
	return c.alter(t, back)
}

// renameIndex logs a RenameIndex record and renames ix.
func (c *Catalog) renameIndex(ix *Index, to string) error {
	if err := c.logRelDDL(ix.Table.Name, recRenameIndex, appendString(appendString(nil, ix.Name), to)); err != nil {
		return err
	}
	c.applyRenameIndex(ix, to)
	return nil
}

func (c *Catalog) applyRenameIndex(ix *Index, to string) {
	delete(c.indexes, ix.Name)
	ix.Name = to
	c.indexes[to] = ix
	c.version++
}

// replayRenameIndex applies a RenameIndex record.
func (c *Catalog) replayRenameIndex(p []byte) error {
	d := &decoder{b: p}
	from, to := d.str(), d.str()
	if d.err != nil {
		return fmt.Errorf("rename index record: %w", d.err)
	}
	if ix, ok := c.indexes[from]; ok {
		c.applyRenameIndex(ix, to)
	}
	return nil
}

// runAtCommit applies the DDL t deferred to its commit (DropTableIn),
// with the schema lock held exclusively (the caller holds no lock).
func (t *Txn) runAtCommit() {
	if len(t.atCommit) == 0 {
		return
	}
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	for _, fn := range t.atCommit {
		if err := fn(); err != nil {
			logUndoError(t.xid, err)
		}
	}
	t.atCommit = nil
}

// restoreLeftovers gives the tables a transaction dropped but did not
// commit before a crash (DropTableIn) their names back (logged), unless
// the names were taken meanwhile: at Open, after replay (no lock needed).
func (c *Catalog) restoreLeftovers() error {
	for name, t := range maps.Clone(c.tables) {
		if _, ok := originalName(name); ok {
			if err := c.unhideTable(t); err != nil {
				return err
			}
		}
	}
	return nil
}

// DropIndexIn is DropIndex; rollback builds the index again, of the same
// name and definition, from the table's rows.
func (c *Catalog) DropIndexIn(txn *Txn, name string) error {
	ix, ok := c.indexes[name]
	if ok && ix.Key != nil {
		c.RememberTable(txn, ix.Table) // rollback restores the definition with the key
		return c.DropIndex(name)
	}
	var def IndexDef
	if ok {
		def = indexDefOf(ix)
	}
	if err := c.DropIndex(name); err != nil {
		return err
	}
	t := ix.Table
	txn.holdExclusive(t)
	txn.addUndo(func() error { return c.recreateIndex(t, def) })
	return nil
}

// indexDefOf returns the definition ix was created with.
func indexDefOf(ix *Index) IndexDef {
	return IndexDef{Name: ix.Name, Table: ix.Table.Name, Method: ix.Method, Column: ix.Table.Columns[ix.Column].Name,
		Opclass: ix.Opclass, Metric: ix.Metric, M: ix.M, EfConstruction: ix.EfConstruction, Reloptions: ix.Reloptions,
		Expr: ix.Expr, Pred: ix.Pred}
}

// recreateIndex builds def again on t if t is still in the catalog.
func (c *Catalog) recreateIndex(t *Table, def IndexDef) error {
	if c.tables[t.Name] != t {
		return nil
	}
	def.Table = t.Name
	_, err := c.CreateIndex(def)
	return err
}

// RememberTable records t's definition (name, columns, defaults, NOT
// NULL, layout) so that rollback of txn restores it: the planner calls
// it before each ALTER TABLE or RENAME command. Stored positions added
// since stay allocated (unread), so rows other transactions stored
// meanwhile never feed a later column.
func (c *Catalog) RememberTable(txn *Txn, t *Table) {
	old := c.proposal(t)
	txn.holdExclusive(t)
	if txn != nil && !txn.done && t.nameBefore == "" {
		t.nameBefore = t.Name // others wait on this name too (waitTables)
		clear := func() error { t.nameBefore = ""; return nil }
		txn.atCommit = append(txn.atCommit, clear)
		txn.addUndo(clear)
	}
	txn.addUndo(func() error {
		if c.tables[t.Name] != t {
			return nil
		}
		back := c.proposal(old)
		if old.Owner == t.Owner { // else OWNER TO's: the old grants come back with the old owner
			back.acl = t.acl
		}
		ol, cur := old.currentLayout(), t.currentLayout()
		back.layout.Store(newLayout(slices.Clone(ol.phys), ol.missing, max(ol.width, cur.width)))
		if cur.width > ol.width {
			txn.relogLayout(t)
		}
		return c.alter(t, back)
	})
}

// DropColumnIn is DropColumn; rollback restores the column (its stored
// values were never removed) and rebuilds the indexes dropped with it.
// Errors: 25001 inside txn for a primary-key column (its key cannot be
// restored).
func (c *Catalog) DropColumnIn(txn *Txn, t *Table, name string) error {
	if txn == nil || txn.done {
		return c.DropColumn(t, name)
	}
	col := t.ColumnIndex(name)
	if col >= 0 && slices.Contains(t.PrimaryKey, col) {
		return pgerror.New(pgerror.ActiveSQLTransaction,
			"ALTER TABLE DROP COLUMN of a primary key column cannot run inside a transaction block")
	}
	var defs []IndexDef
	for _, ix := range t.Indexes {
		if ix.Column == col {
			defs = append(defs, indexDefOf(ix))
		}
	}
	// Added first, so they run after the definition is restored.
	for _, def := range defs {
		txn.addUndo(func() error { return c.recreateIndex(t, def) })
	}
	c.RememberTable(txn, t)
	for _, l := range t.referencing() {
		if l.child != t {
			c.RememberTable(txn, l.child) // shiftReferences changes it
		}
	}
	return c.DropColumn(t, name)
}

// TruncateIn is Truncate. Inside a transaction block (inBlock) it
// deletes every row txn sees, through MVCC, so rollback restores them
// (serial positions are kept either way).
func (c *Catalog) TruncateIn(txn *Txn, t *Table, inBlock bool) error {
	if !inBlock || txn == nil || txn.done {
		return c.Truncate(txn, t)
	}
	txn.holdExclusive(t) // readers and writers wait, as for PostgreSQL's ACCESS EXCLUSIVE
	for s := range t.Slots() {
		if v := t.version(s); txn.visible(v) {
			if err := txn.deleteVersion(t, s, true, nil); err != nil {
				return err
			}
		}
	}
	return nil
}
