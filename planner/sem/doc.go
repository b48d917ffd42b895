// Package sem holds vecgres's built-in SQL functions in one registry, and
// the one resolver that picks an overload for a call, as CockroachDB keeps
// its builtins below the binder (pkg/sql/sem/builtins) and DuckDB binds
// every overload in one function binder.
//
// A function is one Func entry in one family table (vector.go, halfvec.go,
// numeric.go, math.go, text.go, strings.go, session.go, catalog.go,
// privilege.go, misc.go, poly.go, aggregate.go, jsonb_funcs.go, srf.go, bit.go, sparsevec.go): name, argument types,
// result type, strictness, volatility, variadic-ness and the
// implementation; a set-returning function's is Rows, which passes its
// rows on one at a time (FROM runs it: planner/from_func.go). Builtins collects the
// tables; adding a function is adding an entry. The binary operators on
// numbers, text, vectors, sparse vectors and bit strings and the comparisons are entries of the same
// kind in Operators (operators.go, arith.go, like.go, compare.go), named
// by their symbol; a comparison entry carries its order (Func.Cmp), which
// Comparer returns with the operands' implicit conversions for IN, CASE,
// GROUP BY, DISTINCT, ORDER BY, set operations and min/max. Resolve follows
// PostgreSQL 15's function and operator resolution (docs §10.2, §10.3;
// parse_func.c func_select_candidate): an exact match, else the
// candidates the arguments reach by implicit casts (ImplicitCast,
// pg_cast's castcontext 'i') narrowed by exact matches, preferred types
// of each type category, and the category of untyped arguments ('...',
// NULL, $n of unknown type). Errors are PostgreSQL's 42883 text
// (NoFunction) and 42725 (NotUnique).
//
// Implementations run against a Context: what a function needs of the
// session (user, database, settings, the random source, sleeping until
// the statement is cancelled) and of the catalog (relation OIDs and
// sizes, index definitions, privileges). planner's evaluation
// environment implements it; sem imports nothing of planner
// (tests/deps_test.go, TestLayering).
//
// Syntax that is no function call in PostgreSQL either (CAST, COALESCE,
// NULLIF, GREATEST, LEAST, CASE, X::regclass) stays with the binder, as
// do accumulating aggregates (planner/aggregate.go; the registry holds
// their signatures) and the binding of the operators whose expression
// nodes index paths and estimates look for (planner/ops_*.go: a
// comparison's node, with its entry's order; the array, jsonb and
// ANY/ALL operators). Explicit casts are sql/types'.
package sem
