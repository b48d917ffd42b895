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

// distinctRows projects the sorted rows, keeps the first of each distinct
// key and applies OFFSET and LIMIT.
func (p *selectPlan) distinctRows(e *env, rows []keyedRow, limit, offset int64) ([][]any, error) {
	all, err := p.project(e, rows)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	out := all[:0]
	var key []byte
	for i, vals := range all {
		key = key[:0]
		if p.distinctOn == nil {
			for j, v := range vals {
				key = appendKey(key, p.items[j].Type(), v)
			}
		} else {
			e.row = rows[i].row
			if rows[i].aggs != nil {
				e.aggs = rows[i].aggs
			}
			for _, k := range p.distinctOn {
				v, err := k.Eval(e)
				if err != nil {
					return nil, err
				}
				key = appendKey(key, k.Type(), v)
			}
		}
		if seen[string(key)] {
			continue
		}
		if err := e.charge(hashEntryBytes + int64(len(key))); err != nil {
			return nil, err
		}
		seen[string(key)] = true
		out = append(out, vals)
	}
	if offset >= int64(len(out)) {
		return nil, nil
	}
	out = out[offset:]
	if limit >= 0 && limit < int64(len(out)) {
		out = out[:limit]
	}
	return out, nil
}

// appendKey appends one value to a distinct key: types.AppendKey, equal
// exactly for values the = operator calls equal (1.5 and 1.50, -0 and 0,
// jsonb 1.0 and 1), as PostgreSQL's hash and sort DISTINCT.
func appendKey(b []byte, _ types.Type, v any) []byte { return types.AppendKey(b, v) }
