// Package planner turns statements of the sql AST into plans and runs them
// against the catalog. It implements wire/backend's Engine and Session.
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
//     Results come out in exact distance order, ties by slot, NULL
//     distances last. LIMIT + OFFSET within hnsw.ef_search reads one HNSW
//     search (exhaustive, so exact, on a graph it would mostly visit
//     anyway); past it, or when that search cannot vouch for the rows, the
//     exact top-k scan answers: the rows a sequential scan and sort return
//     (filter_knn.go, knnRun.walk). With hnsw.iterative_scan =
//     relaxed_order or strict_order, a query past ef_search reads one
//     search for LIMIT + OFFSET + 1 rows instead, approximate as
//     pgvector's iterative scan, when that walk is expected to stay within
//     hnsw.max_scan_tuples (cost.go, iterativeEf); otherwise, or when it
//     comes back short, the exact scan answers.
//  3. run (select.go, dml*.go, copy.go): with the locks its lock mode
//     names (stmt_traits.go, session_latch.go: for queries and DML the
//     relation locks PostgreSQL takes on each table, ACCESS SHARE or ROW
//     EXCLUSIVE, and no schema latch, plus the table's writer lock for DML;
//     for DDL ACCESS EXCLUSIVE on its tables and the latch exclusively), a
//     statement snapshot, inside the session's transaction. Through
//     Session.ExecuteTo (backend.Streamer) the top-level plan writes its
//     rows to wire as it produces them (select_write.go): every SELECT
//     and set operation is built into a plan tree (select_exec.go,
//     exec_group.go, setop_write.go) with executable expressions
//     (exec_bridge.go) and run by package planner/exec's push-based
//     operators (exec_run.go), which hold rows only where their
//     semantics need them (Sort, TopK, Aggregate, Distinct's keys,
//     SetOp's left rows); a scan, WHERE, projection, LIMIT/OFFSET and
//     UNION ALL hold none, and COPY TO STDOUT of a table or a query
//     (copy_write.go) streams its CopyData. A derived table's inner
//     query, a materialised set operation's sides and COPY's query run
//     through exec into a collector (runQuery), as do a cursor's query,
//     INSERT ... SELECT's source and scalar subqueries. Execute of a
//     top-level SELECT and EXPLAIN ANALYZE (runTraced) still materialise
//     through plan.run (select.go, setop_run.go).
//
// EXPLAIN lowers the bound plan into the logical plan IR of package
// planner/plan (lower*.go: scans, Filter, Sort, TopK, Limit, Aggregate,
// Append, SetOp, Modify) and prints that tree (explain.go). A SELECT is
// lowered into its logical tree (a scan of the FROM item under a Filter
// of WHERE, a TopK for a k-NN query), then the access-path rules of
// lower_rules.go replace the scan by what the cost model picks for this
// execution: the k-NN strategy (pre-filter TopK, or an HNSW IndexScan)
// and B-tree index scans. EXPLAIN ANALYZE runs the statement first and
// adds what the run saw to the tree (lower_analyze.go).
//
// Beyond single-table SELECT and DML: INSERT ... SELECT (dml_query.go),
// INSERT ... ON CONFLICT with the primary key as arbiter (dml_conflict.go),
// GROUP BY and HAVING (groupby.go), aggregates over DISTINCT values
// (aggregate_distinct.go), UNION, INTERSECT and EXCEPT [ALL] between
// SELECTs with PostgreSQL's column type resolution (setop*.go),
// generate_series in FROM (series.go),
// uncorrelated scalar subqueries run once per execution like PostgreSQL's
// InitPlans (subquery.go), sum/avg of vectors (aggregate_vector.go), CASE
// with PostgreSQL's result-type rules and lazy branches (bind_case.go,
// expr_case.go), and table aliases in INSERT, UPDATE and DELETE
// (bind_alias.go). Long row loops, CREATE INDEX and REINDEX stop with
// 57014 when the statement's context ends (dml_cancel.go, alter.go).
//
// What the session must know of each kind of statement before binding it
// (command tag, lock mode, snapshot, transaction-block and read-only
// rules, whether it writes, whether its plan is revalidated, the tables
// it waits on) is one row per statement type in stmt_traits.go; a test
// fails when a statement type of package sql has no row, and a statement
// without one is refused with XX000 rather than run without locks.
//
// psql's catalog queries are answered by planner/pgcatalog before parsing
// (pgcatalog_hook.go).
//
// Privileges follow PostgreSQL 15 (privilege*.go, roles.go): binding checks
// SELECT on every table a query reads and the privilege a DML statement or
// COPY needs on its target (42501 "permission denied for table t"); DDL
// checks ownership ("must be owner of table t") or CREATE on schema public;
// role statements check SUPERUSER and CREATEROLE. The session's role is the
// startup message's user. Grants and role changes move the catalog
// version, so prepared statements are checked again before they next run.
//
// Every schema change moves the catalog version too: a prepared query is
// bound again at its next Bind (Session.Revalidate) or Execute, once
// another transaction's open DDL on its tables has ended (the wait of
// dml_lock.go); if its result columns (names, types, typmods) differ from
// those described at Parse it fails with 0A000 "cached plan must not
// change result type", as PostgreSQL's plan cache does (prepared.go,
// checkResult).
//
// SQL cursors (DECLARE, FETCH, MOVE, CLOSE) run their query once at
// DECLARE and keep its rows in the session; FETCH and MOVE follow
// PostgreSQL's portal position rules (cursor.go, cursor_fetch.go).
//
// Sessions follow PostgreSQL's transaction rules (session_txn.go): outside
// a transaction block the statements of one Query message, or of the
// extended-protocol messages up to Sync, form one implicit transaction
// (one WAL commit at Sync; an error rolls all of them back); inside
// BEGIN ... COMMIT any error aborts the block (25P02 until ROLLBACK).
// Transaction modes: READ ONLY (25006 for writes), READ COMMITTED (a
// snapshot per statement), REPEATABLE READ (the first statement's
// snapshot for the whole transaction); SERIALIZABLE is refused (0A000).
// VACUUM, DISCARD ALL and CREATE/DROP INDEX and REINDEX CONCURRENTLY
// refuse to run in a block or after another statement of a pipeline
// (25001, txn_block.go). SET is undone by ROLLBACK and SET LOCAL
// at the end of the transaction (session_settings.go); unknown dotted
// names are placeholders except under pgvector's reserved hnsw. and
// ivfflat. prefixes (settings_custom.go); statement_timeout bounds each
// statement (session_timeout.go); startup parameters and PGOPTIONS apply
// at session start (session_startup.go).
//
// character(n) values are stored padded; they lose the padding when they
// become text (||, length) and compare by bpchar's or text's rules as
// PostgreSQL resolves the operator (ops_bpchar.go).
//
// SQL-level PREPARE, EXECUTE and DEALLOCATE keep their statements in the
// session, apart from the protocol's, which wire owns (prepared_sql.go).
// CREATE and DROP EXTENSION vector only track whether the extension was
// created, for PostgreSQL's 42710, 42704 and 2BP01 (extension.go).
//
// Results are materialised whole, so each statement execution carries a
// memory account (planner/memacct, memory.go) charged with an estimate of
// the rows it holds where they accumulate (scans, sorts, groups,
// DISTINCT, set operations, result, RETURNING and COPY TO rows); past the
// session's vecgres.work_mem_limit (default 1GB, the server's
// --work-mem-limit) the statement fails with 53200 `out of memory` and
// the session and the server go on.
package planner
