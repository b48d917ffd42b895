package planner

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Row locks of SELECT ... FOR UPDATE and co (rowlock.go,
// catalog/rowlock.go) between two sessions, as PostgreSQL 15 behaves.

// TestRowLocksWait: B's statement waits for the row A locked or changed,
// then acts on what A left (READ COMMITTED).
func TestRowLocksWait(t *testing.T) {
	cases := []struct {
		name string
		a    string // A's statements inside BEGIN, "; "-separated
		end  string // COMMIT or ROLLBACK
		b    string // B's statement, autocommit
		rows string // B's rows, or
		tag  string // B's tag when it returns none
	}{
		{"update waits for for update", "SELECT * FROM q WHERE id = 1 FOR UPDATE", "COMMIT", "UPDATE q SET n = n + 1 WHERE id = 1", "", "UPDATE 1"},
		{"delete waits for for share", "SELECT * FROM q WHERE id = 1 FOR SHARE", "COMMIT", "DELETE FROM q WHERE id = 1", "", "DELETE 1"},
		{"for update waits for for update", "SELECT * FROM q WHERE id = 1 FOR UPDATE", "ROLLBACK", "SELECT id, n FROM q WHERE id = 1 FOR UPDATE", "[[1 0]]", ""},
		{"for update follows an update", "UPDATE q SET n = 5 WHERE id = 1", "COMMIT", "SELECT id, n FROM q WHERE id = 1 FOR UPDATE", "[[1 5]]", ""},
		{"where re-checked", "UPDATE q SET n = 5 WHERE id = 1", "COMMIT", "SELECT id, n FROM q WHERE n = 0 ORDER BY id FOR UPDATE", "[[2 0] [3 0]]", ""},
		{"deleted row left out", "DELETE FROM q WHERE id = 1", "COMMIT", "SELECT id FROM q ORDER BY id FOR NO KEY UPDATE", "[[2] [3]]", ""},
		{"for share waits for an update", "UPDATE q SET n = 1 WHERE id = 2", "COMMIT", "SELECT id, n FROM q WHERE id = 2 FOR SHARE", "[[2 1]]", ""},
		{"key update waits for key share", "SELECT * FROM q WHERE id = 1 FOR KEY SHARE", "COMMIT", "UPDATE q SET id = 10 WHERE id = 1", "", "UPDATE 1"},
		{"a row failing the re-check leaves LIMIT room", "UPDATE q SET n = 9 WHERE id = 1", "COMMIT", "SELECT id, n FROM q WHERE n = 0 ORDER BY id LIMIT 1 FOR UPDATE", "[[2 0]]", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ls := newLockSessions(t, "CREATE TABLE q (id int PRIMARY KEY, n int)", "INSERT INTO q VALUES (1, 0), (2, 0), (3, 0)")
			exec(t, ls.a, "BEGIN")
			for _, s := range strings.Split(tc.a, "; ") {
				exec(t, ls.a, s)
			}
			done := ls.background(t, context.Background(), ls.b, tc.b)
			exec(t, ls.a, tc.end)
			r := finished(t, done)
			switch {
			case r.err != nil:
				t.Fatalf("B: %v", r.err)
			case tc.rows != "" && fmt.Sprint(r.res.Rows) != tc.rows:
				t.Fatalf("B: %v, want %s", r.res.Rows, tc.rows)
			case tc.tag != "" && r.res.Tag != tc.tag:
				t.Fatalf("B: %s, want %s", r.res.Tag, tc.tag)
			}
		})
	}
}

