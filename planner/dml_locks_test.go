package planner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
	"github.com/vecgres/vecgres/wire/backend"
)

// Sessions that wait for each other (dml_lock.go, catalog/lock.go). The
// catalog's wait hook tells the test that a statement is about to block,
// so no step depends on a sleep.

type lockSessions struct {
	a, b, c *Session
	waiting chan struct{}
}

func newLockSessions(t *testing.T, setup ...string) *lockSessions {
	c, err := catalog.Open("data", catalog.Options{WAL: wal.Options{FS: wal.NewMemFS(), SegmentSize: 1 << 20, NoSync: true},
		CheckpointInterval: -1, CheckpointWALBytes: -1})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	en := NewEngine(c)
	session := func() *Session {
		s := en.NewSession(map[string]string{"user": catalog.BootstrapSuperuser}).(*Session)
		t.Cleanup(s.Close)
		return s
	}
	a := session()
	ls := &lockSessions{a: a, b: session(), c: session(), waiting: make(chan struct{}, 8)}
	for _, q := range setup {
		exec(t, a, q)
	}
	a.cat.SetWaitHook(func(_, _ catalog.XID) { ls.waiting <- struct{}{} })
	return ls
}

// run executes one statement, returning its error (for goroutines).
func run(ctx context.Context, s *Session, query string) (*backend.Result, error) {
	ps, err := s.Split(query)
	if err != nil {
		return nil, err
	}
	return s.Execute(ctx, ps[0], nil)
}

type runResult struct {
	res *backend.Result
	err error
}

// background runs query on s in a goroutine and returns once it waits.
func (ls *lockSessions) background(t *testing.T, ctx context.Context, s *Session, query string) chan runResult {
	t.Helper()
	done := make(chan runResult, 1)
	go func() {
		res, err := run(ctx, s, query)
		done <- runResult{res, err}
	}()
	select {
	case <-ls.waiting:
	case r := <-done:
		t.Fatalf("%s did not wait: %v %v", query, r.res, r.err)
	case <-time.After(60 * time.Second):
		t.Fatalf("%s: no wait began", query)
	}
	return done
}

func finished(t *testing.T, done chan runResult) runResult {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(60 * time.Second):
		t.Fatal("the waiting statement did not finish")
		return runResult{}
	}
}

