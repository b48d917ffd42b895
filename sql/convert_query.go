package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// fromFunction converts a function in FROM: f(args) [WITH ORDINALITY]
// [AS] alias[(col, ...)]. A plain call is in the dialect; LATERAL only as
// an item of a join (lateral), where a function in FROM reads the items
// left of it with or without the keyword; so is a column definition list
// (AS x(a int, b text)); ROWS FROM is not.
func (c *conv) fromFunction(rf *pg_query.RangeFunction, n *pg_query.Node, lateral bool) (string, *FromFunction, error) {
	loc := nodeLocation(n)
	switch {
	case rf.GetLateral() && !lateral:
		return "", nil, c.unsupported("LATERAL", loc)
	case rf.GetIsRowsfrom() || len(rf.GetFunctions()) != 1:
		return "", nil, c.unsupported("ROWS FROM", loc)
	}
	items := rf.GetFunctions()[0].GetList().GetItems()
	if len(items) == 0 {
		return "", nil, c.unsupported("functions in FROM", loc)
	}
	e, err := c.expr(items[0])
	if err != nil {
		return "", nil, err
	}
	call, ok := e.(*FuncCall)
	if !ok {
		return "", nil, c.unsupported("functions in FROM", loc)
	}
	table := rf.GetAlias().GetAliasname()
	if table == "" {
		table = call.Name
	}
	fn := &FromFunction{Call: call, Column: table, Ordinality: rf.GetOrdinality(), Alias: rf.GetAlias().GetAliasname()}
	if fn.ColDefs, err = c.colDefs(rf.GetColdeflist()); err != nil {
		return "", nil, err
	}
	if len(fn.ColDefs) > 0 {
		fn.ColDefsP = int(nodeLocation(rf.GetColdeflist()[0]))
	}
	for _, col := range rf.GetAlias().GetColnames() {
		fn.Columns = append(fn.Columns, col.GetString_().GetSval())
	}
	if len(fn.Columns) > 0 {
		fn.Column = fn.Columns[0]
	}
	return table, fn, nil
}

// grouping converts GROUP BY (plain expressions only) and HAVING.
func (c *conv) grouping(s *pg_query.SelectStmt) ([]Expr, Expr, error) {
	var keys []Expr
	for _, n := range s.GetGroupClause() {
		if n.GetGroupingSet() != nil {
			return nil, nil, c.unsupported("GROUPING SETS, ROLLUP and CUBE", nodeLocation(n))
		}
		e, err := c.expr(n)
		if err != nil {
			return nil, nil, err
		}
		keys = append(keys, e)
	}
	having, err := c.expr(s.GetHavingClause())
	return keys, having, err
}

// subLinkConstructs names the subquery forms outside the dialect.
var subLinkConstructs = map[pg_query.SubLinkType]string{
	pg_query.SubLinkType_ROWCOMPARE_SUBLINK: "row comparison with a subquery",
	pg_query.SubLinkType_MULTIEXPR_SUBLINK:  "multiple-column assignment",
	pg_query.SubLinkType_CTE_SUBLINK:        "WITH (common table expressions)",
}

// subLinkKinds maps the subquery forms of the dialect to theirs.
var subLinkKinds = map[pg_query.SubLinkType]SubLinkKind{
	pg_query.SubLinkType_EXPR_SUBLINK:   SubScalar,
	pg_query.SubLinkType_EXISTS_SUBLINK: SubExists,
	pg_query.SubLinkType_ANY_SUBLINK:    SubAny,
	pg_query.SubLinkType_ALL_SUBLINK:    SubAll,
	pg_query.SubLinkType_ARRAY_SUBLINK:  SubArray,
}

// subLink converts a subquery used as an expression: scalar, EXISTS,
// X op ANY/ALL (IN is = ANY; X may be a row) and ARRAY; other forms are
// 0A000.
func (c *conv) subLink(s *pg_query.SubLink) (Expr, error) {
	kind, ok := subLinkKinds[s.GetSubLinkType()]
	if !ok {
		name, ok := subLinkConstructs[s.GetSubLinkType()]
		if !ok {
			name = "subquery"
		}
		return nil, c.unsupported(name, s.GetLocation())
	}
	out := &SubLink{Kind: kind, P: int(s.GetLocation())}
	if kind == SubAny || kind == SubAll {
		if row := s.GetTestexpr().GetRowExpr(); row != nil {
			for _, a := range row.GetArgs() {
				x, err := c.expr(a)
				if err != nil {
					return nil, err
				}
				out.TestRow = append(out.TestRow, x)
			}
		} else {
			test, err := c.expr(s.GetTestexpr())
			if err != nil {
				return nil, err
			}
			out.Test = test
		}
		out.Op = opName(s.GetOperName())
		if out.Op == "" {
			out.Op = "=" // IN (subquery)
		}
	}
	sel := s.GetSubselect().GetSelectStmt()
	if sel == nil {
		return nil, c.unsupported("subquery", s.GetLocation())
	}
	q, err := c.selectStmt(sel)
	if err != nil {
		return nil, err
	}
	out.Query = q
	return out, nil
}
