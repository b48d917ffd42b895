package tests

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Transactions as PostgreSQL 15 runs them: implicit transactions of a
// multi-statement Query and of an extended-protocol batch, failed blocks,
// transaction modes, transactional SET and SET LOCAL, statement_timeout
// and settings given at startup. Each subtest runs against vecgres and a
// throwaway PostgreSQL 15 (clients_targets_test.go) and asserts the same
// rows and SQLSTATEs, except where vecgres differs on purpose
// (SERIALIZABLE, encodings), which tg.vecgres selects.
func TestTxnTargets(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		for _, tc := range []struct {
			name string
			fn   func(t *testing.T, tg clientTarget)
		}{
			{"simple_atomic", txnSimpleAtomic},
			{"simple_begin_commit", txnSimpleBeginCommit},
			{"batch_atomic", txnBatchAtomic},
			{"failed_block", txnFailedBlock},
			{"read_only", txnReadOnly},
			{"isolation", txnIsolation},
			{"set_local", txnSetLocal},
			{"statement_timeout", txnStatementTimeout},
			{"startup_options", txnStartupOptions},
		} {
			t.Run(tc.name, func(t *testing.T) { tc.fn(t, tg) })
		}
	})
}

// txnConn connects to tg.dsn with extra runtime parameters; notices are
// appended to *notices when non-nil.
func txnConn(t *testing.T, tg clientTarget, params map[string]string, notices *[]string) *pgx.Conn {
	t.Helper()
	conn, err := txnConnect(tg, params, notices)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func txnConnect(tg clientTarget, params map[string]string, notices *[]string) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(tg.dsn)
	if err != nil {
		return nil, err
	}
	for k, v := range params {
		cfg.RuntimeParams[k] = v
	}
	if notices != nil {
		cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
			*notices = append(*notices, n.Severity+" "+n.Code+" "+n.Message)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return pgx.ConnectConfig(ctx, cfg)
}

// txnTable creates an empty table name(a int primary key).
func txnTable(t *testing.T, conn *pgx.Conn, name string) {
	t.Helper()
	mustExec(t, conn, "DROP TABLE IF EXISTS "+name)
	mustExec(t, conn, "CREATE TABLE "+name+" (a int PRIMARY KEY)")
}

// txnRows returns the table's a values in order.
func txnRows(t *testing.T, conn *pgx.Conn, table string) []int32 {
	t.Helper()
	rows, err := conn.Query(testCtx(t, 20*time.Second), "SELECT a FROM "+table+" ORDER BY a")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func wantRows(t *testing.T, conn *pgx.Conn, table string, want ...int32) {
	t.Helper()
	if got := txnRows(t, conn, table); !slices.Equal(got, want) {
		t.Fatalf("%s holds %v, want %v", table, got, want)
	}
}

// simpleExec sends sql as one Query message and returns each statement's
// tag or "ERROR code", and the ReadyForQuery status after it.
func simpleExec(t *testing.T, conn *pgx.Conn, sql string) ([]string, byte) {
	t.Helper()
	results, err := conn.PgConn().Exec(testCtx(t, 30*time.Second), sql).ReadAll()
	var out []string
	for _, r := range results {
		if r.Err != nil {
			continue
		}
		out = append(out, r.CommandTag.String())
	}
	if err != nil {
		out = append(out, "ERROR "+asPgError(t, err).Code)
	}
	return out, conn.PgConn().TxStatus()
}

func wantSimple(t *testing.T, conn *pgx.Conn, sql string, status byte, want ...string) {
	t.Helper()
	got, st := simpleExec(t, conn, sql)
	if !slices.Equal(got, want) || st != status {
		t.Fatalf("%s:\n got %q, status %c\nwant %q, status %c", sql, got, st, want, status)
	}
}

func showSetting(t *testing.T, conn *pgx.Conn, name string) string {
	t.Helper()
	var v string
	if err := conn.QueryRow(testCtx(t, 20*time.Second), "SHOW "+name).Scan(&v); err != nil {
		t.Fatalf("SHOW %s: %v", name, err)
	}
	return v
}

func wantSetting(t *testing.T, conn *pgx.Conn, name, want string) {
	t.Helper()
	if got := showSetting(t, conn, name); got != want {
		t.Fatalf("SHOW %s = %q, want %q", name, got, want)
	}
}

// txnSimpleAtomic: the statements of one Query message are one implicit
// transaction; an error rolls back all of them and skips the rest.
func txnSimpleAtomic(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_pp")
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (10); INSERT INTO txn_pp VALUES (10); INSERT INTO txn_pp VALUES (11)",
		'I', "INSERT 0 1", "ERROR 23505")
	wantRows(t, conn, "txn_pp")
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (1); INSERT INTO txn_pp VALUES (2); SELECT 1/0", 'I', "INSERT 0 1", "INSERT 0 1", "ERROR 22012")
	wantRows(t, conn, "txn_pp")
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (1); INSERT INTO txn_pp VALUES (2)", 'I', "INSERT 0 1", "INSERT 0 1")
	wantRows(t, conn, "txn_pp", 1, 2)
	// A statement sees the earlier ones' rows; a later syntax error is
	// found before anything runs.
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (3); UPDATE txn_pp SET a = a + 10 WHERE a = 3", 'I', "INSERT 0 1", "UPDATE 1")
	wantRows(t, conn, "txn_pp", 1, 2, 13)
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (4); SELEC 1", 'I', "ERROR 42601")
	wantRows(t, conn, "txn_pp", 1, 2, 13)
	// COMMIT and ROLLBACK inside the string end the implicit transaction
	// (with a warning); the next statement starts another.
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (5); COMMIT; INSERT INTO txn_pp VALUES (6); ROLLBACK", 'I',
		"INSERT 0 1", "COMMIT", "INSERT 0 1", "ROLLBACK")
	wantRows(t, conn, "txn_pp", 1, 2, 5, 13)
	// Statements that refuse a transaction block refuse a multi-statement
	// string too.
	wantSimple(t, conn, "INSERT INTO txn_pp VALUES (7); DISCARD ALL", 'I', "INSERT 0 1", "ERROR 25001")
	wantRows(t, conn, "txn_pp", 1, 2, 5, 13)
	wantSimple(t, conn, "DISCARD ALL", 'I', "DISCARD ALL")
	wantSimple(t, conn, "SELECT 1; VACUUM txn_pp", 'I', "SELECT 1", "ERROR 25001")
	wantSimple(t, conn, "BEGIN; VACUUM", 'E', "BEGIN", "ERROR 25001")
	wantSimple(t, conn, "ROLLBACK", 'I', "ROLLBACK")
	wantSimple(t, conn, "VACUUM txn_pp", 'I', "VACUUM")
}