// TestRowLocksNoWait: what does not wait — NOWAIT (55P03), SKIP LOCKED,
// modes that do not conflict, readers, and locks released by ROLLBACK TO
// SAVEPOINT or by the end of the transaction.
func TestRowLocksNoWait(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE q (id int PRIMARY KEY, n int)", "INSERT INTO q VALUES (1, 0), (2, 0), (3, 0)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "SELECT * FROM q WHERE id = 1 FOR UPDATE")
	_, err := run(context.Background(), ls.b, "SELECT * FROM q WHERE id = 1 FOR UPDATE NOWAIT")
	if codeOf(err) != pgerror.LockNotAvailable || err.Error() != `could not obtain lock on row in relation "q"` {
		t.Fatalf("NOWAIT: %v", err)
	}
	if got := fmt.Sprint(exec(t, ls.b, "SELECT id FROM q ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED").Rows); got != "[[2]]" {
		t.Fatalf("SKIP LOCKED: %s", got)
	}
	if got := fmt.Sprint(exec(t, ls.b, "SELECT id FROM q ORDER BY id").Rows); got != "[[1] [2] [3]]" {
		t.Fatalf("reader: %s", got)
	}
	exec(t, ls.a, "ROLLBACK")

	// Two FOR SHARE holders; FOR KEY SHARE and an UPDATE of a non-key
	// column.
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "SELECT * FROM q WHERE id = 2 FOR SHARE")
	exec(t, ls.b, "BEGIN")
	if got := fmt.Sprint(exec(t, ls.b, "SELECT id FROM q WHERE id = 2 FOR SHARE NOWAIT").Rows); got != "[[2]]" {
		t.Fatalf("second FOR SHARE: %s", got)
	}
	_, err = run(context.Background(), ls.c, "UPDATE q SET n = 1 WHERE id = 2 AND n = (SELECT n FROM q WHERE id = 2 FOR UPDATE NOWAIT)")
	if codeOf(err) != pgerror.LockNotAvailable {
		t.Fatalf("FOR UPDATE of a shared row: %v", err)
	}
	exec(t, ls.b, "COMMIT")
	exec(t, ls.a, "COMMIT")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "SELECT * FROM q WHERE id = 3 FOR KEY SHARE")
	if got := exec(t, ls.b, "UPDATE q SET n = 4 WHERE id = 3").Tag; got != "UPDATE 1" {
		t.Fatalf("non-key update under FOR KEY SHARE: %s", got)
	}
	exec(t, ls.a, "COMMIT")

	// ROLLBACK TO SAVEPOINT releases the locks taken after it.
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "SELECT * FROM q WHERE id = 1 FOR UPDATE")
	exec(t, ls.a, "SAVEPOINT s")
	exec(t, ls.a, "SELECT * FROM q WHERE id = 2 FOR UPDATE")
	exec(t, ls.a, "ROLLBACK TO SAVEPOINT s")
	if got := fmt.Sprint(exec(t, ls.b, "SELECT id FROM q ORDER BY id FOR UPDATE SKIP LOCKED").Rows); got != "[[2] [3]]" {
		t.Fatalf("after ROLLBACK TO SAVEPOINT: %s", got)
	}
	exec(t, ls.a, "COMMIT")
	if got := fmt.Sprint(exec(t, ls.b, "SELECT id FROM q ORDER BY id FOR UPDATE NOWAIT").Rows); got != "[[1] [2] [3]]" {
		t.Fatalf("after COMMIT: %s", got)
	}
}

// TestRowLocksRepeatableRead: a REPEATABLE READ transaction that would
// lock a row another transaction changed and committed gets 40001.
func TestRowLocksRepeatableRead(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE q (id int PRIMARY KEY, n int)", "INSERT INTO q VALUES (1, 0)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE q SET n = 1 WHERE id = 1")
	exec(t, ls.b, "BEGIN ISOLATION LEVEL REPEATABLE READ")
	exec(t, ls.b, "SELECT 1")
	done := ls.background(t, context.Background(), ls.b, "SELECT * FROM q FOR UPDATE")
	exec(t, ls.a, "COMMIT")
	if r := finished(t, done); codeOf(r.err) != pgerror.SerializationFailure {
		t.Fatalf("B: %v, want 40001", r.err)
	}
	exec(t, ls.b, "ROLLBACK")
}

// TestRowLocksJobQueue: workers taking jobs with FOR UPDATE SKIP LOCKED
// LIMIT 1 never take the same job, and each takes one.
func TestRowLocksJobQueue(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE jobs (id int PRIMARY KEY, done bool)", "INSERT INTO jobs SELECT g, false FROM generate_series(1, 3) g")
	var got []string
	for _, s := range []*Session{ls.a, ls.b, ls.c} {
		exec(t, s, "BEGIN")
		got = append(got, fmt.Sprint(exec(t, s, "SELECT id FROM jobs WHERE NOT done ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED").Rows))
	}
	if fmt.Sprint(got) != "[[[1]] [[2]] [[3]]]" {
		t.Fatalf("jobs taken: %v", got)
	}
	for _, s := range []*Session{ls.a, ls.b, ls.c} {
		exec(t, s, "COMMIT")
	}
}

// TestExplainAnalyzeLockRows: EXPLAIN ANALYZE of a locking query counts
// the rows LockRows passed on, below the Limit that stopped it.
func TestExplainAnalyzeLockRows(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE q (id int PRIMARY KEY, n int)")
	exec(t, s, "INSERT INTO q SELECT g, 0 FROM generate_series(1, 5) g")
	checkExplainAnalyze(t, s, "SELECT id FROM q ORDER BY id LIMIT 1 FOR UPDATE", []string{
		"Limit  (rows=1) (actual rows=1)",
		"  ->  LockRows  (rows=5) (actual rows=1)",
		"        ->  Sort  (rows=5) (actual rows=1)",
		"              Sort Key: id",
		"              ->  Seq Scan on q  (rows=5) (actual rows=5)"})
}
