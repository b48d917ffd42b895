package planner

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// sqlStatementTypes returns the names of the types of package sql that
// implement sql.Statement, read from its source: every receiver of a
// method statement() declared in a non-test file.
func sqlStatementTypes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "sql", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("package sql's source: %v (%d files)", err, len(files))
	}
	var names []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", path, err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "statement" || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			recv := fn.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if id, ok := recv.(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

// TestStmtTraitsComplete fails when a statement type of package sql has no
// row in stmtTable (it would be refused with XX000 at Parse and Execute),
// when a row declares no lock mode (lockUndeclared, the zero value), or
// when a row is keyed by a type that is not one of sql's statements.
func TestStmtTraitsComplete(t *testing.T) {
	names := sqlStatementTypes(t)
	if !slices.Contains(names, "Select") || !slices.Contains(names, "Vacuum") {
		t.Fatalf("statement types read from package sql %v lack Select or Vacuum: the source scan is broken", names)
	}
	sqlPkg := reflect.TypeFor[sql.Statement]().PkgPath()
	rows := map[string]bool{}
	for typ, row := range stmtTable {
		if typ.Kind() != reflect.Pointer || typ.Elem().PkgPath() != sqlPkg {
			t.Errorf("row for %v: not a statement type of package sql", typ)
			continue
		}
		rows[typ.Elem().Name()] = true
		if row.lock == lockUndeclared {
			t.Errorf("row for %v declares no lock mode", typ)
		}
	}
	for _, n := range names {
		if !rows[n] {
			t.Errorf("statement type sql.%s has no row in stmtTable (stmt_traits.go)", n)
		}
		delete(rows, n)
	}
	for n := range rows {
		t.Errorf("stmtTable has a row for sql.%s, which has no statement() method", n)
	}
}

// traitsRow is the comparable part of a statement's traits, with the
// tables its lock mode applies to.
type traitsRow struct {
	tag       string
	lock      lockMode
	snapshot  bool
	planned   bool
	writes    bool
	readOnly  string
	blockOnly string
	tables    []string
}

