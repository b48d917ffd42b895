// Package planner is vecgres's SQL engine: it implements wire/backend's
// Engine and Session on top of the catalog. It is built in layers, each
// using only the ones below it; the lower layers are sub-packages that
// never import planner (tests/deps_test.go enforces it).
//
// # Sessions (session*.go, txn*.go, prepared*.go, cursor*.go, settings*.go)
//
// The top layer keeps what lives as long as a connection: the transaction
// (PostgreSQL's rules: one implicit transaction per Query message or per
// extended-protocol pipeline up to Sync, committed once; BEGIN ... COMMIT
// blocks that any error fails with 25P02 until ROLLBACK; savepoints; READ
// ONLY, READ COMMITTED with a snapshot per statement, REPEATABLE READ with
// one per transaction, SERIALIZABLE refused), settings (SET, SET LOCAL and
// RESET undone with the transaction; integer settings with units read by
// planner/guc), SQL-level prepared statements and cursors (a cursor runs
// its query once at DECLARE and keeps the rows), and the session's role.
// Before a statement is bound, its row in the statement traits table
// (stmt_traits.go) says its command tag, lock mode, whether it takes a
// snapshot, whether it writes, the read-only and transaction-block rules
// and the tables it waits on; a statement type without a row is refused
// with XX000, never run without locks. A statement then runs under the
// locks its mode names (for queries and DML PostgreSQL's relation locks,
// ACCESS SHARE or ROW EXCLUSIVE, plus a table's writer lock for DML; for
// DDL ACCESS EXCLUSIVE and the catalog latch held exclusively,
// session_latch.go), with its snapshot, inside the session's transaction.
// Every schema change, grant or SET moves a version that makes a prepared
// statement bind again before it runs; a query whose result columns
// changed fails with 0A000 "cached plan must not change result type", as
// PostgreSQL's plan cache does (prepared.go).
//
// # Binding (bind*.go, dml*.go, ddl.go, copy.go, privilege*.go)
//
// Binding resolves names against the catalog, checks privileges (42501),
// and gives every expression a type, as PostgreSQL's parse analysis does:
// untyped literals and $n parameters take the type their context asks for
// (embedding <-> $1 makes $1 a vector, LIMIT $2 an int8), and every
// function, operator, comparison and aggregate call is resolved by the
// one registry of planner/sem (PostgreSQL's §10.2 and §10.3 rules: exact
// match, implicit casts, preferred types; 42883 or 42725 otherwise). The
// implementations in planner/sem run against sem.Context, which this
// package's evaluation environment implements (funcs_context.go).
// Records (row constructors, whole-row references, field selection, casts
// to row types, the json functions that make records) bind in record_*.go.
//
// # Plans and access paths (lower*.go, select_exec.go, setop_write.go, cost*.go, indexscan.go, filter*.go)
//
// A bound query becomes a tree of planner/plan's IR: a scan of its FROM
// item under a Filter of WHERE, Aggregate, Distinct, Sort, or TopK for
// ORDER BY ... LIMIT, Limit, Project; Append, Aggregate and SetOp for set
// operations. A set operation's tree has one builder (setOpPlan.tree,
// setop_write.go): it is built once per bound statement and shared by its
// runs (each run copies only the Limit, with its bounds), planner/exec
// runs it, and EXPLAIN prints it, each side a Side leaf printed as that
// side's own plan; EXPLAIN ANALYZE prints the very tree that ran, each
// node with the rows it emitted. A SELECT still has two builders of its
// tree, sharing their pieces (withLimit, sortKeys, joinIR, semiJoinNode,
// execWindows, withProjectSet): execTree (select_exec.go) builds the
// tree that runs, with executable expressions and a leaf whose reader
// follows the access path chosen for this execution's parameters
// (sourcePath's chooseBTree; for k-NN, knnEach, which asks the cost
// model in its run), and keeps it for the next execution of the same
// shape (LIMIT and OFFSET values, B-tree or not: select_reuse.go), which
// attaches only its leaf's reader; the lowering (lower_select.go) builds the tree EXPLAIN prints,
// with estimates, its scan chosen by the access-path rules
// (lower_rules.go) with the same cost model: a filtered scan becomes a
// B-tree IndexScan when the estimate favours it, and a k-NN TopK over a
// table with an HNSW index
// whose operator class matches becomes an HNSW IndexScan (an index's key
// may be an expression, matched by its bound form, index_expr.go; a
// partial index is read only when WHERE implies its predicate, and then
// preferred, its walk not re-testing what the predicate implies,
// index_pred.go) whose strategy
// the cost model picks per execution (pre-filter, filtered graph walk,
// post-filter). Whatever the strategy, k-NN rows come in exact distance
// order, ties by slot, NULL distances last, and never short: LIMIT +
// OFFSET within hnsw.ef_search reads one search (ties at the LIMIT's
// distance broken among the rows it found, as SQL leaves them unordered;
// an exact search of a small graph leaves them to the exact scan, so
// that its pages are the sequential scan's); past it, or when the search
// cannot vouch for the rows, the exact top-k scan answers (filter_knn.go); with
// hnsw.iterative_scan on, one wider search within hnsw.max_scan_tuples
// comes first (cost.go). An ivfflat index is used the same way with the
// same guarantees (ivf_scan.go): the ivfflat.probes lists nearest the
// query are scanned (more, up to ivfflat.max_probes, under
// ivfflat.iterative_scan = relaxed_order), and when they hold too few
// matching rows the exact scan answers. With enable_seqscan off, as
// under PostgreSQL with pgvector, the index's IndexScan also answers an
// ORDER BY of its distance without LIMIT (and replaces a TopK over a
// sequential scan past hnsw.ef_search), still returning every matching
// row in exact order (indexscan_all.go). EXPLAIN prints the lowered tree
// (explain.go); EXPLAIN ANALYZE runs the execution tree and copies what
// its operators counted onto the lowered tree's nodes (the run records
// which exec node each printed node stands for: planTrace,
// explain_analyze.go, lower_analyze.go).
//
// # Execution (planner/exec, exec_*.go, select_exec.go)
//
// Every SELECT and set operation runs as that tree of planner/exec's
// push-based operators; exec_bridge.go gives them executable expressions
// and the leaves (sequential, B-tree and HNSW scans, functions in FROM
// (from_func.go), derived tables and WITH queries: a materialized one's
// rows computed once per execution, a recursive one's by
// cte_recursive.go, a data-modifying one's run once before the statement
// by with_modify.go; views are expanded in place as derived tables
// (view.go), a simple one as a scan of its table (view_simple.go), and
// written through when PostgreSQL would (view_update.go)); set-returning functions of the select
// list run in a ProjectSet (select_srf.go). Operators hold rows only where their semantics need
// them (Sort, TopK's k rows, Aggregate's groups, Distinct's keys, SetOp's
// left side) and charge them to the statement's memory account
// (planner/memacct: past vecgres.work_mem_limit, 53200 and the session goes
// on); a scan, WHERE, projection, LIMIT/OFFSET and UNION ALL hold none.
// At the top the rows go to wire as they come through Session.ExecuteTo's
// backend.ResultWriter, or into a collected Result (Execute, a portal with
// a row limit, a cursor, a nested query). COPY TO STDOUT streams its
// CopyData the same way (copy_write.go, formats in planner/copyfmt):
// COPY table [(cols)] TO binds into the query of those columns
// (copy_query.go), so a table's COPY and a query's run as a query's tree,
// each row encoded as it comes (every column in order: the stored rows
// pass up without a Project).
// UPDATE and DELETE run as a Modify node over the scan a SELECT of the
// same rows would use (the same access-path rule: key, B-tree or
// sequential scan with WHERE), its rows carrying their slots (UPDATE ...
// FROM and DELETE ... USING: over the join of the target with the other
// items, dml_join.go); the exec
// Modify holds them, then writes each through this package's exec.Writer
// (dml_modify_exec.go: row locks and waits, constraints, foreign-key
// actions, the update chain's recheck of WHERE) and passes RETURNING rows
// on, collected until the statement ends as PostgreSQL does. INSERT runs
// the same way (dml_insert_exec.go): a Modify over the leaf of the rows to
// insert (VALUES' rows or the query's, streamed, converted to the columns,
// defaults drawn), which it holds, then writes each through the Writer
// (inserts, ON CONFLICT in dml_conflict.go). COPY FROM (copy.go) is a
// Modify over a Copy leaf of the decoded rows that writes them in batches
// as they come (Modify.Batch): one goroutine splits the stream into
// batches, one per core parses them, the session stores them in stream
// order and a catalog.RowLog writes each stored batch to the WAL
// (copy_pipeline.go). DDL runs its own code (ddl.go, alter.go);
// long row loops, CREATE INDEX and REINDEX stop with 57014 when the
// statement's context ends.
//
// COMMENT ON (comment.go) resolves its object as PostgreSQL's
// get_object_address (42P01, 42703, 42704, 42809), checks ownership
// (42501) and sets the comment in the catalog; pgcatalog/descriptions.go
// serves pg_description, obj_description and col_description from it.
//
// Sequences (sequence_ddl.go, sequence_funcs.go): CREATE, ALTER and DROP
// SEQUENCE check their options as PostgreSQL's init_params; nextval,
// currval, setval and lastval run on the evaluation environment
// (sem.Sequencer) against a sequence or a serial column's counter,
// keeping currval's values per session. A DEFAULT nextval('s') keeps the
// sequence's catalog name in its text, which DROP SEQUENCE (2BP01) and
// ALTER SEQUENCE RENAME find again.
//
// Window functions (bind_window*.go, exec_window.go) bind per SELECT: each
// call reads its value from the row (winRef), each distinct window becomes
// a Window node over a Sort by its partition and ORDER BY keys, after
// GROUP BY and HAVING and before ORDER BY, DISTINCT and LIMIT; a query
// with windows reads its whole input (no k-NN index LIMIT under them).
//
// Still to move (issue 12's next steps): binding produces planner's own
// plan structs (selectPlan, setOpPlan, insertPlan, modifyPlan), lowered
// per execution, rather than the IR itself. EXPLAIN [ANALYZE] runs its
// statement (a query, INSERT, UPDATE or DELETE) once through planner/exec
// and prints the rows each operator emitted (explain_analyze.go).
//
// # Joins (bind_scope.go, bind_from.go, join_*.go)
//
// A FROM clause that joins binds into a range table of relations, each
// at an offset of the joined row, with PostgreSQL's names: a JOIN shows
// its USING/NATURAL columns once and hides its sides' columns behind its
// own, an alias hides its sides' names, and the errors are PostgreSQL's
// (42702, 42712, 42P01 with errorMissingRTE's hints). Each relation is
// planned on its own, as a single-table SELECT * with the WHERE and ON
// conjuncts that read only it (never into the side an outer join
// null-extends), so its B-tree and HNSW rules apply; conjuncts over two
// relations go to the lowest inner join that has both. At run time each
// join is a hash join (equalities between a column of each side, the
// side estimated smaller held), an index nested loop (a small left side
// probing a B-tree of the right table per row, join_index.go) or a
// nested loop; a LATERAL subquery runs again per left row.
//
// A nested query reads an enclosing query's current row through
// outerColExpr (join_plan.go): the enclosing binder has provides set,
// bindScopedColumn binds a reference only it resolves as an
// outerColExpr of that scope, and whoever runs the nested query for a
// row publishes it in execCtx.outer first (lateralRow.SetRow).
//
// # Subqueries (subquery*.go, semijoin*.go)
//
// A subquery used as an expression (scalar, EXISTS, IN / op ANY / ALL,
// ARRAY) binds with its own binder whose enclosing binder is the one
// binding the expression; a reference to any enclosing level gives that
// binder a provides scope, binds as an outerColExpr and marks the
// subqueries out to it correlated. A correlated subqueryExpr publishes
// the row it is evaluated on (e.row: a scan's or joined row, a group's
// first row) under its binder's scope and runs again (SubPlan); an
// uncorrelated one runs once per execution (InitPlan). WHERE conjuncts
// EXISTS, NOT EXISTS and IN whose correlation is only hashable
// equalities run instead as hash semi and anti joins above the rows
// passing WHERE (semijoin.go), the subquery run once without the
// equalities.
//
// psql's catalog queries are answered by planner/pgcatalog before parsing
// (pgcatalog_hook.go).
package planner
