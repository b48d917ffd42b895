package pgcatalog

import (
	"sort"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/wire/backend"
)

// The queries psql 15's \d table sends for constraints when the table
// has CHECK constraints (relchecks > 0) or foreign keys either way
// (relhastriggers): "Check constraints:", "Foreign-key constraints:" and
// "Referenced by:" (testdata/psql15/d_checks_1.sql, d_fkeys_1.sql,
// d_referenced_1.sql, captured with psql 15.20 -E), and the triggers
// query relhastriggers also makes it send (d_triggers_1.sql: vecgres has
// no user triggers, and PostgreSQL's foreign-key triggers are internal).
func init() {
	shapes["56a0143d2d818b5e"] = &shape{name: `\d table: triggers`, cols: describeTriggerCols, rows: none}
	shapes["4f4a0137ababb307"] = &shape{name: `\d table: checks`, cols: textCols("conname", "pg_get_constraintdef"), rows: tableChecks}
	shapes["5803b702c0e74f31"] = &shape{name: `\d table: foreign keys`, cols: foreignKeyCols, rows: tableForeignKeys}
	shapes["dc6bb9ab963cedac"] = &shape{name: `\d table: referenced by`, cols: textCols("conname", "ontable", "condef"), rows: tableReferencedBy}
}

var describeTriggerCols = []backend.Column{textCol("tgname"), textCol("pg_get_triggerdef"), textCol("tgenabled"),
	boolCol("tgisinternal"), textCol("parent")}

var foreignKeyCols = []backend.Column{boolCol("sametable"), textCol("conname"), textCol("condef"), textCol("ontable")}

// tableChecks answers the check query: name and pretty definition of each
// CHECK constraint, by name.
func tableChecks(env Env, c consts) [][]any {
	return constraintList(env, c.oid(), catalog.ConCheck, func(t *catalog.Table, k pgConstraint) []any {
		return []any{bareName(env.Cat, k.k.Name), k.def(env.Cat, t, true)}
	})
}

// tableForeignKeys answers the foreign-key query: the table's own
// foreign keys, by name.
func tableForeignKeys(env Env, c consts) [][]any {
	return constraintList(env, c.oid(), catalog.ConForeign, func(t *catalog.Table, k pgConstraint) []any {
		return []any{true, bareName(env.Cat, k.k.Name), k.def(env.Cat, t, true), QuoteIdent(baseName(env.Cat, t))}
	})
}

// constraintList lists the constraints of kind of the table oid, sorted
// by name.
func constraintList(env Env, oid uint32, kind catalog.ConstraintKind, row func(*catalog.Table, pgConstraint) []any) [][]any {
	t, ok := tableByOID(env.Cat, oid)
	if !ok {
		return nil
	}
	var rows [][]any
	for _, k := range tableConstraints(t) {
		if k.k != nil && k.k.Kind == kind {
			rows = append(rows, row(t, k))
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i][nameCol(kind)].(string) < rows[j][nameCol(kind)].(string) })
	return rows
}

func nameCol(kind catalog.ConstraintKind) int {
	if kind == catalog.ConForeign {
		return 1
	}
	return 0
}

// tableReferencedBy answers the "Referenced by" query: the foreign keys
// of every table that reference the table oid, by name.
func tableReferencedBy(env Env, c consts) [][]any {
	oid := c.oid()
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for _, k := range tableConstraints(t) {
			if k.k != nil && k.k.Kind == catalog.ConForeign && k.k.RefTable == oid {
				rows = append(rows, []any{bareName(env.Cat, k.k.Name), QuoteIdent(baseName(env.Cat, t)), k.def(env.Cat, t, true)})
			}
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i][0].(string) < rows[j][0].(string) })
	return rows
}

// checkCount is pg_class.relchecks: t's CHECK constraints.
func checkCount(t *catalog.Table) int64 {
	var n int64
	for _, k := range t.Constraints {
		if k.Kind == catalog.ConCheck {
			n++
		}
	}
	return n
}

// hasTriggers is pg_class.relhastriggers: t has a foreign key or one
// references it (PostgreSQL's RI triggers).
func hasTriggers(cat *catalog.Catalog, t *catalog.Table) bool {
	for _, x := range cat.Tables() {
		for _, k := range x.Constraints {
			if k.Kind == catalog.ConForeign && (x == t || k.RefTable == t.OID) {
				return true
			}
		}
	}
	return false
}
