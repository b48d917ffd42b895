package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
)

// annotateActual adds what a SELECT's run under EXPLAIN ANALYZE saw to
// its tree n: the rows it returned on the top node, the rows its scan
// returned (tr.rows, what its exec source emitted) and what the scan
// examined on the scan, or "never executed" when the scan never ran;
// and on the Limit, Sort (or TopK) and Aggregate between them the rows
// their exec nodes emitted (run's counts).
func annotateActual(n ir.Node, returned int, tr *planTrace, run *setOpTrace) {
	ir.Top(n).Base().Actual = &ir.Actual{Rows: returned}
	annotateMiddle(n, tr, run)
	defer annotateWindows(n, tr, run) // exec_window.go
	last := n
	for len(last.Children()) > 0 {
		last = last.Children()[0]
	}
	if !tr.ran { // under a Limit of no rows (PostgreSQL's "never executed")
		last.Base().Actual = &ir.Actual{NeverExecuted: true}
		return
	}
	last.Base().Actual = &ir.Actual{Rows: tr.rows}
	s, ok := last.(ir.Scanner)
	if !ok || (tr.choice == nil && !tr.exact && tr.pending == 0) {
		return
	}
	st := &ir.ScanStats{Examined: tr.examined, Stages: tr.stages, Exact: tr.exact, Pending: tr.pending}
	if c := tr.choice; c != nil {
		st.ShowExamined = true
		st.Staged = c.plan != planPreFilter
		st.Exhaustive = c.exhaustive && c.plan != planPreFilter && !tr.exact
	}
	s.Scan().Stats = st
}

// annotateMiddle sets the actual rows of the Limit, Sort or TopK and
// Aggregate of a SELECT's tree n from the exec nodes they stand for
// (tr.limit, tr.sort, tr.agg), or "never executed" when those never ran.
// A Sort below the Aggregate (the ORDER BY of an aggregate without GROUP
// BY, which exec applies to the one result row) gets none.
func annotateMiddle(n ir.Node, tr *planTrace, run *setOpTrace) {
	below := false // below the Aggregate
	for m := ir.Top(n); len(m.Children()) > 0; m = m.Children()[0] {
		var src ir.Node
		switch m.(type) {
		case *ir.Limit:
			src = tr.limit
		case *ir.Window:
			below = true // its Sorts are the windows' (annotateWindows)
		case *ir.Sort, *ir.TopK:
			if !below {
				src = tr.sort
			}
		case *ir.Aggregate:
			src, below = tr.agg, true
		}
		if src != nil && m.Base().Actual == nil {
			m.Base().Actual = run.actualOf(src)
		}
	}
}
