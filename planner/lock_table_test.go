package planner

import (
	"context"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// LOCK TABLE's modes hold other sessions as PostgreSQL's table locks do
// until the transaction ends: ACCESS EXCLUSIVE stops readers, SHARE stops
// writers but not readers, NOWAIT fails at once with 55P03 naming the
// relation.
func TestLockTableBlocks(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE lt (id int PRIMARY KEY)", "INSERT INTO lt VALUES (1)")
	a, b := ls.a, ls.b
	exec(t, b, "SET lock_timeout = 50")
	expect := func(q string, code pgerror.Code, msg string) {
		t.Helper()
		_, err := run(context.Background(), b, q)
		if codeOf(err) != code {
			t.Fatalf("%s: %v, want %s", q, err, code)
		}
		if msg != "" && err.Error() != msg {
			t.Fatalf("%s: %q, want %q", q, err.Error(), msg)
		}
	}
	exec(t, a, "BEGIN")
	exec(t, a, "LOCK TABLE lt IN SHARE MODE")
	if got := exec(t, b, "SELECT count(*) FROM lt").Rows[0][0]; got != int64(1) {
		t.Fatalf("a reader under SHARE: %v", got)
	}
	expect("INSERT INTO lt VALUES (2)", pgerror.LockNotAvailable, "")
	exec(t, a, "LOCK TABLE lt")
	expect("SELECT * FROM lt", pgerror.LockNotAvailable, "")
	exec(t, b, "BEGIN")
	expect("LOCK TABLE lt IN ACCESS SHARE MODE NOWAIT", pgerror.LockNotAvailable, `could not obtain lock on relation "lt"`)
	exec(t, b, "ROLLBACK")
	exec(t, a, "COMMIT")
	exec(t, b, "INSERT INTO lt VALUES (2)")
	if got := exec(t, b, "SELECT count(*) FROM lt").Rows[0][0]; got != int64(2) {
		t.Fatalf("after COMMIT: %v rows", got)
	}
}
