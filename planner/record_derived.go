package planner

import "github.com/vecgres/vecgres/sql/types"

// Field selection through a subquery in FROM: `SELECT (s.r).a FROM
// (SELECT ROW(1, 2) AS r) s` reads field f1 of an anonymous record whose
// fields only the subquery's select list knows, as PostgreSQL's
// expandRecordVariable looks into the subquery's target list. A column
// of a derived table (the whole FROM clause, or a relation of a join)
// whose subquery item is a row constructor or a whole-row reference
// gives that item's field names and types.

// derivedRow is the row expression of the subquery item x, a column of
// a derived table of anonymous record type, reads; nil when x is no
// such column or its item is no row expression with names.
func (b *binder) derivedRow(x expr) *rowExpr {
	c, ok := x.(*colExpr)
	if !ok || c.t.Kind != types.KindRecord {
		return nil
	}
	var pl plan
	idx := c.idx
	switch {
	case b.from != nil:
		for _, r := range b.from.all {
			if r.plan != nil && r.plan.derived != nil && idx >= r.off && idx < r.off+len(r.cols) {
				pl, idx = r.plan.derived.plan, idx-r.off
			}
		}
	case b.derived != nil:
		pl = b.derived
	}
	sp, ok := pl.(*selectPlan)
	if !ok || idx >= len(sp.items) {
		return nil
	}
	r, ok := sp.items[idx].(*rowExpr)
	if !ok || !r.named {
		return nil
	}
	return r
}
