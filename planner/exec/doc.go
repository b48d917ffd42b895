// Package exec runs a plan tree (package planner/plan) by pushing rows
// from its leaves up through its operators into a Sink: the protocol's
// row writer when the result streams, a Collector when it is held.
//
// Every node is built into a producer, a function that pushes its rows,
// in order, to an Emit function and returns when it has no more, or with
// the first error (its input's, its own, or the one Emit returned). An
// operator that needs only some of its input (Limit) stops it with a
// sentinel error of its own that it swallows, as PostgreSQL's Limit stops
// pulling from its scan. Only the operators whose semantics need rows
// hold them — Sort and TopK (the rows they order, K rows for TopK),
// Widen (one run's rows, at most its Need),
// Distinct (a key per distinct row), Aggregate (a group's keys and
// accumulators), Window (one partition's rows, key values and function
// values), SetOp (the left rows and a count per distinct row) —
// and they charge what they hold to the statement's memacct.Account
// (53200 past vecgres.work_mem_limit). Sort and TopK charge a row's
// overhead and its key values, not the row's own values, which a scan
// shares with the stored table (as the planner has always counted).
//
// The planner supplies what this package cannot know without importing
// it (tests/deps_test.go forbids that): an Evaluator evaluates a node's
// plan.Expr against a row, orders sort keys, keys rows for hashing and
// makes an Aggregate's accumulators; Sources read the leaves (sequential,
// B-tree and HNSW index scans, generate_series, derived tables, VALUES),
// with the cancellation (57014) and filtering the planner applies there.
// Check, when set, is called between held rows an operator emits, so that
// a long sort or aggregate output still sees the statement's end.
//
// Modify (modify.go) is UPDATE and DELETE: it holds its input's rows (the
// target table's columns, then the row's identity), so that the scan
// never meets the versions the statement writes, then hands each to the
// planner's Writer, which applies the write with its locks, checks and
// foreign-key actions, and emits RETURNING's values over each row
// written.
//
// Joins (join.go) hold the right side's rows — in a hash table for a hash
// join, a list for a nested loop — and charge them; a LATERAL or index
// nested loop runs its right side again per left row instead
// (plan.Join.Rescan) and holds nothing.
//
// Files: exec.go (Env, Run, Sink, the interfaces), build.go (node to
// producer), one file per operator family: filter.go (Filter, Project),
// limit.go, sort.go (Sort, TopK), distinct.go, aggregate.go, append.go
// (Append, SetOp), join.go (Join, Hash), widen.go (Widen: a k-NN join
// run again with a wider budget), window.go (Window: partitions
// and peers), window_frame.go (frames), window_funcs.go (the window
// functions), modify.go (Modify, Writer), leaf.go (Result, scans).
package exec
