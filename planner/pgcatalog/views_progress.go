package pgcatalog

import (
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/types"
)

// The progress views (PostgreSQL docs 28.4, "Progress Reporting") with
// PostgreSQL 15's columns and types (datname, a name, is text here),
// filled from monitor's running index builds and COPY commands. Blocks
// are 0: vecgres keeps rows and indexes in memory, not in pages, so
// tuples_total and tuples_done measure an index build (pgvector's README
// query `round(100.0 * blocks_done / nullif(blocks_total, 0), 1)` is
// NULL). VACUUM runs as one short step without progress, so
// pg_stat_progress_vacuum has PostgreSQL's columns and no rows.

// The views' pg_class OIDs in PostgreSQL 15.
const (
	oidProgressCreateIndex = 12312
	oidProgressVacuum      = 12302
	oidProgressCopy        = 12322
)

var tInt8 = types.Int8

var progressCreateIndexCols = cols("pid", tInt4, "datid", tOID, "datname", tName, "relid", tOID,
	"index_relid", tOID, "command", tText, "phase", tText, "lockers_total", tInt8, "lockers_done", tInt8,
	"current_locker_pid", tInt8, "blocks_total", tInt8, "blocks_done", tInt8, "tuples_total", tInt8,
	"tuples_done", tInt8, "partitions_total", tInt8, "partitions_done", tInt8)

// progressCreateIndexRows lists the running CREATE INDEX and REINDEX
// commands; index_relid is 0 until the build publishes the index.
func progressCreateIndexRows(Env) [][]any {
	var rows [][]any
	zero := int64(0)
	for _, b := range monitor.IndexBuilds() {
		rows = append(rows, []any{int64(b.PID), int64(oidDatabase), b.Database, int64(b.RelID), int64(b.IndexRelID),
			b.Command, b.Phase, zero, zero, zero, zero, zero, b.TuplesTotal, b.TuplesDone, zero, zero})
	}
	return rows
}

var progressVacuumCols = cols("pid", tInt4, "datid", tOID, "datname", tText, "relid", tOID, "phase", tText,
	"heap_blks_total", tInt8, "heap_blks_scanned", tInt8, "heap_blks_vacuumed", tInt8,
	"index_vacuum_count", tInt8, "max_dead_tuples", tInt8, "num_dead_tuples", tInt8)

var progressCopyCols = cols("pid", tInt4, "datid", tOID, "datname", tText, "relid", tOID, "command", tText,
	"type", tText, "bytes_processed", tInt8, "bytes_total", tInt8, "tuples_processed", tInt8,
	"tuples_excluded", tInt8)

// progressCopyRows lists the running COPY commands; bytes_total is 0, as
// PostgreSQL's for COPY FROM STDIN and COPY TO.
func progressCopyRows(Env) [][]any {
	var rows [][]any
	for _, c := range monitor.Copies() {
		rows = append(rows, []any{int64(c.PID), int64(oidDatabase), c.Database, int64(c.RelID), c.Command, c.Type,
			c.BytesProcessed, int64(0), c.TuplesProcessed, c.TuplesExcluded})
	}
	return rows
}
