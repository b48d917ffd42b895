package catalog

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// ALTER TABLE. Each change is logged as one AlterTable record holding the
// table's whole new definition (a CreateTable payload with its layout,
// alter_layout.go) and applied by applyAlter, at run time and in replay.
// Every method here needs the schema lock held exclusively (the planner's
// DDL lock, which first waits for transactions holding the table).
// ALTER TABLE and TRUNCATE take effect at once; a transaction's
// rollback undoes them (undo_tables.go).

var errBadLayout = errors.New("catalog: bad column layout (position past the row width, or too many columns)")

// AddColumn appends col to t. Versions stored before it read missing (a
// value of col's type; nil: NULL), as PostgreSQL's ADD COLUMN with a
// constant DEFAULT; none is rewritten. Errors: 42701 when the name is
// taken; 23502 when col is NOT NULL, missing is nil and t has a row.
func (c *Catalog) AddColumn(t *Table, col Column, missing any) error {
	if t.ColumnIndex(col.Name) >= 0 {
		return pgerror.Errorf(pgerror.DuplicateColumn, "column %q of relation %q already exists", col.Name, bareName(t.Name))
	}
	if col.NotNull && missing == nil && c.hasRows(t) {
		return pgerror.Errorf(pgerror.NotNullViolation, "column %q of relation %q contains null values", col.Name, t.Name).
			WithObject(t.Name, col.Name, "")
	}
	l := t.currentLayout()
	if l.width >= MaxColumns {
		return pgerror.Errorf(pgerror.TooManyColumns, "tables can have at most %d columns", MaxColumns)
	}
	nm := slices.Clone(l.missing)
	for len(nm) < l.width {
		nm = append(nm, nil)
	}
	nm = append(nm, missing)
	nt := c.proposal(t)
	nt.Columns = append(nt.Columns, col)
	nt.layout.Store(newLayout(append(slices.Clone(l.phys), l.width), trimMissing(nm), l.width+1))
	return c.alter(t, nt)
}

// trimMissing drops trailing NULL missing values (they read as NULL anyway).
func trimMissing(m []any) []any {
	for len(m) > 0 && m[len(m)-1] == nil {
		m = m[:len(m)-1]
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// hasRows reports whether t holds a version that may be live.
func (c *Catalog) hasRows(t *Table) bool {
	for s := range t.Slots() {
		if c.mayBeLive(t.version(s)) {
			return true
		}
	}
	return false
}

// DropColumn removes column name from t, with the indexes on it and, when
// it is part of the primary key, the key (PostgreSQL drops them too).
// Stored versions keep the column's value, unread. Errors: 42703 when
// there is no such column.
func (c *Catalog) DropColumn(t *Table, name string) error {
	col := t.ColumnIndex(name)
	if col < 0 {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, t.Name)
	}
	if err := c.checkColumnNotReferenced(t, col); err != nil {
		return err
	}
	if predicateReads(t, col) {
		return pgerror.NotSupported("DROP COLUMN of a column a unique index's predicate or expression reads")
	}
	for _, ix := range t.Indexes {
		if ix.readsColumn(col) {
			if err := c.DropIndex(ix.Name); err != nil {
				return err
			}
		}
	}
	l := t.currentLayout()
	nt := c.proposal(t)
	nt.Columns = slices.Delete(nt.Columns, col, col+1)
	if slices.Contains(t.PrimaryKey, col) {
		nt.PrimaryKey, nt.PKeyName = nil, ""
	}
	nt.Constraints = dropColumnConstraints(nt.Constraints, col)
	for i, k := range nt.PrimaryKey {
		if k > col {
			nt.PrimaryKey[i] = k - 1
		}
	}
	nt.layout.Store(newLayout(slices.Delete(slices.Clone(l.phys), col, col+1), l.missing, l.width))
	if err := c.alter(t, nt); err != nil {
		return err
	}
	return c.shiftReferences(t, col)
}

// RenameColumn renames a column of t. Errors: 42703 when from is missing,
// 42701 when to is taken.
func (c *Catalog) RenameColumn(t *Table, from, to string) error {
	col := t.ColumnIndex(from)
	if col < 0 {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", from)
	}
	if t.ColumnIndex(to) >= 0 {
		return pgerror.Errorf(pgerror.DuplicateColumn, "column %q of relation %q already exists", to, bareName(t.Name))
	}
	for _, k := range t.Constraints {
		if k.Kind == ConCheck && slices.Contains(k.Columns, col) {
			// The check's stored text names the column.
			return pgerror.NotSupported("RENAME of a column a CHECK constraint reads")
		}
	}
	if predicateReads(t, col) {
		return pgerror.NotSupported("RENAME of a column a unique index's predicate or expression reads")
	}
	for _, ix := range t.Indexes {
		if ix.HasExprs() && ix.readsColumn(col) {
			// The index's stored expression text names the column.
			return pgerror.NotSupported("RENAME of a column an index expression or predicate reads")
		}
	}
	nt := c.proposal(t)
	nt.Columns[col].Name = to
	return c.alter(t, nt)
}

// RenameTable renames t (its indexes keep their names, as in PostgreSQL).
// Errors: 42P07 when a relation is named to.
func (c *Catalog) RenameTable(t *Table, to string) error {
	if c.RelationExists(to) {
		return pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(to))
	}
	if err := c.checkNameNotPendingDrop(nil, to); err != nil {
		return err
	}
	nt := c.proposal(t)
	nt.Name = to
	return c.alter(t, nt)
}

