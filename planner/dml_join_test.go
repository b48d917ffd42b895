package planner

import (
	"context"
	"fmt"
	"testing"
)

// TestJoinedWritersRecheck runs PostgreSQL's READ COMMITTED scenarios for
// UPDATE ... FROM and DELETE ... USING: B's statement waits for A's open
// transaction on the target row, then checks its whole WHERE again over
// the joined row with the row's newest version (EvalPlanQual keeps jj's
// row), and changes that version or leaves the row.
func TestJoinedWritersRecheck(t *testing.T) {
	cases := []struct {
		name   string
		a      string // A's statement inside BEGIN, then COMMIT
		b      string // B's statement, autocommit
		tag    string // B's tag
		rows   string // B's RETURNING rows ("" for none)
		result string // SELECT id, n FROM cc ORDER BY id afterwards
	}{
		{"update reads newest", "UPDATE cc SET n = 1", "UPDATE cc SET n = cc.n + jj.m FROM jj WHERE jj.id = cc.id", "UPDATE 1", "", "[[1 11]]"},
		{"update where fails", "UPDATE cc SET n = 5", "UPDATE cc SET n = cc.n + jj.m FROM jj WHERE jj.id = cc.id AND cc.n = 0", "UPDATE 0", "", "[[1 5]]"},
		{"update join fails", "UPDATE cc SET id = 2", "UPDATE cc SET n = jj.m FROM jj WHERE jj.id = cc.id", "UPDATE 0", "", "[[2 0]]"},
		{"update after delete", "DELETE FROM cc", "UPDATE cc SET n = jj.m FROM jj WHERE jj.id = cc.id", "UPDATE 0", "", "[]"},
		{"update returning", "UPDATE cc SET n = 2", "UPDATE cc SET n = cc.n * jj.m FROM jj WHERE jj.id = cc.id RETURNING cc.n, jj.m", "UPDATE 1", "[[20 10]]", "[[1 20]]"},
		{"delete passes", "UPDATE cc SET n = 3", "DELETE FROM cc USING jj WHERE jj.id = cc.id AND cc.n < jj.m RETURNING cc.n, jj.m", "DELETE 1", "[[3 10]]", "[]"},
		{"delete fails", "UPDATE cc SET n = 20", "DELETE FROM cc USING jj WHERE jj.id = cc.id AND cc.n < jj.m", "DELETE 0", "", "[[1 20]]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0)",
				"CREATE TABLE jj (id int, m int)", "INSERT INTO jj VALUES (1, 10)")
			exec(t, ls.a, "BEGIN")
			exec(t, ls.a, tc.a)
			done := ls.background(t, context.Background(), ls.b, tc.b)
			exec(t, ls.a, "COMMIT")
			r := finished(t, done)
			if r.err != nil || r.res.Tag != tc.tag {
				t.Fatalf("B: %v %v, want %s", r.res, r.err, tc.tag)
			}
			if tc.rows != "" && fmt.Sprint(r.res.Rows) != tc.rows {
				t.Fatalf("B's RETURNING: %v, want %s", r.res.Rows, tc.rows)
			}
			if got := fmt.Sprint(exec(t, ls.c, "SELECT id, n FROM cc ORDER BY id").Rows); got != tc.result {
				t.Fatalf("rows %s, want %s", got, tc.result)
			}
		})
	}
}

// TestJoinedUpdateOnce: a target row that joins several rows is changed
// once (PostgreSQL skips the row its own statement already changed), and
// counted once.
func TestJoinedUpdateOnce(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0), (2, 0)",
		"CREATE TABLE jj (id int, m int)", "INSERT INTO jj SELECT 1, g FROM generate_series(1, 50) g")
	r := exec(t, ls.a, "UPDATE cc SET n = cc.n + 1 FROM jj WHERE jj.id = cc.id")
	if r.Tag != "UPDATE 1" {
		t.Fatalf("tag %s, want UPDATE 1", r.Tag)
	}
	if got := fmt.Sprint(exec(t, ls.a, "SELECT id, n FROM cc ORDER BY id").Rows); got != "[[1 1] [2 0]]" {
		t.Fatalf("rows %s", got)
	}
	if r := exec(t, ls.a, "DELETE FROM cc USING jj WHERE jj.id = cc.id RETURNING cc.id"); r.Tag != "DELETE 1" || len(r.Rows) != 1 {
		t.Fatalf("DELETE: %s %v", r.Tag, r.Rows)
	}
}

