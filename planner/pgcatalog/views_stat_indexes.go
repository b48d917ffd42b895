package pgcatalog

// pg_stat_all_indexes and pg_stat_user_indexes (PostgreSQL docs 28.2.18,
// "pg_stat_all_indexes"), which drizzle-kit reads to list a table's
// indexes: one row per index, its counters zero (vecgres keeps no
// statistics of index use).

// PostgreSQL 15's pg_class OIDs of the views.
const (
	oidStatAllIndexes  = 12183
	oidStatUserIndexes = 12192
)

var statIndexesCols = cols("relid", tOID, "indexrelid", tOID, "schemaname", tName, "relname", tName,
	"indexrelname", tName, "idx_scan", tInt8, "idx_tup_read", tInt8, "idx_tup_fetch", tInt8)

// statIndexesRows lists every index of the user's tables, each with its
// table's OID and name and zero counts.
func statIndexesRows(env Env) [][]any {
	var rows [][]any
	zero := int64(0)
	for _, r := range relations(env.Cat) {
		if r.kind != kindIndex {
			continue
		}
		rows = append(rows, []any{int64(r.table.OID), int64(r.oid), r.schema, baseName(env.Cat, r.table), r.name,
			zero, zero, zero})
	}
	return rows
}
