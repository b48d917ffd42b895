package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
)

// annotateActual adds what a SELECT's run under EXPLAIN ANALYZE saw to
// its tree n: the rows it returned on the top node, the rows its scan
// returned (tr.rows, what its exec source emitted) and what the scan
// examined on the scan, or "never executed" when the scan never ran.
func annotateActual(n ir.Node, returned int, tr *planTrace) {
	ir.Top(n).Base().Actual = &ir.Actual{Rows: returned}
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
