package tests

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// A failed transaction block lets go of its locks at the error, as
// PostgreSQL 15 aborts the (sub)transaction there (AbortTransaction,
// AbortSubTransaction): session A's block fails and stays idle, failed,
// while session B takes what A had locked. Against vecgres and PostgreSQL
// 15 alike. B runs under a lock_timeout, so a lock A still held shows as
// 55P03 rather than a hang.

// abortLockCase is one lock kind: what A takes, and B's statement that
// needs it, with B's command tag.
type abortLockCase struct {
	name, a, b, tag string
}

var abortLockCases = []abortLockCase{
	{"updated row", "UPDATE al SET n = 1 WHERE id = 1", "UPDATE al SET n = 9 WHERE id = 1", "UPDATE 1"},
	{"deleted row", "DELETE FROM al WHERE id = 1", "DELETE FROM al WHERE id = 1", "DELETE 1"},
	{"inserted unique key", "INSERT INTO al VALUES (3, 0)", "INSERT INTO al VALUES (3, 9)", "INSERT 0 1"},
	{"row lock", "SELECT * FROM al WHERE id = 1 FOR UPDATE", "SELECT * FROM al WHERE id = 1 FOR UPDATE NOWAIT", "SELECT 1"},
	{"lock table", "LOCK TABLE al IN ACCESS EXCLUSIVE MODE", "SELECT count(*) FROM al", "SELECT 1"},
	{"writer lock", "INSERT INTO al VALUES (4, 0)", "CREATE INDEX al_n ON al (n)", "CREATE INDEX"},
	{"advisory xact lock", "SELECT pg_advisory_xact_lock(11)", "SELECT pg_advisory_xact_lock(11)", "SELECT 1"},
}

// resetAl makes table al with rows (1, 0) and (2, 0), and al2 with (2, 0).
func resetAl(t *testing.T, c *pgx.Conn) {
	t.Helper()
	mustExec(t, c, "DROP TABLE IF EXISTS al, al2")
	mustExec(t, c, "CREATE TABLE al (id int PRIMARY KEY, n int)")
	mustExec(t, c, "INSERT INTO al VALUES (1, 0), (2, 0)")
	mustExec(t, c, "CREATE TABLE al2 (id int PRIMARY KEY, n int)")
	mustExec(t, c, "INSERT INTO al2 VALUES (2, 0)")
}

// execTag runs sql on c and returns its command tag, failing on error.
func execTag(t *testing.T, c *pgx.Conn, sql string) string {
	t.Helper()
	return mustExec(t, c, sql).String()
}

// failBlock makes A's block fail with 22012.
func failBlock(t *testing.T, a *pgx.Conn) {
	t.Helper()
	_, err := a.Exec(testCtx(t, 30*time.Second), "SELECT 1/0")
	wantCode(t, err, "22012")
}

func TestAbortReleasesLocks(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, c := lockConns(t, tg)
		mustExec(t, b, "SET lock_timeout = '5s'")
		t.Run("no savepoint", func(t *testing.T) { abortNoSavepoint(t, a, b, c) })
		t.Run("savepoint", func(t *testing.T) { abortSavepoint(t, a, b, c) })
		t.Run("waiter wakes", func(t *testing.T) { abortWakes(t, tg, a, b, c) })
		t.Run("deadlock victim", func(t *testing.T) { abortDeadlock(t, tg, a, b, c) })
	})
}

// abortNoSavepoint: A's whole transaction is undone at the error; its
// COMMIT then answers ROLLBACK and the block's changes are gone.
func abortNoSavepoint(t *testing.T, a, b, c *pgx.Conn) {
	for _, tc := range abortLockCases {
		t.Run(tc.name, func(t *testing.T) {
			resetAl(t, c)
			mustExec(t, a, "BEGIN")
			t.Cleanup(func() { a.Exec(context.Background(), "ROLLBACK") })
			mustExec(t, a, tc.a)
			failBlock(t, a)
			if got := execTag(t, b, tc.b); got != tc.tag {
				t.Fatalf("B: %q, want %q", got, tc.tag)
			}
			_, err := a.Exec(testCtx(t, 10*time.Second), "SELECT 1")
			wantCode(t, err, "25P02")
			if got := execTag(t, a, "COMMIT"); got != "ROLLBACK" {
				t.Fatalf("COMMIT of the failed block: %q", got)
			}
			if got, want := tableRows(t, c, "al"), abortRows(tc.name); got != want {
				t.Fatalf("rows %q, want %q", got, want)
			}
		})
	}
}

