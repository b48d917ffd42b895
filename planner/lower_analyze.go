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
	if tr.join != nil {
		annotateJoin(n, tr, run)
		return
	}
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

// annotateMiddle sets the actual rows of the Limit, LockRows, Sort or
// TopK and Aggregate of a SELECT's tree n from the exec nodes they stand
// for (tr.limit, tr.lock, tr.sort, tr.agg), or "never executed" when those never ran.
// A Sort below the Aggregate (the ORDER BY of an aggregate without GROUP
// BY, which exec applies to the one result row) gets none.
func annotateMiddle(n ir.Node, tr *planTrace, run *setOpTrace) {
	below := false // below the Aggregate
	for m := ir.Top(n); len(m.Children()) > 0; m = m.Children()[0] {
		var src ir.Node
		switch m.(type) {
		case *ir.Limit:
			src = tr.limit
		case *ir.LockRows:
			src = tr.lock
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

// annotateJoin sets the actual rows of the join tree of n, a joined
// SELECT's tree, from the exec nodes they stand for (both trees are
// built by joinIR, so they have one shape): the Filter of WHERE over it
// gets the rows the SELECT's source emitted.
func annotateJoin(n ir.Node, tr *planTrace, run *setOpTrace) {
	for m := ir.Top(n); m != nil; m = firstNode(m.Children()) {
		switch m := m.(type) {
		case *ir.Filter:
			if _, ok := m.Input.(*ir.Join); ok {
				m.Actual = &ir.Actual{Rows: tr.rows, NeverExecuted: !tr.ran}
			}
		case *ir.Join:
			pairActual(m, tr.join, run)
			return
		}
	}
}

// pairActual sets the actual rows of the lowered node l and, through
// joins and Hash nodes, of its inputs from the exec node x.
func pairActual(l, x ir.Node, run *setOpTrace) {
	l.Base().Actual = run.actualOf(x)
	switch lj := l.(type) {
	case *ir.Join:
		if xj, ok := x.(*ir.Join); ok {
			pairActual(lj.Left, xj.Left, run)
			pairActual(lj.Right, xj.Right, run)
		}
	case *ir.Hash:
		if xh, ok := x.(*ir.Hash); ok {
			pairActual(lj.Input, xh.Input, run)
		}
	}
}

// firstNode is the first of ns, nil when none.
func firstNode(ns []ir.Node) ir.Node {
	if len(ns) == 0 {
		return nil
	}
	return ns[0]
}
