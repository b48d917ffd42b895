package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Decorrelation (PostgreSQL's pull_up_sublinks, optimizer/plan/subselect.c
// convert_EXISTS_sublink_to_join and convert_ANY_sublink_to_join, done
// here for the simple cases): a WHERE conjunct EXISTS (subquery), NOT
// EXISTS (subquery) or X IN (subquery) whose subquery is one plain SELECT
// (no aggregate, GROUP BY, HAVING, window, LIMIT, OFFSET or set
// operation) and whose correlation is only equalities `inner = outer`
// (each operand reading one level alone, of types that hash alike) runs
// as a hash semi join (anti join for NOT EXISTS) of the query's rows with
// the subquery's rows, the subquery run once without the equalities and
// returning the inner operands: O(n + m) instead of a run per row. NOT IN
// stays a SubPlan (its NULL rules differ from an anti join's).

// semiJoin is the join a decorrelated subquery runs as: right returns
// the inner keys, outer are the matching keys over the query's row.
type semiJoin struct {
	right    plan
	outer    []expr
	hashCond string // EXPLAIN's Hash Cond
}

// decorrelate sets s.semi when x (bound as s in b) may run as a semi
// join; it changes nothing otherwise. Trial binds keep b's parameters.
func (b *binder) decorrelate(x *sql.SubLink, s *subqueryExpr) {
	q := x.Query
	if s.scope == nil && x.Kind == sql.SubExists || !plainSubquery(q) {
		return
	}
	if sp, ok := s.plan.(*selectPlan); !ok || sp.aggs != nil || sp.wins != nil || sp.srfs != nil {
		return
	}
	saved := b.params
	defer func() { b.params = saved }()
	var inner, outer []sql.Expr
	var rest []sql.Expr
	if x.Kind == sql.SubAny {
		tests := x.TestRow
		if tests == nil {
			tests = []sql.Expr{x.Test}
		}
		if x.Op != "=" || len(q.Items) != len(tests) {
			return
		}
		for i, it := range q.Items {
			if it.Star || !b.innerOnly(q, it.Expr) {
				return
			}
			inner, outer = append(inner, it.Expr), append(outer, tests[i])
		}
	}
	for _, c := range conjuncts(q.Where) {
		if c == nil {
			continue
		}
		if b.innerOnly(q, c) {
			rest = append(rest, c)
			continue
		}
		eq, ok := c.(*sql.BinaryExpr)
		if !ok || eq.Op != "=" || hasSubLink(c) {
			return
		}
		switch {
		case b.innerOnly(q, eq.L) && b.outerOnly(eq.R):
			inner, outer = append(inner, eq.L), append(outer, eq.R)
		case b.innerOnly(q, eq.R) && b.outerOnly(eq.L):
			inner, outer = append(inner, eq.R), append(outer, eq.L)
		default:
			return
		}
	}
	if len(inner) == 0 {
		return
	}
	b.params = saved
	j, ok := b.semiJoinOf(q, inner, outer, rest)
	if ok {
		s.semi = j
		return
	}
}

// semiJoinOf binds the subquery SELECT inner... FROM q's FROM WHERE rest
// with no enclosing query, and the outer keys in b; false when a pair of
// keys does not hash alike.
func (b *binder) semiJoinOf(q *sql.Select, inner, outer, rest []sql.Expr) (*semiJoin, bool) {
	sel := *q
	sel.Items, sel.Where, sel.OrderBy, sel.Distinct, sel.DistinctOn = nil, andOf(rest), nil, false, nil
	for _, e := range inner {
		sel.Items = append(sel.Items, sql.SelectItem{Expr: e})
	}
	sub := &binder{s: b.s, params: b.params, query: &queryScope{nsub: new(int)}}
	pl, err := sub.planSelect(&sel)
	if err != nil {
		return nil, false
	}
	b.params = sub.params
	cols := pl.columns()
	j := &semiJoin{right: pl}
	var cond []sql.Expr
	for i, o := range outer {
		ox, err := b.bind(o, cols[i].Type)
		if err != nil || !hashable(ox.Type(), cols[i].Type) || !hashable(cols[i].Type, ox.Type()) {
			return nil, false
		}
		j.outer = append(j.outer, ox)
		cond = append(cond, &sql.BinaryExpr{Op: "=", L: o, R: inner[i]})
	}
	j.hashCond = sql.FormatExpr(andOf(cond))
	return j, true
}

// plainSubquery reports whether q is one SELECT without grouping,
// windows, limits or set operations.
func plainSubquery(q *sql.Select) bool {
	return q.SetOp == nil && q.GroupBy == nil && q.Having == nil && q.Windows == nil &&
		q.Limit == nil && q.Offset == nil && q.FromFunc == nil && (q.From != "" || q.FromItems != nil)
}

// innerOnly reports whether e binds over q's FROM clause alone (no
// enclosing query) without a subquery or aggregate.
func (b *binder) innerOnly(q *sql.Select, e sql.Expr) bool {
	if hasSubLink(e) {
		return false
	}
	sel := *q
	sel.Items, sel.Where, sel.OrderBy, sel.Distinct, sel.DistinctOn = []sql.SelectItem{{Expr: e}}, nil, nil, false, nil
	sub := &binder{s: b.s, params: copyParams(b.params), query: &queryScope{nsub: new(int)}}
	pl, err := sub.planSelect(&sel)
	if err != nil {
		return false
	}
	sp, ok := pl.(*selectPlan)
	return ok && sp.aggs == nil && sp.srfs == nil && sp.wins == nil
}

// outerOnly reports whether e binds in b (reads b's row or none) without
// a subquery.
func (b *binder) outerOnly(e sql.Expr) bool {
	if hasSubLink(e) {
		return false
	}
	saved := b.params
	b.params = copyParams(saved)
	_, err := b.bind(e, types.Unknown)
	b.params = saved
	return err == nil
}

// copyParams is a copy of the parameter types ps, for a trial bind that
// must not type them.
func copyParams(ps []*types.Type) []*types.Type {
	out := make([]*types.Type, len(ps))
	for i, t := range ps {
		c := *t
		out[i] = &c
	}
	return out
}
