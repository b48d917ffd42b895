package pgcatalog

import (
	"github.com/vecgres/vecgres/planner/sem"
)

// Row types in pg_type (PostgreSQL docs 8.16, 53.64): PostgreSQL 15
// makes a composite type for every table and view (typtype c, category
// C, typrelid the relation, pg_class.reltype its OID) and an array type
// of it (_name), in the relation's schema and owned by its owner;
// sequences and indexes have none. The OIDs are sem.RowTypeOID's. The
// pseudo-type record and its array _record are listed as PostgreSQL 15's
// pg_type.dat has them.

// rowTypeRows are the row types of the tables and views and their arrays.
func rowTypeRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind != kindTable && r.kind != kindView {
			continue
		}
		ns, owner := namespaceOID(env.Cat, r.schema), int64(roleOID(r.table.Owner))
		typ, arr := int64(sem.RowTypeOID(r.oid)), int64(sem.RowArrayTypeOID(r.oid))
		rows = append(rows,
			[]any{typ, r.name, ns, owner, int64(-1), false, "c", "C", false, true, ",", int64(r.oid), "-", int64(0), arr,
				"record_in", "record_out", "record_recv", "record_send", "-", "-", "-", "d", "x", false, int64(0),
				int64(-1), int64(0), int64(0), nil, nil, nil},
			[]any{arr, "_" + r.name, ns, owner, int64(-1), false, "b", "A", false, true, ",", int64(0),
				"array_subscript_handler", typ, int64(0), "array_in", "array_out", "array_recv", "array_send", "-", "-",
				"array_typanalyze", "d", "x", false, int64(0), int64(-1), int64(0), int64(0), nil, nil, nil})
	}
	return rows
}

// recordTypeRows are record's and _record's rows.
func recordTypeRows() [][]any {
	return [][]any{
		{int64(2249), "record", int64(oidPgCatalog), int64(10), int64(-1), false, "p", "P", false, true, ",", int64(0), "-",
			int64(0), int64(2287), "record_in", "record_out", "record_recv", "record_send", "-", "-", "-", "d", "x", false,
			int64(0), int64(-1), int64(0), int64(0), nil, nil, nil},
		{int64(2287), "_record", int64(oidPgCatalog), int64(10), int64(-1), false, "p", "P", false, true, ",", int64(0),
			"array_subscript_handler", int64(2249), int64(0), "array_in", "array_out", "array_recv", "array_send", "-", "-",
			"array_typanalyze", "d", "x", false, int64(0), int64(-1), int64(0), int64(0), nil, nil, nil},
	}
}
