// Package pgcatalog answers the catalog queries that clients send to learn
// about a database, from vecgres's real catalog, without a general SQL
// engine.
//
// psql's backslash commands (\dt, \d items, \di, \l, \dx, \du, \df, \dT...) send queries
// with joins over pg_class, pg_namespace, pg_attribute, pg_index and
// pg_am, CASE, sub-selects and pg_catalog functions: outside the dialect of
// package sql. Match recognises them by their pg_query fingerprint (the
// parse tree with constants left out, so one fingerprint covers every
// table name and OID) and reads their parameters from the string constants
// of the query text: the relkind list ('r','p',”), the name pattern psql
// built ('^(items)$', a POSIX regular expression) or the OID returned by the
// previous query ('16400'). Query.Run computes the rows psql 15 expects,
// column for column, as PostgreSQL 15 with pgvector would answer
// (PostgreSQL src/bin/psql/describe.c decides what psql sends and reads).
//
// Simpler single-table queries against pg_catalog (pg_type, pg_class,
// pg_attribute, pg_index, pg_opclass, pg_proc, pg_settings...) and
// information_schema (schemata, tables, columns, table_constraints,
// key_column_usage, routines...), as drivers and ORMs send them, go
// through the normal planner instead: VirtualTable materialises such a
// view, with PostgreSQL 15's columns, as a read-only catalog.Table that a
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
// Files: match.go (fingerprints and constants), relations.go (the
// relations vecgres has), list.go (\d, \dt, \di, \ds, \dv, \dm, \dn),
// list_verbose.go (\d+, \dt+, \di+, \ds+, \dv+, \dm+; sizes by
// planner/sem's pg_size_pretty),
// describe.go (\d table), ruleutils.go (pg_get_indexdef, pg_get_expr and
// quote_ident output), serial.go (pg_get_serial_sequence), cluster.go
// (\l, \dx), roles.go (\du), functions.go (\df from planner/sem's
// registry, \dT), shapes.go (the fingerprint table); virtual.go (the
// pg_catalog view table), resolve.go (view names by schema), views_core.go
// (pg_type, pg_class, pg_attribute, pg_namespace, pg_database,
// pg_extension), views_index.go (pg_index, pg_opclass), views_proc.go
// (pg_proc, pg_operator, pg_cast), settings.go (pg_settings),
// views_misc.go (sequences, roles, pg_attrdef, pg_description, pg_views),
// views_more.go (pg_depend, pg_collation and the empty catalogs),
// views_std.go (pg_tables, pg_indexes), views_progress.go;
// constraints.go, infoschema*.go (information_schema). testdata/psql15
// holds the queries psql 15.18 sends, captured with psql -E.
package pgcatalog
