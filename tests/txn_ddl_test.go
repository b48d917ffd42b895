package tests

import (
	"context"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Transactional DDL as PostgreSQL 15 runs it: ROLLBACK, a failed block
// and a failed multi-statement Query undo role, privilege, table, index
// and column changes; COMMIT and ROLLBACK AND CHAIN; set_config with
// is_local. Each subtest runs against vecgres and a throwaway PostgreSQL
// 15 and asserts the same states (clients_targets_test.go).
func TestTxnDDLTargets(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		for _, tc := range []struct {
			name string
			fn   func(t *testing.T, tg clientTarget)
		}{
			{"roles", txnDDLRoles},
			{"privileges", txnDDLPrivileges},
			{"tables", txnDDLTables},
			{"destructive", txnDDLDestructive},
			{"chain", txnDDLChain},
			{"set_config", txnDDLSetConfig},
		} {
			t.Run(tc.name, func(t *testing.T) { tc.fn(t, tg) })
		}
	})
}

// connectAs connects to tg as role (no password).
func connectAs(tg clientTarget, role string) (*pgx.Conn, error) {
	u, err := url.Parse(tg.dsn)
	if err != nil {
		return nil, err
	}
	u.User = url.User(role)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return pgx.Connect(ctx, u.String())
}

// wantNoRole checks that role cannot connect: 28000 (no such role) from
// PostgreSQL with trust authentication, 28P01 from vecgres, which asks
// unknown roles for a password, as PostgreSQL with scram-sha-256 does.
func wantNoRole(t *testing.T, tg clientTarget, role string) {
	t.Helper()
	conn, err := connectAs(tg, role)
	if err == nil {
		conn.Close(context.Background())
		t.Fatalf("role %s could connect", role)
	}
	if code := asPgError(t, err).Code; code != "28000" && code != "28P01" {
		t.Fatalf("connect as %s: %v, want 28000 or 28P01", role, err)
	}
}

// queryStrings returns the first column of every row as text.
func queryStrings(t *testing.T, conn *pgx.Conn, sql string) []string {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 20*time.Second), sql, pgx.QueryResultFormats{pgx.TextFormatCode})
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (string, error) {
		raw := r.RawValues()[0]
		if raw == nil {
			return "NULL", nil
		}
		return string(raw), nil
	})
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return out
}

func wantStrings(t *testing.T, conn *pgx.Conn, sql string, want ...string) {
	t.Helper()
	if got := queryStrings(t, conn, sql); !slices.Equal(got, want) {
		t.Fatalf("%s:\n got %q\nwant %q", sql, got, want)
	}
}

// columnNames returns the column names of SELECT * FROM table.
func columnNames(t *testing.T, conn *pgx.Conn, table string) []string {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 20*time.Second), "SELECT * FROM "+table+" LIMIT 0")
	if err != nil {
		t.Fatalf("SELECT * FROM %s: %v", table, err)
	}
	defer rows.Close()
	var out []string
	for _, f := range rows.FieldDescriptions() {
		out = append(out, f.Name)
	}
	return out
}

