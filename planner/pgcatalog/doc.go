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
// Simpler single-table queries against pg_catalog views (pg_type,
// pg_namespace, pg_class, pg_attribute, pg_index, pg_am, pg_extension,
// pg_database), as drivers send them, go through the normal
// planner instead: VirtualTable materialises such a view as a read-only
// catalog.Table that a sequential scan reads. information_schema's views
// (schemata, tables, columns, views, table_constraints, key_column_usage,
// referential_constraints, constraint_column_usage, check_constraints) are
// served the same way under their qualified names; lookupView is the one
// place that resolves a schema-qualified view name. The constraint views
// all read one list, constraints (constraints.go).
//
// Objects vecgres does not keep as PostgreSQL does get stable synthetic
// OIDs: the primary-key index and the sequence of a serial column (see
// SyntheticOID). There is one schema, public, and one database, the one the
// client connected to.
//
// Files: match.go (fingerprints and constants), relations.go (the
// relations vecgres has), list.go (\d, \dt, \di, \ds, \dv, \dm, \dn),
// list_verbose.go (\d+, \dt+, \di+, \ds+, \dv+, \dm+; sizes by
// planner/sem's pg_size_pretty),
// describe.go (\d table), ruleutils.go (pg_get_indexdef, pg_get_expr and
// quote_ident output), cluster.go (\l, \dx), roles.go (\du), functions.go
// (\df from planner/sem's registry, \dT), virtual.go (pg_catalog views),
// shapes.go (the fingerprint table), resolve.go (view names by schema),
// constraints.go (the table constraints), infoschema.go and
// infoschema_columns.go (information_schema); testdata/psql15 holds the queries
// psql 15.18 sends, captured with psql -E.
package pgcatalog
