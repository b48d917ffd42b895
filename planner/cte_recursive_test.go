package planner

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// infiniteRecursion never ends on its own: each step makes one row.
const infiniteRecursion = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n FROM r) SELECT count(*) FROM r"

// TestRecursiveMemoryGuard: a recursion whose rows grow without end
// fails with 53200 once they pass vecgres.work_mem_limit, and the
// session goes on.
func TestRecursiveMemoryGuard(t *testing.T) {
	s := testSession(t)
	exec(t, s, "SET vecgres.work_mem_limit = '1MB'")
	pe := execErr(t, s, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r")
	if pe.Code != pgerror.OutOfMemory {
		t.Fatalf("got %s %q, want 53200", pe.Code, pe.Message)
	}
	if got := ids(exec(t, s, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT sum(n)::bigint FROM r")); len(got) != 1 || got[0] != 55 {
		t.Fatalf("after 53200: %v, want [55]", got)
	}
}

// countdownCtx is a context canceled after its Err has been asked n
// times: a cancel that arrives while the statement runs, with no timing.
type countdownCtx struct {
	context.Context
	n atomic.Int64
}

func (c *countdownCtx) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestRecursiveCancel: an infinite recursion whose rows do not grow fast
// is ended by a cancel (the steps check the statement's end) with 57014.
func TestRecursiveCancel(t *testing.T) {
	s := testSession(t)
	ps, err := s.Split(infiniteRecursion)
	if err != nil {
		t.Fatal(err)
	}
	ctx := &countdownCtx{Context: context.Background()}
	ctx.n.Store(1000)
	_, err = s.Execute(ctx, ps[0], nil)
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.QueryCanceled {
		t.Fatalf("got %v, want 57014", err)
	}
	if got := ids(exec(t, s, "SELECT 7::bigint")); len(got) != 1 || got[0] != 7 {
		t.Fatalf("after cancel: %v", got)
	}
}

// TestRecursiveTermAggregate: an aggregate in the recursive term is
// 42P19 as in PostgreSQL (which also positions it at the call).
func TestRecursiveTermAggregate(t *testing.T) {
	s := testSession(t)
	pe := execErr(t, s, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT max(n) + 1 FROM r HAVING max(n) < 3) SELECT * FROM r")
	if pe.Code != pgerror.InvalidRecursion || pe.Message != "aggregate functions are not allowed in a recursive query's recursive term" {
		t.Fatalf("got %s %q", pe.Code, pe.Message)
	}
}
