// Package sql is the SQL front end of vecgres: it parses query text with
// PostgreSQL's own grammar (libpg_query, through pg_query_go) and converts the
// raw parse tree once into the small AST of ast.go and expr.go, which is all
// the planner ever sees.
//
// Layer: query string → pg_query protobuf tree → []Statement. Parse is the
// only entry point. Positions (the P fields, Expr.Pos) are 0-based byte
// offsets into the whole query string (-1 when unknown); error positions are
// 1-based characters, as in PostgreSQL's ErrorResponse.
//
// Errors are *pgerror.Error:
//   - 42601 syntax_error, with PostgreSQL's message and cursor position;
//   - 0A000 feature_not_supported for valid PostgreSQL outside the dialect
//     below, naming the construct ("JOIN", "EXISTS (subquery)", "ROLLUP"...);
//   - the codes of types.LookupType for type names (42704, 22023);
//   - 42601/22023/0A000 for COPY options, as PostgreSQL's COPY checks them;
//   - 54001 `stack depth limit exceeded` (PostgreSQL's text and HINT) for
//     a tree deeper than the C parser's stack allows, and 54000 `statement
//     is too large` when parsing would take more than StatementMemLimit
//     (vecgres.statement_mem_limit): both decided by one scan of the text
//     before libpg_query runs (Precheck; shape.go, depth.go, memlimit.go).
//
// Supported dialect:
//   - CREATE EXTENSION [IF NOT EXISTS] name [CASCADE]; DROP EXTENSION [IF
//     EXISTS] names [RESTRICT] (convert_extension.go)
//   - CREATE TABLE [IF NOT EXISTS] t (col type [PRIMARY KEY | NOT NULL | NULL
//     | DEFAULT expr]..., [PRIMARY KEY (cols)]); serial types become int2/4/8
//     with Serial set; serial and primary-key columns are NotNull
//   - DROP TABLE [IF EXISTS] a, b [CASCADE|RESTRICT]
//   - INSERT INTO t [AS alias] [(cols)] {VALUES (...), ... | select |
//     DEFAULT VALUES} [ON CONFLICT
//     [(cols) | ON CONSTRAINT name] DO NOTHING | DO UPDATE SET c = expr, ...
//     [WHERE cond]] [RETURNING items] (ast_query.go)
//   - SELECT items [FROM t [[AS] alias] | FROM f(args) [[AS] alias[(col)]]]
//     [WHERE] [GROUP BY e, ...] [HAVING cond] [ORDER BY e [ASC|DESC]
//     [NULLS FIRST|LAST], ...] [LIMIT n|ALL|$n] [OFFSET n|$n]
//   - UPDATE t [[AS] alias] SET c = expr, ... [WHERE] [RETURNING]
//   - DELETE FROM t [[AS] alias] [WHERE] [RETURNING]
//   - COPY t [(cols)] FROM STDIN | TO STDOUT, new-style WITH (...) and old-style
//     options (FORMAT, HEADER, DELIMITER, NULL, QUOTE, ESCAPE)
//   - CREATE INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON t [USING m]
//     (col [opclass], ...) [WITH (opt = value, ...)]
//   - DROP INDEX [CONCURRENTLY] [IF EXISTS] names
//   - SET [SESSION|LOCAL] name {TO|=} value|DEFAULT, SET TIME ZONE, SHOW,
//     RESET
//   - BEGIN/START TRANSACTION [modes], COMMIT/END, ROLLBACK/ABORT; SET
//     TRANSACTION modes and SET SESSION CHARACTERISTICS AS TRANSACTION
//     modes (ISOLATION LEVEL ..., READ ONLY | READ WRITE, [NOT] DEFERRABLE)
//   - EXPLAIN [ANALYZE] stmt and EXPLAIN (ANALYZE [bool], ...) stmt
//   - DECLARE name [BINARY] [INSENSITIVE] [[NO] SCROLL] CURSOR [WITH[OUT]
//     HOLD] FOR select; FETCH and MOVE [direction] [FROM | IN] name (every
//     direction of the grammar); CLOSE name | ALL
//   - ALTER TABLE [IF EXISTS] t ADD [COLUMN] [IF NOT EXISTS] coldef, DROP
//     [COLUMN] [IF EXISTS] name, ALTER [COLUMN] name SET/DROP DEFAULT,
//     SET/DROP NOT NULL (comma-separated); ALTER TABLE t RENAME [COLUMN a]
//     TO b (ast_alter.go)
//   - TRUNCATE [TABLE] names; VACUUM [(options)] [ANALYZE] [names];
//     REINDEX INDEX | TABLE name; CHECKPOINT
//   - SELECT DISTINCT and DISTINCT ON (exprs); COPY (select) TO STDOUT
//   - select UNION | INTERSECT | EXCEPT [ALL] select ... [ORDER BY]
//     [LIMIT] [OFFSET], sides in parentheses with their own ORDER BY and
//     LIMIT (ast_setop.go, convert_setop.go): a Select whose SetOp is set
//   - PREPARE name [(types)] AS stmt, EXECUTE name [(exprs)], DEALLOCATE
//     [PREPARE] name | ALL, DISCARD ALL (convert_prepare.go); ParseSimple
//     lets $n appear only in the body of a PREPARE
//
// Expressions: constants, $n, column refs, operators (any name passes
// through; unary minus folds into numeric constants), AND/OR/NOT (nested
// ANDs and ORs flattened), [NOT] IN (list), [NOT] BETWEEN, IS [NOT] NULL,
// [NOT] LIKE/ILIKE (as operators ~~ !~~ ~~* !~~*), function calls (aggregates
// with DISTINCT: FuncCall.Distinct), SQL value
// functions, COALESCE/GREATEST/LEAST/NULLIF (as function calls), casts and
// typed literals, scalar subqueries (SELECT ...), CASE in both forms
// (expr_case.go).
//
// WITH queries (convert_with.go, convert_recursive.go): a reference to
// one in FROM is a DerivedTable converted from its query at each
// reference (CTE, CTEColumns and a CTEShare saying whether PostgreSQL
// would materialize it set); WITH RECURSIVE's self-reading queries carry
// their recursive term in DerivedTable.Step and read the work table
// through a DerivedTable with WorkTable set. Data-modifying statements in
// WITH, SEARCH and CYCLE are 0A000.
//
// Window calls (ast_window.go, convert_window.go): name(args) OVER name or
// OVER ([name] [PARTITION BY ...] [ORDER BY ...] [frame]) as
// FuncCall.Over, and SELECT's WINDOW name AS (...), ... as Select.Windows;
// frames in ROWS, RANGE or GROUPS mode, their bounds and EXCLUDE. The
// grammar's frame errors are 42P20, as PostgreSQL's; resolving window
// names is the planner's.
package sql