// wantConnect checks that role can connect (no password) and returns
// the connection.
func wantConnect(t *testing.T, tg clientTarget, role string) *pgx.Conn {
	t.Helper()
	conn, err := connectAs(tg, role)
	if err != nil {
		t.Fatalf("connect as %s: %v", role, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func txnDDLRoles(t *testing.T, tg clientTarget) {
	su := txnConn(t, tg, nil, nil)
	for _, r := range []string{"gy", "gw", "gx", "gz", "gv", "gxx"} {
		mustExec(t, su, "DROP ROLE IF EXISTS "+r)
	}
	mustExec(t, su, "CREATE ROLE gx LOGIN")
	mustExec(t, su, "CREATE ROLE gz LOGIN")

	wantSimple(t, su, "BEGIN; CREATE ROLE gy SUPERUSER LOGIN; CREATE ROLE gy", 'E', "BEGIN", "CREATE ROLE", "ERROR 42710")
	wantSimple(t, su, "ROLLBACK", 'I', "ROLLBACK")
	wantNoRole(t, tg, "gy")

	wantSimple(t, su, "CREATE ROLE gw LOGIN; SELECT 1/0", 'I', "CREATE ROLE", "ERROR 22012")
	wantNoRole(t, tg, "gw")
	wantSimple(t, su, "BEGIN; CREATE ROLE gw LOGIN; SELECT 1/0", 'E', "BEGIN", "CREATE ROLE", "ERROR 22012")
	wantSimple(t, su, "COMMIT", 'I', "ROLLBACK")
	wantNoRole(t, tg, "gw")

	wantSimple(t, su, "BEGIN; ALTER ROLE gx CREATEROLE SUPERUSER; ALTER ROLE gx PASSWORD 'secret'; ALTER ROLE gx NOLOGIN; ROLLBACK",
		'I', "BEGIN", "ALTER ROLE", "ALTER ROLE", "ALTER ROLE", "ROLLBACK")
	gx := wantConnect(t, tg, "gx") // LOGIN and no password: the rolled-back changes are gone
	_, err := gx.Exec(testCtx(t, 20*time.Second), "CREATE ROLE gxx")
	wantCode(t, err, "42501") // neither CREATEROLE nor SUPERUSER

	wantSimple(t, su, "BEGIN; DROP ROLE gz; ROLLBACK", 'I', "BEGIN", "DROP ROLE", "ROLLBACK")
	wantConnect(t, tg, "gz")
	wantSimple(t, su, "DROP ROLE gz; SELECT 1/0", 'I', "DROP ROLE", "ERROR 22012")
	wantConnect(t, tg, "gz")

	wantSimple(t, su, "BEGIN; CREATE ROLE gv LOGIN; COMMIT", 'I', "BEGIN", "CREATE ROLE", "COMMIT")
	wantConnect(t, tg, "gv")
	wantSimple(t, su, "CREATE ROLE gy; DROP ROLE gy", 'I', "CREATE ROLE", "DROP ROLE") // the name is free
}

func txnDDLPrivileges(t *testing.T, tg clientTarget) {
	su := txnConn(t, tg, nil, nil)
	mustExec(t, su, "DROP TABLE IF EXISTS gsec")
	mustExec(t, su, "DROP TABLE IF EXISTS gs2")
	mustExec(t, su, "DROP ROLE IF EXISTS gq")
	mustExec(t, su, "CREATE ROLE gq LOGIN")
	mustExec(t, su, "CREATE TABLE gsec (a int)")
	mustExec(t, su, "CREATE TABLE gs2 (a int)")
	mustExec(t, su, "INSERT INTO gsec VALUES (1)")
	mustExec(t, su, "GRANT SELECT ON gsec TO gq")
	gq, err := connectAs(tg, "gq")
	if err != nil {
		t.Fatal(err)
	}
	defer gq.Close(context.Background())

	wantSimple(t, su, "BEGIN; REVOKE SELECT ON gsec FROM gq; ROLLBACK", 'I', "BEGIN", "REVOKE", "ROLLBACK")
	wantStrings(t, gq, "SELECT a FROM gsec", "1")

	wantSimple(t, su, "GRANT SELECT ON gs2 TO gq; SELECT 1/0", 'I', "GRANT", "ERROR 22012")
	_, err = gq.Exec(testCtx(t, 20*time.Second), "SELECT a FROM gs2")
	wantCode(t, err, "42501")

	wantSimple(t, su, "BEGIN; GRANT CREATE ON SCHEMA public TO gq; ROLLBACK", 'I', "BEGIN", "GRANT", "ROLLBACK")
	_, err = gq.Exec(testCtx(t, 20*time.Second), "CREATE TABLE gq_t (a int)")
	wantCode(t, err, "42501")

	wantSimple(t, su, "BEGIN; GRANT SELECT ON gs2 TO gq; COMMIT", 'I', "BEGIN", "GRANT", "COMMIT")
	wantStrings(t, gq, "SELECT a FROM gs2")
}

func txnDDLTables(t *testing.T, tg clientTarget) {
	su := txnConn(t, tg, nil, nil)
	for _, tb := range []string{"m2", "m4", "m3"} {
		mustExec(t, su, "DROP TABLE IF EXISTS "+tb)
	}
	wantSimple(t, su, "BEGIN; CREATE TABLE m2 (a int PRIMARY KEY); INSERT INTO m2 VALUES (1); ROLLBACK",
		'I', "BEGIN", "CREATE TABLE", "INSERT 0 1", "ROLLBACK")
	_, err := su.Exec(testCtx(t, 20*time.Second), "SELECT * FROM m2")
	wantCode(t, err, "42P01")
	wantSimple(t, su, "CREATE TABLE m4 (a int); SELECT 1/0", 'I', "CREATE TABLE", "ERROR 22012")
	_, err = su.Exec(testCtx(t, 20*time.Second), "SELECT * FROM m4")
	wantCode(t, err, "42P01")
	// The names are free again.
	wantSimple(t, su, "CREATE TABLE m2 (a int PRIMARY KEY); DROP TABLE m2", 'I', "CREATE TABLE", "DROP TABLE")

	mustExec(t, su, "CREATE TABLE m3 (a int PRIMARY KEY, v text)")
	mustExec(t, su, "INSERT INTO m3 VALUES (1, 'x'), (2, NULL)")
	wantSimple(t, su, "BEGIN; CREATE INDEX m3_v ON m3 (v); ROLLBACK", 'I', "BEGIN", "CREATE INDEX", "ROLLBACK")
	wantSimple(t, su, "CREATE INDEX m3_v ON m3 (v); SELECT 1/0", 'I', "CREATE INDEX", "ERROR 22012")
	wantSimple(t, su, "CREATE INDEX m3_v ON m3 (v)", 'I', "CREATE INDEX")
	wantSimple(t, su, "DROP INDEX m3_v", 'I', "DROP INDEX")

	wantSimple(t, su, "BEGIN; ALTER TABLE m3 ADD COLUMN n int DEFAULT 5; ALTER TABLE m3 ALTER COLUMN v SET DEFAULT 'd'; "+
		"UPDATE m3 SET v = 'y' WHERE a = 2; ALTER TABLE m3 ALTER COLUMN v SET NOT NULL; ALTER TABLE m3 RENAME COLUMN v TO w; "+
		"ALTER TABLE m3 RENAME TO m3b; ROLLBACK",
		'I', "BEGIN", "ALTER TABLE", "ALTER TABLE", "UPDATE 1", "ALTER TABLE", "ALTER TABLE", "ALTER TABLE", "ROLLBACK")
	if got := columnNames(t, su, "m3"); !slices.Equal(got, []string{"a", "v"}) {
		t.Fatalf("m3 columns %q after rollback", got)
	}
	mustExec(t, su, "INSERT INTO m3 (a) VALUES (3)") // no NOT NULL, no default
	wantStrings(t, su, "SELECT a || ':' || coalesce(v, 'NULL') FROM m3 ORDER BY a", "1:x", "2:NULL", "3:NULL")
	_, err = su.Exec(testCtx(t, 20*time.Second), "SELECT * FROM m3b")
	wantCode(t, err, "42P01")

	wantSimple(t, su, "ALTER TABLE m3 ADD COLUMN n int; ALTER TABLE m3 RENAME v TO w; SELECT 1/0", 'I', "ALTER TABLE", "ALTER TABLE", "ERROR 22012")
	if got := columnNames(t, su, "m3"); !slices.Equal(got, []string{"a", "v"}) {
		t.Fatalf("m3 columns %q after the failed Query", got)
	}
	// A column added after a rolled-back one starts empty.
	mustExec(t, su, "ALTER TABLE m3 ADD COLUMN k int")
	wantStrings(t, su, "SELECT coalesce(k::text, 'NULL') FROM m3 ORDER BY a", "NULL", "NULL", "NULL")
}

func txnDDLDestructive(t *testing.T, tg clientTarget) {
	su := txnConn(t, tg, nil, nil)
	for _, tb := range []string{"m3", "m5", "m6"} {
		mustExec(t, su, "DROP TABLE IF EXISTS "+tb)
	}
	mustExec(t, su, "CREATE TABLE m3 (a int PRIMARY KEY, v text)")
	mustExec(t, su, "CREATE INDEX m3_v ON m3 (v)")
	mustExec(t, su, "INSERT INTO m3 VALUES (1, 'x'), (2, 'y')")
	all := []string{"1:x", "2:y"}
	const rowsSQL = "SELECT a || ':' || coalesce(v, 'NULL') FROM m3 ORDER BY a"

	wantSimple(t, su, "BEGIN; TRUNCATE m3", 'T', "BEGIN", "TRUNCATE TABLE")
	wantStrings(t, su, "SELECT a FROM m3")
	wantSimple(t, su, "ROLLBACK", 'I', "ROLLBACK")
	wantStrings(t, su, rowsSQL, all...)
	wantSimple(t, su, "TRUNCATE m3; SELECT 1/0", 'I', "TRUNCATE TABLE", "ERROR 22012")
	wantStrings(t, su, rowsSQL, all...)

	wantSimple(t, su, "BEGIN; ALTER TABLE m3 DROP COLUMN v; ROLLBACK", 'I', "BEGIN", "ALTER TABLE", "ROLLBACK")
	wantStrings(t, su, rowsSQL, all...)
	wantSimple(t, su, "CREATE INDEX m3_v ON m3 (v)", 'I', "ERROR 42P07") // the index came back

	wantSimple(t, su, "BEGIN; DROP INDEX m3_v; ROLLBACK", 'I', "BEGIN", "DROP INDEX", "ROLLBACK")
	wantSimple(t, su, "CREATE INDEX m3_v ON m3 (v)", 'I', "ERROR 42P07")
	wantStrings(t, su, "SELECT a FROM m3 WHERE v = 'y'", "2")

	wantSimple(t, su, "DROP TABLE m3; SELECT 1/0", 'I', "DROP TABLE", "ERROR 22012")
	wantStrings(t, su, rowsSQL, all...)
	wantSimple(t, su, "BEGIN; DROP TABLE m3; CREATE TABLE m3 (a int PRIMARY KEY, v text); CREATE INDEX m3_v ON m3 (v); "+
		"INSERT INTO m3 VALUES (7, 'z'); ROLLBACK",
		'I', "BEGIN", "DROP TABLE", "CREATE TABLE", "CREATE INDEX", "INSERT 0 1", "ROLLBACK")
	wantStrings(t, su, rowsSQL, all...)
	wantSimple(t, su, "CREATE INDEX m3_v ON m3 (v)", 'I', "ERROR 42P07")
	_, err := su.Exec(testCtx(t, 20*time.Second), "INSERT INTO m3 VALUES (1, 'dup')")
	if pe := wantCode(t, err, "23505"); pe.ConstraintName != "m3_pkey" {
		t.Fatalf("duplicate key in %q, want m3_pkey", pe.ConstraintName)
	}

	// A table dropped and created again in one Query gets the same
	// constraint and index names.
	mustExec(t, su, "CREATE TABLE m6 (id int PRIMARY KEY, v int)")
	mustExec(t, su, "CREATE INDEX m6_v ON m6 (v)")
	wantSimple(t, su, "DROP TABLE IF EXISTS m6; CREATE TABLE m6 (id int PRIMARY KEY, v int); CREATE INDEX m6_v ON m6 (v); "+
		"INSERT INTO m6 VALUES (1, 1)", 'I', "DROP TABLE", "CREATE TABLE", "CREATE INDEX", "INSERT 0 1")
	_, err = su.Exec(testCtx(t, 20*time.Second), "INSERT INTO m6 VALUES (1, 2)")
	if pe := wantCode(t, err, "23505"); pe.ConstraintName != "m6_pkey" {
		t.Fatalf("duplicate key in %q, want m6_pkey", pe.ConstraintName)
	}

	mustExec(t, su, "CREATE TABLE m5 (a int)")
	wantSimple(t, su, "BEGIN; DROP TABLE m5; CREATE TABLE m5 (b int); INSERT INTO m5 VALUES (4); COMMIT",
		'I', "BEGIN", "DROP TABLE", "CREATE TABLE", "INSERT 0 1", "COMMIT")
	wantStrings(t, su, "SELECT b FROM m5", "4")
	wantSimple(t, su, "BEGIN; DROP TABLE m3; COMMIT", 'I', "BEGIN", "DROP TABLE", "COMMIT")
	_, err = su.Exec(testCtx(t, 20*time.Second), "SELECT * FROM m3")
	wantCode(t, err, "42P01")
}

func txnDDLChain(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_chain")
	wantSimple(t, conn, "BEGIN ISOLATION LEVEL REPEATABLE READ, READ WRITE; INSERT INTO txn_chain VALUES (1); COMMIT AND CHAIN",
		'T', "BEGIN", "INSERT 0 1", "COMMIT")
	wantSetting(t, conn, "transaction_isolation", "repeatable read")
	wantSimple(t, conn, "INSERT INTO txn_chain VALUES (2); ROLLBACK AND CHAIN", 'T', "INSERT 0 1", "ROLLBACK")
	wantSetting(t, conn, "transaction_isolation", "repeatable read")
	wantSimple(t, conn, "INSERT INTO txn_chain VALUES (3); COMMIT", 'I', "INSERT 0 1", "COMMIT")
	wantRows(t, conn, "txn_chain", 1, 3)

	wantSimple(t, conn, "COMMIT AND CHAIN", 'I', "ERROR 25P01")
	wantSimple(t, conn, "ROLLBACK AND CHAIN", 'I', "ERROR 25P01")
	wantSimple(t, conn, "INSERT INTO txn_chain VALUES (9); COMMIT AND CHAIN", 'I', "INSERT 0 1", "ERROR 25P01")
	wantRows(t, conn, "txn_chain", 1, 3)

	wantSimple(t, conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT 1/0", 'E', "BEGIN", "ERROR 22012")
	wantSimple(t, conn, "COMMIT AND CHAIN", 'T', "ROLLBACK")
	// PostgreSQL 15: the error reset the modes to the defaults.
	wantSetting(t, conn, "transaction_isolation", "read committed")
	wantSetting(t, conn, "transaction_read_only", "off")
	wantSimple(t, conn, "INSERT INTO txn_chain VALUES (4)", 'T', "INSERT 0 1")
	wantSimple(t, conn, "ROLLBACK", 'I', "ROLLBACK")
	wantSimple(t, conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT 1/0", 'E', "BEGIN", "ERROR 22012")
	wantSimple(t, conn, "ROLLBACK AND CHAIN", 'T', "ROLLBACK")
	wantSetting(t, conn, "transaction_isolation", "read committed")
	wantSetting(t, conn, "transaction_read_only", "off")
	wantSimple(t, conn, "ROLLBACK", 'I', "ROLLBACK")
	wantRows(t, conn, "txn_chain", 1, 3)
}

func txnDDLSetConfig(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	def := showSetting(t, conn, "work_mem")
	wantSimple(t, conn, "BEGIN", 'T', "BEGIN")
	wantStrings(t, conn, "SELECT set_config('work_mem', '12MB', true)", "12MB")
	wantSetting(t, conn, "work_mem", "12MB")
	wantSimple(t, conn, "COMMIT", 'I', "COMMIT")
	wantSetting(t, conn, "work_mem", def)
	wantStrings(t, conn, "SELECT set_config('work_mem', '13MB', true)", "13MB")
	wantSetting(t, conn, "work_mem", def)
	wantSimple(t, conn, "BEGIN", 'T', "BEGIN")
	wantStrings(t, conn, "SELECT set_config('work_mem', '14MB', false)", "14MB")
	wantSimple(t, conn, "COMMIT", 'I', "COMMIT")
	wantSetting(t, conn, "work_mem", "14MB")
}

// TestTxnDDLRestart (vecgres only): rolled-back DDL stays undone after a
// crash (WAL replay of the DDL and its undo), and a DROP TABLE whose
// transaction had not ended when the server crashed leaves the table,
// rows and all.
func TestTxnDDLRestart(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, dir)
	su := srv.connect(t)
	mustExec(t, su, "CREATE TABLE m3 (a int PRIMARY KEY, v text)")
	mustExec(t, su, "INSERT INTO m3 VALUES (1, 'x'), (2, 'y')")
	wantSimple(t, su, "BEGIN; CREATE ROLE gy SUPERUSER LOGIN; CREATE TABLE m2 (a int); ALTER TABLE m3 ADD COLUMN n int; "+
		"ALTER TABLE m3 RENAME v TO w; TRUNCATE m3; ROLLBACK",
		'I', "BEGIN", "CREATE ROLE", "CREATE TABLE", "ALTER TABLE", "ALTER TABLE", "TRUNCATE TABLE", "ROLLBACK")
	open := srv.connect(t)
	wantSimple(t, open, "BEGIN; DROP TABLE m3", 'T', "BEGIN", "DROP TABLE")
	srv.Kill()
	srv = startServer(t, dir)
	tg := clientTarget{name: "vecgres", dsn: srv.DSN(), vecgres: true}
	wantNoRole(t, tg, "gy")
	su = srv.connect(t)
	if got := columnNames(t, su, "m3"); !slices.Equal(got, []string{"a", "v"}) {
		t.Fatalf("m3 columns %q after the crash", got)
	}
	wantStrings(t, su, "SELECT a || v FROM m3 ORDER BY a", "1x", "2y")
	_, err := su.Exec(testCtx(t, 20*time.Second), "SELECT * FROM m2")
	wantCode(t, err, "42P01")
}
