package pgcatalog

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/catalog"
)

// Constraint kinds, as pg_constraint.contype spells them; notNullKind is
// the NOT NULL of a column, which PostgreSQL 15 keeps in
// pg_attribute.attnotnull and information_schema shows as a CHECK.
const (
	conPrimary  = 'p'
	conUnique   = 'u'
	conForeign  = 'f'
	conCheck    = 'c'
	notNullKind = 'n'
)

// constraint is one table constraint as the information_schema views
// show it.
type constraint struct {
	name  string
	table *catalog.Table
	kind  byte   // conPrimary, conUnique, conForeign, conCheck or notNullKind
	cols  []int  // the constrained columns' positions, in key order
	check string // the CHECK clause of conCheck and notNullKind: "id IS NOT NULL"
	// k is the catalog's UNIQUE, CHECK or FOREIGN KEY constraint; nil for
	// the primary key and a NOT NULL.
	k *catalog.Constraint
}

// constraints lists every table's constraints: its primary key, its
// UNIQUE, CHECK and FOREIGN KEY constraints in creation order (not a
// bare CREATE UNIQUE INDEX, which has no pg_constraint row), then one NOT
// NULL per NOT NULL column (in column order), tables sorted by name.
// Every information_schema view about constraints reads this one list.
func constraints(cat *catalog.Catalog) []constraint {
	var out []constraint
	for _, r := range relations(cat) {
		if r.kind != kindTable {
			continue
		}
		t := r.table
		if t.PKeyName != "" {
			out = append(out, constraint{name: t.PKeyName, table: t, kind: conPrimary, cols: t.PrimaryKey})
		}
		for _, k := range t.Constraints {
			if !k.IndexOnly {
				out = append(out, tableConstraint(cat, t, k))
			}
		}
		for i, c := range t.Columns {
			if c.NotNull {
				out = append(out, constraint{name: notNullName(t, i), table: t, kind: notNullKind,
					cols: []int{i}, check: c.Name + " IS NOT NULL"})
			}
		}
	}
	return out
}

// notNullName is the name PostgreSQL 15's information_schema gives the
// NOT NULL of column col: namespace OID, table OID, attnum, "not_null".
func notNullName(t *catalog.Table, col int) string {
	return strconv.Itoa(oidPublic) + "_" + strconv.FormatUint(uint64(t.OID), 10) + "_" + strconv.Itoa(col+1) + "_not_null"
}

// constraintType is information_schema's constraint_type of kind k.
func constraintType(k byte) string {
	switch k {
	case conPrimary:
		return "PRIMARY KEY"
	case conUnique:
		return "UNIQUE"
	case conForeign:
		return "FOREIGN KEY"
	}
	return "CHECK"
}

// tableConstraint is the list entry of the catalog constraint k of t; a
// CHECK's clause is pg_get_constraintdef's text after "CHECK ", as
// PostgreSQL 15's check_constraints view takes it.
func tableConstraint(cat *catalog.Catalog, t *catalog.Table, k *catalog.Constraint) constraint {
	c := constraint{name: k.Name, table: t, kind: byte(k.Kind), cols: k.Columns, k: k}
	if k.Kind == catalog.ConCheck {
		c.check = strings.TrimPrefix(pgConstraint{k}.def(cat, t, false), "CHECK ")
	}
	return c
}

// referencedKey is the name and columns of the unique constraint or
// primary key of p that a foreign key on p's columns refs uses ("", nil
// when there is none).
func referencedKey(p *catalog.Table, refs []int) (string, []int) {
	if sameCols(p.PrimaryKey, refs) {
		return p.PKeyName, p.PrimaryKey
	}
	for _, u := range p.Uniques() {
		if sameCols(u.Columns, refs) {
			return u.Name, u.Columns
		}
	}
	return "", nil
}

// ruleName is information_schema's update_rule/delete_rule of a
// referential action.
func ruleName(a byte) string {
	if n := actionName(a); n != "" {
		return n
	}
	return "NO ACTION"
}
