package tests

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestAdvisoryLocks: advisory locks between sessions, against vecgres
// and PostgreSQL 15 alike (Mastra takes pg_advisory_xact_lock around its
// DDL). Outcomes do not depend on timing: a blocked request either gives
// up by lock_timeout or statement_timeout while the other session holds
// the key, or is granted once it lets go.
func TestAdvisoryLocks(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, _ := lockConns(t, tg)
		try := func(conn *pgx.Conn, call string) bool {
			t.Helper()
			var got bool
			if err := conn.QueryRow(testCtx(t, 30*time.Second), "SELECT "+call).Scan(&got); err != nil {
				t.Fatalf("%s: %v", call, err)
			}
			return got
		}
		expect := func(conn *pgx.Conn, call string, want bool) {
			t.Helper()
			if got := try(conn, call); got != want {
				t.Errorf("%s = %v, want %v", call, got, want)
			}
		}

		// session lock: exclusive against exclusive and shared; the
		// (int, int) keys are another key space
		mustExec(t, a, "SELECT pg_advisory_lock(42)")
		expect(b, "pg_try_advisory_lock(42)", false)
		expect(b, "pg_try_advisory_lock_shared(42)", false)
		expect(b, "pg_try_advisory_lock(0, 42)", true)
		expect(b, "pg_advisory_unlock(0, 42)", true)
		expect(b, "pg_advisory_unlock(42)", false) // B holds none

		// a blocked wait ends by lock_timeout (55P03) or statement_timeout (57014)
		mustExec(t, b, "SET lock_timeout = '100ms'")
		_, err := b.Exec(testCtx(t, 30*time.Second), "SELECT pg_advisory_lock(42)")
		wantCode(t, err, "55P03")
		mustExec(t, b, "SET lock_timeout = 0")
		mustExec(t, b, "SET statement_timeout = '100ms'")
		_, err = b.Exec(testCtx(t, 30*time.Second), "SELECT pg_advisory_xact_lock(42)")
		wantCode(t, err, "57014")
		mustExec(t, b, "SET statement_timeout = 0")

		// re-entrant: held until released as often as taken
		mustExec(t, a, "SELECT pg_advisory_lock(42)")
		expect(a, "pg_advisory_unlock(42)", true)
		expect(b, "pg_try_advisory_lock(42)", false)
		expect(a, "pg_advisory_unlock(42)", true)
		expect(a, "pg_advisory_unlock(42)", false)
		expect(b, "pg_try_advisory_lock(42)", true)
		mustExec(t, b, "SELECT pg_advisory_unlock_all()")
		expect(a, "pg_try_advisory_lock(42)", true)
		mustExec(t, a, "SELECT pg_advisory_unlock_all()")

		// shared holders share
		expect(a, "pg_try_advisory_lock_shared(5)", true)
		expect(b, "pg_try_advisory_lock_shared(5)", true)
		expect(b, "pg_try_advisory_lock(5)", false)
		expect(a, "pg_advisory_unlock_shared(5)", true)
		expect(b, "pg_advisory_unlock_shared(5)", true)

		// transaction locks end with the transaction, implicit ones too
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "SELECT pg_advisory_xact_lock(7)")
		expect(a, "pg_advisory_unlock(7)", false) // not a session lock
		expect(b, "pg_try_advisory_lock(7)", false)
		mustExec(t, a, "COMMIT")
		expect(b, "pg_try_advisory_xact_lock(7)", true)
		expect(a, "pg_try_advisory_xact_lock(7)", true) // B's ended with its statement

		// a waiter gets the lock once the holder lets go
		mustExec(t, a, "SELECT pg_advisory_lock(10)")
		done := execAsync(t, b, "SELECT pg_advisory_lock(10)")
		headStart(t, tg, a)
		expect(a, "pg_advisory_unlock(10)", true)
		if err := <-done; err != nil {
			t.Fatalf("B's pg_advisory_lock(10): %v", err)
		}
		expect(a, "pg_try_advisory_lock(10)", false)
		mustExec(t, b, "SELECT pg_advisory_unlock(10)")

		// two sessions waiting for each other: one of them gets 40P01
		// and, once it lets its own lock go, the other its lock
		mustExec(t, a, "SELECT pg_advisory_lock(20)")
		mustExec(t, b, "SELECT pg_advisory_lock(21)")
		aDone := execAsync(t, a, "SELECT pg_advisory_lock(21)")
		headStart(t, tg, b)
		bDone := execAsync(t, b, "SELECT pg_advisory_lock(20)")
		var other chan error
		select {
		case err := <-aDone:
			wantCode(t, err, "40P01")
			mustExec(t, a, "SELECT pg_advisory_unlock(20)")
			other = bDone
		case err := <-bDone:
			wantCode(t, err, "40P01")
			mustExec(t, b, "SELECT pg_advisory_unlock(21)")
			other = aDone
		}
		if err := <-other; err != nil {
			t.Fatalf("the other waiter: %v", err)
		}
		mustExec(t, a, "SELECT pg_advisory_unlock_all()")
		mustExec(t, b, "SELECT pg_advisory_unlock_all()")

		// locks of a session that disconnects are released
		d, err := pgx.Connect(testCtx(t, 30*time.Second), tg.dsn)
		if err != nil {
			t.Fatal(err)
		}
		mustExec(t, d, "SELECT pg_advisory_lock(9)")
		expect(a, "pg_try_advisory_lock(9)", false)
		d.Close(context.Background())
		deadline := time.Now().Add(20 * time.Second)
		for !try(a, "pg_try_advisory_lock(9)") {
			if time.Now().After(deadline) {
				t.Fatal("lock 9 still held after its session disconnected")
			}
			time.Sleep(20 * time.Millisecond)
		}
		mustExec(t, a, "SELECT pg_advisory_unlock_all()")
	})
}