// abortSavepoint: A changed al2's row before its savepoint; at the
// error only what came after the savepoint is undone and released. That
// row (and al2's writer lock) stays A's, after ROLLBACK TO SAVEPOINT
// too, and A's COMMIT keeps that change.
func abortSavepoint(t *testing.T, a, b, c *pgx.Conn) {
	for _, tc := range abortLockCases {
		t.Run(tc.name, func(t *testing.T) {
			resetAl(t, c)
			mustExec(t, a, "BEGIN")
			t.Cleanup(func() { a.Exec(context.Background(), "ROLLBACK") })
			mustExec(t, a, "UPDATE al2 SET n = 5 WHERE id = 2")
			mustExec(t, a, "SAVEPOINT s")
			mustExec(t, a, tc.a)
			failBlock(t, a)
			if got := execTag(t, b, tc.b); got != tc.tag {
				t.Fatalf("B: %q, want %q", got, tc.tag)
			}
			stillHeld := func() {
				t.Helper()
				mustExec(t, c, "SET lock_timeout = '50ms'")
				_, err := c.Exec(testCtx(t, 10*time.Second), "UPDATE al2 SET n = 7 WHERE id = 2")
				wantCode(t, err, "55P03")
				mustExec(t, c, "SET lock_timeout = 0")
			}
			stillHeld()
			if got := execTag(t, a, "ROLLBACK TO SAVEPOINT s"); got != "ROLLBACK" {
				t.Fatalf("ROLLBACK TO: %q", got)
			}
			stillHeld()
			if got := execTag(t, a, "ROLLBACK TO SAVEPOINT s"); got != "ROLLBACK" { // the savepoint stays
				t.Fatalf("second ROLLBACK TO: %q", got)
			}
			if got := execTag(t, a, "COMMIT"); got != "COMMIT" {
				t.Fatalf("COMMIT: %q", got)
			}
			if got, want := tableRows(t, c, "al"), abortRows(tc.name); got != want {
				t.Fatalf("rows %q, want %q", got, want)
			}
			if got := tableRows(t, c, "al2"); got != "2:5 " {
				t.Fatalf("al2 rows %q, want the change made before the savepoint", got)
			}
		})
	}
}

// abortWakes: B already waits for a row A changed after its savepoint
// when A's block fails; B's statement then finishes, A still open.
func abortWakes(t *testing.T, tg clientTarget, a, b, c *pgx.Conn) {
	for _, tc := range abortLockCases[:4] {
		t.Run(tc.name, func(t *testing.T) {
			resetAl(t, c)
			mustExec(t, a, "BEGIN")
			t.Cleanup(func() { a.Exec(context.Background(), "ROLLBACK") })
			mustExec(t, a, "UPDATE al2 SET n = 5 WHERE id = 2")
			mustExec(t, a, "SAVEPOINT s")
			mustExec(t, a, tc.a)
			bSQL := tc.b
			if tc.name == "row lock" {
				bSQL = "SELECT * FROM al WHERE id = 1 FOR UPDATE"
			}
			done := execAsync(t, b, bSQL)
			headStart(t, tg, c)
			failBlock(t, a)
			if err := awaitErr(t, done); err != nil {
				t.Fatalf("B: %v", err)
			}
			mustExec(t, a, "ROLLBACK TO SAVEPOINT s")
			mustExec(t, a, "COMMIT")
			if got, want := tableRows(t, c, "al"), abortRows(tc.name); got != want {
				t.Fatalf("rows %q, want %q", got, want)
			}
			if got := tableRows(t, c, "al2"); got != "2:5 " {
				t.Fatalf("al2 rows %q", got)
			}
		})
	}
}

// abortRows is al's rows after case name's B ran and A's changes to al
// were undone.
func abortRows(name string) string {
	switch name {
	case "updated row":
		return "1:9 2:0 "
	case "deleted row":
		return "2:0 "
	case "inserted unique key":
		return "1:0 2:0 3:9 "
	}
	return "1:0 2:0 "
}

// abortDeadlock: A and B each update a row, then the other's. The
// victim (B in vecgres, which detects the cycle at once; A in
// PostgreSQL, whose deadlock_timeout expires first) gets 40P01 and lets
// go of its row then: the other's update finishes while the victim is
// still in its failed block.
func abortDeadlock(t *testing.T, tg clientTarget, a, b, c *pgx.Conn) {
	resetAl(t, c)
	mustExec(t, a, "BEGIN")
	t.Cleanup(func() { a.Exec(context.Background(), "ROLLBACK") })
	mustExec(t, b, "BEGIN")
	t.Cleanup(func() { b.Exec(context.Background(), "ROLLBACK") })
	mustExec(t, a, "UPDATE al SET n = 1 WHERE id = 1")
	mustExec(t, b, "UPDATE al SET n = 2 WHERE id = 2")
	doneA := execAsync(t, a, "UPDATE al SET n = 1 WHERE id = 2")
	headStart(t, tg, c)
	doneB := execAsync(t, b, "UPDATE al SET n = 2 WHERE id = 1")
	var errA, errB error
	select {
	case errA = <-doneA:
		errB = awaitErr(t, doneB)
	case errB = <-doneB:
		errA = awaitErr(t, doneA)
	case <-time.After(60 * time.Second):
		t.Fatal("neither update finished")
	}
	winner, victim, rows := a, b, "1:1 2:1 "
	if errA != nil {
		wantCode(t, errA, "40P01")
		if errB != nil {
			t.Fatalf("both failed; B: %v", errB)
		}
		winner, victim, rows = b, a, "1:2 2:2 "
	} else {
		wantCode(t, errB, "40P01")
	}
	if got := execTag(t, winner, "COMMIT"); got != "COMMIT" {
		t.Fatalf("winner's COMMIT: %q", got)
	}
	if got := execTag(t, victim, "ROLLBACK"); got != "ROLLBACK" {
		t.Fatalf("victim's ROLLBACK: %q", got)
	}
	if got := tableRows(t, c, "al"); got != rows {
		t.Fatalf("rows %q, want %q", got, rows)
	}
}
