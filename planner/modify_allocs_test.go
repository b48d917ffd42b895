package planner

import (
	"context"
	"testing"
)

// maxPreparedUpdateAllocs bounds the allocations of one execution of a
// prepared `UPDATE t SET x = x + 1 WHERE id = $1` inside a transaction
// block (BenchmarkUpdateByKey's statement): 35 before UPDATE ran as a
// plan tree through planner/exec, 47 once it did, 32 after issue 12's
// trims (the leaf map, the closures and separate allocations of a run's
// state, the tag's formatting, IntArith's eager error), 29 once the
// session keeps its resolved search path.
const maxPreparedUpdateAllocs = 29

// TestPreparedUpdateAllocs: a prepared one-row UPDATE re-executed with a
// new parameter is not bound again, changes its row, and allocates at
// most maxPreparedUpdateAllocs.
func TestPreparedUpdateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (id int PRIMARY KEY, x int)")
	exec(t, s, "INSERT INTO t SELECT g, 0 FROM generate_series(1, 1000) g")
	p, err := s.Prepare("UPDATE t SET x = x + 1 WHERE id = $1", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	exec(t, s, "BEGIN")
	n := int64(0)
	run := func() {
		n++
		res, err := s.Execute(ctx, p, []any{n%1000 + 1})
		if err != nil || res.Tag != "UPDATE 1" {
			t.Fatal(res, err)
		}
	}
	run()
	pl := p.(*prepared).plan
	if allocs := testing.AllocsPerRun(500, run); allocs > maxPreparedUpdateAllocs {
		t.Errorf("%v allocations per execution, want at most %d", allocs, maxPreparedUpdateAllocs)
	}
	if p.(*prepared).plan != pl {
		t.Error("the prepared statement was bound again")
	}
	exec(t, s, "COMMIT")
	if res := exec(t, s, "SELECT sum(x) FROM t"); res.Rows[0][0] != int64(n) {
		t.Errorf("sum(x) = %v after %d updates", res.Rows[0][0], n)
	}
}
