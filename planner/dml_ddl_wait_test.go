package planner

import (
	"context"
	"testing"
)

// TestWritersWaitForDDL: a writer waits while another transaction's ALTER
// TABLE is open; once it rolls back the INSERT runs against the table as
// committed (PostgreSQL's reviewer case: the row's third value must not
// land in a column the rollback then removes).
func TestWritersWaitForDDL(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE c1 (id int PRIMARY KEY, s text)", "INSERT INTO c1 VALUES (1, 'a')")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "ALTER TABLE c1 ADD COLUMN z int")
	done := ls.background(t, context.Background(), ls.b, "INSERT INTO c1 VALUES (2, 'b', 22)")
	exec(t, ls.a, "ROLLBACK")
	r := finished(t, done)
	if codeOf(r.err) != "42601" {
		t.Fatalf("INSERT after the ALTER's rollback: %v, %v; want 42601 (more expressions than columns)", r.res, r.err)
	}
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "ALTER TABLE c1 ADD COLUMN z int")
	done = ls.background(t, context.Background(), ls.b, "INSERT INTO c1 VALUES (3, 'c', 33)")
	exec(t, ls.a, "COMMIT")
	if r := finished(t, done); r.err != nil {
		t.Fatalf("INSERT after the ALTER's commit: %v", r.err)
	}
	if got := ids(exec(t, ls.c, "SELECT z FROM c1 WHERE id = 3")); len(got) != 1 {
		t.Fatalf("row 3: %v", got)
	}
	exec(t, ls.b, "SET lock_timeout = '10ms'")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "ALTER TABLE c1 DROP COLUMN z")
	if _, err := run(context.Background(), ls.b, "UPDATE c1 SET s = 'x'"); codeOf(err) != "55P03" {
		t.Fatalf("UPDATE during an open ALTER with lock_timeout: %v, want 55P03", err)
	}
	exec(t, ls.a, "ROLLBACK")
}
