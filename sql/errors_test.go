package sql

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestNotSupported checks that valid PostgreSQL outside the dialect is 0A000
// naming the construct.
func TestNotSupported(t *testing.T) {
	tests := []struct{ sql, construct string }{
		{"SELECT * FROM a JOIN b USING (id) AS j", "JOIN ... USING ... AS alias"},
		{"SELECT * FROM (a JOIN b ON true) AS j(x)", "column aliases of a JOIN"},
		{"SELECT * FROM LATERAL (SELECT 1) s", "LATERAL"},
		{"SELECT (SELECT 1 UNION SELECT a FROM t TABLESAMPLE SYSTEM (1))", "TABLESAMPLE"},
		{"SELECT a, count(*) FROM t GROUP BY ROLLUP (a)", "GROUPING SETS, ROLLUP and CUBE"},
		{"SELECT a, count(*) FROM t GROUP BY GROUPING SETS ((a), ())", "GROUPING SETS, ROLLUP and CUBE"},
		{"WITH RECURSIVE d AS (DELETE FROM t RETURNING *) SELECT * FROM d", "data-modifying statements in WITH RECURSIVE"},
		{"WITH d AS MATERIALIZED (DELETE FROM t RETURNING *) SELECT * FROM d", "MATERIALIZED and NOT MATERIALIZED on a data-modifying WITH query"},
		{"SELECT 1 EXCEPT SELECT * FROM a JOIN b USING (id) AS j", "JOIN ... USING ... AS alias"},
		{"SELECT * FROM LATERAL generate_series(1, 3)", "LATERAL"},
		{"SELECT * FROM ROWS FROM (generate_series(1, 3), generate_series(1, 2))", "ROWS FROM"},
		{"SELECT * FROM ROWS FROM (f(1), g(2))", "ROWS FROM"},
		{"SELECT * FROM CAST(1 AS int)", "functions in FROM"},
		{"SET TIME ZONE INTERVAL '1 hour'", "SET TIME ZONE INTERVAL '1 hour'"},
		{"SET ROLE admin", "SET ROLE"},
		{"RESET SESSION AUTHORIZATION", "RESET SESSION AUTHORIZATION"},
		{"SELECT * FROM t ORDER BY a USING <", "ORDER BY ... USING"},
		{"SELECT * FROM t ORDER BY a FETCH FIRST 1 ROWS WITH TIES", "FETCH ... WITH TIES"},
		{"SELECT a SIMILAR TO 'x'", "SIMILAR TO"},
		{"SELECT a BETWEEN SYMMETRIC 1 AND 2", "BETWEEN SYMMETRIC"},
		{"SELECT a COLLATE \"C\" FROM t", "COLLATE"},
		{"SELECT d.s.t.c FROM s.t", "cross-database references"},
		{"SELECT f(x => 1)", "named function arguments"},
		{"SELECT a::int4 FROM db.s.t", "cross-database references"},
		{"CREATE VIEW v AS SELECT 1 WITH CHECK OPTION", "WITH CHECK OPTION"},
		{"CREATE RECURSIVE VIEW v (n) AS SELECT 1", "CREATE RECURSIVE VIEW"},
		{"CREATE MATERIALIZED VIEW t2 AS SELECT 1", "CREATE MATERIALIZED VIEW"},
		{"ALTER TABLE t ALTER COLUMN c TYPE int", "ALTER TABLE ... ALTER COLUMN ... TYPE"},
		{"ALTER TABLE t SET LOGGED", "ALTER TABLE ... SET LOGGED"},
		{"ALTER TABLE t SET UNLOGGED", "ALTER TABLE ... SET UNLOGGED"},
		{"ALTER TABLE t CLUSTER ON i", "ALTER TABLE ... CLUSTER ON"},
		{"TRUNCATE t CASCADE", "TRUNCATE ... CASCADE"},
		{"ALTER FOREIGN TABLE v RENAME COLUMN a TO b", "ALTER FOREIGN TABLE RENAME"},
		{"CREATE TABLE t (a int, EXCLUDE USING gist (a WITH =))", "EXCLUDE constraints"},
		{"CREATE TABLE t (a int, b int, UNIQUE (a) INCLUDE (b))", "index options of PRIMARY KEY and UNIQUE constraints"},
		{"CREATE TABLE t (a int CHECK (a > 0) NO INHERIT)", "CHECK ... NO INHERIT"},
		{"CREATE TABLE t (a int REFERENCES u (id) MATCH FULL)", "MATCH FULL"},
		{"CREATE TABLE t (a int, FOREIGN KEY (a) REFERENCES u ON DELETE SET NULL (a))", "ON DELETE SET NULL / SET DEFAULT with a column list"},
		{"ALTER TABLE t ADD COLUMN b int UNIQUE", "ADD COLUMN with UNIQUE, CHECK or REFERENCES (add the column, then the constraint)"},
		{"CREATE TABLE t (a int GENERATED ALWAYS AS (1) STORED)", "generated columns"},
		{"CREATE TABLE t (a text COLLATE \"C\")", "COLLATE"},
		{"CREATE TABLE t (LIKE u)", "CREATE TABLE ... LIKE"},
		{"CREATE TABLE t (a int) INHERITS (u)", "INHERITS"},
		{"CREATE TABLE t (a int) PARTITION BY RANGE (a)", "partitioned tables"},
		{"CREATE TABLE t (a int) WITH (fillfactor = 50)", "table storage parameters (WITH)"},
		{"DROP EXTENSION vector CASCADE", "DROP EXTENSION ... CASCADE"},
		{"CREATE EXTENSION vector WITH SCHEMA s", "CREATE EXTENSION ... SCHEMA"},
		{"INSERT INTO t VALUES (1) ON CONFLICT (a text_pattern_ops) DO NOTHING", "opclasses and collations in an ON CONFLICT target"},
		{"INSERT INTO t VALUES (1) ON CONFLICT (a) DO UPDATE SET (a, b) = (1, 2)", "multiple-column assignment"},
		{"INSERT INTO t (a) SELECT 1 UNION SELECT a FROM t TABLESAMPLE SYSTEM (1)", "TABLESAMPLE"},
		{"UPDATE t SET (a, b) = (1, 2)", "multiple-column UPDATE"},
		{"COPY t FROM '/tmp/x'", "COPY to or from a file"},
		{"COPY t TO '/tmp/x'", "COPY to or from a file"},
		{"COPY t FROM PROGRAM 'cat'", "COPY ... PROGRAM"},
		{"COPY (INSERT INTO t VALUES (1) RETURNING a) TO STDOUT", "COPY (query) TO with a query other than SELECT"},
		{"COPY t FROM STDIN WHERE a > 1", "COPY ... WHERE"},
		{"COPY t FROM STDIN (FREEZE)", "COPY option FREEZE"},
		{"COPY t TO STDOUT (FORMAT csv, FORCE_QUOTE *)", "COPY option FORCE_QUOTE"},
		{"COPY t FROM STDIN (HEADER MATCH)", "COPY HEADER MATCH"},
		{"CREATE INDEX ON t (a) INCLUDE (b)", "INCLUDE"},
		{"CREATE INDEX ON t (a DESC)", "index column ordering (ASC, DESC, NULLS)"},
		{"SET search_path FROM CURRENT", "SET ... FROM CURRENT"},
		{"PREPARE TRANSACTION 'x'", "two-phase commit"},
		{"EXPLAIN (FORMAT JSON) SELECT 1", "EXPLAIN (FORMAT JSON)"},
		{"EXPLAIN (GENERIC_PLAN) SELECT 1", "EXPLAIN option GENERIC_PLAN"},
		{"EXPLAIN SELECT * FROM a JOIN b USING (id) AS j", "JOIN ... USING ... AS alias"},
		{"LISTEN x", "LISTEN"},
		{"DO $$ BEGIN END $$", "DO"},
	}
	for _, tt := range tests {
		e := parseErr(t, tt.sql)
		want := tt.construct + " is not supported by vecgres"
		if e.Code != pgerror.FeatureNotSupported || e.Message != want {
			t.Errorf("%s: got %s %q, want 0A000 %q", tt.sql, e.Code, e.Message, want)
		}
	}
}

