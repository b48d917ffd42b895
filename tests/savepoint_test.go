package tests

import (
	"context"
	"testing"
	"time"
)

// Savepoints as PostgreSQL 15 runs them, against vecgres and a throwaway
// PostgreSQL 15 (clients_targets_test.go): the ORM pattern of nested
// atomic blocks (a 23505 inside a savepoint, ROLLBACK TO, the transaction
// goes on), pgx's nested transactions (SAVEPOINT sp_1 / ROLLBACK TO
// SAVEPOINT sp_1 over the extended protocol), the errors outside a block
// and for unknown names, SET and cursors undone by ROLLBACK TO, and DDL.
func TestSavepointTargets(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		for _, tc := range []struct {
			name string
			fn   func(t *testing.T, tg clientTarget)
		}{
			{"orm_pattern", savepointORMPattern},
			{"pgx_nested", savepointPgxNested},
			{"errors", savepointErrors},
			{"settings_cursors", savepointSettingsCursors},
			{"ddl", savepointDDL},
		} {
			t.Run(tc.name, func(t *testing.T) { tc.fn(t, tg) })
		}
	})
}

// savepointORMPattern: Django's and SQLAlchemy's nested atomic block, one
// statement per Query message, parameters over the extended protocol.
func savepointORMPattern(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "sp_orm")
	mustExec(t, conn, "INSERT INTO sp_orm VALUES (1)")
	wantSimple(t, conn, "BEGIN", 'T', "BEGIN")
	mustExec(t, conn, "INSERT INTO sp_orm VALUES ($1)", 2)
	wantSimple(t, conn, `SAVEPOINT "s1_x"`, 'T', "SAVEPOINT")
	mustExec(t, conn, "INSERT INTO sp_orm VALUES ($1)", 3)
	mustExec(t, conn, "UPDATE sp_orm SET a = 10 WHERE a = 2")
	_, err := conn.Exec(testCtx(t, 20*time.Second), "INSERT INTO sp_orm VALUES ($1)", 1)
	if pe := asPgError(t, err); pe.Code != "23505" {
		t.Fatalf("duplicate insert: %s %s, want 23505", pe.Code, pe.Message)
	}
	wantSimple(t, conn, "SELECT 1", 'E', "ERROR 25P02")
	// Parse, Bind, Execute, Sync: ROLLBACK TO can be prepared in a failed
	// block, SAVEPOINT cannot.
	_, err = conn.PgConn().ExecParams(testCtx(t, 20*time.Second), "SAVEPOINT s2", nil, nil, nil, nil).Close()
	if pe := asPgError(t, err); pe.Code != "25P02" {
		t.Fatalf("SAVEPOINT in a failed block: %s %s, want 25P02", pe.Code, pe.Message)
	}
	res := conn.PgConn().ExecParams(testCtx(t, 20*time.Second), `ROLLBACK TO SAVEPOINT "s1_x"`, nil, nil, nil, nil).Read()
	if res.Err != nil || res.CommandTag.String() != "ROLLBACK" || conn.PgConn().TxStatus() != 'T' {
		t.Fatalf("extended ROLLBACK TO: %q %v, status %c", res.CommandTag, res.Err, conn.PgConn().TxStatus())
	}
	wantRows(t, conn, "sp_orm", 1, 2)
	wantSimple(t, conn, `ROLLBACK TO SAVEPOINT "s1_x"`, 'T', "ROLLBACK")
	mustExec(t, conn, "INSERT INTO sp_orm VALUES ($1)", 4)
	wantSimple(t, conn, `RELEASE SAVEPOINT "s1_x"`, 'T', "RELEASE")
	wantSimple(t, conn, "COMMIT", 'I', "COMMIT")
	wantRows(t, conn, "sp_orm", 1, 2, 4)
}

// savepointPgxNested: pgx's Tx.Begin inside a transaction is a savepoint.
func savepointPgxNested(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "sp_pgx")
	ctx := testCtx(t, 30*time.Second)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, "INSERT INTO sp_pgx VALUES ($1)", 1); err != nil {
		t.Fatal(err)
	}
	inner := func(vals ...int) error {
		sub, err := tx.Begin(ctx)
		if err != nil {
			return err
		}
		defer sub.Rollback(context.Background())
		for _, v := range vals {
			if _, err := sub.Exec(ctx, "INSERT INTO sp_pgx VALUES ($1)", v); err != nil {
				return err
			}
		}
		return sub.Commit(ctx)
	}
	if err := inner(2, 1); err == nil || asPgError(t, err).Code != "23505" {
		t.Fatalf("inner block with a duplicate: %v, want 23505", err)
	}
	if err := inner(3, 4); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	wantRows(t, conn, "sp_pgx", 1, 3, 4)
}

