package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Adding and dropping constraints (ALTER TABLE ADD / DROP CONSTRAINT,
// CREATE UNIQUE INDEX, DROP INDEX of a unique index). Each is an ALTER
// TABLE: the table's new definition is logged whole (alter.go), and a
// transaction's rollback restores the old one (RememberTable). Schema
// lock held exclusively, after the planner's ACCESS EXCLUSIVE lock on
// the table (and on a referenced table).

// maxIdentLen is PostgreSQL's NAMEDATALEN-1: the longest name it keeps.
const maxIdentLen = 63

// ConstraintName returns the name PostgreSQL gives an unnamed constraint
// or index of table t over the named columns with label ("key", "idx",
// "check", "fkey"): table_col1_col2_label, the longer part truncated to
// fit 63 bytes (makeObjectName), with 1, 2, ... appended while a
// relation or a constraint of the schema has it (ChooseRelationName,
// ChooseConstraintName).
func (c *Catalog) ConstraintName(t string, cols []string, label string) string {
	tb := &Table{Name: t}
	k := &Constraint{Kind: ConUnique}
	for i, col := range cols {
		tb.Columns = append(tb.Columns, Column{Name: col})
		k.Columns = append(k.Columns, i)
	}
	switch label {
	case "idx":
		k.IndexOnly = true
	case "fkey":
		k.Kind = ConForeign
	case "check":
		k.Kind = ConCheck
	}
	return c.chooseName(tb, k, nil)
}

// makeObjectName joins name1, name2 (may be "") and label with "_",
// truncating the longer of name1 and name2 until the whole fits in
// maxIdentLen bytes, as PostgreSQL's makeObjectName.
func makeObjectName(name1, name2, label string) string {
	overhead := len(label) + 1
	if name2 != "" {
		overhead++
	}
	avail := maxIdentLen - overhead
	for len(name1)+len(name2) > avail {
		if len(name1) > len(name2) {
			name1 = name1[:len(name1)-1]
		} else {
			name2 = name2[:len(name2)-1]
		}
	}
	if name2 == "" {
		return name1 + "_" + label
	}
	return name1 + "_" + name2 + "_" + label
}

// constraintNameUsed reports whether a constraint of any table (or a
// primary key) is named name.
func (c *Catalog) constraintNameUsed(name string) bool {
	for _, t := range c.tables {
		if t.PKeyName == name {
			return true
		}
		if _, ok := t.Constraint(name); ok {
			return true
		}
	}
	return false
}

// AddConstraint adds k (its Name chosen by the caller, ConstraintName)
// to t. A unique key is checked against the existing rows (23505 "could
// not create unique index"), a foreign key against the referenced table
// (23503, constraint_fk.go); OIDs are allocated here. Errors: 42710 when
// t has a constraint of the name, 42P07 when a unique key's name is a
// relation's.
func (c *Catalog) AddConstraint(t *Table, k *Constraint) error {
	if k.Kind == ConUnique && c.RelationExists(k.Name) {
		return pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(k.Name))
	}
	if _, ok := t.Constraint(k.Name); ok || t.PKeyName == k.Name {
		return pgerror.Errorf(pgerror.DuplicateObject, "constraint %q for relation %q already exists", bareName(k.Name), bareName(t.Name))
	}
	if k.Kind == ConUnique {
		if err := bindUniquePred(t, k); err != nil {
			return err
		}
		if err := c.duplicateKey(t, k); err != nil {
			return err
		}
		k.IndexOID = c.allocOID()
	}
	if k.Kind == ConForeign {
		if err := c.validateForeignKey(t, k); err != nil {
			return err
		}
	}
	if k.Kind == ConCheck {
		if err := c.validateCheck(t, k); err != nil {
			return err
		}
	}
	if !k.IndexOnly {
		k.OID = c.allocOID()
	}
	nt := c.proposal(t)
	nt.Constraints = append(nt.Constraints, k.clone())
	return c.alter(t, nt)
}

// DropConstraint drops t's constraint name (a primary key too). Errors:
// 42704 when t has none of that name (a unique index made by CREATE
// UNIQUE INDEX is no constraint); 2BP01 when a foreign key of another
// table references its key.
func (c *Catalog) DropConstraint(t *Table, name string) error {
	k, ok := t.Constraint(name)
	if (!ok || k.IndexOnly) && (t.PKeyName != name || name == "") {
		return pgerror.Errorf(pgerror.UndefinedObject, "constraint %q of relation %q does not exist", name, t.Name)
	}
	if err := c.checkNotReferenced(t, name); err != nil {
		return err
	}
	nt := c.proposal(t)
	if t.PKeyName == name {
		nt.PrimaryKey, nt.PKeyName = nil, ""
	}
	nt.Constraints = slices.DeleteFunc(nt.Constraints, func(x *Constraint) bool { return x.Name == name })
	return c.alter(t, nt)
}

