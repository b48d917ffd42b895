package planner

import (
	"context"

	"github.com/vecgres/vecgres/wire/backend"
)

// Running a set operation: both sides run, their rows are converted to
// the result types, and combined as PostgreSQL's set operations define
// it (PostgreSQL docs, 7.4): two rows are duplicates when every column
// is equal or both NULL. With m copies of a row on the left and n on the
// right, UNION returns it once and UNION ALL m+n times, INTERSECT once if
// m > 0 and n > 0 and INTERSECT ALL min(m, n) times, EXCEPT once if
// m > 0 and n = 0 and EXCEPT ALL max(m-n, 0) times. Rows come out in the
// order of their first copy (left side first) unless ORDER BY says
// otherwise; then OFFSET and LIMIT apply.

// run runs the set operation through planner/exec (setop_write.go), its
// rows collected.
func (p *setOpPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	return runQueryExec(ctx, p, x)
}

// evalLimitOffset evaluates LIMIT and OFFSET as a SELECT's (bounds).
func evalLimitOffset(e *env, limit, offset expr) (int64, int64, error) {
	sp := &selectPlan{limit: limit, offset: offset}
	return sp.bounds(e)
}