// TestNotSupportedPosition checks that 0A000 points at the construct.
func TestNotSupportedPosition(t *testing.T) {
	q := "SELECT a, b SIMILAR TO 'x' FROM t"
	e := parseErr(t, q)
	if e.Code != pgerror.FeatureNotSupported || e.Position != strings.Index(q, "SIMILAR")+1 {
		t.Fatalf("got %s at %d", e.Code, e.Position)
	}
}

// TestSyntaxErrors checks 42601 with PostgreSQL's message and 1-based
// character position.
func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		sql, msg string
		pos      int
	}{
		{"SELEC 1", `syntax error at or near "SELEC"`, 1},
		{"SELECT * FORM t", `syntax error at or near "FORM"`, 10},
		{"SELECT 'é' FRM x y", `syntax error at or near "x"`, 16},
		{"SELECT 1; SELEC 2", `syntax error at or near "SELEC"`, 11},
		{"SELECT 'abc", `unterminated quoted string at or near "'abc"`, 8},
		{"SELECT (1", `syntax error at end of input`, 10},
		{"INSERT INTO t VALUES (1", `syntax error at end of input`, 24},
		{"CREATE TABLE t (a int NULL NOT NULL)", `conflicting NULL/NOT NULL declarations for column "a"`, 28},
		{"CREATE TABLE t (a int DEFAULT 1 DEFAULT 2)", `multiple default values specified for column "a"`, 33},
		{"CREATE TABLE t (a serial DEFAULT 1)", `multiple default values specified for column "a"`, 26},
		{"SELECT a::vector('x')", "type modifiers must be simple constants or identifiers", 18},
	}
	for _, tt := range tests {
		e := parseErr(t, tt.sql)
		if e.Code != pgerror.SyntaxError || e.Message != tt.msg || e.Position != tt.pos {
			t.Errorf("%s: got %s %q at %d, want 42601 %q at %d", tt.sql, e.Code, e.Message, e.Position, tt.msg, tt.pos)
		}
	}
}

// TestOtherErrors checks the errors with other SQLSTATEs.
func TestOtherErrors(t *testing.T) {
	tests := []struct {
		sql  string
		code pgerror.Code
		msg  string
	}{
		{"CREATE TABLE t (a int PRIMARY KEY, b int, PRIMARY KEY (b))", "42P16", `multiple primary keys for table "t" are not allowed`},
		{"CREATE TABLE t (a int, a text)", pgerror.DuplicateColumn, `column "a" specified more than once`},
		{"CREATE TABLE t (a int, PRIMARY KEY (b))", pgerror.UndefinedColumn, `column "b" named in key does not exist`},
		{"SELECT 'a\x00'", "22021", `invalid byte sequence for encoding "UTF8": 0x00`},
		{"SELECT " + strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000), pgerror.SyntaxError, `memory exhausted at or near "("`},
	}
	for _, tt := range tests {
		e := parseErr(t, tt.sql)
		if e.Code != tt.code || (tt.msg != "" && e.Message != tt.msg) {
			t.Errorf("%.60s: got %s %q, want %s %q", tt.sql, e.Code, e.Message, tt.code, tt.msg)
		}
	}
}
