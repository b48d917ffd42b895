package tests

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// A statement prepared (Parse) before another session's uncommitted ALTER
// TABLE and executed while that transaction is open waits for it at Bind,
// as PostgreSQL's plan revalidation waits for the ALTER's ACCESS
// EXCLUSIVE lock, and is then checked against the table as the ALTER's
// transaction left it: after a ROLLBACK it returns the old columns and
// rows; after a COMMIT that changed its result columns it fails with
// 0A000 "cached plan must not change result type". Run against vecgres
// and PostgreSQL 15 with pgx.
func TestPreparedWaitsForDDL(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, c := lockConns(t, tg)
		for _, how := range []prepareKind{parsePrepare, sqlPrepare} {
			for _, alter := range []string{"ADD COLUMN x int", "DROP COLUMN n"} {
				t.Run(how.name+"/"+alter, func(t *testing.T) {
					preparedDDLCases(t, tg, how, alter, a, b, c)
				})
			}
		}
	})
}

// prepareKind is a way to prepare a statement named pw_all and run it.
type prepareKind struct {
	name       string
	prepare    func(t *testing.T, conn *pgx.Conn, query string) error
	run        func(t *testing.T, conn *pgx.Conn) (string, error)
	deallocate func(t *testing.T, conn *pgx.Conn) error
}

var (
	// parsePrepare: the extended protocol's Parse, then Bind and Execute.
	parsePrepare = prepareKind{
		name: "Parse",
		prepare: func(t *testing.T, conn *pgx.Conn, query string) error {
			_, err := conn.Prepare(testCtx(t, 30*time.Second), "pw_all", query)
			return err
		},
		run: func(t *testing.T, conn *pgx.Conn) (string, error) { return preparedRows(t, conn, "pw_all") },
		deallocate: func(t *testing.T, conn *pgx.Conn) error {
			return conn.Deallocate(testCtx(t, 30*time.Second), "pw_all")
		},
	}
	// sqlPrepare: SQL PREPARE and EXECUTE (simple protocol).
	sqlPrepare = prepareKind{
		name: "PREPARE",
		prepare: func(t *testing.T, conn *pgx.Conn, query string) error {
			_, err := conn.Exec(testCtx(t, 30*time.Second), "PREPARE pw_all AS "+query)
			return err
		},
		run: func(t *testing.T, conn *pgx.Conn) (string, error) {
			return preparedRows(t, conn, "EXECUTE pw_all", pgx.QueryExecModeSimpleProtocol)
		},
		deallocate: func(t *testing.T, conn *pgx.Conn) error {
			_, err := conn.Exec(testCtx(t, 30*time.Second), "DEALLOCATE pw_all")
			return err
		},
	}
)

// pwRows is what SELECT * FROM pw ORDER BY id returns before any ALTER:
// the column names, then the rows.
const pwRows = "id,n|1,10|2,20"