func codeOf(err error) pgerror.Code {
	var pe *pgerror.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// TestWritersWait runs PostgreSQL's READ COMMITTED scenarios: B's
// statement waits for A's open transaction, then acts on what A did.
func TestWritersWait(t *testing.T) {
	cases := []struct {
		name   string
		a      string // A's statement inside BEGIN
		end    string // COMMIT or ROLLBACK
		b      string // B's statement, autocommit
		tag    string // B's result tag, or
		code   pgerror.Code
		result string // SELECT id, n FROM cc ORDER BY id afterwards
	}{
		{"insert after rollback", "INSERT INTO cc VALUES (2, 0)", "ROLLBACK", "INSERT INTO cc VALUES (2, 99)", "INSERT 0 1", "", "[[1 0] [2 99]]"},
		{"insert after commit", "INSERT INTO cc VALUES (2, 0)", "COMMIT", "INSERT INTO cc VALUES (2, 99)", "", pgerror.UniqueViolation, "[[1 0] [2 0]]"},
		{"insert after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "INSERT INTO cc VALUES (1, 99)", "INSERT 0 1", "", "[[1 99]]"},
		{"insert after rolled back delete", "DELETE FROM cc WHERE id = 1", "ROLLBACK", "INSERT INTO cc VALUES (1, 99)", "", pgerror.UniqueViolation, "[[1 0]]"},
		{"update after update", "UPDATE cc SET n = n + 1 WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE id = 1", "UPDATE 1", "", "[[1 2]]"},
		{"update after rolled back update", "UPDATE cc SET n = n + 1 WHERE id = 1", "ROLLBACK", "UPDATE cc SET n = n + 1 WHERE id = 1", "UPDATE 1", "", "[[1 1]]"},
		{"update after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE id = 1", "UPDATE 0", "", "[]"},
		{"update after rolled back delete", "DELETE FROM cc WHERE id = 1", "ROLLBACK", "UPDATE cc SET n = n + 1 WHERE id = 1", "UPDATE 1", "", "[[1 1]]"},
		{"where re-checked", "UPDATE cc SET n = 5 WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE n = 0", "UPDATE 0", "", "[[1 5]]"},
		{"updated twice", "UPDATE cc SET n = 5 WHERE id = 1; UPDATE cc SET n = 0 WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE n = 0", "UPDATE 1", "", "[[1 1]]"},
		{"delete after update", "UPDATE cc SET n = 7 WHERE id = 1", "COMMIT", "DELETE FROM cc WHERE id = 1 RETURNING n", "DELETE 1", "", "[]"},
		{"delete after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "DELETE FROM cc WHERE id = 1", "DELETE 0", "", "[]"},
		{"upsert after insert", "INSERT INTO cc VALUES (2, 1)", "COMMIT", "INSERT INTO cc VALUES (2, 10) ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "INSERT 0 1", "", "[[1 0] [2 11]]"},
		{"upsert after update", "UPDATE cc SET n = 5 WHERE id = 1", "COMMIT", "INSERT INTO cc VALUES (1, 10) ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "INSERT 0 1", "", "[[1 15]]"},
		{"upsert after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "INSERT INTO cc VALUES (1, 10) ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "INSERT 0 1", "", "[[1 10]]"},
		{"upsert after rolled back update", "UPDATE cc SET n = 5 WHERE id = 1", "ROLLBACK", "INSERT INTO cc VALUES (1, 10) ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "INSERT 0 1", "", "[[1 10]]"},
		{"do nothing after insert", "INSERT INTO cc VALUES (2, 1)", "COMMIT", "INSERT INTO cc VALUES (2, 10) ON CONFLICT DO NOTHING", "INSERT 0 0", "", "[[1 0] [2 1]]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0)")
			exec(t, ls.a, "BEGIN")
			for _, q := range strings.Split(tc.a, "; ") {
				exec(t, ls.a, q)
			}
			done := ls.background(t, context.Background(), ls.b, tc.b)
			// Readers do not wait.
			if got := fmt.Sprint(exec(t, ls.c, "SELECT count(*) FROM cc").Rows); got != "[[1]]" {
				t.Fatalf("reader during the wait: %s", got)
			}
			exec(t, ls.a, tc.end)
			r := finished(t, done)
			switch {
			case tc.code != "":
				if codeOf(r.err) != tc.code {
					t.Fatalf("B: %v, want %s", r.err, tc.code)
				}
			case r.err != nil:
				t.Fatalf("B: %v", r.err)
			case r.res.Tag != tc.tag:
				t.Fatalf("B: %s, want %s", r.res.Tag, tc.tag)
			}
			if got := fmt.Sprint(exec(t, ls.c, "SELECT id, n FROM cc ORDER BY id").Rows); got != tc.result {
				t.Fatalf("rows %s, want %s", got, tc.result)
			}
		})
	}
}

// TestDeleteReturningSeesNewestVersion: DELETE ... RETURNING after a
// wait returns the version it deleted, the one A committed.
func TestDeleteReturningSeesNewestVersion(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE cc SET n = 7 WHERE id = 1")
	done := ls.background(t, context.Background(), ls.b, "DELETE FROM cc WHERE id = 1 RETURNING n")
	exec(t, ls.a, "COMMIT")
	r := finished(t, done)
	if r.err != nil || fmt.Sprint(r.res.Rows) != "[[7]]" {
		t.Fatalf("DELETE RETURNING: %v %v, want [[7]]", r.res, r.err)
	}
}

// TestRepeatableReadConflict: with the transaction marked REPEATABLE
// READ, the wait ends in 40001.
func TestRepeatableReadConflict(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE cc SET n = n + 1 WHERE id = 1")
	exec(t, ls.b, "BEGIN ISOLATION LEVEL REPEATABLE READ")
	exec(t, ls.b, "SELECT 1")
	done := ls.background(t, context.Background(), ls.b, "UPDATE cc SET n = n + 1 WHERE id = 1")
	exec(t, ls.a, "COMMIT")
	r := finished(t, done)
	if codeOf(r.err) != pgerror.SerializationFailure {
		t.Fatalf("B: %v, want 40001", r.err)
	}
	exec(t, ls.b, "ROLLBACK")
}

// TestDropTableWaits: DROP TABLE waits for a transaction that wrote the
// table; that transaction's later statements still use it.
func TestDropTableWaits(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE gh (id int PRIMARY KEY, n int)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "INSERT INTO gh VALUES (1, 1)")
	done := ls.background(t, context.Background(), ls.b, "DROP TABLE gh")
	exec(t, ls.a, "INSERT INTO gh VALUES (2, 2)")
	if got := fmt.Sprint(exec(t, ls.a, "SELECT id FROM gh ORDER BY id").Rows); got != "[[1] [2]]" {
		t.Fatalf("A's rows: %s", got)
	}
	exec(t, ls.a, "COMMIT")
	if r := finished(t, done); r.err != nil {
		t.Fatalf("DROP: %v", r.err)
	}
	exec(t, ls.b, "CREATE TABLE gh (id int PRIMARY KEY, n int)")
	if got := fmt.Sprint(exec(t, ls.a, "SELECT count(*) FROM gh").Rows); got != "[[0]]" {
		t.Fatalf("new gh: %s", got)
	}
}

// TestDDLLockTimeoutCancelDeadlock: a DDL wait ends with 55P03
// (lock_timeout), 57014 (cancel) or 40P01 (cycle).
func TestDDLLockTimeoutCancelDeadlock(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE gh (id int PRIMARY KEY, n int)", "CREATE INDEX gh_n ON gh (n)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "INSERT INTO gh VALUES (1, 1)")
	exec(t, ls.b, "SET lock_timeout = '10ms'")
	for _, q := range []string{"DROP TABLE gh", "DROP INDEX gh_n", "CREATE INDEX ON gh (id)", "TRUNCATE gh",
		"ALTER TABLE gh ADD COLUMN x int", "ALTER TABLE gh RENAME TO gh2", "REINDEX TABLE gh"} {
		if _, err := run(context.Background(), ls.b, q); codeOf(err) != pgerror.LockNotAvailable {
			t.Fatalf("%s: %v, want 55P03", q, err)
		}
		<-ls.waiting
	}
	exec(t, ls.b, "SET lock_timeout = 0")
	ctx, cancel := context.WithCancel(context.Background())
	done := ls.background(t, ctx, ls.b, "DROP TABLE gh")
	cancel()
	if r := finished(t, done); codeOf(r.err) != pgerror.QueryCanceled {
		t.Fatalf("cancelled DROP: %v, want 57014", r.err)
	}
	// B writes gh in a block, then waits for A's row; A's DROP closes
	// the cycle.
	exec(t, ls.a, "INSERT INTO gh VALUES (5, 5)")
	exec(t, ls.b, "BEGIN")
	exec(t, ls.b, "INSERT INTO gh VALUES (3, 3)")
	done = ls.background(t, context.Background(), ls.b, "INSERT INTO gh VALUES (5, 0)")
	if _, err := run(context.Background(), ls.a, "DROP TABLE gh"); codeOf(err) != pgerror.DeadlockDetected {
		t.Fatalf("A's DROP: %v, want 40P01", err)
	}
	exec(t, ls.a, "ROLLBACK")
	if r := finished(t, done); r.err != nil {
		t.Fatalf("B after A's rollback: %v", r.err)
	}
	exec(t, ls.b, "COMMIT")
	if got := fmt.Sprint(exec(t, ls.c, "SELECT id, n FROM gh ORDER BY id").Rows); got != "[[3 3] [5 0]]" {
		t.Fatalf("rows %s", got)
	}
}

// TestRowDeadlock: A and B each update one row, then the other's; the
// second to ask gets 40P01 and A goes on after B's rollback.
func TestRowDeadlock(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0), (2, 0)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE cc SET n = n + 1 WHERE id = 1")
	exec(t, ls.b, "BEGIN")
	exec(t, ls.b, "UPDATE cc SET n = n + 10 WHERE id = 2")
	done := ls.background(t, context.Background(), ls.a, "UPDATE cc SET n = n + 1 WHERE id = 2")
	_, err := run(context.Background(), ls.b, "UPDATE cc SET n = n + 10 WHERE id = 1")
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.DeadlockDetected || pe.Message != "deadlock detected" {
		t.Fatalf("B: %v, want 40P01", err)
	}
	exec(t, ls.b, "ROLLBACK")
	if r := finished(t, done); r.err != nil || r.res.Tag != "UPDATE 1" {
		t.Fatalf("A: %v %v", r.res, r.err)
	}
	exec(t, ls.a, "COMMIT")
	if got := fmt.Sprint(exec(t, ls.c, "SELECT id, n FROM cc ORDER BY id").Rows); got != "[[1 1] [2 1]]" {
		t.Fatalf("rows %s", got)
	}
}

// TestWriteLocksTableWithoutRows: an UPDATE that matches no row still
// holds the table lock until its transaction ends (PostgreSQL's
// RowExclusiveLock), so DROP TABLE waits (here until lock_timeout).
func TestWriteLocksTableWithoutRows(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE gh (id int PRIMARY KEY, n int)")
	exec(t, ls.a, "BEGIN")
	if tag := exec(t, ls.a, "UPDATE gh SET n = 1 WHERE id = 42").Tag; tag != "UPDATE 0" {
		t.Fatalf("tag %s", tag)
	}
	exec(t, ls.b, "SET lock_timeout = '10ms'")
	if _, err := run(context.Background(), ls.b, "DROP TABLE gh"); codeOf(err) != pgerror.LockNotAvailable {
		t.Fatalf("DROP: %v, want 55P03", err)
	}
	exec(t, ls.a, "COMMIT")
	exec(t, ls.b, "DROP TABLE gh")
}

// TestReadInTransactionHoldsTable: a transaction that read the table
// keeps DROP TABLE waiting (PostgreSQL's AccessShareLock) but not CREATE
// INDEX; its later statements use the table it read.
func TestReadInTransactionHoldsTable(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE gh (id int PRIMARY KEY, n int)", "INSERT INTO gh VALUES (1, 1)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "SELECT n FROM gh WHERE id = 1")
	exec(t, ls.b, "CREATE INDEX gh_n ON gh (n)")
	done := ls.background(t, context.Background(), ls.b, "DROP TABLE gh")
	exec(t, ls.a, "INSERT INTO gh VALUES (2, 2)")
	exec(t, ls.a, "COMMIT")
	if r := finished(t, done); r.err != nil {
		t.Fatalf("DROP: %v", r.err)
	}
	if _, err := run(context.Background(), ls.c, "SELECT 1 FROM gh"); codeOf(err) != pgerror.UndefinedTable {
		t.Fatalf("gh after DROP: %v", err)
	}
}

// TestWaitTimeouts: lock_timeout (in SET's units) ends a row wait with
// 55P03, statement_timeout with 57014.
func TestWaitTimeouts(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0)")
	ls.a.cat.SetWaitHook(nil)
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE cc SET n = 1 WHERE id = 1")
	for _, tc := range []struct {
		set  string
		code pgerror.Code
		msg  string
	}{
		{"SET lock_timeout = 10", pgerror.LockNotAvailable, "canceling statement due to lock timeout"},
		{"SET lock_timeout = '0.01s'", pgerror.LockNotAvailable, "canceling statement due to lock timeout"},
		{"SET statement_timeout = '10ms'", pgerror.QueryCanceled, "canceling statement due to statement timeout"},
	} {
		exec(t, ls.b, "RESET ALL")
		exec(t, ls.b, tc.set)
		_, err := run(context.Background(), ls.b, "UPDATE cc SET n = 2 WHERE id = 1")
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != tc.code || pe.Message != tc.msg {
			t.Fatalf("%s: %v, want %s %s", tc.set, err, tc.code, tc.msg)
		}
	}
	exec(t, ls.a, "COMMIT")
}
