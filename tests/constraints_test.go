package tests

import (
	"strings"
	"testing"
	"time"
)

// TestConstraintsSurviveCrash: unique constraints, a unique index and
// foreign keys created before a checkpoint (snapshot) and after it (WAL
// only) are still there and enforced after SIGKILL and restart, with
// their rows; a constraint added by a transaction that never committed
// is gone.
func TestConstraintsSurviveCrash(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	a := vectorConn(t, s)
	for _, q := range []string{
		"CREATE TABLE cp (id int PRIMARY KEY, code text UNIQUE)",
		"CREATE TABLE cc (id int, ns text, vid text, p int REFERENCES cp ON DELETE CASCADE)",
		"INSERT INTO cp VALUES (1, 'a'), (2, 'b')",
		"INSERT INTO cc VALUES (1, 'x', '1', 1), (2, 'x', '2', 2)",
		"CHECKPOINT",
		"CREATE UNIQUE INDEX cc_ns_vid ON cc (ns, vid)",
		"INSERT INTO cp VALUES (3, 'x')",
		"ALTER TABLE cc ADD CONSTRAINT cc_code_fk FOREIGN KEY (ns) REFERENCES cp (code) ON DELETE SET NULL",
		"ALTER TABLE cc DROP CONSTRAINT cc_code_fk",
		"ALTER TABLE cc ADD CONSTRAINT cc_code_fk FOREIGN KEY (ns) REFERENCES cp (code) ON DELETE SET NULL",
	} {
		mustExec(t, a, q)
	}
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "ALTER TABLE cc ADD CONSTRAINT cc_id_key UNIQUE (id)")
	mustExec(t, a, "INSERT INTO cc VALUES (3, 'x', '3', 1)")
	s, c := killRestart(t, s, dataDir)
	_ = s
	ctx := testCtx(t, 30*time.Second)
	_, err := c.Exec(ctx, "INSERT INTO cp VALUES (4, 'a')")
	if pe := wantCode(t, err, "23505"); pe.ConstraintName != "cp_code_key" {
		t.Fatalf("violated %q", pe.ConstraintName)
	}
	_, err = c.Exec(ctx, "INSERT INTO cc VALUES (9, 'x', '1', 1)")
	if pe := wantCode(t, err, "23505"); pe.ConstraintName != "cc_ns_vid" {
		t.Fatalf("violated %q", pe.ConstraintName)
	}
	_, err = c.Exec(ctx, "INSERT INTO cc VALUES (9, 'x', '9', 7)")
	if pe := wantCode(t, err, "23503"); pe.ConstraintName != "cc_p_fkey" {
		t.Fatalf("violated %q", pe.ConstraintName)
	}
	_, err = c.Exec(ctx, "INSERT INTO cc VALUES (9, 'nope', '9', 1)")
	if pe := wantCode(t, err, "23503"); pe.ConstraintName != "cc_code_fk" {
		t.Fatalf("violated %q", pe.ConstraintName)
	}
	// The uncommitted unique constraint and row are gone: id 1 may repeat.
	mustExec(t, c, "INSERT INTO cc VALUES (1, 'x', '5', 2)")
	mustExec(t, c, "INSERT INTO cc VALUES (1, 'x', '6', 2) ON CONFLICT (ns, vid) DO NOTHING")
	mustExec(t, c, "INSERT INTO cc VALUES (1, 'x', '6', 2) ON CONFLICT (ns, vid) DO UPDATE SET id = 6")
	wantStrings(t, c, "SELECT id || ':' || vid || ':' || p FROM cc ORDER BY vid", "1:1:1", "2:2:2", "1:5:2", "6:6:2")
	// The actions still run: CASCADE, then SET NULL.
	mustExec(t, c, "DELETE FROM cp WHERE id = 2")
	mustExec(t, c, "DELETE FROM cp WHERE code = 'x'")
	wantStrings(t, c, "SELECT id || ':' || coalesce(ns, 'null') FROM cc ORDER BY id", "1:null")
}

// TestUniqueConcurrentInsert: a second session inserting a unique key
// that an open transaction inserted waits for it, then gets 23505 when
// it commits, or inserts the row when it rolls back, as PostgreSQL.
func TestUniqueConcurrentInsert(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	a, b := s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE uq (id serial PRIMARY KEY, ns text, vid text, UNIQUE (ns, vid))")
	for _, end := range []string{"COMMIT", "ROLLBACK"} {
		key := strings.ToLower(end)
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO uq (ns, vid) VALUES ('n', '"+key+"')")
		done := make(chan error, 1)
		go func() {
			_, err := b.Exec(testCtx(t, 60*time.Second), "INSERT INTO uq (ns, vid) VALUES ('n', '"+key+"')")
			done <- err
		}()
		time.Sleep(100 * time.Millisecond) // B reaches its wait; the outcome does not depend on it
		select {
		case err := <-done:
			t.Fatalf("%s: B's insert ended (%v) while A was open: it did not wait", end, err)
		default:
		}
		mustExec(t, a, end)
		err := <-done
		if end == "COMMIT" {
			wantCode(t, err, "23505")
		} else if err != nil {
			t.Fatalf("after ROLLBACK: %v", err)
		}
	}
	wantStrings(t, a, "SELECT vid FROM uq ORDER BY vid", "commit", "rollback")
}

