package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// fromItems converts a FROM clause into its items (ast_from.go): tables,
// functions, subqueries and joins of them, each as written.
func (c *conv) fromItems(from []*pg_query.Node) ([]FromItem, error) {
	out := make([]FromItem, 0, len(from))
	for _, n := range from {
		it, err := c.fromItem(n)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, nil
}

// fromItem converts one FROM item.
func (c *conv) fromItem(n *pg_query.Node) (FromItem, error) {
	switch {
	case n.GetRangeVar() != nil:
		if d, err := c.cteRef(n.GetRangeVar()); d != nil || err != nil { // convert_with.go
			return &FromSubquery{Derived: d, P: int(n.GetRangeVar().GetLocation())}, err
		}
		return c.tableRef(n.GetRangeVar())
	case n.GetRangeFunction() != nil:
		name, fn, err := c.fromFunction(n.GetRangeFunction(), n, true) // convert_query.go
		if err != nil {
			return nil, err
		}
		return &FromFunc{Func: fn, Name: name, P: int(nodeLocation(n))}, nil
	case n.GetRangeSubselect() != nil:
		return c.fromSubqueryItem(n.GetRangeSubselect())
	case n.GetJoinExpr() != nil:
		return c.joinExpr(n.GetJoinExpr())
	}
	return nil, c.unsupported(exprConstruct(n), nodeLocation(n))
}

// tableRef converts [schema.]name [[AS] alias [(cols)]].
func (c *conv) tableRef(rv *pg_query.RangeVar) (*TableRef, error) {
	name, err := c.relName(rv) // names.go
	if err != nil {
		return nil, err
	}
	t := &TableRef{Schema: rv.GetSchemaname(), Name: name, Rel: rv.GetRelname(),
		Alias: rv.GetAlias().GetAliasname(), P: int(rv.GetLocation())}
	for _, col := range rv.GetAlias().GetColnames() {
		t.Columns = append(t.Columns, col.GetString_().GetSval())
	}
	return t, nil
}

// fromSubqueryItem converts [LATERAL] (SELECT ...) alias [(cols)] in a
// join (fromSubquery refuses LATERAL where the subquery is all of FROM).
func (c *conv) fromSubqueryItem(rs *pg_query.RangeSubselect) (*FromSubquery, error) {
	d, pos, err := c.fromSubquery(rs, true) // convert_derived.go
	if err != nil {
		return nil, err
	}
	return &FromSubquery{Derived: d, Lateral: rs.GetLateral(), P: pos}, nil
}

// joinKinds maps pg_query's join types to the dialect's.
var joinKinds = map[pg_query.JoinType]JoinKind{
	pg_query.JoinType_JOIN_INNER: JoinInner, pg_query.JoinType_JOIN_LEFT: JoinLeft,
	pg_query.JoinType_JOIN_RIGHT: JoinRight, pg_query.JoinType_JOIN_FULL: JoinFull,
}

// joinExpr converts a JOIN of two FROM items. A JOIN without ON, USING
// or NATURAL is a CROSS JOIN (the grammar admits no other).
func (c *conv) joinExpr(j *pg_query.JoinExpr) (*JoinExpr, error) {
	kind, ok := joinKinds[j.GetJointype()]
	if !ok {
		return nil, c.unsupported("JOIN", nodeLocation(j.GetLarg()))
	}
	if j.GetJoinUsingAlias() != nil {
		return nil, c.unsupported("JOIN ... USING ... AS alias", nodeLocation(j.GetLarg()))
	}
	if len(j.GetAlias().GetColnames()) > 0 {
		return nil, c.unsupported("column aliases of a JOIN", nodeLocation(j.GetLarg()))
	}
	left, err := c.fromItem(j.GetLarg())
	if err != nil {
		return nil, err
	}
	right, err := c.fromItem(j.GetRarg())
	if err != nil {
		return nil, err
	}
	out := &JoinExpr{Kind: kind, Left: left, Right: right, Natural: j.GetIsNatural(),
		Alias: j.GetAlias().GetAliasname(), P: int(nodeLocation(j.GetLarg()))}
	for _, u := range j.GetUsingClause() {
		out.Using = append(out.Using, u.GetString_().GetSval())
	}
	if out.On, err = c.expr(j.GetQuals()); err != nil {
		return nil, err
	}
	if kind == JoinInner && out.On == nil && out.Using == nil && !out.Natural {
		out.Kind = JoinCross
	}
	return out, nil
}
