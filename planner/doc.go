// Package planner turns statements of the sql AST into plans and runs them
// against the catalog. It implements wire.Engine and wire.Session.
//
// A statement goes through three steps:
//
//  1. bind (bind_*.go): names are resolved against the catalog, every
//     expression gets a type, untyped literals and $n parameters take the
//     type their context asks for (embedding <-> $1 makes $1 a vector,
//     LIMIT $2 an int8), as PostgreSQL's parse analysis does.
//  2. plan (plan_*.go): a SELECT over a table becomes either a sequential
//     scan or, for ORDER BY col <op> value LIMIT k with an HNSW index whose
//     operator class matches <op>, an index scan; results are always
//     re-sorted by the exact distance.
//  3. run (exec_*.go): under the catalog lock (shared for reads, exclusive
//     for writes), inside the session's transaction.
//
// Sessions follow PostgreSQL's transaction rules: outside a transaction
// block every statement commits on its own; inside BEGIN ... COMMIT an error
// aborts the block (25P02 until ROLLBACK).
package planner