// proposal returns a detached copy of t's definition to change.
func (c *Catalog) proposal(t *Table) *Table {
	nt := &Table{OID: t.OID, Name: t.Name, Columns: slices.Clone(t.Columns), PrimaryKey: slices.Clone(t.PrimaryKey),
		PKeyName: t.PKeyName, Owner: t.Owner, acl: t.acl, aclSet: t.aclSet, View: t.View, Seq: t.Seq, Unlogged: t.Unlogged,
		Comment: t.Comment, PKeyComment: t.PKeyComment, indexComments: t.indexComments}
	for _, k := range t.Constraints {
		nt.Constraints = append(nt.Constraints, k.clone())
	}
	nt.layout.Store(t.layout.Load())
	return nt
}

// alter logs nt, t's new definition, and applies it.
func (c *Catalog) alter(t, nt *Table) error {
	if err := c.logRelDDL(t.Name, recAlterTable, encodeCreateTable(nt)); err != nil {
		return err
	}
	c.applyAlter(t, nt)
	return nil
}

// applyAlter gives t the definition nt (same OID): name, columns, primary
// key and layout. Index columns, sequence positions and the primary-key
// map follow; statistics are dropped (the next ANALYZE redoes them).
// Schema lock held exclusively (or replay); takes t's writer lock.
func (c *Catalog) applyAlter(t, nt *Table) {
	t.wmu.Lock()
	defer t.wmu.Unlock()
	oldL, newL := t.currentLayout(), nt.currentLayout()
	posOf := map[int]int{} // stored position -> new column position
	for i, p := range newL.phys {
		posOf[p] = i
	}
	if nt.Name != t.Name {
		delete(c.tables, t.Name)
		c.tables[nt.Name] = t
		t.Name = nt.Name
	}
	if t.PKeyName != nt.PKeyName && t.PKeyName != "" {
		ix := c.indexes[t.PKeyName]
		delete(c.indexes, t.PKeyName)
		if ix != nil && nt.PKeyName != "" && slices.Equal(t.PrimaryKey, nt.PrimaryKey) {
			ix.Name = nt.PKeyName // renamed (undo_tables.go): same key
			c.indexes[nt.PKeyName] = ix
		} else {
			t.keysMu.Lock()
			t.pkey = map[string][]uint64{}
			t.keysMu.Unlock()
		}
	}
	t.seqMu.Lock()
	seqs := map[int]int64{}
	for col, v := range t.seqs {
		if col < len(oldL.phys) {
			if np, ok := posOf[oldL.phys[col]]; ok {
				seqs[np] = v
			}
		}
	}
	t.seqs = seqs
	t.Seq = nt.Seq // under seqMu: a commit's seqEntries reads it
	t.seqMu.Unlock()
	addedKey := len(t.PrimaryKey) == 0 && len(nt.PrimaryKey) > 0
	t.Columns, t.PrimaryKey, t.PKeyName, t.View = nt.Columns, nt.PrimaryKey, nt.PKeyName, nt.View
	if t.Unlogged != nt.Unlogged { // never, as SET [UN]LOGGED is refused: a commit's encoder reads the flag unlocked (walrec_txn.go)
		t.Unlogged = nt.Unlogged
	}
	t.Comment, t.PKeyComment, t.indexComments = nt.Comment, nt.PKeyComment, nt.indexComments
	if t.Owner != nt.Owner { // OWNER TO (owner.go): the grants change with the owner
		t.Owner, t.acl = nt.Owner, nt.acl
	}
	old := t.Constraints
	t.Constraints = nt.Constraints
	// Stored even when it is the identity: versions stored before an
	// ADD COLUMN are shorter than the new width.
	t.layout.Store(nt.currentLayout())
	for _, ix := range t.Indexes {
		if np, ok := posOf[ix.phys]; ok {
			ix.Column = np
		}
		if ix.HasExprs() {
			// Bound to the old column positions: bind again by name (a
			// column it reads is never dropped or renamed under it).
			if err := bindIndexExprs(ix); err != nil {
				c.logger().Error("catalog: index expression no longer binds", "index", ix.Name, "err", err)
			}
		}
	}
	if ix, ok := c.indexes[t.PKeyName]; ok && t.PKeyName != "" && len(t.PrimaryKey) > 0 {
		ix.Column = t.PrimaryKey[0]
	}
	if addedKey {
		c.fillPrimaryKey(t) // constraint_pkey.go
	}
	c.linkConstraints(t, old)
	t.stats.Store(nil)
	c.version++
}