// txnSimpleBeginCommit: BEGIN inside a string turns the implicit
// transaction (with the statements before it) into a block.
func txnSimpleBeginCommit(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_bc")
	wantSimple(t, conn, "INSERT INTO txn_bc VALUES (1); BEGIN; INSERT INTO txn_bc VALUES (2)", 'T', "INSERT 0 1", "BEGIN", "INSERT 0 1")
	wantSimple(t, conn, "ROLLBACK", 'I', "ROLLBACK")
	wantRows(t, conn, "txn_bc")
	wantSimple(t, conn, "BEGIN; INSERT INTO txn_bc VALUES (3); COMMIT; INSERT INTO txn_bc VALUES (4); INSERT INTO txn_bc VALUES (4)", 'I',
		"BEGIN", "INSERT 0 1", "COMMIT", "INSERT 0 1", "ERROR 23505")
	wantRows(t, conn, "txn_bc", 3)
	wantSimple(t, conn, "BEGIN; INSERT INTO txn_bc VALUES (5); INSERT INTO txn_bc VALUES (5); INSERT INTO txn_bc VALUES (6)", 'E',
		"BEGIN", "INSERT 0 1", "ERROR 23505")
	wantSimple(t, conn, "COMMIT", 'I', "ROLLBACK")
	wantRows(t, conn, "txn_bc", 3)
}

