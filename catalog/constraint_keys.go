package catalog

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Unique keys' maps and their index entries in the catalog's name map.

// linkConstraints gives t's unique keys their index entries in the name
// map (as a primary key's) and a key map each, keeping the map of a key
// that old (t's constraints before the change) already had; a new key's
// map is filled from the versions that may be live. Entries of keys
// gone are removed. Schema lock held exclusively (or start-up), and
// t's writer lock or t not yet published.
func (c *Catalog) linkConstraints(t *Table, old []*Constraint) {
	for _, o := range old {
		if ix, ok := c.indexes[o.Name]; ok && ix.Key == o {
			delete(c.indexes, o.Name)
		}
	}
	t.keysMu.Lock()
	defer t.keysMu.Unlock()
	defer c.relinkForeignKeys()
	for _, k := range t.Constraints {
		if !k.hasKeys() {
			continue
		}
		if err := bindUniquePred(t, k); err != nil {
			c.logger().Error("catalog: unique index predicate does not bind", "index", k.Name, "err", err)
		}
		for _, o := range old {
			if o.sameKey(k) && o.keys != nil {
				k.keys = o.keys
			}
		}
		if k.keys == nil {
			k.keys = map[string][]uint64{}
			c.fillKeys(t, k)
		}
		if k.Kind != ConUnique {
			continue
		}
		col := 0
		if len(k.Columns) > 0 {
			col = k.Columns[0]
		}
		if len(k.keyCols) > 0 {
			col = k.keyCols[0]
		}
		c.indexes[k.Name] = &Index{OID: k.IndexOID, Name: k.Name, Table: t, Method: MethodBTree, Column: col, Key: k, Expr: k.KeyExpr, keyType: k.keyType}
	}
	c.version++
}

// storeKeys enters a new version's keys: the primary key's (pk, "" for
// none) and its constraints'. Writer lock held.
func (tb *Table) storeKeys(slot uint64, pk string, vals []any) {
	if pk != "" {
		tb.keysMu.Lock()
		tb.pkey[pk] = append(tb.pkey[pk], slot)
		tb.keysMu.Unlock()
	}
	tb.enterKeys(slot, vals)
}

// unlinkConstraints removes t's unique keys' index entries (DROP TABLE).
func (c *Catalog) unlinkConstraints(t *Table) {
	for _, k := range t.Constraints {
		if ix, ok := c.indexes[k.Name]; ok && ix.Key == k {
			delete(c.indexes, k.Name)
		}
	}
}

// fillKeys enters every version of t that may be live into k's map.
func (c *Catalog) fillKeys(t *Table, k *Constraint) {
	for s := range t.Slots() {
		v := t.version(s)
		if !c.mayBeLive(v) {
			continue
		}
		if key, ok := k.keyOf(t.logical(v.vals)); ok {
			k.keys[key] = append(k.keys[key], s)
		}
	}
}

// duplicateKey returns 23505 "could not create unique index" when two
// versions of t that are not deleted hold the same key of k (CREATE
// UNIQUE INDEX, ADD UNIQUE on existing rows), with PostgreSQL's DETAIL
// "Key (a)=(1) is duplicated.". DDL holds ACCESS EXCLUSIVE, so the only
// open transaction that may have written t is the DDL's own.
func (c *Catalog) duplicateKey(t *Table, k *Constraint) error {
	seen := map[string]bool{}
	for s := range t.Slots() {
		v := t.version(s)
		if v.getXmin() == invalidXID || v.getXmax() != invalidXID {
			continue
		}
		vals := t.logical(v.vals)
		key, ok := k.keyOf(vals)
		if !ok {
			continue
		}
		if seen[key] {
			return pgerror.Errorf(pgerror.UniqueViolation, "could not create unique index %q", k.Name).
				WithDetail(fmt.Sprintf("Key (%s)=(%s) is duplicated.", k.ColumnNames(t), k.keyValuesText(t, vals))).
				WithObject(t.Name, "", k.Name)
		}
		seen[key] = true
	}
	return nil
}

// enterKeys adds slot, holding row vals, to the maps of t's unique keys.
// Writer lock held.
func (tb *Table) enterKeys(slot uint64, vals []any) {
	tb.keysMu.Lock()
	defer tb.keysMu.Unlock()
	for _, k := range tb.Constraints {
		if k.keys == nil {
			continue
		}
		if key, ok := k.keyOf(vals); ok {
			k.keys[key] = append(k.keys[key], slot)
		}
	}
}