// replayAlter applies an AlterTable record.
func (st *replayState) replayAlter(p []byte) error {
	nt, err := decodeCreateTable(p)
	if err != nil {
		return err
	}
	if t := st.byOID[nt.OID]; t != nil {
		st.c.applyAlter(t, nt)
	}
	return nil
}

// Truncate empties t and its indexes (graphs included): t is replaced by a
// new, empty table of the same OID, name, columns, owner and sequence
// values, with new, empty indexes of the same names and OIDs, as
// PostgreSQL gives the relation a new file (an ivfflat index's centers
// are then random, as for CREATE INDEX on an empty table: it takes
// inserts, and the planner keeps k-NN exact). Readers of the old rows
// (a checkpoint being written) go on unharmed. Errors: 0A000 when txn
// has changed rows of t that it has not committed (the replacement
// cannot be undone; inside a block the planner uses TruncateIn's MVCC
// delete instead).
func (c *Catalog) Truncate(txn *Txn, t *Table) error {
	if txn != nil && txn.changed(t) {
		return pgerror.NotSupported("TRUNCATE of a table changed earlier in the same transaction")
	}
	if err := c.logRelDDL(t.Name, recTruncate, appendUvarint(nil, uint64(t.OID))); err != nil {
		return err
	}
	_, err := c.truncate(t)
	return err
}

// changed reports whether t wrote versions of tb.
func (t *Txn) changed(tb *Table) bool {
	for _, o := range t.ops {
		if o.table == tb {
			return true
		}
	}
	return false
}

// truncate replaces t by an empty copy (Truncate) and returns it.
func (c *Catalog) truncate(t *Table) (*Table, error) {
	nt := c.proposal(t)
	t.seqMu.Lock()
	seqs := maps.Clone(t.seqs)
	t.seqMu.Unlock()
	indexes := t.Indexes
	c.removeTable(t)
	c.addTable(nt)
	nt.seqs = seqs
	for _, ix := range indexes {
		def := IndexDef{Name: ix.Name, Table: nt.Name, Method: ix.Method, Column: nt.Columns[ix.Column].Name,
			Opclass: ix.Opclass, Metric: ix.Metric, M: ix.M, EfConstruction: ix.EfConstruction, Reloptions: ix.Reloptions,
			Expr: ix.Expr, Pred: ix.Pred}
		nix, err := c.newIndex(ix.OID, def)
		if err != nil {
			return nil, err
		}
		if nix.IVF != nil {
			nix.IVF.Train(nil, 0) // no rows: random centers, as CREATE INDEX on an empty table
		}
		nt.wmu.Lock()
		c.publishIndex(nix)
		nt.wmu.Unlock()
	}
	return nt, nil
}

// replayTruncate applies a Truncate record.
func (st *replayState) replayTruncate(p []byte) error {
	d := &decoder{b: p}
	oid := uint32(d.uvarint())
	if d.err != nil {
		return d.err
	}
	t := st.byOID[oid]
	if t == nil {
		return nil
	}
	nt, err := st.c.truncate(t)
	if err != nil {
		return err
	}
	st.byOID[oid] = nt
	delete(st.touched, t)
	return nil
}

// ReindexCtx rebuilds each index from its table's rows: a new, empty
// graph or B-tree of the same definition is filled and replaces it
// (REINDEX). Nothing is logged: an index's contents always come from the
// rows. It stops when ctx ends
// (statement_timeout, cancel request) with 57014 "canceling statement due
// to statement timeout" / "... user request" (fillIndexCtx; an HNSW build
// stops within its batch). Every new index is built before any replaces
// its old one, so a stopped REINDEX leaves all of them in place and
// untouched; the partly built ones are dropped. Schema lock held
// exclusively.
func (c *Catalog) ReindexCtx(ctx context.Context, indexes ...*Index) error {
	built := make([]*Index, len(indexes))
	for i, ix := range indexes {
		nix, err := c.rebuiltIndex(ctx, ix)
		if err != nil {
			return err
		}
		built[i] = nix
	}
	for i, ix := range indexes {
		c.replaceIndex(ix, built[i])
	}
	return nil
}

