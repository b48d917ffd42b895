package tests

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Concurrent writers wait for each other as in PostgreSQL (READ
// COMMITTED): three pgx connections run each scenario against vecgres and
// PostgreSQL 15 (vector-free). Writer cases end A only once B is inside
// its statement (probeWait), so B must meet A's open transaction. DDL
// cases do not depend on timing (B's DROP gives the same result whether
// it waited or came after A ended); their lock_timeout cases prove that
// DDL waits (55P03 while A stays open).

// lockConns connects three sessions to tg.
func lockConns(t *testing.T, tg clientTarget) (a, b, c *pgx.Conn) {
	t.Helper()
	conns := make([]*pgx.Conn, 3)
	for i := range conns {
		conn, err := pgx.Connect(testCtx(t, 30*time.Second), tg.dsn)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		t.Cleanup(func() { conn.Close(context.Background()) })
		conns[i] = conn
	}
	return conns[0], conns[1], conns[2]
}

// execAsync runs sql on conn in a goroutine.
func execAsync(t *testing.T, conn *pgx.Conn, sql string) chan error {
	done := make(chan error, 1)
	go func() {
		_, err := conn.Exec(testCtx(t, 60*time.Second), sql)
		done <- err
	}()
	return done
}

// headStart lets B reach its wait: it polls pg_stat_activity, on
// PostgreSQL and vecgres alike, until a session waits for a lock.
func headStart(t *testing.T, tg clientTarget, c *pgx.Conn) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var n int64
		if err := c.QueryRow(testCtx(t, 10*time.Second),
			"SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no session started waiting for a lock")
}

// probeWait returns once another session's statement has read table
// probe, seen as a DROP INDEX on it that gives up (lock_timeout): the
// reader's table lock holds it off until that statement ends. A DROP that
// went through is undone and tried again. Same on PostgreSQL and vecgres.
// It fails the test when that statement (done) ends first: B did not
// wait for A.
func probeWait(t *testing.T, c *pgx.Conn, done chan error) {
	t.Helper()
	untilLockTimeout(t, c, done, "DROP INDEX probe_i", "CREATE INDEX probe_i ON probe (x)",
		"B's statement ended while A was open", "no statement read probe")
}

// untilLockTimeout runs probe under a 20 ms lock_timeout until it gives up
// with 55P03, running undo (or pausing, when undo is empty) after each try
// that went through. It fails the test with ended when done delivers
// first (the statement that should be waiting ended), and with never
// after 30 s.
func untilLockTimeout(t *testing.T, c *pgx.Conn, done chan error, probe, undo, ended, never string) {
	t.Helper()
	mustExec(t, c, "SET lock_timeout = '20ms'")
	defer mustExec(t, c, "SET lock_timeout = 0")
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		select {
		case err := <-done:
			t.Fatalf("%s (%v): it did not wait", ended, err)
		default:
		}
		_, err := c.Exec(testCtx(t, 30*time.Second), probe)
		if err == nil {
			if undo != "" {
				mustExec(t, c, undo)
			} else {
				time.Sleep(5 * time.Millisecond)
			}
			continue
		}
		wantCode(t, err, "55P03")
		return
	}
	t.Fatal(never)
}

func awaitErr(t *testing.T, done chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(60 * time.Second):
		t.Fatal("the waiting statement did not finish")
		return nil
	}
}