// TestForeignKeyWaitsForParentInsert: a child row referencing a parent
// row an open transaction inserted waits for it: 23503 after its
// rollback, stored after its commit.
func TestForeignKeyWaitsForParentInsert(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	a, b := s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE fp (id int PRIMARY KEY)")
	mustExec(t, a, "CREATE TABLE fc (p int REFERENCES fp)")
	for i, end := range []string{"ROLLBACK", "COMMIT"} {
		id := []string{"1", "2"}[i]
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO fp VALUES ("+id+")")
		done := make(chan error, 1)
		go func() {
			_, err := b.Exec(testCtx(t, 60*time.Second), "INSERT INTO fc VALUES ("+id+")")
			done <- err
		}()
		time.Sleep(100 * time.Millisecond)
		select {
		case err := <-done:
			t.Fatalf("%s: B's insert ended (%v) while A was open: it did not wait", end, err)
		default:
		}
		mustExec(t, a, end)
		err := <-done
		if end == "ROLLBACK" {
			wantCode(t, err, "23503")
		} else if err != nil {
			t.Fatalf("after COMMIT: %v", err)
		}
	}
	wantStrings(t, a, "SELECT p::text FROM fc", "2")
}

// TestParentDeleteWaitsForChildInsert: deleting a parent row that an
// open transaction's new child row references waits for that
// transaction: 23503 after its commit, deleted after its rollback.
func TestParentDeleteWaitsForChildInsert(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	a, b := s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE wp (id int PRIMARY KEY)")
	mustExec(t, a, "CREATE TABLE wc (p int REFERENCES wp)")
	mustExec(t, a, "INSERT INTO wp VALUES (1), (2)")
	for i, end := range []string{"COMMIT", "ROLLBACK"} {
		id := []string{"1", "2"}[i]
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO wc VALUES ("+id+")")
		done := make(chan error, 1)
		go func() {
			_, err := b.Exec(testCtx(t, 60*time.Second), "DELETE FROM wp WHERE id = "+id)
			done <- err
		}()
		time.Sleep(100 * time.Millisecond)
		select {
		case err := <-done:
			t.Fatalf("%s: B's delete ended (%v) while A was open: it did not wait", end, err)
		default:
		}
		mustExec(t, a, end)
		err := <-done
		if end == "COMMIT" {
			wantCode(t, err, "23503")
		} else if err != nil {
			t.Fatalf("after ROLLBACK: %v", err)
		}
	}
	wantStrings(t, a, "SELECT id::text FROM wp", "1")
	wantStrings(t, a, "SELECT p::text FROM wc", "1")
}

// TestUpsertOnUniqueIndexWaits: Mastra's upsert, INSERT ... ON CONFLICT
// (namespace, vector_id) DO UPDATE on a CREATE UNIQUE INDEX, from two
// sessions on one key: the second waits for the first's transaction and
// then updates the row it committed (READ COMMITTED, as PostgreSQL).
func TestUpsertOnUniqueIndexWaits(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	a, b := s.connect(t), s.connect(t)
	mustExec(t, a, "CREATE TABLE vecs (namespace text, vector_id text, val int)")
	mustExec(t, a, "CREATE UNIQUE INDEX IF NOT EXISTS vecs_ns_vid ON vecs (namespace, vector_id)")
	upsert := "INSERT INTO vecs VALUES ('ns', 'v1', %d) ON CONFLICT (namespace, vector_id) DO UPDATE SET val = vecs.val * 10 + EXCLUDED.val"
	mustExec(t, a, "BEGIN")
	mustExec(t, a, strings.Replace(upsert, "%d", "1", 1))
	done := make(chan error, 1)
	go func() {
		_, err := b.Exec(testCtx(t, 60*time.Second), strings.Replace(upsert, "%d", "2", 1))
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("B's upsert ended (%v) while A was open: it did not wait", err)
	default:
	}
	mustExec(t, a, "COMMIT")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	wantStrings(t, a, "SELECT namespace || vector_id || ':' || val FROM vecs", "nsv1:12")
}
