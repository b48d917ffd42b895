// Package sem holds vecgres's built-in SQL functions in one registry, and
// the one resolver that picks an overload for a call, as CockroachDB keeps
// its builtins below the binder (pkg/sql/sem/builtins) and DuckDB binds
// every overload in one function binder.
//
// A function is one Func entry in one family table (vector.go,
// numeric.go, text.go, session.go, catalog.go, privilege.go, misc.go,
// array.go): name, argument types, result type, strictness, volatility,
// variadic-ness and the implementation. Builtins collects the tables;
// adding a function is adding an entry. Resolve follows PostgreSQL 15's
// function resolution (docs §10.3) as far as vecgres needs it: an exact
// match of the typed arguments first, then the first candidate in table
// order the arguments reach by implicit casts (ImplicitCast, pg_cast's
// castcontext 'i'); untyped arguments ('...', NULL, $n of unknown type)
// fit any parameter. Errors are PostgreSQL's 42883 text (NoFunction).
//
// Implementations run against a Context: what a function needs of the
// session (user, database, settings, the random source, sleeping until
// the statement is cancelled) and of the catalog (relation OIDs and
// sizes, index definitions, privileges). planner's evaluation
// environment implements it; sem imports nothing of planner
// (tests/deps_test.go, TestLayering).
//
// Syntax that is no function call in PostgreSQL either (CAST, COALESCE,
// NULLIF, GREATEST, LEAST, CASE, X::regclass) and aggregates stay with the
// binder.
package sem
