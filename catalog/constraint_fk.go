package catalog

import (
	"fmt"
	"slices"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Foreign keys (PostgreSQL 15 docs 5.4.5; ri_triggers.c for the checks
// and actions). A foreign key k of a child table keeps, as a unique key
// does, a map from its columns' key to the child's slots (non-unique),
// so a parent's delete finds the rows referencing it. k.parent is the
// referenced table, and each table's refs the foreign keys referencing
// it; both are set under the schema lock (relinkForeignKeys) and read
// without it.
//
// As PostgreSQL's RI triggers, the checks run at the end of the
// statement (Txn.FinishStatement; at COMMIT for an INITIALLY DEFERRED
// key, constraint_defer.go), in the order the rows were written: a child
// row stored needs a parent row live to its transaction (one inserted
// by an open transaction or being deleted by one is waited for), and a
// parent key removed (NO ACTION) must no longer be referenced by a live
// child row. RESTRICT, CASCADE, SET NULL and SET DEFAULT apply when the
// parent row is deleted or updated (the child rows changed through the
// same Txn methods, so their own keys and actions apply). A child row
// is stored before it is checked and a parent row marked before its
// children are looked for, so of two transactions racing on one key
// each sees the other's row: one waits for the other (or, when both
// wait, the wait-for graph fails one with 40P01), and no orphan is
// committed.

// fkLink is one foreign key referencing a table: the child and its key.
type fkLink struct {
	child *Table
	k     *Constraint
}

// relinkForeignKeys sets every foreign key's parent and every table's
// refs from the catalog's tables. Schema lock held exclusively.
func (c *Catalog) relinkForeignKeys() {
	byOID := make(map[uint32]*Table, len(c.tables))
	for _, t := range c.tables {
		byOID[t.OID] = t
	}
	refs := map[*Table][]fkLink{}
	for _, t := range c.tables {
		for _, k := range t.Constraints {
			if k.Kind != ConForeign {
				continue
			}
			p := byOID[k.RefTable]
			k.parent.Store(p)
			if p != nil {
				refs[p] = append(refs[p], fkLink{child: t, k: k})
			}
		}
	}
	for _, t := range c.tables {
		l := refs[t]
		t.refs.Store(&l)
	}
}

// referencing returns the foreign keys referencing t.
func (t *Table) referencing() []fkLink {
	if p := t.refs.Load(); p != nil {
		return *p
	}
	return nil
}

// parentKey returns the parent's unique key (nil: its primary key) whose
// columns are k's referenced columns, and the key-map key that child row
// vals references in it; ok is false when a referencing column is NULL
// (MATCH SIMPLE: nothing to check).
func parentKey(p *Table, k *Constraint, vals []any) (pk *Constraint, key string, ok bool) {
	ref := func(col int) any { return vals[k.Columns[slices.Index(k.RefColumns, col)]] }
	for _, c := range k.Columns {
		if vals[c] == nil {
			return nil, "", false
		}
	}
	var b []byte
	if sameSet(p.PrimaryKey, k.RefColumns) {
		for _, c := range p.PrimaryKey {
			b = types.AppendKey(b, ref(c))
		}
		return nil, string(b), true
	}
	for _, u := range p.Uniques() {
		if sameSet(u.Columns, k.RefColumns) {
			for _, c := range u.Columns {
				b = types.AppendKey(b, ref(c))
			}
			return u, string(b), true
		}
	}
	return nil, "", false
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// slotsOf returns a copy of the slots holding key in p's key pk (nil: the
// primary key), read under p's key-map lock.
func slotsOf(p *Table, pk *Constraint, key string) []uint64 {
	p.keysMu.RLock()
	defer p.keysMu.RUnlock()
	if pk == nil {
		return slices.Clone(p.pkey[key])
	}
	return slices.Clone(pk.keys[key])
}

// sameKeyValues reports whether rows a and b hold equal values (by key
// bytes) in cols.
func sameKeyValues(cols []int, a, b []any) bool {
	for _, c := range cols {
		if string(types.AppendKey(nil, a[c])) != string(types.AppendKey(nil, b[c])) {
			return false
		}
	}
	return true
}

// selfReference reports whether row vals references itself through k, a
// foreign key of its own table (allowed: PostgreSQL checks after the
// insert).
func selfReference(k *Constraint, vals []any) bool {
	for i, c := range k.Columns {
		if string(types.AppendKey(nil, vals[c])) != string(types.AppendKey(nil, vals[k.RefColumns[i]])) {
			return false
		}
	}
	return true
}

// liveHolder reports whether a version among slots of p is live to t: its
// inserter committed (or is t) and no one deleted it (or an open
// transaction other than t is deleting it). When none is but one's fate
// depends on an open transaction, x is that transaction.
func (t *Txn) liveHolder(p *Table, slots []uint64) (found bool, x XID) {
	for _, s := range slots {
		live, pending := t.liveTo(p.version(s))
		if live {
			return true, invalidXID
		}
		if pending != invalidXID {
			x = pending
		}
	}
	return false, x
}

// liveTo reports whether v is live to t: its inserter committed (or is
// t) and no one deleted it. When it is not live but its fate depends on
// an open transaction other than t (inserting or deleting it), pending
// is that transaction; else invalidXID.
func (t *Txn) liveTo(v *rowVersion) (live bool, pending XID) {
	xmin := v.getXmin()
	switch {
	case xmin == invalidXID:
		return false, invalidXID
	case xmin != t.xid && t.c.isActive(xmin):
		return false, xmin
	}
	switch xmax := v.getXmax(); {
	case xmax == invalidXID:
		return true, invalidXID
	case xmax != t.xid && t.c.isActive(xmax):
		return false, xmax
	}
	return false, invalidXID
}

// checkChildren applies the foreign keys referencing tb to the row old
// of tb, which t deleted (upd nil) or updated to upd. Child rows
// referencing its key are refused (NO ACTION, RESTRICT: 23503), deleted
// or changed (CASCADE, SET NULL, SET DEFAULT). tb's writer lock held; a
// child table's writer lock is taken for its changes.
func (t *Txn) checkChildren(tb *Table, old, upd []any) error {
	for _, l := range tb.referencing() {
		if err := t.applyReference(tb, l, old, upd); err != nil {
			return err
		}
	}
	return nil
}

// applyReference applies one foreign key l referencing tb to the child
// rows of tb's row old.
func (t *Txn) applyReference(tb *Table, l fkLink, old, upd []any) error {
	k, child := l.k, l.child
	key, ok := refKey(k, old)
	if !ok {
		return nil
	}
	if upd != nil {
		if nk, ok := refKey(k, upd); ok && nk == key {
			return nil // the referenced key did not change
		}
	}
	for {
		child.keysMu.RLock()
		slots := slices.Clone(k.keys[key])
		child.keysMu.RUnlock()
		rows, x := t.referencingRows(child, slots)
		if x != invalidXID && t.waiting() {
			if err := t.waitRow(tb, x); err != nil {
				return err
			}
			continue
		}
		if len(rows) == 0 && x == invalidXID {
			return nil
		}
		action := k.OnDelete
		if upd != nil {
			action = k.OnUpdate
		}
		if action == FKNoAction {
			// Checked at the end of the statement, as PostgreSQL's NO
			// ACTION: rows the statement deletes meanwhile (a
			// self-referencing DELETE) or a new row of the same key pass;
			// at COMMIT for an INITIALLY DEFERRED key.
			t.queueCheck(k, deferredCheck{ref: &pendingRef{parent: tb, link: l, old: old}})
			return nil
		}
		if action == FKRestrict || len(rows) == 0 {
			return stillReferenced(tb, child, k, old)
		}
		return t.cascade(tb, child, k, rows, action, old, upd)
	}
}

// pendingRef is a NO ACTION check left for the end of the statement: the
// parent row old of parent went away (deleted, or updated to another
// key) while link's rows referenced it.
type pendingRef struct {
	parent *Table
	link   fkLink
	old    []any
}

// FinishStatement runs the statement's foreign-key checks in order:
// 23503 when a child row it stored has no live parent row, or a parent
// key it removed is still referenced by a live child row and no live
// parent row holds that key again. A row whose fate depends on an open
// transaction is waited for; held is the table whose writer lock the
// caller holds (nil: none), let go of while waiting. Call it once the
// statement's writes succeeded.
func (t *Txn) FinishStatement(held *Table) error {
	for len(t.noAction) > 0 {
		x, err := t.runCheck(t.noAction[0])
		if err != nil {
			t.noAction = nil
			return err
		}
		if x == invalidXID {
			t.noAction = t.noAction[1:]
			continue
		}
		if held != nil {
			err = t.waitRow(held, x)
		} else {
			err = t.waitFor(x)
		}
		if err != nil {
			t.noAction = nil
			return err
		}
	}
	return nil
}

// PendingChecks reports whether FinishStatement has checks to run: the
// statement stored or removed rows a foreign key constrains.
func (t *Txn) PendingChecks() bool { return len(t.noAction) > 0 }

// checkNoAction checks one pending NO ACTION reference; x is an open
// transaction whose end it needs.
func (t *Txn) checkNoAction(p pendingRef) (XID, error) {
	k, child := p.link.k, p.link.child
	key, ok := refKey(k, p.old)
	if !ok {
		return invalidXID, nil
	}
	if pk, pkey, ok := parentKeyOf(p.parent, k, p.old); ok {
		if found, _ := t.liveHolder(p.parent, slotsOf(p.parent, pk, pkey)); found {
			return invalidXID, nil // the key exists again
		}
	}
	child.keysMu.RLock()
	slots := slices.Clone(k.keys[key])
	child.keysMu.RUnlock()
	rows, x := t.referencingRows(child, slots)
	if len(rows) > 0 {
		return invalidXID, stillReferenced(p.parent, child, k, p.old)
	}
	return x, nil
}

// parentKeyOf is parentKey for a parent row (its referenced columns read
// from the row itself).
func parentKeyOf(p *Table, k *Constraint, row []any) (*Constraint, string, bool) {
	// The parent row read as a child row whose referencing columns are
	// the referenced ones.
	return parentKey(p, &Constraint{Columns: k.RefColumns, RefColumns: k.RefColumns}, row)
}

// stillReferenced is 23503 for parent row old of tb that child rows
// still reference through k.
func stillReferenced(tb, child *Table, k *Constraint, old []any) error {
	return pgerror.Errorf(pgerror.ForeignKeyViolation,
		"update or delete on table %q violates foreign key constraint %q on table %q", bareName(tb.Name), bareName(k.Name), bareName(child.Name)).
		WithDetail(fmt.Sprintf("Key (%s)=(%s) is still referenced from table %q.",
			columnNames(tb, k.RefColumns), keyText(tb, k.RefColumns, old), child.Name)).
		WithObject(child.Name, "", k.Name)
}

// refKey is the key a parent row old offers to k's child map: its
// referenced columns in k's order; false when one is NULL.
func refKey(k *Constraint, old []any) (string, bool) {
	var b []byte
	for _, c := range k.RefColumns {
		if old[c] == nil {
			return "", false
		}
		b = types.AppendKey(b, old[c])
	}
	return string(b), true
}

// referencingRows returns the slots among slots whose versions are live
// child rows to t (inserted by a committed transaction or t, not deleted
// by either); x is an open transaction a row's fate depends on.
func (t *Txn) referencingRows(child *Table, slots []uint64) (rows []uint64, x XID) {
	for _, s := range slots {
		live, pending := t.liveTo(child.version(s))
		if live {
			rows = append(rows, s)
		}
		if pending != invalidXID {
			x = pending
		}
	}
	return rows, x
}

// cascade deletes the child rows (CASCADE on delete) or changes their
// referencing columns (CASCADE on update: to upd's key; SET NULL; SET
// DEFAULT: the columns' constant defaults).
func (t *Txn) cascade(tb, child *Table, k *Constraint, rows []uint64, action byte, old, upd []any) error {
	if child != tb {
		child.wmu.Lock()
		defer child.wmu.Unlock()
	}
	for _, s := range rows {
		v := child.version(s)
		if v.getXmax() != invalidXID {
			continue // deleted by an earlier cascade of this statement
		}
		if action == FKCascade && upd == nil {
			if err := t.Delete(child, s); err != nil {
				return err
			}
			continue
		}
		row := slices.Clone(child.logical(v.vals))
		for i, c := range k.Columns {
			switch action {
			case FKCascade:
				row[c] = upd[k.RefColumns[i]]
			case FKSetNull:
				row[c] = nil
			case FKSetDefault:
				row[c] = child.Columns[c].Default
			}
		}
		if _, err := t.Update(child, s, row); err != nil {
			return err
		}
	}
	if action == FKSetDefault {
		// The default may reference the row going away: PostgreSQL's
		// SET DEFAULT runs the NO ACTION check after it.
		t.queueCheck(k, deferredCheck{ref: &pendingRef{parent: tb, link: fkLink{child: child, k: k}, old: old}})
	}
	return nil
}

// validateForeignKey checks t's rows against k, a foreign key being
// added (ALTER TABLE ADD CONSTRAINT): 23503 with PostgreSQL's message for
// the first row without a parent. DDL holds both tables exclusively.
func (c *Catalog) validateForeignKey(t *Table, k *Constraint) error {
	p := c.tableByOID(k.RefTable)
	if p == nil {
		return nil
	}
	for s := range t.Slots() {
		v := t.version(s)
		if v.getXmin() == invalidXID || v.getXmax() != invalidXID {
			continue
		}
		vals := t.logical(v.vals)
		pk, key, ok := parentKey(p, k, vals)
		if !ok || (p == t && selfReference(k, vals)) {
			continue
		}
		if !c.anyLive(p, slotsOf(p, pk, key)) {
			return pgerror.Errorf(pgerror.ForeignKeyViolation,
				"insert or update on table %q violates foreign key constraint %q", bareName(t.Name), bareName(k.Name)).
				WithDetail(fmt.Sprintf("Key (%s)=(%s) is not present in table %q.", k.ColumnNames(t), keyText(t, k.Columns, vals), bareName(p.Name))).
				WithObject(t.Name, "", k.Name)
		}
	}
	return nil
}

// anyLive reports whether a version among slots of p is not deleted.
func (c *Catalog) anyLive(p *Table, slots []uint64) bool {
	for _, s := range slots {
		if v := p.version(s); v.getXmin() != invalidXID && v.getXmax() == invalidXID {
			return true
		}
	}
	return false
}

// tableByOID returns the table with the OID, or nil. Schema lock held.
func (c *Catalog) tableByOID(oid uint32) *Table {
	for _, t := range c.tables {
		if t.OID == oid {
			return t
		}
	}
	return nil
}

// dependents returns the foreign keys of other tables (or of t itself,
// when self is true) that reference t's key name (a primary key or
// unique key; "" for any key of t).
func (c *Catalog) dependents(t *Table, name string, self bool) []fkLink {
	var out []fkLink
	for _, l := range t.referencing() {
		if l.child == t && !self {
			continue
		}
		if name == "" || keyNameOf(t, l.k.RefColumns) == name {
			out = append(out, l)
		}
	}
	return out
}

// keyNameOf is the name of t's key (primary or unique) on cols.
func keyNameOf(t *Table, cols []int) string {
	if sameSet(t.PrimaryKey, cols) {
		return t.PKeyName
	}
	for _, u := range t.Uniques() {
		if sameSet(u.Columns, cols) {
			return u.Name
		}
	}
	return ""
}

// checkNotReferenced returns 2BP01 when a foreign key references t's key
// name, as PostgreSQL's DROP CONSTRAINT / DROP INDEX without CASCADE.
func (c *Catalog) checkNotReferenced(t *Table, name string) error {
	deps := c.dependents(t, name, true)
	if len(deps) == 0 {
		return nil
	}
	l := deps[0]
	return pgerror.Errorf(pgerror.DependentObjectsStillExist,
		"cannot drop constraint %s on table %s because other objects depend on it", name, t.Name).
		WithDetail(fmt.Sprintf("constraint %s on table %s depends on index %s", l.k.Name, l.child.Name, name)).
		WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
}

// DropReferencing drops the foreign keys referencing t's key name (""
// for every key of t, DROP TABLE ... CASCADE; then t's own foreign keys
// on itself are left to go with it), and returns PostgreSQL's NOTICE
// text "drop cascades to constraint c_p_fkey on table c" for each.
// Rollback of txn restores them. Schema lock held exclusively.
func (c *Catalog) DropReferencing(txn *Txn, t *Table, name string) ([]string, error) {
	var notes []string
	for _, l := range c.dependents(t, name, name != "") {
		notes = append(notes, fmt.Sprintf("drop cascades to constraint %s on table %s", l.k.Name, l.child.Name))
		c.RememberTable(txn, l.child)
		if err := c.DropConstraint(l.child, l.k.Name); err != nil {
			return nil, err
		}
	}
	return notes, nil
}

// DropTableBlockers returns 2BP01 for DROP TABLE t without CASCADE when
// a foreign key of another table references it, other than the tables
// named in dropped (dropped by the same statement).
func (c *Catalog) DropTableBlockers(t *Table, dropped []string) error {
	var detail []string
	for _, l := range c.dependents(t, "", false) {
		if slices.Contains(dropped, l.child.Name) {
			continue
		}
		detail = append(detail, fmt.Sprintf("constraint %s on table %s depends on table %s", l.k.Name, l.child.Name, t.Name))
	}
	if len(detail) == 0 {
		return nil
	}
	return pgerror.Errorf(pgerror.DependentObjectsStillExist, "cannot drop table %s because other objects depend on it", t.Name).
		WithDetail(joinLines(detail)).WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
}

// checkColumnNotReferenced returns 2BP01 for DROP COLUMN of column col
// of t when a foreign key references it.
func (c *Catalog) checkColumnNotReferenced(t *Table, col int) error {
	for _, l := range t.referencing() {
		if slices.Contains(l.k.RefColumns, col) && !(l.child == t && slices.Contains(l.k.Columns, col)) {
			return pgerror.Errorf(pgerror.DependentObjectsStillExist,
				"cannot drop column %s of table %s because other objects depend on it", t.Columns[col].Name, t.Name).
				WithDetail(fmt.Sprintf("constraint %s on table %s depends on column %s of table %s", l.k.Name, l.child.Name, t.Columns[col].Name, t.Name)).
				WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
	}
	return nil
}

// shiftReferences renumbers the referenced columns of the foreign keys
// referencing t past col, which DROP COLUMN removed (each referencing
// table's new definition logged).
func (c *Catalog) shiftReferences(t *Table, col int) error {
	done := map[*Table]bool{}
	for _, l := range t.referencing() {
		child := l.child
		if done[child] || !slices.ContainsFunc(l.k.RefColumns, func(x int) bool { return x > col }) {
			continue
		}
		done[child] = true
		nt := c.proposal(child)
		for _, k := range nt.Constraints {
			if k.Kind != ConForeign || k.RefTable != t.OID {
				continue
			}
			for i, x := range k.RefColumns {
				if x > col {
					k.RefColumns[i] = x - 1
				}
			}
		}
		if err := c.alter(child, nt); err != nil {
			return err
		}
	}
	return nil
}

// TruncateBlockers returns PostgreSQL's 0A000 "cannot truncate a table
// referenced in a foreign key constraint" when a table other than those
// named in truncated references t.
func (c *Catalog) TruncateBlockers(t *Table, truncated []string) error {
	for _, l := range c.dependents(t, "", false) {
		if !slices.Contains(truncated, l.child.Name) {
			return pgerror.New(pgerror.FeatureNotSupported, "cannot truncate a table referenced in a foreign key constraint").
				WithDetail(fmt.Sprintf("Table %q references %q.", l.child.Name, t.Name)).
				WithHint(fmt.Sprintf("Truncate table %q at the same time, or use TRUNCATE ... CASCADE.", l.child.Name))
		}
	}
	return nil
}

func joinLines(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += "\n"
		}
		out += x
	}
	return out
}
