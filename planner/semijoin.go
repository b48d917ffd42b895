package planner

import (
	"github.com/vecgres/vecgres/catalog"
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
	// nonNull is set for IN when its operands and the subquery's values
	// are NOT NULL columns: NOT IN is then an anti join as well.
	nonNull bool
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
	if !ok {
		return
	}
	if x.Kind == sql.SubAny {
		n := max(len(x.TestRow), 1) // the IN pairs come first
		j.nonNull = b.nonNullKeys(j.outer[:n]) && nonNullItems(j.right, n)
	}
	s.semi = j
}

// nonNullKeys reports whether each of keys is a NOT NULL column of b's
// one FROM table (through a join, outer joins may null any column).
func (b *binder) nonNullKeys(keys []expr) bool {
	if b.from != nil || b.table == nil {
		return false
	}
	for _, k := range keys {
		if !nonNullCol(b.table, k) {
			return false
		}
	}
	return true
}

// nonNullItems reports whether the first n output columns of pl are NOT
// NULL columns of its one FROM table.
func nonNullItems(pl plan, n int) bool {
	sp, ok := pl.(*selectPlan)
	if !ok || sp.join != nil || sp.table == nil || len(sp.items) < n {
		return false
	}
	for _, it := range sp.items[:n] {
		if !nonNullCol(sp.table, it) {
			return false
		}
	}
	return true
}

// nonNullCol reports whether x is a NOT NULL column of t.
func nonNullCol(t *catalog.Table, x expr) bool {
	c, ok := x.(*colExpr)
	return ok && c.idx >= 0 && c.idx < len(t.Columns) && t.Columns[c.idx].NotNull
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
		cond = append(cond, &sql.BinaryExpr{Op: "=", L: qualifyRef(o, b.fromName()), R: qualifyRef(inner[i], fromName(q))})
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

// qualifyRef is e, qualified with table when it is an unqualified column
// (EXPLAIN's Hash Cond names both sides' tables, as PostgreSQL's does).
func qualifyRef(e sql.Expr, table string) sql.Expr {
	if c, ok := e.(*sql.ColumnRef); ok && c.Table == "" && table != "" {
		q := *c
		q.Table = table
		return &q
	}
	return e
}

// fromName is the name q's one FROM table is known by ("" for a join).
func fromName(q *sql.Select) string {
	if q.FromItems != nil {
		return ""
	}
	if q.FromAlias != "" {
		return q.FromAlias
	}
	return q.From
}

// fromName is the name b's one FROM table is known by ("" for a join).
func (b *binder) fromName() string {
	if b.from != nil || b.table == nil {
		return ""
	}
	if b.alias != "" {
		return b.alias
	}
	return b.table.Name
}
