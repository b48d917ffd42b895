package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// selectClauses lists the SELECT clauses outside the dialect, checked in order.
var selectClauses = []struct {
	bad       func(s *pg_query.SelectStmt) bool
	construct string
}{
	{func(s *pg_query.SelectStmt) bool { return s.GetIntoClause() != nil }, "SELECT INTO"},
	{func(s *pg_query.SelectStmt) bool {
		return s.GetLimitOption() == pg_query.LimitOption_LIMIT_OPTION_WITH_TIES
	}, "FETCH ... WITH TIES"},
}

// selectStmt converts SELECT items [FROM t] [WHERE] [ORDER BY] [LIMIT] [OFFSET],
// and set operations between SELECTs.
// A WITH clause's names are visible in all of it (convert_with.go).
func (c *conv) selectStmt(s *pg_query.SelectStmt) (*Select, error) {
	for _, cl := range selectClauses {
		if cl.bad(s) {
			return nil, c.unsupported(cl.construct, -1)
		}
	}
	c.depth++
	defer func() { c.depth-- }()
	closeWith, err := c.withScope(s.GetWithClause())
	if err != nil {
		closeWith(nil)
		return nil, err
	}
	out, err := c.selectBody(s)
	if err == nil {
		out.Locks, err = c.lockingClauses(s, out.SetOp != nil) // convert_rowlock.go
	}
	if err != nil {
		closeWith(nil)
		return nil, err
	}
	if len(out.Locks) > 0 {
		c.rowLocks = true
	}
	if c.depth == 1 {
		out.RowLocks, c.rowLocks = c.rowLocks, false
	}
	return out, closeWith(out)
}

// selectBody converts a SELECT or set operation without its WITH clause.
func (c *conv) selectBody(s *pg_query.SelectStmt) (*Select, error) {
	if s.GetOp() != pg_query.SetOperation_SETOP_NONE && s.GetOp() != pg_query.SetOperation_SET_OPERATION_UNDEFINED {
		return c.setOpStmt(s) // convert_setop.go
	}
	if len(s.GetValuesLists()) > 0 {
		return c.valuesBody(s) // convert_values.go
	}
	out := &Select{FromP: fromLocation(s.GetFromClause())}
	if err := c.fromClause(out, s.GetFromClause()); err != nil {
		return nil, err
	}
	var err error
	if out.GroupBy, out.Having, err = c.grouping(s); err != nil {
		return nil, err
	}
	if out.Items, err = c.targetList(s.GetTargetList()); err != nil {
		return nil, err
	}
	if out.Windows, err = c.windowClause(s.GetWindowClause()); err != nil { // convert_window.go
		return nil, err
	}
	if out.Where, err = c.expr(s.GetWhereClause()); err != nil {
		return nil, err
	}
	if out.OrderBy, err = c.orderBy(s.GetSortClause()); err != nil {
		return nil, err
	}
	if out.Limit, err = c.limitExpr(s.GetLimitCount()); err != nil {
		return nil, err
	}
	if out.Distinct, out.DistinctOn, err = c.distinct(s.GetDistinctClause()); err != nil { // convert_alter.go
		return nil, err
	}
	if out.Offset, err = c.limitExpr(s.GetLimitOffset()); err != nil {
		return nil, err
	}
	return out, nil
}

// fromClause converts FROM: a join (more than one item, or a JOIN) and a
// table with column aliases (which the join binder names) into
// q.FromItems (convert_from.go), one table, function or subquery into
// q's single-relation fields (singleFrom).
func (c *conv) fromClause(q *Select, from []*pg_query.Node) error {
	if len(from) == 0 {
		return nil
	}
	if len(from) > 1 || from[0].GetJoinExpr() != nil || len(from[0].GetRangeVar().GetAlias().GetColnames()) > 0 {
		var err error
		q.FromItems, err = c.fromItems(from)
		return err
	}
	return c.singleFrom(q, from)
}

// singleFrom converts a FROM clause of one plain table, one
// set-returning function (fromFunction) or one subquery into q's From,
// FromAlias, FromFunc and FromQuery.
func (c *conv) singleFrom(q *Select, from []*pg_query.Node) error {
	var err error
	if rs := derivedNode(from); rs != nil { // convert_derived.go
		if q.FromQuery, q.FromP, err = c.fromSubquery(rs, false); err != nil {
			return err
		}
		q.From = q.FromQuery.Alias
		return nil
	}
	if rf := from[0].GetRangeFunction(); rf != nil {
		q.From, q.FromFunc, err = c.fromFunction(rf, from[0], false)
		return err
	}
	rv := from[0].GetRangeVar()
	if rv == nil {
		return c.unsupported(exprConstruct(from[0]), nodeLocation(from[0]))
	}
	if d, err := c.cteRef(rv); d != nil || err != nil { // convert_with.go
		q.FromQuery, q.FromP = d, int(rv.GetLocation())
		if d != nil {
			q.From = d.Alias
		}
		return err
	}
	q.From, err = c.relName(rv)
	q.FromAlias = rv.GetAlias().GetAliasname()
	return err
}

