// Package plan is the logical plan IR: a tree of relational nodes that
// binding produces and EXPLAIN prints.
//
// Every node implements Node: its Children (any number, so joins and set
// operations have the same shape as a scan), its output Columns (name and
// type), and what EXPLAIN prints for it: a Label ("Seq Scan on items"),
// property lines (Props: "Index Cond: ...", "Sort Key: ...", "Filter:
// ...", the k-NN strategy), and the common Info every node embeds: the
// planner's row estimate, EXPLAIN ANALYZE's actual rows, and subplans
// printed under the node (InitPlans, CTEs).
//
// Nodes, by file:
//
//   - scan.go: Result, SeqScan, FunctionScan, SubqueryScan, ValuesScan,
//     IndexScan (B-tree, or HNSW k-NN with its Strategy: pre-filter,
//     filtered traversal, post-filter, ef_search post-filter, exact).
//   - relational.go: Filter, Project, Sort, TopK, Limit, Aggregate,
//     Distinct, Append, Side (a set operation's side, printed as its
//     query's plan), SetOp.
//   - modify.go: Modify (INSERT, UPDATE, DELETE), Copy, Utility.
//   - window.go: what a Window node (join.go) runs: its WindowFuncs and
//     Frame (ROWS, RANGE or GROUPS bounds, EXCLUDE).
//   - join.go: Join (inner, left, right, full, cross; semi and anti
//     declared) as a nested loop or a hash join over a Hash node; Window;
//     CTEScan, a materialized WITH query's reference, whose plan is a
//     "CTE name" SubPlan of the top node.
//   - recursive.go: RecursiveUnion and WorkTableScan, a recursive WITH
//     query's plan.
//
// explain.go prints a tree in the text format vecgres's EXPLAIN has
// always used, PostgreSQL's layout without costs: the root unindented,
// each child's first line at "->  " six columns deeper than its parent,
// property lines two columns past the node's arrow, "  (rows=N)" after a
// label when the estimate is known (Explain; none under COSTS OFF,
// ExplainCostsOff) and " (actual rows=N)" with ANALYZE. A scan or a
// modified table aliased in the query is named "t a" (ScanInfo.Alias).
// Project prints nothing of its own (PostgreSQL's projection is a target
// list, not a plan node) and a Filter folds into its input as that
// node's "Filter:" line, as PostgreSQL prints a qual.
//
// Nodes built to run (package planner/exec) also carry executable
// expressions, as Expr (expr.go): Filter.Pred, Project.Exprs,
// SortKey.Key, Aggregate.Groups, Distinct.On, a Window's keys, function
// arguments and frame offsets, Modify.Returning. Expr is only a String for
// this package; the planner implements it and evaluates it through
// exec's Evaluator, so the IR does not depend on the planner's
// expression types.
//
// The package imports only sql/types (tests/deps_test.go, TestLayering):
// the planner lowers its bound plans into this tree (planner/lower*.go),
// never the other way round.
package plan
