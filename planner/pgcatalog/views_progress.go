package pgcatalog

import "github.com/vecgres/vecgres/sql/types"

// pg_stat_progress_create_index (PostgreSQL docs 28.4.4, "CREATE INDEX
// Progress Reporting"), with PostgreSQL 15's columns and types (datname,
// a name, is text here). vecgres reports no progress, so the view is
// always empty: pgvector's README query `SELECT phase, round(100.0 *
// blocks_done / nullif(blocks_total, 0), 1) AS "%" FROM
// pg_stat_progress_create_index` returns no rows, as it does in
// PostgreSQL when no CREATE INDEX is running.

// oidProgressCreateIndex is the view's pg_class OID in PostgreSQL 15.
const oidProgressCreateIndex = 12312

var tInt8 = types.Int8

var progressCreateIndexCols = cols("pid", tInt4, "datid", tOID, "datname", tName, "relid", tOID,
	"index_relid", tOID, "command", tText, "phase", tText, "lockers_total", tInt8, "lockers_done", tInt8,
	"current_locker_pid", tInt8, "blocks_total", tInt8, "blocks_done", tInt8, "tuples_total", tInt8,
	"tuples_done", tInt8, "partitions_total", tInt8, "partitions_done", tInt8)

func progressCreateIndexRows(Env) [][]any { return nil }