// tableRows returns "id:n" pairs of table cc ordered by id.
func tableRows(t *testing.T, c *pgx.Conn, table string) string {
	t.Helper()
	rows, err := c.Query(testCtx(t, 10*time.Second), "SELECT id, n FROM "+table+" ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	out := ""
	for rows.Next() {
		var id, n int32
		if err := rows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("%d:%d ", id, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLocks runs every scenario against each target, sharing the servers.
func TestLocks(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, c := lockConns(t, tg)
		t.Run("writers", func(t *testing.T) { lockWriterCases(t, a, b, c) })
		t.Run("ddl", func(t *testing.T) { lockDDLCases(t, tg, a, b, c) })
	})
}

// lockWriterCases: B's INSERT, UPDATE or DELETE meets A's open
// transaction, which then commits or rolls back. B's statement reads
// table probe first (its values are constant), so that the test knows
// when B is inside that statement (probeWait) and ends A only then.
func lockWriterCases(t *testing.T, a, b, c *pgx.Conn) {
	cases := []struct {
		name, a, end, b string
		code            string // B's SQLSTATE, "" for success
		tag             string
		rows            string
	}{
		{"insert after rollback", "INSERT INTO cc VALUES (2, 0)", "ROLLBACK", "INSERT INTO cc SELECT 2, 99 FROM probe", "", "INSERT 0 1", "1:0 2:99 "},
		{"insert after commit", "INSERT INTO cc VALUES (2, 0)", "COMMIT", "INSERT INTO cc SELECT 2, 99 FROM probe", "23505", "", "1:0 2:0 "},
		{"insert after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "INSERT INTO cc SELECT 1, 99 FROM probe", "", "INSERT 0 1", "1:99 "},
		{"insert after rolled back delete", "DELETE FROM cc WHERE id = 1", "ROLLBACK", "INSERT INTO cc SELECT 1, 99 FROM probe", "23505", "", "1:0 "},
		{"update after update", "UPDATE cc SET n = n + 1 WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE id = (SELECT x FROM probe)", "", "UPDATE 1", "1:2 "},
		{"update after rolled back update", "UPDATE cc SET n = n + 1 WHERE id = 1", "ROLLBACK", "UPDATE cc SET n = n + 1 WHERE id = (SELECT x FROM probe)", "", "UPDATE 1", "1:1 "},
		{"update after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE id = (SELECT x FROM probe)", "", "UPDATE 0", ""},
		{"update after rolled back delete", "DELETE FROM cc WHERE id = 1", "ROLLBACK", "UPDATE cc SET n = n + 1 WHERE id = (SELECT x FROM probe)", "", "UPDATE 1", "1:1 "},
		{"delete after update", "UPDATE cc SET n = 5 WHERE id = 1", "COMMIT", "DELETE FROM cc WHERE id = (SELECT x FROM probe)", "", "DELETE 1", ""},
		{"delete after rolled back delete", "DELETE FROM cc WHERE id = 1", "ROLLBACK", "DELETE FROM cc WHERE id = (SELECT x FROM probe)", "", "DELETE 1", ""},
		{"where re-checked", "UPDATE cc SET n = 5 WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE n = (SELECT x - 1 FROM probe)", "", "UPDATE 0", "1:5 "},
		{"updated twice", "UPDATE cc SET n = 5 WHERE id = 1; UPDATE cc SET n = 0 WHERE id = 1", "COMMIT", "UPDATE cc SET n = n + 1 WHERE n = (SELECT x - 1 FROM probe)", "", "UPDATE 1", "1:1 "},
		{"upsert after insert", "INSERT INTO cc VALUES (2, 1)", "COMMIT", "INSERT INTO cc SELECT 2, 10 FROM probe ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "", "INSERT 0 1", "1:0 2:11 "},
		{"upsert after update", "UPDATE cc SET n = 5 WHERE id = 1", "COMMIT", "INSERT INTO cc SELECT 1, 10 FROM probe ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "", "INSERT 0 1", "1:15 "},
		{"upsert after delete", "DELETE FROM cc WHERE id = 1", "COMMIT", "INSERT INTO cc SELECT 1, 10 FROM probe ON CONFLICT (id) DO UPDATE SET n = cc.n + EXCLUDED.n", "", "INSERT 0 1", "1:10 "},
		{"do nothing after insert", "INSERT INTO cc VALUES (2, 1)", "COMMIT", "INSERT INTO cc SELECT 2, 10 FROM probe ON CONFLICT DO NOTHING", "", "INSERT 0 0", "1:0 2:1 "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustExec(t, c, "DROP TABLE IF EXISTS cc")
			mustExec(t, c, "CREATE TABLE cc (id int PRIMARY KEY, n int)")
			mustExec(t, c, "INSERT INTO cc VALUES (1, 0)")
			mustExec(t, c, "DROP TABLE IF EXISTS probe")
			mustExec(t, c, "CREATE TABLE probe (x int)")
			mustExec(t, c, "INSERT INTO probe VALUES (1)")
			mustExec(t, c, "CREATE INDEX probe_i ON probe (x)")
			mustExec(t, a, "BEGIN")
			t.Cleanup(func() { a.Exec(context.Background(), "ROLLBACK") }) // after a failure
			mustExec(t, a, tc.a)
			done := make(chan error, 1)
			var tag string
			go func() {
				ct, err := b.Exec(testCtx(t, 60*time.Second), tc.b)
				tag = ct.String()
				done <- err
			}()
			probeWait(t, c, done)
			mustExec(t, a, tc.end)
			err := awaitErr(t, done)
			if tc.code != "" {
				wantCode(t, err, tc.code)
			} else if err != nil || tag != tc.tag {
				t.Fatalf("B: %q %v, want %s", tag, err, tc.tag)
			}
			if got := tableRows(t, c, "cc"); got != tc.rows {
				t.Fatalf("rows %q, want %q", got, tc.rows)
			}
		})
	}
}

// lockDDLCases: lock_timeout, DDL waiting for writers and readers, COPY,
// deadlock.
func lockDDLCases(t *testing.T, tg clientTarget, a, b, c *pgx.Conn) {
	mustExec(t, c, "DROP TABLE IF EXISTS gh")
	mustExec(t, c, "CREATE TABLE gh (id int PRIMARY KEY, n int)")

	t.Run("lock_timeout", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO gh VALUES (2, 0)")
		mustExec(t, b, "SET lock_timeout = '100ms'")
		_, err := b.Exec(testCtx(t, 30*time.Second), "INSERT INTO gh VALUES (2, 99)")
		pe := wantCode(t, err, "55P03")
		if pe.Message != "canceling statement due to lock timeout" {
			t.Fatalf("message %q", pe.Message)
		}
		for _, q := range []string{"DROP TABLE gh", "TRUNCATE gh", "ALTER TABLE gh ADD COLUMN x int"} {
			_, err = b.Exec(testCtx(t, 30*time.Second), q)
			wantCode(t, err, "55P03")
		}
		mustExec(t, b, "SET lock_timeout = 0")
		mustExec(t, a, "ROLLBACK")
	})

	t.Run("drop waits for a writer", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO gh VALUES (1, 1)")
		done := execAsync(t, b, "DROP TABLE gh")
		headStart(t, tg, c)
		mustExec(t, a, "INSERT INTO gh VALUES (2, 2)")
		if got := tableRows(t, a, "gh"); got != "1:1 2:2 " {
			t.Fatalf("A's rows %q", got)
		}
		mustExec(t, a, "COMMIT")
		if err := awaitErr(t, done); err != nil {
			t.Fatalf("DROP: %v", err)
		}
		mustExec(t, b, "CREATE TABLE gh (id int PRIMARY KEY, n int)")
		if got := tableRows(t, a, "gh"); got != "" {
			t.Fatalf("new gh holds %q", got)
		}
	})

	t.Run("copy then drop", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		n, err := a.CopyFrom(testCtx(t, 30*time.Second), pgx.Identifier{"gh"}, []string{"id", "n"},
			pgx.CopyFromRows([][]any{{int32(1), int32(1)}, {int32(2), int32(2)}}))
		if err != nil || n != 2 {
			t.Fatalf("COPY: %d %v", n, err)
		}
		mustExec(t, b, "SET lock_timeout = '100ms'")
		_, err = b.Exec(testCtx(t, 30*time.Second), "DROP TABLE gh")
		wantCode(t, err, "55P03")
		mustExec(t, b, "SET lock_timeout = 0")
		mustExec(t, a, "COMMIT")
		if got := tableRows(t, c, "gh"); got != "1:1 2:2 " {
			t.Fatalf("rows %q", got)
		}
	})

	t.Run("deadlock", func(t *testing.T) {
		mustExec(t, c, "DELETE FROM gh")
		mustExec(t, c, "INSERT INTO gh VALUES (1, 0), (2, 0)")
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "UPDATE gh SET n = n + 1 WHERE id = 1")
		mustExec(t, b, "BEGIN")
		mustExec(t, b, "UPDATE gh SET n = n + 10 WHERE id = 2")
		// Each asks for the other's row; whichever closes the cycle
		// gets 40P01 and rolls back, and the other goes on.
		doneA := execAsync(t, a, "UPDATE gh SET n = n + 1 WHERE id = 2")
		doneB := execAsync(t, b, "UPDATE gh SET n = n + 10 WHERE id = 1")
		// PostgreSQL releases the loser's locks at the error, vecgres at
		// its ROLLBACK: either way the winner finishes after the loser's
		// error.
		errs := map[*pgx.Conn]error{}
		for len(errs) < 2 {
			var conn *pgx.Conn
			var err error
			select {
			case err = <-doneA:
				conn = a
			case err = <-doneB:
				conn = b
			case <-time.After(60 * time.Second):
				t.Fatal("deadlock not detected")
			}
			errs[conn] = err
			if err != nil {
				wantCode(t, err, "40P01")
				mustExec(t, conn, "ROLLBACK")
			}
		}
		switch {
		case errs[a] == nil && errs[b] != nil:
			mustExec(t, a, "COMMIT")
			if got := tableRows(t, c, "gh"); got != "1:1 2:1 " {
				t.Fatalf("rows %q", got)
			}
		case errs[b] == nil && errs[a] != nil:
			mustExec(t, b, "COMMIT")
			if got := tableRows(t, c, "gh"); got != "1:10 2:10 " {
				t.Fatalf("rows %q", got)
			}
		default:
			t.Fatalf("A: %v, B: %v; want exactly one 40P01", errs[a], errs[b])
		}
	})

	t.Run("readers wait for exclusive DDL", func(t *testing.T) {
		mustExec(t, b, "SET lock_timeout = '100ms'")
		for _, ddl := range []string{"ALTER TABLE gh ADD COLUMN z int", "DROP TABLE gh", "ALTER TABLE gh RENAME TO gh_r", "TRUNCATE gh"} {
			mustExec(t, a, "BEGIN")
			mustExec(t, a, ddl)
			for _, q := range []string{"SELECT * FROM gh", "SELECT count(*) FROM gh", "INSERT INTO gh VALUES (9, 9)"} {
				_, err := b.Exec(testCtx(t, 30*time.Second), q)
				if pe := wantCode(t, err, "55P03"); t.Failed() {
					t.Fatalf("after A's %s, B's %s: %v", ddl, q, pe)
				}
			}
			mustExec(t, a, "ROLLBACK")
		}
		// CREATE INDEX takes SHARE: readers go on. A table created in an
		// open transaction does not exist for others.
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "CREATE INDEX gh_w ON gh (n)")
		mustExec(t, b, "SELECT * FROM gh")
		mustExec(t, a, "CREATE TABLE gh_new (x int)")
		for _, q := range []string{"SELECT * FROM gh_new", "INSERT INTO gh_new VALUES (1)"} {
			_, err := b.Exec(testCtx(t, 30*time.Second), q)
			wantCode(t, err, "42P01")
		}
		mustExec(t, a, "ROLLBACK")
		mustExec(t, b, "SET lock_timeout = 0")
		// A reader that waited sees the table as A's rollback left it.
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "ALTER TABLE gh ADD COLUMN z int")
		cols := make(chan []string, 1)
		go func() {
			rows, err := b.Query(testCtx(t, 60*time.Second), "SELECT * FROM gh")
			if err != nil {
				cols <- []string{err.Error()}
				return
			}
			var names []string
			for _, f := range rows.FieldDescriptions() {
				names = append(names, f.Name)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				names = append(names, err.Error())
			}
			cols <- names
		}()
		headStart(t, tg, c)
		mustExec(t, a, "ROLLBACK")
		select {
		case got := <-cols:
			if fmt.Sprint(got) != "[id n]" {
				t.Fatalf("columns after rollback: %v, want [id n]", got)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("the reader did not finish")
		}
	})

	t.Run("reader holds off drop, not create index", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "SELECT count(*) FROM gh")
		mustExec(t, b, "SET lock_timeout = '100ms'")
		_, err := b.Exec(testCtx(t, 30*time.Second), "DROP TABLE gh")
		wantCode(t, err, "55P03")
		mustExec(t, b, "CREATE INDEX gh_n ON gh (n)")
		_, err = b.Exec(testCtx(t, 30*time.Second), "DROP INDEX gh_n")
		wantCode(t, err, "55P03")
		mustExec(t, b, "SET lock_timeout = 0")
		mustExec(t, a, "COMMIT")
		mustExec(t, b, "DROP INDEX gh_n")
		mustExec(t, b, "DROP TABLE gh")
	})
}
