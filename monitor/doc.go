// Package monitor owns what an operator watches while vecgres runs: the
// Prometheus registry and every vecgres_* metric (metrics.go), the table
// of backends that pg_stat_activity, pg_cancel_backend and
// pg_terminate_backend read (activity.go), and the progress of long
// commands that pg_stat_progress_create_index and pg_stat_progress_copy
// read (progress.go).
//
// It is a leaf: wire registers each connection's Backend, the planner
// updates and reads it, catalog reports index builds, WAL and checkpoint
// figures, and cmd/vecgres serves Handler on --debug-listen. Metrics on
// the statement path are resolved once (Statement kinds at init, per
// traits row) so that recording one costs a few atomic adds, never a
// label lookup by string.
//
//	registry.go   Registry, Handler, the Go and process collectors
//	metrics.go    the vecgres_* metric definitions
//	stmt.go       per statement kind counters and histograms (StmtKind)
//	activity.go   Backend (one per connection) and the pid table
//	progress.go   IndexBuild and Copy progress entries
//	gauges.go     the catalog's collector (index sizes, table versions, memory)
package monitor