// txnBatchAtomic: a pgx batch (Bind/Execute pairs, one Sync) is one
// implicit transaction; a failing middle statement rolls back the first
// and skips the last.
func txnBatchAtomic(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_batch")
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeExec, pgx.QueryExecModeDescribeExec} {
		b := &pgx.Batch{}
		b.Queue("INSERT INTO txn_batch VALUES ($1)", 20)
		b.Queue("INSERT INTO txn_batch VALUES ($1)", 20)
		b.Queue("INSERT INTO txn_batch VALUES ($1)", 21)
		br := conn.SendBatch(testCtx(t, 30*time.Second), b)
		if _, err := br.Exec(); err != nil {
			t.Fatalf("mode %v: first insert: %v", mode, err)
		}
		_, err := br.Exec()
		wantCode(t, err, "23505")
		br.Close()
		wantRows(t, conn, "txn_batch")
		if st := conn.PgConn().TxStatus(); st != 'I' {
			t.Fatalf("status %c after the batch", st)
		}
	}
	b := &pgx.Batch{}
	for i := range 3 {
		b.Queue("INSERT INTO txn_batch VALUES ($1)", 30+i)
	}
	b.Queue("SELECT count(*) FROM txn_batch")
	br := conn.SendBatch(testCtx(t, 30*time.Second), b)
	for range 3 {
		if _, err := br.Exec(); err != nil {
			t.Fatal(err)
		}
	}
	var n int64
	if err := br.QueryRow().Scan(&n); err != nil || n != 3 {
		t.Fatalf("count inside the batch: %d, %v", n, err)
	}
	if err := br.Close(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, conn, "txn_batch", 30, 31, 32)
	// A Parse error in a batch rolls back too.
	b = &pgx.Batch{}
	b.Queue("INSERT INTO txn_batch VALUES (40)")
	b.Queue("SELECT * FROM txn_no_such_table")
	err := conn.SendBatch(testCtx(t, 30*time.Second), b).Close()
	wantCode(t, err, "42P01")
	wantRows(t, conn, "txn_batch", 30, 31, 32)
}

// txnFailedBlock: every error in a block fails it: syntax errors, errors
// of Parse (missing table), errors of Bind (a bad parameter).
func txnFailedBlock(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_fb")
	ctx := testCtx(t, 60*time.Second)
	failWith := map[string]func() error{
		"syntax": func() error { _, err := conn.Exec(ctx, "SELEC 1"); return err },
		"parse":  func() error { _, err := conn.Exec(ctx, "SELECT * FROM txn_no_such_table"); return err },
		"bind": func() error {
			_, err := conn.Exec(ctx, "INSERT INTO txn_fb VALUES ($1::int)", "notanint")
			return err
		},
		"simple syntax": func() error {
			_, err := conn.Exec(ctx, "SELEC 1", pgx.QueryExecModeSimpleProtocol)
			return err
		},
	}
	want := map[string]string{"syntax": "42601", "parse": "42P01", "bind": "22P02", "simple syntax": "42601"}
	for name, fn := range failWith {
		mustExec(t, conn, "BEGIN")
		mustExec(t, conn, "INSERT INTO txn_fb VALUES (1)")
		wantCode(t, fn(), want[name])
		if st := conn.PgConn().TxStatus(); st != 'E' {
			t.Fatalf("%s: status %c, want E", name, st)
		}
		_, err := conn.Exec(ctx, "SELECT 1")
		pe := wantCode(t, err, "25P02")
		if pe.Message != "current transaction is aborted, commands ignored until end of transaction block" {
			t.Fatalf("%s: message %q", name, pe.Message)
		}
		_, err = conn.Exec(ctx, "BEGIN")
		wantCode(t, err, "25P02")
		if tag := mustExec(t, conn, "COMMIT"); tag.String() != "ROLLBACK" {
			t.Fatalf("%s: COMMIT of a failed block answered %q", name, tag)
		}
		wantRows(t, conn, "txn_fb")
	}
	if tg.vecgres {
		// An unsupported statement (0A000 in vecgres) fails the block too.
		mustExec(t, conn, "BEGIN")
		_, err := conn.Exec(ctx, "LISTEN x")
		wantCode(t, err, "0A000")
		_, err = conn.Exec(ctx, "SELECT 1")
		wantCode(t, err, "25P02")
		mustExec(t, conn, "ROLLBACK")
	}
}