// TestStmtTraitsRows checks the traits of parsed statements, the
// field-dependent ones (COPY FROM/TO, EXPLAIN [ANALYZE], CONCURRENTLY,
// REVOKE, MOVE) included.
func TestStmtTraitsRows(t *testing.T) {
	tests := []struct {
		q    string
		want traitsRow
	}{
		{"SELECT * FROM a UNION SELECT * FROM (SELECT * FROM b) s",
			traitsRow{tag: "SELECT", lock: lockShared, snapshot: true, planned: true, tables: []string{"a", "b"}}},
		{"INSERT INTO t VALUES (1)",
			traitsRow{tag: "INSERT", lock: lockWrite, snapshot: true, planned: true, writes: true, readOnly: "INSERT", tables: []string{"t"}}},
		{"DELETE FROM t WHERE id = 1",
			traitsRow{tag: "DELETE", lock: lockWrite, snapshot: true, planned: true, writes: true, readOnly: "DELETE", tables: []string{"t"}}},
		{"COPY t FROM STDIN",
			traitsRow{tag: "COPY", lock: lockSelf, snapshot: true, writes: true, readOnly: "COPY FROM", tables: []string{"t"}}},
		{"COPY t TO STDOUT",
			traitsRow{tag: "COPY", lock: lockShared, snapshot: true, tables: []string{"t"}}},
		{"COPY (SELECT * FROM u) TO STDOUT",
			traitsRow{tag: "COPY", lock: lockShared, snapshot: true, tables: []string{"u"}}},
		{"EXPLAIN SELECT * FROM t",
			traitsRow{tag: "EXPLAIN", lock: lockShared, snapshot: true, tables: []string{"t"}}},
		{"EXPLAIN INSERT INTO t VALUES (1)",
			traitsRow{tag: "EXPLAIN", lock: lockShared, snapshot: true}},
		{"EXPLAIN ANALYZE INSERT INTO t VALUES (1)",
			traitsRow{tag: "EXPLAIN", lock: lockWrite, snapshot: true, writes: true, readOnly: "INSERT"}},
		{"DECLARE c CURSOR FOR SELECT * FROM t",
			traitsRow{tag: "DECLARE CURSOR", lock: lockShared, snapshot: true, tables: []string{"t"}}},
		{"MOVE NEXT FROM c", traitsRow{tag: "MOVE", lock: lockNone}},
		{"FETCH 2 FROM c", traitsRow{tag: "FETCH", lock: lockNone}},
		{"DROP TABLE a, b",
			traitsRow{tag: "DROP TABLE", lock: lockExclusive, snapshot: true, readOnly: "DROP TABLE", tables: []string{"a", "b"}}},
		{"TRUNCATE a, b",
			traitsRow{tag: "TRUNCATE TABLE", lock: lockExclusive, snapshot: true, readOnly: "TRUNCATE TABLE", tables: []string{"a", "b"}}},
		{"ALTER TABLE t RENAME TO u",
			traitsRow{tag: "ALTER TABLE", lock: lockExclusive, snapshot: true, readOnly: "ALTER TABLE", tables: []string{"t"}}},
		{"CREATE INDEX ON t (id)",
			traitsRow{tag: "CREATE INDEX", lock: lockSelf, snapshot: true, readOnly: "CREATE INDEX"}},
		{"CREATE INDEX CONCURRENTLY ON t (id)",
			traitsRow{tag: "CREATE INDEX", lock: lockSelf, snapshot: true, readOnly: "CREATE INDEX", blockOnly: "CREATE INDEX CONCURRENTLY"}},
		{"DROP INDEX CONCURRENTLY i",
			traitsRow{tag: "DROP INDEX", lock: lockExclusive, snapshot: true, readOnly: "DROP INDEX", blockOnly: "DROP INDEX CONCURRENTLY", tables: []string{"i"}}},
		{"REVOKE SELECT ON t FROM PUBLIC",
			traitsRow{tag: "REVOKE", lock: lockExclusive, snapshot: true, readOnly: "REVOKE"}},
		{"CREATE ROLE r", traitsRow{tag: "CREATE ROLE", lock: lockSelf, snapshot: true, readOnly: "CREATE ROLE"}},
		{"VACUUM", traitsRow{tag: "VACUUM", lock: lockSelf, snapshot: true, blockOnly: "VACUUM"}},
		{"REINDEX TABLE t", traitsRow{tag: "REINDEX", lock: lockSelf, snapshot: true}},
		{"CHECKPOINT", traitsRow{tag: "CHECKPOINT", lock: lockSelf}},
		{"CLOSE ALL", traitsRow{tag: "CLOSE CURSOR", lock: lockNone, snapshot: true}},
		{"DISCARD ALL", traitsRow{tag: "DISCARD ALL", lock: lockNone, snapshot: true, blockOnly: "DISCARD ALL"}},
		{"SET work_mem = '1MB'", traitsRow{tag: "SET", lock: lockNone}},
		{"SET TRANSACTION READ ONLY", traitsRow{tag: "SET", lock: lockNone}},
		{"BEGIN", traitsRow{lock: lockNone}},
	}
	for _, tc := range tests {
		stmts, err := sql.Parse(tc.q)
		if err != nil || len(stmts) != 1 {
			t.Fatalf("%s: %v", tc.q, err)
		}
		tr := traitsOf(stmts[0])
		got := traitsRow{tag: tr.tag, lock: tr.lock, snapshot: tr.snapshot, planned: tr.planned, writes: tr.writes,
			readOnly: tr.readOnly, blockOnly: tr.blockOnly, tables: tablesOf(stmts[0])}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got  %+v\n want %+v", tc.q, got, tc.want)
		}
	}
}

