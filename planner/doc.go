// Package planner turns statements of the sql AST into plans and runs them
// against the catalog. It implements wire.Engine and wire.Session.
//
// A statement goes through three steps:
//
//  1. bind (bind*.go, dml*.go, ddl.go, copy.go): names are resolved against
//     the catalog, every expression gets a type, untyped literals and $n
//     parameters take the type their context asks for (embedding <-> $1
//     makes $1 a vector, LIMIT $2 an int8), as PostgreSQL's parse analysis
//     does. A bound statement is bound again after a schema change or a SET.
//  2. plan (bind_select.go, indexscan.go, cost*.go, filter*.go): a SELECT
//     over a table becomes a sequential scan, a B-tree scan, or, for ORDER
//     BY col <op> value LIMIT k with an HNSW index whose operator class
//     matches <op>, an index scan; with a WHERE, the cost model picks a
//     pre-filter, a filtered graph walk or a post-filter per execution.
//     Results come out in exact distance order and in one canonical order
//     per query (filter_knn.go), so OFFSET pages agree.
//  3. run (select.go, dml*.go, copy.go): with the catalog locks its lock
//     mode names (prepared.go: the schema lock shared for queries, plus the
//     table's writer lock for DML; exclusive for DDL), a statement snapshot,
//     inside the session's transaction.
//
// Beyond single-table SELECT and DML: INSERT ... SELECT (dml_query.go),
// INSERT ... ON CONFLICT with the primary key as arbiter (dml_conflict.go),
// GROUP BY and HAVING (groupby.go), generate_series in FROM (series.go),
// uncorrelated scalar subqueries run once per execution like PostgreSQL's
// InitPlans (subquery.go), and sum/avg of vectors (aggregate_vector.go).
//
// psql's catalog queries are answered by planner/pgcatalog before parsing
// (pgcatalog_hook.go).
//
// SQL cursors (DECLARE, FETCH, MOVE, CLOSE) run their query once at
// DECLARE and keep its rows in the session; FETCH and MOVE follow
// PostgreSQL's portal position rules (cursor.go, cursor_fetch.go).
//
// Sessions follow PostgreSQL's transaction rules: outside a transaction
// block every statement commits on its own; inside BEGIN ... COMMIT an error
// aborts the block (25P02 until ROLLBACK).
package planner
