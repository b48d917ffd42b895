package catalog

import (
	"slices"
	"sort"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Views (PostgreSQL docs, CREATE VIEW). A view is a Table whose View is
// set: it has columns (names and types fixed when it was created), an
// owner, grants, an OID and a name in a schema like a table, and no rows
// or indexes. Its query is kept as SQL text and bound again, with the
// owner's privileges on what it reads, each time a statement reads the
// view (the planner expands it in place as a subquery in FROM). Deps
// are the OIDs of the tables and views the query read when it was made:
// DROP of one of them is 2BP01 unless CASCADE, which drops the view
// too. It is logged and written in snapshots as a CreateTable or
// AlterTable record whose definition ends with the view section
// (appendView), so replay and snapshots need nothing of their own.

// ViewDef is a view's query. Never changed in place: CREATE OR REPLACE
// VIEW gives the table a new one.
type ViewDef struct {
	// Query is the SELECT as the user wrote it (no trailing semicolon).
	Query string
	// Definition is pg_get_viewdef's text of the query; Pretty
	// pg_get_viewdef(v, true)'s.
	Definition string
	Pretty     string
	// Deps are the OIDs of the relations the query reads, sorted.
	Deps []uint32
	// Updatable is set when INSERT, UPDATE and DELETE may write through
	// the view (the planner's automatically updatable views).
	Updatable bool
	// Source are the names of the query's output columns when the view
	// was made (before the view's column list renamed them): a SELECT *
	// that later reads more columns still gives the view its own.
	Source []string
}

// IsView reports whether t is a view.
func (t *Table) IsView() bool { return t.View != nil }

// CreateViewIn adds view name owned by owner with columns cols and
// query def, logged in txn (RouteDDL); rollback drops it. Lock held
// exclusively. Errors: 42P07 when the name is taken, WAL errors.
func (c *Catalog) CreateViewIn(txn *Txn, owner, name string, cols []Column, def *ViewDef) (*Table, error) {
	if err := c.checkNameNotPendingDrop(txn, name); err != nil {
		return nil, err
	}
	if c.RelationExists(name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation \"%s\" already exists", bareName(name))
	}
	t := &Table{Name: name, Columns: cols, OID: c.allocOID(), Owner: owner, View: def}
	if err := c.createLogged(t, txn); err != nil {
		return nil, err
	}
	return t, nil
}

// ReplaceViewIn gives view t the columns cols (its own, then any new
// ones; the planner checked that) and query def, logged in txn;
// rollback restores the old definition. Lock held exclusively.
func (c *Catalog) ReplaceViewIn(txn *Txn, t *Table, cols []Column, def *ViewDef) error {
	c.RememberTable(txn, t)
	nt := c.proposal(t)
	nt.Columns, nt.View = slices.Clone(cols), def
	nt.layout.Store(nil) // a view stores no rows: identity over its columns
	return c.alter(t, nt)
}

// DependentViews returns the views whose query reads the relation with
// OID oid, sorted by OID. Lock held.
func (c *Catalog) DependentViews(oid uint32) []*Table {
	var out []*Table
	for _, t := range c.tables {
		if t.View != nil && slices.Contains(t.View.Deps, oid) && !t.hidden() {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].OID < out[j].OID })
	return out
}

// TableByOID returns the live table or view with OID oid. Lock held.
func (c *Catalog) TableByOID(oid uint32) (*Table, bool) {
	for _, t := range c.tables {
		if t.OID == oid && !t.hidden() {
			return t, true
		}
	}
	return nil, false
}

// hidden reports whether t is a table dropped by an open transaction
// (renamed to its hidden name until the end).
func (t *Table) hidden() bool { return t.droppedBy != invalidXID }

// viewFormat marks the view section of a CreateTable record (after the
// constraints section, whose marker is constraintsFormat).
const viewFormat = 'V'

// appendView appends t's view section: viewFormat, query, definition,
// ndeps, {oid}..., pretty definition, updatable byte, nsource,
// {source name}... Nothing for a table.
func appendView(b []byte, t *Table) []byte {
	if t.View == nil {
		return b
	}
	b = append(b, viewFormat)
	b = appendString(appendString(b, t.View.Query), t.View.Definition)
	b = appendUvarint(b, uint64(len(t.View.Deps)))
	for _, o := range t.View.Deps {
		b = appendUvarint(b, uint64(o))
	}
	b = append(appendString(b, t.View.Pretty), boolByte(t.View.Updatable))
	b = appendUvarint(b, uint64(len(t.View.Source)))
	for _, s := range t.View.Source {
		b = appendString(b, s)
	}
	return b
}

// readView restores appendView's section, when present.
func readView(d *decoder, t *Table) {
	if len(d.b) == 0 || d.err != nil || d.b[0] != viewFormat {
		return
	}
	d.byte1()
	v := &ViewDef{Query: d.str(), Definition: d.str()}
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		v.Deps = append(v.Deps, uint32(d.uvarint()))
	}
	v.Pretty = d.str()
	v.Updatable = d.byte1() == 1
	ns := d.uvarint()
	for i := uint64(0); i < ns && d.err == nil; i++ {
		v.Source = append(v.Source, d.str())
	}
	t.View = v
}