// rebuiltIndex returns a new index of ix's definition (same OID and name)
// filled from its table's rows, not yet registered.
func (c *Catalog) rebuiltIndex(ctx context.Context, ix *Index) (*Index, error) {
	t := ix.Table
	def := indexDefOf(ix)
	delete(c.indexes, ix.Name) // newIndex refuses a name in use
	nix, err := c.newIndex(ix.OID, def)
	c.indexes[ix.Name] = ix
	if err != nil {
		return nil, err
	}
	if err := c.fillIndexCtx(ctx, nix, 0, t.Slots(), nil); err != nil {
		return nil, err
	}
	return nix, nil
}

// replaceIndex puts nix in ix's place in its table's index list (replaced
// whole, see publishIndex) and the catalog's name map.
func (c *Catalog) replaceIndex(ix, nix *Index) {
	t := ix.Table
	t.wmu.Lock()
	defer t.wmu.Unlock()
	list := slices.Clone(t.Indexes)
	for i, x := range list {
		if x == ix {
			list[i] = nix
		}
	}
	t.Indexes = list
	c.indexes[ix.Name] = nix
	c.version++
}

// HasRows reports whether t holds a row version that may be live (ALTER
// TABLE's NOT NULL check). Schema lock held.
func (c *Catalog) HasRows(t *Table) bool { return c.hasRows(t) }

// VacuumCtx removes from the indexes the entries of deleted versions that
// no snapshot can see any more (the same work commits do), then compacts
// the HNSW graphs of tables (vecindex.HNSW.CompactContext: neighbour
// lists repaired around tombstones, their slots reclaimed, as pgvector's
// VACUUM does). It returns the graph slots freed. It stops once ctx ends
// (statement_timeout, cancel request), within a graph's compaction too,
// with 57014; the graphs compacted so far stay compacted, as a cancelled
// VACUUM keeps its work in PostgreSQL. Schema lock held shared.
func (c *Catalog) VacuumCtx(ctx context.Context, tables []*Table) (int, error) {
	c.reapTombstones()
	freed := 0
	for _, t := range tables {
		for _, ix := range t.Indexes {
			if ctx.Err() != nil {
				return freed, canceledBy(ctx)
			}
			if ix.Graph != nil {
				n, err := ix.Graph.CompactContext(ctx)
				if err != nil {
					return freed, canceledBy(ctx)
				}
				freed += n
			}
		}
	}
	return freed, nil
}

// SetColumnDefault sets the default of column name for rows inserted from
// now on (value: a constant, nil for none; expr: the text of an
// expression default, "" for none); stored rows keep their values.
// Errors: 42703.
func (c *Catalog) SetColumnDefault(t *Table, name string, value any, expr string) error {
	col := t.ColumnIndex(name)
	if col < 0 {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, t.Name)
	}
	nt := c.proposal(t)
	nt.Columns[col].Default, nt.Columns[col].DefaultExpr = value, expr
	return c.alter(t, nt)
}

// SetColumnNotNull sets or drops column name's NOT NULL. Errors: 42703;
// 23502 when setting it and a row may hold NULL there; 42P16 when
// dropping it from a primary-key column.
func (c *Catalog) SetColumnNotNull(t *Table, name string, on bool) error {
	col := t.ColumnIndex(name)
	switch {
	case col < 0:
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, t.Name)
	case !on && slices.Contains(t.PrimaryKey, col):
		return pgerror.Errorf(pgerror.InvalidTableDefinition, "column %q is in a primary key", name)
	case on && c.hasNull(t, col):
		return pgerror.Errorf(pgerror.NotNullViolation, "column %q of relation %q contains null values", name, t.Name).
			WithObject(t.Name, name, "")
	}
	nt := c.proposal(t)
	nt.Columns[col].NotNull = on
	return c.alter(t, nt)
}

// hasNull reports whether a version of t that is not deleted holds NULL
// in column col. A version deleted by a transaction still open does not
// count: DDL waited for every other transaction holding t (LockTables),
// so that is the DDL's own, and its rollback undoes the DDL too.
func (c *Catalog) hasNull(t *Table, col int) bool {
	l, p := t.layout.Load(), t.physOf(col)
	for s := range t.Slots() {
		if v := t.version(s); v.getXmin() != invalidXID && v.getXmax() == invalidXID && l.value(v.vals, p) == nil {
			return true
		}
	}
	return false
}

// HasNull reports whether a row of t that may be live holds NULL in
// column col (ALTER COLUMN ... SET NOT NULL's check). Schema lock held.
func (c *Catalog) HasNull(t *Table, col int) bool { return c.hasNull(t, col) }