// txnReadOnly: READ ONLY transactions refuse writes with 25006.
func txnReadOnly(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_ro")
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "BEGIN READ ONLY")
	wantSetting(t, conn, "transaction_read_only", "on")
	_, err := conn.Exec(ctx, "INSERT INTO txn_ro VALUES (1)")
	if pe := wantCode(t, err, "25006"); pe.Message != "cannot execute INSERT in a read-only transaction" {
		t.Fatalf("message %q", pe.Message)
	}
	mustExec(t, conn, "ROLLBACK")
	wantRows(t, conn, "txn_ro")
	wantSetting(t, conn, "transaction_read_only", "off")

	for stmt, word := range map[string]string{
		"UPDATE txn_ro SET a = 2":                       "UPDATE",
		"DELETE FROM txn_ro":                            "DELETE",
		"CREATE TABLE txn_ro2 (a int)":                  "CREATE TABLE",
		"EXPLAIN ANALYZE INSERT INTO txn_ro VALUES (3)": "INSERT",
	} {
		mustExec(t, conn, "START TRANSACTION ISOLATION LEVEL READ COMMITTED, READ ONLY")
		_, err := conn.Exec(ctx, stmt)
		if pe := wantCode(t, err, "25006"); pe.Message != "cannot execute "+word+" in a read-only transaction" {
			t.Fatalf("%s: message %q", stmt, pe.Message)
		}
		mustExec(t, conn, "ROLLBACK")
	}
	// SET TRANSACTION: read-write only before the first query.
	wantSimple(t, conn, "BEGIN READ ONLY; SET TRANSACTION READ WRITE; INSERT INTO txn_ro VALUES (4); COMMIT", 'I',
		"BEGIN", "SET", "INSERT 0 1", "COMMIT")
	wantSimple(t, conn, "BEGIN READ ONLY; SELECT 1; SET TRANSACTION READ WRITE", 'E', "BEGIN", "SELECT 1", "ERROR 25001")
	mustExec(t, conn, "ROLLBACK")
	wantSimple(t, conn, "BEGIN; SET TRANSACTION READ ONLY; INSERT INTO txn_ro VALUES (5)", 'E', "BEGIN", "SET", "ERROR 25006")
	mustExec(t, conn, "ROLLBACK")
	// Outside a block SET TRANSACTION warns and does nothing.
	var notices []string
	conn2 := txnConn(t, tg, nil, &notices)
	mustExec(t, conn2, "SET TRANSACTION READ ONLY")
	if !slices.Equal(notices, []string{"WARNING 25P01 SET TRANSACTION can only be used in transaction blocks"}) {
		t.Fatalf("notices %q", notices)
	}
	mustExec(t, conn2, "INSERT INTO txn_ro VALUES (6)")
	// Session characteristics apply to the next transactions, implicit
	// ones too.
	mustExec(t, conn2, "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
	wantSetting(t, conn2, "default_transaction_read_only", "on")
	_, err = conn2.Exec(ctx, "INSERT INTO txn_ro VALUES (7)")
	wantCode(t, err, "25006")
	mustExec(t, conn2, "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE")
	mustExec(t, conn2, "INSERT INTO txn_ro VALUES (8)")
	wantRows(t, conn, "txn_ro", 4, 6, 8)
}

