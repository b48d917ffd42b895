package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
)

// A set operation lowers into the shape of PostgreSQL's plans: Limit and
// Sort over the result when the query has them; an Aggregate grouping
// by every column for UNION, a SetOp for INTERSECT and EXCEPT [ALL];
// then an Append whose children are the sides' own plans (nested UNION
// ALLs flattened into one Append, as PostgreSQL's planner does). The
// nodes carry no row estimates. Under EXPLAIN ANALYZE every node gets the
// rows its exec node emitted in the run (explain_analyze.go): the sides
// as a SELECT's EXPLAIN ANALYZE does, Append the rows it passed on, the
// combining node, Sort and Limit theirs (a Sort under a Limit the rows
// the Limit took, as PostgreSQL's).

// lower returns p's plan tree; tr, when not nil, holds what its run under
// EXPLAIN ANALYZE saw.
func (p *setOpPlan) lower(x *execCtx, tr *setOpTrace) (ir.Node, error) {
	cols := planColumns(p.cols)
	app := &ir.Append{Info: ir.Info{Out: cols}}
	for _, side := range p.appendChildren() {
		n, err := lowerPlan(side, x, tr)
		if err != nil {
			return nil, err
		}
		app.Inputs = append(app.Inputs, n)
	}
	nodes := &setOpNodes{}
	if tr != nil && tr.setOps[p] != nil {
		nodes = tr.setOps[p]
	}
	actual := func(n ir.Node) *ir.Actual {
		if tr == nil {
			return nil
		}
		return tr.actualOf(n)
	}
	app.Actual = actual(nodes.app)
	var node ir.Node = app
	if c := p.combineNode(app); c != nil {
		c.Base().Actual = actual(nodes.combine)
		node = c
	}
	if len(p.order) > 0 {
		keys := make([]ir.SortKey, len(p.order))
		for i, k := range p.order {
			keys[i] = ir.SortKey{Expr: p.cols[k.col].Name, Desc: k.desc}
		}
		node = &ir.Sort{Info: ir.Info{Actual: actual(nodes.sort)}, Unary: ir.Unary{Input: node}, Keys: keys}
	}
	if p.limit != nil || p.offset != nil {
		node = &ir.Limit{Info: ir.Info{Actual: actual(nodes.limit)}, Unary: ir.Unary{Input: node}}
	}
	return node, nil
}

// combineNode is the node over in that removes or counts duplicates;
// nil for UNION ALL.
func (p *setOpPlan) combineNode(in ir.Node) ir.Node {
	cols := planColumns(p.cols)
	switch {
	case p.eq == nil:
		return nil
	case p.op == sql.SetUnion:
		names := make([]string, len(p.cols))
		for i, c := range p.cols {
			names[i] = c.Name
		}
		return &ir.Aggregate{Info: ir.Info{Out: cols}, Unary: ir.Unary{Input: in}, GroupKeys: names}
	}
	op := ir.Intersect
	if p.op == sql.SetExcept {
		op = ir.Except
	}
	return &ir.SetOp{Info: ir.Info{Out: cols}, Unary: ir.Unary{Input: in}, Op: op, All: p.all}
}

// appendChildren returns the plans under p's Append: its sides, with a
// side that is itself a plain UNION ALL replaced by its children.
func (p *setOpPlan) appendChildren() []plan {
	var out []plan
	for _, side := range []plan{p.left, p.right} {
		if s, ok := side.(*setOpPlan); ok && p.eq == nil && s.eq == nil && len(s.order) == 0 && s.limit == nil && s.offset == nil {
			out = append(out, s.appendChildren()...)
			continue
		}
		out = append(out, side)
	}
	return out
}
