package planner

import (
	"context"
	"fmt"
	"testing"
)

// joinLockSetup is the two tables the join lock tests lock rows of.
var joinLockSetup = []string{
	"CREATE TABLE la (id int PRIMARY KEY, v text)", "INSERT INTO la VALUES (1, 'a'), (2, 'b')",
	"CREATE TABLE lb (id int PRIMARY KEY, a_id int, w text)", "INSERT INTO lb VALUES (10, 1, 'x'), (11, 1, 'y'), (12, 2, 'z')",
}

// TestJoinLockWaitsAndRechecks: SELECT ... FOR UPDATE OF la over a join
// waits for A's update of an la row, then returns the newest version in
// every joined row it is in, or drops the rows whose WHERE it no longer
// passes (READ COMMITTED).
func TestJoinLockWaitsAndRechecks(t *testing.T) {
	cases := []struct {
		name, a, b, want string
	}{
		{"newest version", "UPDATE la SET v = 'new' WHERE id = 1",
			"SELECT la.v, lb.w FROM la JOIN lb ON lb.a_id = la.id WHERE la.id = 1 ORDER BY lb.id FOR UPDATE OF la", "[[new x] [new y]]"},
		{"where fails", "UPDATE la SET v = 'zz' WHERE id = 1",
			"SELECT la.v, lb.w FROM la JOIN lb ON lb.a_id = la.id WHERE la.v = 'a' ORDER BY lb.id FOR UPDATE", "[]"},
		{"join fails", "UPDATE la SET id = 5 WHERE id = 1",
			"SELECT la.id, lb.w FROM la, lb WHERE lb.a_id = la.id ORDER BY lb.id FOR SHARE", "[[2 z]]"},
		{"deleted", "DELETE FROM lb WHERE id = 11",
			"SELECT lb.id FROM la, lb WHERE lb.a_id = la.id ORDER BY lb.id FOR UPDATE OF lb", "[[10] [12]]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ls := newLockSessions(t, joinLockSetup...)
			exec(t, ls.a, "BEGIN")
			exec(t, ls.a, tc.a)
			done := ls.background(t, context.Background(), ls.b, tc.b)
			exec(t, ls.a, "COMMIT")
			r := finished(t, done)
			if r.err != nil || fmt.Sprint(r.res.Rows) != tc.want {
				t.Fatalf("B: %v %v, want %s", r.res, r.err, tc.want)
			}
		})
	}
}

// TestJoinLockOfNamedOnly: FOR UPDATE OF lb locks lb's rows only: it
// does not wait for A's update of la, and A's update of a locked lb row
// waits for B's transaction; SKIP LOCKED passes over joined rows whose
// row is locked, NOWAIT fails with 55P03.
func TestJoinLockOfNamedOnly(t *testing.T) {
	ls := newLockSessions(t, joinLockSetup...)
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE la SET v = 'new' WHERE id = 1")
	exec(t, ls.b, "BEGIN")
	q := "SELECT la.v, lb.id FROM la JOIN lb ON lb.a_id = la.id ORDER BY lb.id FOR UPDATE OF lb"
	if got := fmt.Sprint(exec(t, ls.b, q).Rows); got != "[[a 10] [a 11] [b 12]]" {
		t.Fatalf("B: %s", got)
	}
	exec(t, ls.a, "COMMIT")
	skip := "SELECT lb.id FROM la JOIN lb ON lb.a_id = la.id ORDER BY lb.id FOR UPDATE SKIP LOCKED"
	if got := fmt.Sprint(exec(t, ls.c, skip).Rows); got != "[]" {
		t.Fatalf("SKIP LOCKED while B holds lb's rows: %s", got)
	}
	_, err := run(context.Background(), ls.c, "SELECT lb.id FROM la JOIN lb ON lb.a_id = la.id WHERE lb.id = 12 FOR SHARE OF lb NOWAIT")
	if codeOf(err) != "55P03" {
		t.Fatalf("NOWAIT: %v, want 55P03", err)
	}
	if got := fmt.Sprint(exec(t, ls.c, "SELECT la.id FROM la JOIN lb ON lb.a_id = la.id WHERE lb.id = 12 FOR UPDATE OF la NOWAIT").Rows); got != "[[2]]" {
		t.Fatalf("locking la only: %s", got)
	}
	done := ls.background(t, context.Background(), ls.a, "UPDATE lb SET w = 'q' WHERE id = 12")
	exec(t, ls.b, "COMMIT")
	if r := finished(t, done); r.err != nil || r.res.Tag != "UPDATE 1" {
		t.Fatalf("A after B's commit: %v %v", r.res, r.err)
	}
}
