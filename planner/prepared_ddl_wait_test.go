package planner

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// TestPreparedWaitsForDDL: a statement prepared before another
// transaction's ALTER TABLE and run while it is open (Bind: Revalidate,
// then Execute; SQL EXECUTE) waits for that transaction before it is
// bound again, as PostgreSQL's plan revalidation waits for the ALTER's
// lock: after a ROLLBACK it returns the old columns and rows, after a
// COMMIT that changed its result 0A000; statement_timeout and
// lock_timeout end the wait (57014, 55P03).
func TestPreparedWaitsForDDL(t *testing.T) {
	for _, alter := range []string{"ADD COLUMN x int", "DROP COLUMN n"} {
		for _, end := range []string{"ROLLBACK", "COMMIT"} {
			for _, sqlLevel := range []bool{false, true} {
				name := fmt.Sprintf("%s/%s/sql=%v", alter, end, sqlLevel)
				t.Run(name, func(t *testing.T) {
					ls := newLockSessions(t, "CREATE TABLE pw (id int PRIMARY KEY, n int)", "INSERT INTO pw VALUES (1, 10)")
					start := prepareBoth(t, ls.b, sqlLevel)
					exec(t, ls.a, "BEGIN")
					exec(t, ls.a, "ALTER TABLE pw "+alter)
					done := make(chan runResult, 1)
					go func() {
						res, err := start()
						done <- runResult{res, err}
					}()
					select {
					case <-ls.waiting:
					case r := <-done:
						t.Fatalf("ran during the open ALTER: %v, %v", r.res, r.err)
					case <-time.After(60 * time.Second):
						t.Fatal("no wait began")
					}
					exec(t, ls.a, end)
					r := finished(t, done)
					if end == "COMMIT" {
						if codeOf(r.err) != pgerror.FeatureNotSupported || r.err.Error() != errResultChanged.Error() {
							t.Fatalf("after the COMMIT: %v, %v; want 0A000 %q", r.res, r.err, errResultChanged.Error())
						}
						return
					}
					if r.err != nil || len(r.res.Columns) != 2 || r.res.Columns[1].Name != "n" ||
						fmt.Sprint(r.res.Rows) != "[[1 10]]" {
						t.Fatalf("after the ROLLBACK: %v, %v; want columns id, n and rows [[1 10]]", r.res, r.err)
					}
				})
			}
		}
	}
}

// prepareBoth prepares SELECT * FROM pw on s, through Prepare (Parse) or
// SQL PREPARE, and returns how to run it: Revalidate (Bind) then Execute,
// or EXECUTE.
func prepareBoth(t *testing.T, s *Session, sqlLevel bool) func() (*backend.Result, error) {
	t.Helper()
	if sqlLevel {
		exec(t, s, "PREPARE q AS SELECT * FROM pw")
		return func() (*backend.Result, error) { return run(context.Background(), s, "EXECUTE q") }
	}
	p, err := s.Prepare("SELECT * FROM pw", nil)
	if err != nil {
		t.Fatal(err)
	}
	return func() (*backend.Result, error) {
		if err := s.Revalidate(p); err != nil {
			return nil, err
		}
		return s.Execute(context.Background(), p, nil)
	}
}

// TestPreparedWaitTimeouts: the wait of a stale prepared statement ends
// with statement_timeout (57014) and lock_timeout (55P03).
func TestPreparedWaitTimeouts(t *testing.T) {
	for _, tc := range []struct {
		set, code, message string
	}{
		{"SET statement_timeout = '20ms'", "57014", "canceling statement due to statement timeout"},
		{"SET lock_timeout = '20ms'", "55P03", "canceling statement due to lock timeout"},
	} {
		for _, sqlLevel := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/sql=%v", tc.set, sqlLevel), func(t *testing.T) {
				ls := newLockSessions(t, "CREATE TABLE pw (id int PRIMARY KEY, n int)")
				start := prepareBoth(t, ls.b, sqlLevel)
				exec(t, ls.b, tc.set)
				exec(t, ls.a, "BEGIN")
				exec(t, ls.a, "ALTER TABLE pw ADD COLUMN x int")
				_, err := start() // its one wait signals ls.waiting, which has room
				if string(codeOf(err)) != tc.code || err.(*pgerror.Error).Message != tc.message {
					t.Fatalf("%v, want %s %q", err, tc.code, tc.message)
				}
				exec(t, ls.a, "ROLLBACK")
			})
		}
	}
}
