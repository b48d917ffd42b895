// Package pgcatalog serves PostgreSQL 15's catalog — pg_catalog's tables
// and views and information_schema — from vecgres's real catalog, and the
// pg_catalog functions' catalog knowledge (pg_get_indexdef and friends).
//
// psql's backslash commands (\dt, \d items, \di, \l, \dx, \du, \df, \dT...)
// send queries with joins over pg_class, pg_namespace, pg_attribute,
// pg_index and pg_am, CASE, sub-selects, POSIX regular expressions and
// pg_catalog functions; they run through the planner like any query
// (planner/psql_captured_test.go runs the ones psql 15 sends, captured
// in testdata/psql15).
//
// Queries against pg_catalog (pg_type, pg_class, pg_attribute, pg_index,
// pg_opclass, pg_proc, pg_settings...) and information_schema (schemata,
// tables, columns, table_constraints, key_column_usage, routines...) go
// through the planner: VirtualTable materialises such a view, with
// PostgreSQL 15's columns, as a read-only catalog.Table that a
// sequential scan reads. lookupView (resolve.go) is the one place that
// resolves a schema-qualified view name. The constraint views all read
// one list, constraints (constraints.go): UNIQUE, FOREIGN KEY and CHECK
// constraints are added there. information_schema shows a role only the
// tables it holds privileges on (infoschema_access.go). The activity,
// progress and statistics views (pg_stat_activity, views_activity.go;
// pg_stat_progress_*, views_progress.go; pg_stat_*_tables and
// pg_stat_*_indexes, views_stat.go) read package monitor and the
// catalog's access counters; their rows change without a schema change,
// so a statement reading them is bound again at each execution
// (LiveView).
//
// Objects vecgres does not keep as PostgreSQL does get stable synthetic
// OIDs: the primary-key index and the sequence of a serial column (see
// SyntheticOID), functions, operators and casts (views_proc.go), roles
// but the bootstrap superuser (10) and column defaults (views_misc.go).
// Built-in objects have PostgreSQL 15's OIDs, pgvector's the fixed OIDs of
// relations.go and views_index.go. There is one schema, public, and one
// database, the one the client connected to.
//
// Files: env.go (what the views read), relations.go (the relations vecgres has),
// ruleutils.go (pg_get_indexdef, pg_get_expr and quote_ident output),
// serial.go (pg_get_serial_sequence), extension.go (pgvector's version),
// constraints_describe.go (pg_class.relchecks and relhastriggers);
// virtual.go (the pg_catalog view table), resolve.go (view names by
// schema), views_core.go (pg_type, pg_class, pg_attribute, pg_namespace, pg_database,
// pg_extension), views_index.go (pg_index, pg_opclass), views_proc.go
// (pg_proc, pg_operator, pg_cast), settings.go (pg_settings),
// sequences.go (pg_sequence, pg_sequences, the sequences' pg_depend rows),
// views_misc.go (roles, pg_attrdef, pg_description, pg_views),
// views_more.go (pg_depend, pg_collation and the empty catalogs),
// views_std.go (pg_tables, pg_indexes), views_progress.go, views_psql.go
// (the empty catalogs psql reads: pg_auth_members, pg_statistic_ext,
// publications), views_dump.go (pg_init_privs and the empty catalogs
// pg_dump reads), views_user.go (views: pg_views, pg_rewrite),
// sequences.go (pg_sequence, pg_sequences);
// constraints.go, infoschema*.go (information_schema). testdata/psql15
// holds the queries psql 15.18 sends, captured with psql -E.
package pgcatalog
