package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
)

// EXPLAIN of a set operation prints the tree its execution runs
// (setop_write.go's tree): built afresh for EXPLAIN, or under EXPLAIN
// ANALYZE the very tree that ran, each of its nodes with the rows it
// emitted in the run (explain_analyze.go) — the sides as a SELECT's
// EXPLAIN ANALYZE does, Append the rows it passed on, the combining
// node, Sort and Limit theirs (a Sort under a Limit the rows the Limit
// took, as PostgreSQL's). The nodes carry no row estimates.

// lower returns p's plan tree with each Side's plan attached; tr, when
// not nil, holds what its run under EXPLAIN ANALYZE saw.
func (p *setOpPlan) lower(x *execCtx, tr *setOpTrace) (ir.Node, error) {
	var t *setOpTree
	if tr != nil {
		t = tr.setOps[p]
	}
	if t == nil {
		t = p.tree()
	}
	for _, s := range t.sides {
		n, err := lowerPlan(s.pl, x, tr)
		if err != nil {
			return nil, err
		}
		s.leaf.Query = n
	}
	if tr != nil {
		setOpActual(t.root, tr)
	}
	return t.root, nil
}

// setOpActual gives a set operation's own nodes, from its root down to
// its Append, the rows they emitted in the run.
func setOpActual(n ir.Node, tr *setOpTrace) {
	for {
		n.Base().Actual = tr.actualOf(n)
		if _, ok := n.(*ir.Append); ok {
			return
		}
		n = n.Children()[0]
	}
}