// dropUniqueIndex drops the unique index ix made by CREATE UNIQUE INDEX
// (DROP INDEX); a constraint's index is 2BP01, as in PostgreSQL.
func (c *Catalog) dropUniqueIndex(ix *Index) error {
	t := ix.Table
	if !ix.Key.IndexOnly {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist,
			"cannot drop index %s because constraint %s on table %s requires it", ix.Name, ix.Name, t.Name).
			WithHint(fmt.Sprintf("You can drop constraint %s on table %s instead.", ix.Name, t.Name))
	}
	if err := c.checkNotReferenced(t, ix.Name); err != nil {
		return err
	}
	nt := c.proposal(t)
	nt.Constraints = slices.DeleteFunc(nt.Constraints, func(x *Constraint) bool { return x.Name == ix.Name })
	return c.alter(t, nt)
}

// dropColumnConstraints returns nt's constraints without those on
// column col, the others' positions shifted past it (DROP COLUMN drops
// the constraints and indexes involving the column, as PostgreSQL).
func dropColumnConstraints(cons []*Constraint, col int) []*Constraint {
	var out []*Constraint
	for _, k := range cons {
		if slices.Contains(k.Columns, col) {
			continue
		}
		for i, x := range k.Columns {
			if x > col {
				k.Columns[i] = x - 1
			}
		}
		out = append(out, k)
	}
	return out
}

// CreateTableWith is CreateTableIn for a table with a primary key named
// pkeyName ("" : table_pkey) and the constraints cons, all in its one
// CreateTable record. A constraint with Name "" is named here, in order,
// as PostgreSQL names it (AutoName); a foreign key with RefTable 0
// references the new table itself. Errors: those of CreateTableIn;
// 42710 for two constraints of one name; 42P07 for a unique key named
// as a relation.
func (c *Catalog) CreateTableWith(txn *Txn, owner, name string, cols []Column, pkey []int, pkeyName string, cons []*Constraint) (*Table, error) {
	if len(cons) == 0 && pkeyName == "" {
		return c.CreateTableIn(txn, owner, name, cols, pkey)
	}
	if err := c.checkNameNotPendingDrop(txn, name); err != nil {
		return nil, err
	}
	if c.RelationExists(name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(name))
	}
	t := &Table{Name: name, Columns: cols, PrimaryKey: pkey, Owner: owner}
	if len(pkey) > 0 {
		t.PKeyName = pkeyName
		if pkeyName == "" {
			t.PKeyName = c.uniqueName(name + "_pkey")
		} else if c.RelationExists(pkeyName) {
			return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(pkeyName))
		}
	}
	taken := map[string]bool{t.PKeyName: t.PKeyName != ""}
	for _, k := range cons {
		if k.Name == "" {
			k.Name = c.chooseName(t, k, taken)
		}
		switch {
		case taken[k.Name]:
			return nil, pgerror.Errorf(pgerror.DuplicateObject, "constraint %q for relation %q already exists", bareName(k.Name), bareName(name))
		case k.Kind == ConUnique && c.RelationExists(k.Name):
			return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(k.Name))
		}
		taken[k.Name] = true
	}
	t.OID = c.allocOID()
	for _, k := range cons {
		if k.Kind == ConUnique {
			k.IndexOID = c.allocOID()
		}
		if !k.IndexOnly {
			k.OID = c.allocOID()
		}
		if k.Kind == ConForeign && k.RefTable == 0 {
			k.RefTable = t.OID
		}
		t.Constraints = append(t.Constraints, k.clone())
	}
	if err := c.createLogged(t, txn); err != nil {
		return nil, err
	}
	return t, nil
}

// createLogged logs new table (or view) t's creation, publishes it and,
// inside txn, makes it the transaction's: held exclusively, dropped by
// rollback. Lock held exclusively.
func (c *Catalog) createLogged(t *Table, txn *Txn) error {
	if err := c.logRelDDL(t.Name, recCreateTable, encodeCreateTable(t)); err != nil {
		return err
	}
	c.addTable(t)
	if txn != nil && !txn.done {
		t.createdBy = txn.xid
		txn.holdExclusive(t)
		txn.addUndo(func() error { return c.dropTableObj(t) })
	}
	return nil
}

// AutoName names k, a new constraint of t without a name, as PostgreSQL
// does: t_cols_key for a unique constraint (t_cols_idx for a unique
// index), t_cols_fkey for a foreign key, t_col_check for a check reading
// one column (t_check otherwise), numbered when taken.
func (c *Catalog) AutoName(t *Table, k *Constraint) string {
	return c.chooseName(t, k, nil)
}

func (c *Catalog) chooseName(t *Table, k *Constraint, taken map[string]bool) string {
	var cols []string
	for _, i := range k.Columns {
		cols = append(cols, t.Columns[i].Name)
	}
	label := map[ConstraintKind]string{ConUnique: "key", ConForeign: "fkey", ConCheck: "check"}[k.Kind]
	switch {
	case k.IndexOnly:
		label = "idx"
	case k.Kind == ConCheck && len(cols) != 1:
		cols = nil
	}
	name2 := strings.Join(cols, "_")
	for i := 0; ; i++ {
		suffix := label
		if i > 0 {
			suffix = fmt.Sprintf("%s%d", label, i)
		}
		name := makeObjectName(t.Name, name2, suffix)
		if !taken[name] && !c.RelationExists(name) && !c.constraintNameUsed(name) {
			return name
		}
	}
}
