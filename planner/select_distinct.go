package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// SELECT DISTINCT and DISTINCT ON (...): rows are sorted, projected, and
// the first row of each distinct key kept (the output columns for
// DISTINCT, the DISTINCT ON expressions otherwise), before OFFSET and
// LIMIT. Values are compared by their text form, so numerics that differ
// only in scale (1.0, 1.00) and -0 / 0 count as different, where
// PostgreSQL's equality operators treat them as equal.

// bindDistinct binds x's DISTINCT clause into p, after ORDER BY (whose
// keys DISTINCT ON must begin with). Errors: 42P10 as PostgreSQL's.
func (b *binder) bindDistinct(p *selectPlan, x *sql.Select) error {
	if !x.Distinct {
		return nil
	}
	p.distinct = true
	if len(x.DistinctOn) == 0 {
		if err := distinctComparable(p, x); err != nil {
			return err
		}
		for i, o := range x.OrderBy {
			if !inSelectList(p, x, p.order[i].x, o.Expr) {
				return pgerror.New(pgerror.InvalidColumnReference,
					"for SELECT DISTINCT, ORDER BY expressions must appear in select list").WithPosition(o.Expr.Pos() + 1)
			}
		}
		return nil
	}
	if p.aggs != nil {
		b.aggs = p.aggs
		defer func() { b.aggs = nil }()
	}
	for _, e := range x.DistinctOn {
		k, err := b.orderExpr(p, x, e)
		if err != nil {
			return err
		}
		p.distinctOn = append(p.distinctOn, k)
	}
	for i := 0; i < len(x.OrderBy) && i < len(x.DistinctOn); i++ {
		o := x.OrderBy[i]
		match := false
		for j, e := range x.DistinctOn {
			if p.distinctOn[j] == p.order[i].x || sql.FormatExpr(e) == sql.FormatExpr(o.Expr) {
				match = true
			}
		}
		if !match {
			return pgerror.New(pgerror.InvalidColumnReference,
				"SELECT DISTINCT ON expressions must match initial ORDER BY expressions").WithPosition(x.DistinctOn[0].Pos() + 1)
		}
	}
	return nil
}

// inSelectList reports whether the ORDER BY key k (written e) is one of
// p's output expressions.
func inSelectList(p *selectPlan, x *sql.Select, k expr, e sql.Expr) bool {
	for i, it := range p.items {
		if it == k {
			return true
		}
		if len(x.Items) == len(p.items) && !x.Items[i].Star && sql.FormatExpr(x.Items[i].Expr) == sql.FormatExpr(e) {
			return true
		}
	}
	return false
}

// distinctComparable is 42883 "could not identify an equality operator"
// for an output column of a type without = (json), at its select item
// when the items are not expanded from *.
func distinctComparable(p *selectPlan, x *sql.Select) error {
	for i, it := range p.items {
		t := it.Type()
		if _, ok := comparerFor(t, t); ok || t.Kind == types.KindUnknown {
			continue
		}
		err := pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an equality operator for type %s", t.Name())
		if len(x.Items) == len(p.items) && !x.Items[i].Star {
			err = err.WithPosition(x.Items[i].Expr.Pos() + 1)
		}
		return err
	}
	return nil
}