// txnIsolation: REPEATABLE READ keeps the snapshot of its first statement;
// READ COMMITTED sees each commit; the SHOW values follow the modes.
func txnIsolation(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	other := txnConn(t, tg, nil, nil)
	txnTable(t, conn, "txn_iso")
	ctx := testCtx(t, 60*time.Second)
	wantSetting(t, conn, "transaction_isolation", "read committed")
	mustExec(t, conn, "BEGIN ISOLATION LEVEL REPEATABLE READ")
	wantSetting(t, conn, "transaction_isolation", "repeatable read")
	mustExec(t, other, "INSERT INTO txn_iso VALUES (1)") // before the first query: seen
	wantRows(t, conn, "txn_iso", 1)
	mustExec(t, other, "INSERT INTO txn_iso VALUES (2)") // after it: not seen
	wantRows(t, conn, "txn_iso", 1)
	mustExec(t, conn, "INSERT INTO txn_iso VALUES (3)") // own writes are seen
	wantRows(t, conn, "txn_iso", 1, 3)
	_, err := conn.Exec(ctx, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
	if pe := wantCode(t, err, "25001"); pe.Message != "SET TRANSACTION ISOLATION LEVEL must be called before any query" {
		t.Fatalf("message %q", pe.Message)
	}
	mustExec(t, conn, "ROLLBACK")
	wantRows(t, conn, "txn_iso", 1, 2)

	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
	wantRows(t, conn, "txn_iso", 1, 2)
	mustExec(t, other, "INSERT INTO txn_iso VALUES (4)")
	wantRows(t, conn, "txn_iso", 1, 2)
	mustExec(t, conn, "COMMIT")

	// A row changed by a transaction that committed after the snapshot
	// cannot be changed: 40001.
	mustExec(t, conn, "BEGIN ISOLATION LEVEL REPEATABLE READ")
	wantRows(t, conn, "txn_iso", 1, 2, 4)
	mustExec(t, other, "UPDATE txn_iso SET a = 10 WHERE a = 1")
	_, err = conn.Exec(ctx, "UPDATE txn_iso SET a = 20 WHERE a = 1")
	if pe := wantCode(t, err, "40001"); pe.Message != "could not serialize access due to concurrent update" {
		t.Fatalf("message %q", pe.Message)
	}
	mustExec(t, conn, "ROLLBACK")
	mustExec(t, other, "UPDATE txn_iso SET a = 1 WHERE a = 10")

	mustExec(t, conn, "BEGIN ISOLATION LEVEL READ COMMITTED")
	wantRows(t, conn, "txn_iso", 1, 2, 4)
	mustExec(t, other, "INSERT INTO txn_iso VALUES (5)")
	wantRows(t, conn, "txn_iso", 1, 2, 4, 5)
	mustExec(t, conn, "COMMIT")

	mustExec(t, conn, "SET default_transaction_isolation = 'repeatable read'")
	wantSetting(t, conn, "transaction_isolation", "repeatable read")
	mustExec(t, conn, "BEGIN")
	wantSetting(t, conn, "transaction_isolation", "repeatable read")
	mustExec(t, conn, "COMMIT")
	mustExec(t, conn, "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED")
	wantSetting(t, conn, "default_transaction_isolation", "read committed")
	mustExec(t, conn, "BEGIN READ WRITE, ISOLATION LEVEL READ UNCOMMITTED, NOT DEFERRABLE")
	wantSetting(t, conn, "transaction_isolation", "read uncommitted")
	wantSetting(t, conn, "transaction_deferrable", "off")
	mustExec(t, conn, "COMMIT")

	if !tg.vecgres {
		return
	}
	// vecgres has no SSI: SERIALIZABLE is refused rather than weakened,
	// and the block it opened fails, so nothing after it autocommits.
	_, err = conn.Exec(ctx, "BEGIN ISOLATION LEVEL SERIALIZABLE")
	if pe := wantCode(t, err, "0A000"); !strings.Contains(pe.Message, "SERIALIZABLE") {
		t.Fatalf("message %q", pe.Message)
	}
	if st := conn.PgConn().TxStatus(); st != 'E' {
		t.Fatalf("status %c after BEGIN ISOLATION LEVEL SERIALIZABLE", st)
	}
	_, err = conn.Exec(ctx, "INSERT INTO txn_iso VALUES (6)")
	wantCode(t, err, "25P02")
	mustExec(t, conn, "ROLLBACK")
	for _, stmt := range []string{"SET default_transaction_isolation = 'serializable'",
		"SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE"} {
		_, err = conn.Exec(ctx, stmt)
		wantCode(t, err, "0A000")
	}
	wantSetting(t, conn, "default_transaction_isolation", "read committed")
	wantRows(t, conn, "txn_iso", 1, 2, 4, 5)
}

// txnSetLocal: SET LOCAL lasts until the end of the transaction; SET in a
// transaction that rolls back is undone; RESET and SET TO DEFAULT too.
func txnSetLocal(t *testing.T, tg clientTarget) {
	var notices []string
	conn := txnConn(t, tg, nil, &notices)
	steps := []struct{ sql, show string }{
		{"BEGIN; SET LOCAL statement_timeout = '5s'", "5s"},
		{"COMMIT", "0"},
		{"BEGIN; SET statement_timeout = '7s'", "7s"},
		{"ROLLBACK", "0"},
		{"BEGIN; SET statement_timeout = '8s'", "8s"},
		{"COMMIT", "8s"},
		{"BEGIN; SET LOCAL statement_timeout = '9s'; SET statement_timeout = '10s'", "10s"},
		{"COMMIT", "10s"},
		{"BEGIN; SET statement_timeout = '11s'; SET LOCAL statement_timeout = '12s'", "12s"},
		{"COMMIT", "11s"},
		{"BEGIN; RESET statement_timeout", "0"},
		{"ROLLBACK", "11s"},
		{"BEGIN; SET statement_timeout TO DEFAULT", "0"},
		{"COMMIT", "0"},
		{"SET statement_timeout = '3s'; SET LOCAL statement_timeout = '4s'", "3s"}, // multi-statement: an implicit block
		{"BEGIN; SET LOCAL statement_timeout TO DEFAULT", "0"},
		{"ROLLBACK", "3s"},
		{"BEGIN; RESET ALL", "0"},
		{"ROLLBACK", "3s"},
		{"SET statement_timeout = '2s'; SELECT 1/0", "3s"},
		{"BEGIN; SET statement_timeout = '6s'; SELECT 1/0", ""}, // failed: SHOW is 25P02
		{"ROLLBACK", "3s"},
		{"RESET statement_timeout", "0"},
	}
	for _, st := range steps {
		simpleExec(t, conn, st.sql)
		if st.show == "" {
			continue
		}
		if got := showSetting(t, conn, "statement_timeout"); got != st.show {
			t.Fatalf("after %q: statement_timeout %q, want %q", st.sql, got, st.show)
		}
	}
	if len(notices) != 0 {
		t.Fatalf("unexpected notices %q", notices)
	}
	mustExec(t, conn, "SET LOCAL statement_timeout = '5s'")
	if !slices.Equal(notices, []string{"WARNING 25P01 SET LOCAL can only be used in transaction blocks"}) {
		t.Fatalf("notices %q", notices)
	}
	wantSetting(t, conn, "statement_timeout", "0")
	// A reported setting undone by ROLLBACK is reported again.
	mustExec(t, conn, "SET application_name = 'before'")
	simpleExec(t, conn, "BEGIN; SET application_name = 'inside'")
	if v := conn.PgConn().ParameterStatus("application_name"); v != "inside" {
		t.Fatalf("application_name reported as %q inside the block", v)
	}
	mustExec(t, conn, "ROLLBACK")
	if v := conn.PgConn().ParameterStatus("application_name"); v != "before" {
		t.Fatalf("application_name reported as %q after ROLLBACK", v)
	}
	wantSetting(t, conn, "application_name", "before")
	// Custom (placeholder) settings, as pgvector's README uses them.
	wantSimple(t, conn, "BEGIN; SET LOCAL hnsw.ef_search = 100", 'T', "BEGIN", "SET")
	wantSetting(t, conn, "hnsw.ef_search", "100")
	mustExec(t, conn, "COMMIT")
	if tg.vecgres { // PostgreSQL without pgvector keeps the placeholder as ""
		wantSetting(t, conn, "hnsw.ef_search", "40")
	}
}

// txnStatementTimeout: statement_timeout cancels a statement with 57014;
// SHOW prints it as PostgreSQL does.
func txnStatementTimeout(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, nil, nil)
	ctx := testCtx(t, 60*time.Second)
	for _, c := range []struct{ set, show string }{
		{"'1s'", "1s"}, {"'1.5s'", "1500ms"}, {"60000", "1min"}, {"'1000000us'", "1s"}, {"'2h'", "2h"},
		{"'0.4ms'", "0"}, {"'250ms'", "250ms"}, {"0", "0"},
	} {
		mustExec(t, conn, "SET statement_timeout = "+c.set)
		wantSetting(t, conn, "statement_timeout", c.show)
	}
	for set, code := range map[string]string{"'abc'": "22023", "'5 weeks'": "22023", "'-1'": "22023"} {
		_, err := conn.Exec(ctx, "SET statement_timeout = "+set)
		wantCode(t, err, code)
	}
	mustExec(t, conn, "SET statement_timeout = '200ms'")
	start := time.Now()
	_, err := conn.Exec(ctx, "SELECT pg_sleep(20)")
	if pe := wantCode(t, err, "57014"); pe.Message != "canceling statement due to statement timeout" {
		t.Fatalf("message %q", pe.Message)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Fatalf("statement_timeout took %v", d)
	}
	// In a block the timeout fails the block; the setting is per
	// statement, so fast statements pass.
	txnTable(t, conn, "txn_to")
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "INSERT INTO txn_to VALUES (1)")
	_, err = conn.Exec(ctx, "SELECT pg_sleep(20)")
	wantCode(t, err, "57014")
	mustExec(t, conn, "ROLLBACK")
	wantRows(t, conn, "txn_to")
	mustExec(t, conn, "SET statement_timeout = 0")
}

