package pgcatalog

import (
	"strconv"

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
}

// constraints lists every table's constraints: its primary key, then one
// NOT NULL per NOT NULL column (in column order), tables sorted by name.
// Every information_schema view about constraints reads this one list:
// UNIQUE, FOREIGN KEY and CHECK constraints, once the catalog keeps them,
// are added here.
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
