package planner

import (
	"context"
	"fmt"
	"testing"
)

// TestSelectTreeReuse checks that a prepared SELECT runs the tree it kept
// when an execution has the same shape, builds another when LIMIT's value
// or the access path's kind changes, and returns the same rows either way.
func TestSelectTreeReuse(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE tr (id int PRIMARY KEY, c text, n int)")
	exec(t, s, "INSERT INTO tr SELECT i, CASE WHEN i % 50 = 0 THEN 'rare' ELSE 'common' END, i % 7 FROM generate_series(1, 500) i")
	exec(t, s, "CREATE INDEX tr_c ON tr (c)")
	exec(t, s, "ANALYZE tr")
	bp, err := s.Prepare("SELECT id FROM tr WHERE c = $1 ORDER BY id LIMIT $2", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := bp.(*prepared)
	run := func(c string, limit int64) string {
		t.Helper()
		res, err := s.Execute(context.Background(), p, []any{c, limit})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(res.Rows)
	}
	kept := func() *execTemplate { return p.plan.(*selectPlan).kept.Load() }

	if got, want := run("rare", 3), "[[50] [100] [150]]"; got != want {
		t.Fatalf("rare LIMIT 3: %s, want %s", got, want)
	}
	first := kept()
	if first == nil || !first.shape.btree || first.shape.limit != 3 {
		t.Fatalf("kept %+v, want the B-tree tree of LIMIT 3", first)
	}
	if got, want := run("rare", 3), "[[50] [100] [150]]"; got != want || kept() != first {
		t.Fatalf("again: %s (tree kept: %v), want %s from the same tree", got, kept() == first, want)
	}
	if got, want := run("rare", 2), "[[50] [100]]"; got != want || kept() == first || kept().shape.limit != 2 {
		t.Fatalf("LIMIT 2: %s, kept %+v, want %s from a new tree", got, kept().shape, want)
	}
	if got, want := run("common", 2), "[[1] [2]]"; got != want || kept().shape.btree {
		t.Fatalf("common: %s, kept %+v, want %s from a sequential scan's tree", got, kept().shape, want)
	}
}

// TestSelectTreeReuseCorrelated runs a correlated scalar subquery, whose
// plan runs once per outer row through the tree it kept, each run reading
// the rows of its own outer value.
func TestSelectTreeReuseCorrelated(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE co (id int PRIMARY KEY, n int)")
	exec(t, s, "INSERT INTO co SELECT i, i * 10 FROM generate_series(1, 6) i")
	res := exec(t, s, "SELECT id, (SELECT n FROM co c2 WHERE c2.id = c1.id + 1 LIMIT 1) FROM co c1 ORDER BY id")
	if got, want := fmt.Sprint(res.Rows), "[[1 20] [2 30] [3 40] [4 50] [5 60] [6 <nil>]]"; got != want {
		t.Fatalf("rows %s, want %s", got, want)
	}
}
