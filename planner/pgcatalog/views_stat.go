package pgcatalog

// pg_stat_all_tables, pg_stat_user_tables, pg_stat_all_indexes and
// pg_stat_user_indexes (PostgreSQL docs 28.2.18 and 28.2.19) with
// PostgreSQL 15's columns: the counters of
// catalog.TableAccess and catalog.IndexAccess since start-up, the live
// and dead row versions held now (n_live_tup, n_dead_tup, counted at
// each read), and NULL for every last_* time and zero for the vacuum
// and analyze counts, which vecgres does not keep. vecgres's system
// catalogs are not tables, so the all_ views list what the user_ ones
// do.

// The views' pg_class OIDs in PostgreSQL 15.
const (
	oidStatAllTables   = 12142
	oidStatUserTables  = 12161
	oidStatAllIndexes  = 12183
	oidStatUserIndexes = 12192
)

var statTablesCols = cols("relid", tOID, "schemaname", tName, "relname", tName, "seq_scan", tInt8,
	"seq_tup_read", tInt8, "idx_scan", tInt8, "idx_tup_fetch", tInt8, "n_tup_ins", tInt8, "n_tup_upd", tInt8,
	"n_tup_del", tInt8, "n_tup_hot_upd", tInt8, "n_live_tup", tInt8, "n_dead_tup", tInt8,
	"n_mod_since_analyze", tInt8, "n_ins_since_vacuum", tInt8, "last_vacuum", tTimestamptz,
	"last_autovacuum", tTimestamptz, "last_analyze", tTimestamptz, "last_autoanalyze", tTimestamptz,
	"vacuum_count", tInt8, "autovacuum_count", tInt8, "analyze_count", tInt8, "autoanalyze_count", tInt8)

// statTablesRows lists every table; idx_scan and idx_tup_fetch are NULL
// for a table without indexes, as PostgreSQL's.
func statTablesRows(env Env) [][]any {
	var rows [][]any
	zero := int64(0)
	for _, r := range relations(env.Cat) {
		if r.kind != kindTable {
			continue
		}
		a := &r.table.Access
		var idxScan, idxFetch any
		if len(tableIndexes(env.Cat, r.table)) > 0 {
			idxScan, idxFetch = a.IdxScan.Load(), a.IdxTupFetch.Load()
		}
		live, dead := env.Cat.VersionCounts(r.table)
		rows = append(rows, []any{int64(r.oid), r.schema, r.name, a.SeqScan.Load(), a.SeqTupRead.Load(),
			idxScan, idxFetch, a.TupIns.Load(), a.TupUpd.Load(), a.TupDel.Load(), zero, live, dead,
			zero, zero, nil, nil, nil, nil, zero, zero, zero, zero})
	}
	return rows
}

var statIndexesCols = cols("relid", tOID, "indexrelid", tOID, "schemaname", tName, "relname", tName,
	"indexrelname", tName, "idx_scan", tInt8, "idx_tup_read", tInt8, "idx_tup_fetch", tInt8)

// statIndexesRows lists every index, its table's name and schema.
func statIndexesRows(env Env) [][]any {
	var rows [][]any
	tables := map[uint32]relation{}
	for _, r := range relations(env.Cat) {
		if r.kind == kindTable {
			tables[r.oid] = r
		}
		if r.kind != kindIndex {
			continue
		}
		t := tables[r.table.OID]
		a := &r.index.Access
		rows = append(rows, []any{int64(t.oid), int64(r.oid), t.schema, t.name, r.name,
			a.IdxScan.Load(), a.IdxTupRead.Load(), a.IdxTupFetch.Load()})
	}
	return rows
}