// forgetKeysLocked removes an aborted version from the constraints' key
// maps. Writer lock and keysMu held.
func (tb *Table) forgetKeysLocked(slot uint64, vals []any) {
	for _, k := range tb.Constraints {
		if k.keys == nil {
			continue
		}
		key, ok := k.keyOf(vals)
		if !ok {
			continue
		}
		k.keys[key] = removeSlot(k.keys[key], slot)
		if len(k.keys[key]) == 0 {
			delete(k.keys, key)
		}
	}
}

func removeSlot(slots []uint64, slot uint64) []uint64 {
	for i, s := range slots {
		if s == slot {
			return append(slots[:i], slots[i+1:]...)
		}
	}
	return slots
}

// checkKeys checks row vals against t's primary key and unique keys and
// returns the primary-key map key ("" when there is none). A key a
// possibly live version holds is 23505; when t waits (SetWait) and the
// holder's fate depends on another open transaction, it waits for that
// one and checks every key again (one may have been taken meanwhile).
// Writer lock held.
func (t *Txn) checkKeys(tb *Table, vals []any) (string, error) {
	for {
		pk, err := t.checkUnique(tb, vals)
		if err != nil {
			return "", err
		}
		waited, err := t.checkUniques(tb, vals)
		if err != nil {
			return "", err
		}
		if !waited {
			return pk, nil
		}
	}
}

// checkUniques checks vals against each unique key of tb; waited is true
// when it waited for a transaction (the caller checks again).
func (t *Txn) checkUniques(tb *Table, vals []any) (waited bool, err error) {
	for _, k := range tb.Constraints {
		if k.keys == nil || k.Kind != ConUnique {
			continue
		}
		if k.keyFn != nil {
			if _, err := k.keyFn(vals); err != nil {
				return false, err // a key that cannot be computed cannot be stored
			}
		}
		key, ok := k.keyOf(vals)
		if !ok {
			continue
		}
		x, taken := t.holder(tb, k.keys[key])
		if !taken {
			continue
		}
		if x == invalidXID || !t.waiting() {
			return false, pgerror.Errorf(pgerror.UniqueViolation,
				"duplicate key value violates unique constraint %q", bareName(k.Name)).
				WithDetail(fmt.Sprintf("Key (%s)=(%s) already exists.", k.ColumnNames(tb), k.keyValuesText(tb, vals))).
				WithObject(tb.Name, "", k.Name)
		}
		return true, t.waitRow(tb, x)
	}
	return false, nil
}

// RowCheck evaluates CHECK constraint k of t on a row (column order):
// false when the row violates it. The planner provides it
// (SetRowCheck); it must not take catalog locks.
type RowCheck func(t *Table, k *Constraint, vals []any) (bool, error)

// SetRowCheck installs the evaluator of CHECK constraints; without one,
// CHECK constraints are not enforced. Call before serving statements.
func (c *Catalog) SetRowCheck(f RowCheck) { c.rowCheck = f }

// checkChecks returns 23514 for the first CHECK constraint of tb that row
// vals violates, with PostgreSQL's DETAIL "Failing row contains (...).".
func (t *Txn) checkChecks(tb *Table, vals []any) error {
	if t.c.rowCheck == nil {
		return nil
	}
	for _, k := range tb.Constraints {
		if k.Kind != ConCheck {
			continue
		}
		ok, err := t.c.rowCheck(tb, k, vals)
		if err != nil {
			return err
		}
		if !ok {
			return pgerror.Errorf(pgerror.CheckViolation, "new row for relation %q violates check constraint %q", bareName(tb.Name), bareName(k.Name)).
				WithDetail(failingRow(tb, vals)).WithObject(tb.Name, "", k.Name)
		}
	}
	return nil
}

// validateCheck returns 23514 "check constraint ... of relation ... is
// violated by some row" when a row of t that is not deleted fails k (ALTER
// TABLE ADD CONSTRAINT ... CHECK).
func (c *Catalog) validateCheck(t *Table, k *Constraint) error {
	if c.rowCheck == nil {
		return nil
	}
	for s := range t.Slots() {
		v := t.version(s)
		if v.getXmin() == invalidXID || v.getXmax() != invalidXID {
			continue
		}
		ok, err := c.rowCheck(t, k, t.logical(v.vals))
		if err != nil {
			return err
		}
		if !ok {
			return pgerror.Errorf(pgerror.CheckViolation, "check constraint %q of relation %q is violated by some row", k.Name, t.Name).
				WithObject(t.Name, "", k.Name)
		}
	}
	return nil
}

// CheckRow returns 23514 when row vals violates a CHECK constraint of tb
// (INSERT ... ON CONFLICT checks the proposed row first, as PostgreSQL).
func (t *Txn) CheckRow(tb *Table, vals []any) error { return t.checkChecks(tb, vals) }