// savepointErrors: 25P01 outside a block (the implicit block of a
// multi-statement Query included), 3B001 for unknown or released names,
// 25P02 for SAVEPOINT and RELEASE in a failed block, ROLLBACK TO of an
// outer savepoint destroying the inner ones, repeated names.
func savepointErrors(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "sp_err")
	for _, tc := range []struct{ sql, msg string }{
		{"SAVEPOINT a", "SAVEPOINT can only be used in transaction blocks"},
		{"RELEASE SAVEPOINT a", "RELEASE SAVEPOINT can only be used in transaction blocks"},
		{"ROLLBACK TO SAVEPOINT a", "ROLLBACK TO SAVEPOINT can only be used in transaction blocks"},
	} {
		_, err := conn.Exec(testCtx(t, 20*time.Second), tc.sql)
		if pe := asPgError(t, err); pe.Code != "25P01" || pe.Message != tc.msg {
			t.Fatalf("%s: %s %q, want 25P01 %q", tc.sql, pe.Code, pe.Message, tc.msg)
		}
	}
	wantSimple(t, conn, "INSERT INTO sp_err VALUES (1); SAVEPOINT a", 'I', "INSERT 0 1", "ERROR 25P01")
	wantRows(t, conn, "sp_err")
	wantSimple(t, conn, "BEGIN; INSERT INTO sp_err VALUES (1); SAVEPOINT a; INSERT INTO sp_err VALUES (2)", 'T',
		"BEGIN", "INSERT 0 1", "SAVEPOINT", "INSERT 0 1")
	_, err := conn.Exec(testCtx(t, 20*time.Second), "RELEASE b")
	if pe := asPgError(t, err); pe.Code != "3B001" || pe.Message != `savepoint "b" does not exist` {
		t.Fatalf("RELEASE b: %s %q", pe.Code, pe.Message)
	}
	wantSimple(t, conn, "SAVEPOINT b; RELEASE a; SELECT 1", 'E', "ERROR 25P02")
	wantSimple(t, conn, "ROLLBACK TO b; SELECT 1", 'E', "ERROR 3B001")
	wantSimple(t, conn, "ROLLBACK TO a; SAVEPOINT b; INSERT INTO sp_err VALUES (3); SAVEPOINT a; INSERT INTO sp_err VALUES (4)", 'T',
		"ROLLBACK", "SAVEPOINT", "INSERT 0 1", "SAVEPOINT", "INSERT 0 1")
	wantRows(t, conn, "sp_err", 1, 3, 4)
	wantSimple(t, conn, "ROLLBACK TO a", 'T', "ROLLBACK")
	wantRows(t, conn, "sp_err", 1, 3)
	wantSimple(t, conn, "RELEASE a; ROLLBACK TO a", 'T', "RELEASE", "ROLLBACK")
	wantRows(t, conn, "sp_err", 1)
	wantSimple(t, conn, "ROLLBACK TO b", 'E', "ERROR 3B001")
	wantSimple(t, conn, "COMMIT", 'I', "ROLLBACK")
	wantRows(t, conn, "sp_err")
}

// savepointSettingsCursors: ROLLBACK TO undoes SET made after the
// savepoint (and reports the restored application_name) and closes the
// cursors declared after it; earlier ones stay open.
func savepointSettingsCursors(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, map[string]string{"application_name": "sp_app"}, nil)
	txnTable(t, conn, "sp_set")
	mustExec(t, conn, "INSERT INTO sp_set VALUES (1), (2)")
	wantSimple(t, conn, "BEGIN; SET application_name = 'before'; DECLARE c1 CURSOR FOR SELECT a FROM sp_set ORDER BY a; SAVEPOINT s", 'T',
		"BEGIN", "SET", "DECLARE CURSOR", "SAVEPOINT")
	wantSimple(t, conn, "SET application_name = 'inside'; SET LOCAL statement_timeout = '5min'; DECLARE c2 CURSOR FOR SELECT a FROM sp_set", 'T',
		"SET", "SET", "DECLARE CURSOR")
	wantSetting(t, conn, "application_name", "inside")
	wantSimple(t, conn, "ROLLBACK TO s", 'T', "ROLLBACK")
	wantSetting(t, conn, "application_name", "before")
	wantSetting(t, conn, "statement_timeout", "0")
	if got := conn.PgConn().ParameterStatus("application_name"); got != "before" {
		t.Fatalf("reported application_name = %q, want before", got)
	}
	wantSimple(t, conn, "FETCH c1", 'T', "FETCH 1")
	wantSimple(t, conn, "FETCH c2", 'E', "ERROR 34000")
	wantSimple(t, conn, "ROLLBACK", 'I', "ROLLBACK")
	wantSetting(t, conn, "application_name", "sp_app")
}

// savepointDDL: tables created, altered and dropped after a savepoint come
// back as they were at ROLLBACK TO; the DDL before it commits.
func savepointDDL(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "sp_ddl")
	mustExec(t, conn, "DROP TABLE IF EXISTS sp_new, sp_made")
	mustExec(t, conn, "INSERT INTO sp_ddl VALUES (1)")
	wantSimple(t, conn, "BEGIN; CREATE TABLE sp_made (a int); INSERT INTO sp_made VALUES (5); SAVEPOINT s", 'T',
		"BEGIN", "CREATE TABLE", "INSERT 0 1", "SAVEPOINT")
	wantSimple(t, conn, "CREATE TABLE sp_new (a int); ALTER TABLE sp_ddl ADD COLUMN b int; DROP TABLE sp_made; UPDATE sp_ddl SET b = 7", 'T',
		"CREATE TABLE", "ALTER TABLE", "DROP TABLE", "UPDATE 1")
	wantSimple(t, conn, "ROLLBACK TO s", 'T', "ROLLBACK")
	wantSimple(t, conn, "SELECT * FROM sp_new", 'E', "ERROR 42P01")
	wantSimple(t, conn, "ROLLBACK TO s; SELECT b FROM sp_ddl", 'E', "ROLLBACK", "ERROR 42703")
	wantSimple(t, conn, "ROLLBACK TO s; DROP TABLE sp_ddl", 'T', "ROLLBACK", "DROP TABLE")
	wantSimple(t, conn, "ROLLBACK TO s; COMMIT", 'I', "ROLLBACK", "COMMIT")
	wantRows(t, conn, "sp_ddl", 1)
	wantRows(t, conn, "sp_made", 5)
	wantSimple(t, conn, "SELECT * FROM sp_ddl", 'I', "SELECT 1")
	mustExec(t, conn, "DROP TABLE sp_made")
}
