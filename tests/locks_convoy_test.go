package tests

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// A DDL waiting for one table holds up nobody else (PostgreSQL's
// per-relation locks): while session B's ALTER TABLE waits for session
// A's statement or transaction on table probe, session C's SELECT 1, its
// reads and writes of another table and its CREATE TABLE of a new name
// all complete, and only C's read of probe queues behind B. Nothing here
// depends on timing: each wait is detected (lock_timeout on probe) and
// each "still waiting" is a statement that has not returned.

// TestDDLWaitStallsNoOneElse runs the scenario against vecgres and
// PostgreSQL 15, with A inside a running statement (pg_sleep) and with A
// idle in an open transaction.
func TestDDLWaitStallsNoOneElse(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, c := lockConns(t, tg)
		mustExec(t, c, "CREATE TABLE probe (x int)")
		mustExec(t, c, "CREATE INDEX probe_i ON probe (x)")
		mustExec(t, c, "INSERT INTO probe VALUES (1)")
		mustExec(t, c, "CREATE TABLE other (id int)")
		mustExec(t, c, "INSERT INTO other VALUES (1)")
		t.Run("running statement", func(t *testing.T) {
			// A's own connection: pgx closes it when the sleep is cancelled.
			sleeper, err := pgx.Connect(testCtx(t, 30*time.Second), tg.dsn)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			aDone := make(chan error, 1)
			go func() {
				_, err := sleeper.Exec(ctx, "SELECT pg_sleep(120) FROM probe")
				aDone <- err
			}()
			probeWait(t, c, aDone)
			stallsNoOneElse(t, b, c, "y1", aDone, func() {
				cancel()
				if err := awaitErr(t, aDone); err == nil {
					t.Fatal("the cancelled sleep succeeded")
				}
			})
		})
		t.Run("open transaction", func(t *testing.T) {
			mustExec(t, a, "BEGIN")
			mustExec(t, a, "SELECT count(*) FROM probe")
			stallsNoOneElse(t, b, c, "y2", nil, func() { mustExec(t, a, "COMMIT") })
		})
	})
}

// stallsNoOneElse: A holds probe (aDone: its running statement, nil for
// an open transaction); B adds column col to probe, which waits; then C
// runs statements that must not wait for B; end lets A go, after which
// B completes.
func stallsNoOneElse(t *testing.T, b, c *pgx.Conn, col string, aDone chan error, end func()) {
	t.Helper()
	bDone := execAsync(t, b, "ALTER TABLE probe ADD COLUMN "+col+" int")
	awaitQueued(t, c, bDone, "SELECT count(*) FROM probe")
	var one int
	if err := c.QueryRow(testCtx(t, 30*time.Second), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("SELECT 1 while a DDL waits: %d, %v", one, err)
	}
	mustExec(t, c, "INSERT INTO other VALUES (2)")
	var n int64
	if err := c.QueryRow(testCtx(t, 30*time.Second), "SELECT count(*) FROM other").Scan(&n); err != nil || n != 2 {
		t.Fatalf("read of another table while a DDL waits: %d, %v", n, err)
	}
	mustExec(t, c, "DELETE FROM other WHERE id = 2")
	mustExec(t, c, "CREATE TABLE fresh_"+col+" (id int)")
	mustExec(t, c, "DROP TABLE fresh_"+col)
	select {
	case err := <-bDone:
		t.Fatalf("B's ALTER ended while A still held probe: %v", err)
	default:
	}
	if aDone != nil {
		select {
		case err := <-aDone:
			t.Fatalf("A's statement ended early: %v", err)
		default:
		}
	}
	end()
	if err := awaitErr(t, bDone); err != nil {
		t.Fatalf("B's ALTER after A ended: %v", err)
	}
	var x int32
	var y *int32
	if err := c.QueryRow(testCtx(t, 30*time.Second), "SELECT x, "+col+" FROM probe").Scan(&x, &y); err != nil || x != 1 || y != nil {
		t.Fatalf("probe after B's ALTER: %d, %v, %v", x, y, err)
	}
}

// awaitQueued returns once a DDL (done: its result) waits for a table,
// seen as probe, a statement on that table whose lock conflicts with the
// DDL's, giving up (lock_timeout): it queues behind the waiting DDL. It
// fails the test if the DDL ends first.
func awaitQueued(t *testing.T, c *pgx.Conn, done chan error, probe string) {
	t.Helper()
	untilLockTimeout(t, c, done, probe, "", "the DDL ended while probe was held",
		fmt.Sprintf("no DDL queued before %q", probe))
}

// TestCreateIndexConcurrentlyLetsWritersOn, against vecgres and
// PostgreSQL 15: CREATE INDEX CONCURRENTLY waits for a transaction that
// wrote the table, but new writers of the table go on meanwhile (its lock
// is SHARE UPDATE EXCLUSIVE), where a plain CREATE INDEX's queued SHARE
// lock makes them wait (55P03 under lock_timeout).
func TestCreateIndexConcurrentlyLetsWritersOn(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, c := lockConns(t, tg)
		mustExec(t, c, "CREATE TABLE cic (id int PRIMARY KEY, n int)")
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO cic VALUES (1, 1)")
		done := execAsync(t, b, "CREATE INDEX CONCURRENTLY cic_n ON cic (n)")
		headStart(t, tg, c)
		mustExec(t, c, "SET lock_timeout = '5s'")
		mustExec(t, c, "INSERT INTO cic VALUES (2, 2)")
		mustExec(t, c, "UPDATE cic SET n = 3 WHERE id = 2")
		select {
		case err := <-done:
			t.Fatalf("CREATE INDEX CONCURRENTLY ended while a writer was open: %v", err)
		default:
		}
		mustExec(t, a, "COMMIT")
		if err := awaitErr(t, done); err != nil {
			t.Fatalf("CREATE INDEX CONCURRENTLY after the writer: %v", err)
		}
		wantStrings(t, c, "SELECT id FROM cic WHERE n = 3", "2")

		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO cic VALUES (4, 4)")
		done = execAsync(t, b, "CREATE INDEX cic_n2 ON cic (n)")
		awaitQueued(t, c, done, "UPDATE cic SET n = n WHERE id = 1")
		mustExec(t, a, "COMMIT")
		if err := awaitErr(t, done); err != nil {
			t.Fatalf("CREATE INDEX after the writer: %v", err)
		}
		mustExec(t, c, "SET lock_timeout = 0")
		wantStrings(t, c, "SELECT id FROM cic ORDER BY id", "1", "2", "4")
	})
}