// targetList converts SELECT and RETURNING items: *, t.*, expr [AS alias].
func (c *conv) targetList(list []*pg_query.Node) ([]SelectItem, error) {
	if len(list) == 0 {
		return nil, nil
	}
	if err := checkTargetCount(list); err != nil {
		return nil, err
	}
	out := make([]SelectItem, 0, len(list))
	for _, n := range list {
		rt := n.GetResTarget()
		if rt == nil {
			return nil, c.unsupported(exprConstruct(n), nodeLocation(n))
		}
		if item, ok := starItem(rt); ok {
			out = append(out, item)
			continue
		}
		e, err := c.expr(rt.GetVal())
		if err != nil {
			return nil, err
		}
		out = append(out, SelectItem{Expr: e, Alias: rt.GetName()})
	}
	return out, nil
}

// MaxTargetEntries is PostgreSQL's MaxTupleAttributeNumber: the most
// entries a SELECT list may have once * is expanded.
const MaxTargetEntries = 1664

// ErrTooManyTargetEntries is PostgreSQL's 54011 for a longer SELECT list.
var ErrTooManyTargetEntries = pgerror.Errorf(pgerror.TooManyColumns,
	"target lists can have at most %d entries", MaxTargetEntries)

// checkTargetCount refuses, before converting them, more than
// MaxTargetEntries items that are not * (a * may expand to no column, so
// the planner checks again after expansion): a 2 MB SELECT 1,1,... is a
// million items.
func checkTargetCount(list []*pg_query.Node) error {
	if len(list) <= MaxTargetEntries {
		return nil
	}
	n := 0
	for _, item := range list {
		if _, star := starItem(item.GetResTarget()); !star {
			n++
		}
	}
	if n > MaxTargetEntries {
		return ErrTooManyTargetEntries
	}
	return nil
}

// starItem recognises *, t.* and s.t.* items.
func starItem(rt *pg_query.ResTarget) (SelectItem, bool) {
	ref := rt.GetVal().GetColumnRef()
	f := ref.GetFields()
	if len(f) == 0 || f[len(f)-1].GetAStar() == nil {
		return SelectItem{}, false
	}
	loc := int(ref.GetLocation())
	switch len(f) {
	case 1:
		return SelectItem{Star: true}, true
	case 2:
		if t := f[0].GetString_(); t != nil {
			return SelectItem{Star: true, Table: t.GetSval(), P: loc}, true
		}
	case 3:
		s, t := f[0].GetString_(), f[1].GetString_()
		if s != nil && t != nil {
			return SelectItem{Star: true, Schema: s.GetSval(), Table: t.GetSval(), P: loc}, true
		}
	}
	return SelectItem{}, false
}

// orderBy converts ORDER BY items.
func (c *conv) orderBy(list []*pg_query.Node) ([]OrderItem, error) {
	var out []OrderItem
	for _, n := range list {
		sb := n.GetSortBy()
		if sb == nil || sb.GetSortbyDir() == pg_query.SortByDir_SORTBY_USING {
			return nil, c.unsupported("ORDER BY ... USING", nodeLocation(n))
		}
		e, err := c.expr(sb.GetNode())
		if err != nil {
			return nil, err
		}
		item := OrderItem{Expr: e, Desc: sb.GetSortbyDir() == pg_query.SortByDir_SORTBY_DESC}
		switch sb.GetSortbyNulls() {
		case pg_query.SortByNulls_SORTBY_NULLS_FIRST:
			item.Nulls = NullsFirst
		case pg_query.SortByNulls_SORTBY_NULLS_LAST:
			item.Nulls = NullsLast
		}
		out = append(out, item)
	}
	return out, nil
}

// limitExpr converts a LIMIT or OFFSET expression; LIMIT ALL (a NULL
// constant) is nil.
func (c *conv) limitExpr(n *pg_query.Node) (Expr, error) {
	e, err := c.expr(n)
	if k, ok := e.(*Const); ok && k.Kind == ConstNull {
		return nil, err
	}
	return e, err
}