// TestStmtTraitsTagMatchesResult runs a statement of every type whose row
// has a tag and checks that the tag is its result's CommandComplete tag
// (without the row count), so the column cannot drift from what the
// statements answer.
func TestStmtTraitsTagMatchesResult(t *testing.T) {
	s := testSession(t)
	SetAlterSystemHook(func(string, string, bool) error { return nil })
	defer alterSystemHook.Store(nil)
	seen := map[reflect.Type]bool{}
	for _, q := range []string{
		"CREATE EXTENSION vector", "COMMENT ON EXTENSION vector IS 'vector data type and ivfflat and hnsw access methods'",
		"CREATE TABLE t (id int PRIMARY KEY, v int)",
		"INSERT INTO t VALUES (1, 1)",
		"UPDATE t SET v = 2",
		"COMMENT ON TABLE t IS 'a table'",
		"SELECT id FROM t",
		"CREATE TABLE t_as AS SELECT id FROM t",
		"COPY t TO STDOUT",
		"EXPLAIN SELECT id FROM t",
		"CREATE INDEX t_v ON t (v)",
		"REINDEX INDEX t_v",
		"ANALYZE t",
		"VACUUM t",
		"CHECKPOINT",
		"ALTER SYSTEM SET work_mem = '2MB'",
		"GRANT SELECT ON t TO PUBLIC",
		"REVOKE SELECT ON t FROM PUBLIC",
		"CREATE ROLE r",
		"ALTER ROLE r LOGIN",
		"CREATE SCHEMA sc",
		"ALTER SCHEMA sc OWNER TO CURRENT_USER",
		"ALTER SCHEMA sc RENAME TO sc2",
		"ALTER SCHEMA sc2 RENAME TO sc",
		"DROP SCHEMA sc",
		"DROP ROLE r",
		"SET work_mem = '2MB'",
		"SHOW work_mem",
		"RESET work_mem",
		"SET TRANSACTION READ ONLY",
		"BEGIN",
		"LOCK TABLE t IN SHARE MODE",
		"DECLARE c CURSOR FOR SELECT id FROM t",
		"FETCH 1 FROM c",
		"MOVE 1 IN c",
		"CLOSE c",
		"COMMIT",
		"PREPARE p AS SELECT 1",
		"DEALLOCATE p",
		"DEALLOCATE ALL",
		"ALTER TABLE t ADD COLUMN w int",
		"ALTER TABLE t RENAME TO u",
		"TRUNCATE u",
		"CREATE VIEW uv AS SELECT id FROM u",
		"ALTER VIEW uv RENAME TO uv2",
		"DROP VIEW uv2",
		"CREATE SEQUENCE sq",
		"ALTER SEQUENCE sq RESTART",
		"ALTER SEQUENCE sq RENAME TO sq2",
		"DROP SEQUENCE sq2",
		"WITH d AS (DELETE FROM u WHERE id = 0 RETURNING id) SELECT id FROM d",
		"WITH d AS (DELETE FROM u WHERE id = 0 RETURNING id) INSERT INTO u (id) SELECT id FROM d",
		"DELETE FROM u",
		"DROP INDEX t_v",
		"DISCARD ALL",
		"DROP TABLE u",
		"DROP EXTENSION vector",
	} {
		ps, err := s.Split(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		st := ps[0].(*prepared).stmt
		seen[reflect.TypeOf(st)] = true
		res := exec(t, s, q)
		tag := traitsOf(st).tag
		if tag == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(res.Tag, tag); !ok || strings.Trim(rest, " 0123456789") != "" {
			t.Errorf("%s: result tag %q, traits tag %q", q, res.Tag, tag)
		}
	}
	for typ, row := range stmtTable {
		if row.tag != "" && !seen[typ] {
			t.Errorf("no statement of %v (tag %q) is run here: add one", typ, row.tag)
		}
	}
}

// unlisted is a statement type with no row in stmtTable.
type unlisted struct{ sql.Statement }

// TestUnlistedStatementRefused checks that a statement whose type has no
// row in the traits table does not run without locks: Parse's lock
// (prepareLock) and Execute refuse it with XX000 before binding, leave no
// latch held, and the session goes on.
func TestUnlistedStatementRefused(t *testing.T) {
	st := unlisted{&sql.Select{Items: []sql.SelectItem{{Expr: &sql.Const{Kind: sql.ConstInt, Text: "1"}}}}}
	if tr := traitsOf(st); tr.lock != lockUndeclared || tr.readOnly != "this statement" {
		t.Fatalf("traits of an unlisted statement: lock %d, readOnly %q; want lockUndeclared and \"this statement\"", tr.lock, tr.readOnly)
	}
	s := testSession(t)
	wantXX000 := func(what string, err error) {
		t.Helper()
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.InternalError ||
			pe.Message != "statement planner.unlisted has no row in the statement traits table" {
			t.Fatalf("%s: error %v, want XX000 naming planner.unlisted", what, err)
		}
		if s.latched != 0 {
			t.Fatalf("%s: schema latch still held (%d)", what, s.latched)
		}
	}
	_, err := s.prepareLock(context.Background(), st)
	wantXX000("prepareLock", err)
	_, err = s.Execute(context.Background(), &prepared{stmt: st, query: "SELECT 1"}, nil)
	wantXX000("Execute", err)
	exec(t, s, "CREATE TABLE after_unlisted (id int)") // the latch is free
	if got := ids(exec(t, s, "SELECT 7::int8")); !slices.Equal(got, []int64{7}) {
		t.Fatalf("SELECT 7 after the refusal: %v", got)
	}
}

// TestPrepareSnapshotInRepeatableRead: PREPARE in a REPEATABLE READ block
// takes the transaction's snapshot, as in PostgreSQL 15 (checked against
// 15.20): a row another session commits after it is not seen by the
// block, and is once the block ends.
func TestPrepareSnapshotInRepeatableRead(t *testing.T) {
	s := testSession(t)
	other := NewEngine(s.cat).NewSession(map[string]string{"user": "postgres"}).(*Session)
	t.Cleanup(other.Close)
	exec(t, s, "CREATE TABLE snap (id int)")
	exec(t, s, "BEGIN ISOLATION LEVEL REPEATABLE READ")
	exec(t, s, "PREPARE q AS SELECT count(*) FROM snap")
	exec(t, other, "INSERT INTO snap VALUES (1)")
	if got := ids(exec(t, s, "EXECUTE q")); !slices.Equal(got, []int64{0}) {
		t.Fatalf("count in the block after another session's insert: %v, want [0]", got)
	}
	exec(t, s, "COMMIT")
	if got := ids(exec(t, s, "EXECUTE q")); !slices.Equal(got, []int64{1}) {
		t.Fatalf("count after the block: %v, want [1]", got)
	}
}