// preparedDDLCases: A prepares SELECT * FROM pw; B runs alter in an open
// transaction; A's execution gives up under lock_timeout (55P03) and
// statement_timeout (57014), which shows it waits, then waits until B
// rolls back (old rows) or commits (0A000).
func preparedDDLCases(t *testing.T, tg clientTarget, how prepareKind, alter string, a, b, c *pgx.Conn) {
	reset := func(t *testing.T) {
		t.Helper()
		_, _ = b.Exec(testCtx(t, 10*time.Second), "ROLLBACK") // a failed case may have left B's block open
		mustExec(t, c, "DROP TABLE IF EXISTS pw")
		mustExec(t, c, "CREATE TABLE pw (id int PRIMARY KEY, n int)")
		mustExec(t, c, "INSERT INTO pw VALUES (1, 10), (2, 20)")
		if err := how.prepare(t, a, "SELECT * FROM pw ORDER BY id"); err != nil {
			t.Fatalf("prepare: %v", err)
		}
		if got, err := how.run(t, a); err != nil || got != pwRows {
			t.Fatalf("before the ALTER: %q, %v; want %q", got, err, pwRows)
		}
	}
	deallocate := func(t *testing.T) {
		t.Helper()
		if err := how.deallocate(t, a); err != nil {
			t.Fatalf("deallocate: %v", err)
		}
	}

	t.Run("timeouts", func(t *testing.T) {
		reset(t)
		defer deallocate(t)
		mustExec(t, b, "BEGIN")
		mustExec(t, b, "ALTER TABLE pw "+alter)
		for _, limit := range []struct{ setting, code, message string }{
			{"lock_timeout", "55P03", "canceling statement due to lock timeout"},
			{"statement_timeout", "57014", "canceling statement due to statement timeout"},
		} {
			mustExec(t, a, "SET "+limit.setting+" = '100ms'")
			_, err := how.run(t, a)
			mustExec(t, a, "SET "+limit.setting+" = 0")
			if pe := wantCode(t, err, limit.code); pe.Message != limit.message {
				t.Fatalf("%s: message %q, want %q", limit.setting, pe.Message, limit.message)
			}
		}
		mustExec(t, b, "ROLLBACK")
		if got, err := how.run(t, a); err != nil || got != pwRows {
			t.Fatalf("after the ROLLBACK: %q, %v; want %q", got, err, pwRows)
		}
	})

	t.Run("rollback", func(t *testing.T) {
		reset(t)
		defer deallocate(t)
		mustExec(t, b, "BEGIN")
		mustExec(t, b, "ALTER TABLE pw "+alter)
		done := preparedAsync(t, a, how)
		headStart(t, tg, c)
		select {
		case r := <-done:
			t.Fatalf("the prepared statement ended while the ALTER was open (%q, %v): it did not wait", r.rows, r.err)
		default:
		}
		mustExec(t, b, "ROLLBACK")
		r := awaitPrepared(t, done)
		if r.err != nil || r.rows != pwRows {
			t.Fatalf("after the ROLLBACK: %q, %v; want %q", r.rows, r.err, pwRows)
		}
	})

	t.Run("commit", func(t *testing.T) {
		reset(t)
		defer deallocate(t)
		mustExec(t, b, "BEGIN")
		mustExec(t, b, "ALTER TABLE pw "+alter)
		done := preparedAsync(t, a, how)
		headStart(t, tg, c)
		mustExec(t, b, "COMMIT")
		r := awaitPrepared(t, done)
		if pe := wantCode(t, r.err, "0A000"); pe.Message != "cached plan must not change result type" {
			t.Fatalf("message %q", pe.Message)
		}
	})
}

// preparedResult is the outcome of running a prepared statement.
type preparedResult struct {
	rows string
	err  error
}

// preparedAsync runs the prepared statement on conn in a goroutine.
func preparedAsync(t *testing.T, conn *pgx.Conn, how prepareKind) chan preparedResult {
	done := make(chan preparedResult, 1)
	go func() {
		rows, err := how.run(t, conn)
		done <- preparedResult{rows, err}
	}()
	return done
}

func awaitPrepared(t *testing.T, done chan preparedResult) preparedResult {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(60 * time.Second):
		t.Fatal("the prepared statement did not finish")
		return preparedResult{}
	}
}

// preparedRows runs query (a prepared statement's name, or SQL; args
// may give pgx's query mode) and returns its column names and rows as
// "a,b|1,2|3,4".
func preparedRows(t *testing.T, conn *pgx.Conn, query string, args ...any) (string, error) {
	rows, err := conn.Query(testCtx(t, 60*time.Second), query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var names []string
	for _, fd := range rows.FieldDescriptions() {
		names = append(names, fd.Name)
	}
	out := []string{strings.Join(names, ",")}
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return "", err
		}
		var cells []string
		for _, v := range vals {
			cells = append(cells, fmt.Sprint(v))
		}
		out = append(out, strings.Join(cells, ","))
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return strings.Join(out, "|"), nil
}