// txnStartupOptions: settings given at startup, in the options parameter
// (PGOPTIONS) or as parameters of their own.
func txnStartupOptions(t *testing.T, tg clientTarget) {
	conn := txnConn(t, tg, map[string]string{
		"options":          `-c hnsw.ef_search=5 --statement-timeout=2s -c search_path=txn_a,\ b -csynchronous_commit=off`,
		"application_name": "txn-app",
	}, nil)
	wantSetting(t, conn, "hnsw.ef_search", "5")
	wantSetting(t, conn, "statement_timeout", "2s")
	wantSetting(t, conn, "synchronous_commit", "off")
	wantSetting(t, conn, "application_name", "txn-app")
	// Startup values are the session's defaults: RESET returns to them.
	mustExec(t, conn, "SET statement_timeout = '9s'")
	mustExec(t, conn, "RESET statement_timeout")
	wantSetting(t, conn, "statement_timeout", "2s")
	mustExec(t, conn, "RESET ALL")
	wantSetting(t, conn, "hnsw.ef_search", "5")
	// Parameters win over options.
	conn = txnConn(t, tg, map[string]string{"options": "-c statement_timeout=3s", "statement_timeout": "4s"}, nil)
	wantSetting(t, conn, "statement_timeout", "4s")

	for _, c := range []struct {
		params    map[string]string
		code, msg string
	}{
		{map[string]string{"options": "-c statement_timeout=abc"}, "22023", `invalid value for parameter "statement_timeout": "abc"`},
		{map[string]string{"options": "-c txn_no_such=1"}, "42704", `unrecognized configuration parameter "txn_no_such"`},
		{map[string]string{"options": "-c statement_timeout"}, "42601", "-c statement_timeout requires a value"},
		{map[string]string{"options": "--statement_timeout"}, "42601", "--statement_timeout requires a value"},
		{map[string]string{"options": "-x"}, "42601", "invalid command-line argument for server process: -x"},
		{map[string]string{"statement_timeout": "-5"}, "22023", `-5 ms is outside the valid range for parameter "statement_timeout" (0 .. 2147483647)`},
		{map[string]string{"client_encoding": "NO_SUCH_ENCODING"}, "22023", `invalid value for parameter "client_encoding": "NO_SUCH_ENCODING"`},
	} {
		_, err := txnConnect(tg, c.params, nil)
		pe := wantCode(t, err, c.code)
		if pe.Message != c.msg || pe.Severity != "FATAL" {
			t.Fatalf("%v: %s %q, want FATAL %q", c.params, pe.Severity, pe.Message, c.msg)
		}
	}
	if tg.vecgres {
		// vecgres speaks only UTF8: an encoding PostgreSQL would convert is
		// PostgreSQL's error for one it cannot.
		_, err := txnConnect(tg, map[string]string{"client_encoding": "LATIN1"}, nil)
		if pe := wantCode(t, err, "0A000"); pe.Message != "conversion between LATIN1 and UTF8 is not supported" {
			t.Fatalf("message %q", pe.Message)
		}
		conn = txnConn(t, tg, map[string]string{"client_encoding": "unicode"}, nil)
		wantSetting(t, conn, "client_encoding", "UTF8")
	}
}
