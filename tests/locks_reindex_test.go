package tests

import (
	"context"
	"testing"
	"time"
)

// REINDEX holds up only its own table, and only who PostgreSQL 15's
// would: against vecgres and PostgreSQL 15, a non-owner is refused
// (42501, must be owner) while the owner may REINDEX; a REINDEX waiting
// for a writer of its table lets readers of that table and statements on
// other tables run; a REINDEX waiting for a reader's open transaction
// (its swap needs ACCESS EXCLUSIVE, as PostgreSQL's index lock does)
// still lets statements on other tables run. Each wait is seen as a
// statement on rx queued behind the REINDEX (awaitQueued).
func TestReindexLocks(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		a, b, c := lockConns(t, tg)
		mustExec(t, c, "CREATE ROLE rx_owner LOGIN")
		mustExec(t, c, "CREATE ROLE rx_other LOGIN")
		mustExec(t, c, "GRANT CREATE ON SCHEMA public TO rx_owner")
		owner, err := connectAs(tg, "rx_owner")
		if err != nil {
			t.Fatal(err)
		}
		defer owner.Close(context.Background())
		other, err := connectAs(tg, "rx_other")
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close(context.Background())
		mustExec(t, owner, "CREATE TABLE rx (id int PRIMARY KEY, n int)")
		mustExec(t, owner, "CREATE INDEX rx_n ON rx (n)")
		mustExec(t, owner, "INSERT INTO rx VALUES (1, 10), (2, 20)")
		mustExec(t, owner, "GRANT ALL ON rx TO PUBLIC")
		mustExec(t, c, "CREATE TABLE probe (x int)")
		mustExec(t, c, "CREATE INDEX probe_i ON probe (x)")
		mustExec(t, c, "INSERT INTO probe VALUES (1)")

		_, err = other.Exec(testCtx(t, 30*time.Second), "REINDEX TABLE rx")
		if pe := wantCode(t, err, "42501"); pe.Message != "must be owner of table rx" {
			t.Fatalf("REINDEX TABLE by another role: %q", pe.Message)
		}
		_, err = other.Exec(testCtx(t, 30*time.Second), "REINDEX INDEX rx_n")
		if pe := wantCode(t, err, "42501"); pe.Message != "must be owner of index rx_n" {
			t.Fatalf("REINDEX INDEX by another role: %q", pe.Message)
		}
		mustExec(t, owner, "REINDEX TABLE rx")
		mustExec(t, owner, "REINDEX INDEX rx_n")

		// A writer of rx holds the REINDEX off; rx's readers go on.
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO rx VALUES (3, 30)")
		done := execAsync(t, b, "REINDEX TABLE rx")
		awaitQueued(t, c, done, "UPDATE rx SET n = n WHERE id = 1")
		wantStrings(t, c, "SELECT n FROM rx ORDER BY id", "10", "20")
		wantStrings(t, c, "SELECT 1", "1")
		mustExec(t, c, "INSERT INTO probe VALUES (2)")
		select {
		case err := <-done:
			t.Fatalf("REINDEX ended while a writer of rx was open: %v", err)
		default:
		}
		mustExec(t, a, "COMMIT")
		if err := awaitErr(t, done); err != nil {
			t.Fatalf("REINDEX after the writer: %v", err)
		}
		wantStrings(t, c, "SELECT id FROM rx WHERE n = 30", "3")

		// A reader's open transaction holds the swap off; other tables' users go on.
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "SELECT count(*) FROM rx")
		done = execAsync(t, b, "REINDEX TABLE rx")
		awaitQueued(t, c, done, "SELECT count(*) FROM rx")
		wantStrings(t, c, "SELECT count(*) FROM probe", "2")
		mustExec(t, c, "CREATE TABLE rx_fresh (id int)")
		mustExec(t, c, "DROP TABLE rx_fresh")
		select {
		case err := <-done:
			t.Fatalf("REINDEX swapped while a reader of rx was open: %v", err)
		default:
		}
		mustExec(t, a, "COMMIT")
		if err := awaitErr(t, done); err != nil {
			t.Fatalf("REINDEX after the reader: %v", err)
		}
		wantStrings(t, c, "SELECT id FROM rx WHERE n = 20", "2")
	})
}