// TestExplainAnalyzeModifyJoin: EXPLAIN ANALYZE of UPDATE ... FROM runs
// it and prints the rows each node of the join passed up.
func TestExplainAnalyzeModifyJoin(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE xm (id int PRIMARY KEY, n int)")
	exec(t, s, "INSERT INTO xm SELECT i, i % 3 FROM generate_series(1, 9) i")
	exec(t, s, "CREATE TABLE xo (id int, k int)")
	exec(t, s, "INSERT INTO xo VALUES (1, 5), (1, 6), (2, 7)")
	checkExplainAnalyze(t, s, "UPDATE xm SET n = xm.n + xo.k FROM xo WHERE xo.id = xm.id RETURNING xm.id", []string{
		"Update on xm (actual rows=2)",
		"  ->  Hash Join  (rows=9) (actual rows=3)",
		"        Hash Cond: (xo.id = xm.id)",
		"        ->  Seq Scan on xm  (rows=9) (actual rows=9)",
		"        ->  Hash  (rows=3) (actual rows=3)",
		"              ->  Seq Scan on xo  (rows=3) (actual rows=3)"})
	checkExplainAnalyze(t, s, "DELETE FROM xm USING xo WHERE xo.id = xm.id AND xm.n > xo.k + 100", []string{
		"Delete on xm (actual rows=0)",
		"  ->  Hash Join  (rows=9) (actual rows=0)",
		"        Hash Cond: (xo.id = xm.id)",
		"        Join Filter: (xm.n > (xo.k + 100))",
		"        ->  Seq Scan on xm  (rows=9) (actual rows=9)",
		"        ->  Hash  (rows=3) (actual rows=3)",
		"              ->  Seq Scan on xo  (rows=3) (actual rows=3)"})
	if got := fmt.Sprint(exec(t, s, "SELECT id, n FROM xm WHERE id < 3 ORDER BY id").Rows); got != "[[1 6] [2 9]]" && got != "[[1 7] [2 9]]" {
		t.Fatalf("rows after EXPLAIN ANALYZE's update: %s", got)
	}
}

// TestJoinedRecheckTriesNextMatch: when the recheck of a target row's
// first match fails after a concurrent update, its next match is tried
// (PostgreSQL's EvalPlanQual runs for each joined row that meets the
// updated row), so the row is changed through the one that passes.
func TestJoinedRecheckTriesNextMatch(t *testing.T) {
	ls := newLockSessions(t, "CREATE TABLE cc (id int PRIMARY KEY, n int)", "INSERT INTO cc VALUES (1, 0)",
		"CREATE TABLE jj (id int, m int)", "INSERT INTO jj VALUES (1, 3), (1, 10), (1, 4)")
	exec(t, ls.a, "BEGIN")
	exec(t, ls.a, "UPDATE cc SET n = 5")
	done := ls.background(t, context.Background(), ls.b, "UPDATE cc SET n = cc.n + jj.m FROM jj WHERE jj.id = cc.id AND cc.n < jj.m RETURNING jj.m")
	exec(t, ls.a, "COMMIT")
	r := finished(t, done)
	if r.err != nil || r.res.Tag != "UPDATE 1" || fmt.Sprint(r.res.Rows) != "[[10]]" {
		t.Fatalf("B: %v %v, want UPDATE 1 through m = 10", r.res, r.err)
	}
	if got := fmt.Sprint(exec(t, ls.c, "SELECT n FROM cc").Rows); got != "[[15]]" {
		t.Fatalf("rows %s, want [[15]]", got)
	}
}
