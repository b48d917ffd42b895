package sql

import (
	"strconv"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// valuesBody converts VALUES (row), (row)... outside INSERT (PostgreSQL
// docs 7.7): a query whose columns are named column1, column2..., whose
// rows' types unify as UNION's do. One row is a SELECT of its
// expressions; more rows are such SELECTs joined by UNION ALL, in order.
// ORDER BY, LIMIT and OFFSET apply to all the rows. Errors: 42601 when
// the lists differ in length.
func (c *conv) valuesBody(s *pg_query.SelectStmt) (*Select, error) {
	lists := s.GetValuesLists()
	var rows []*Select
	width := -1
	for _, l := range lists {
		items := l.GetList().GetItems()
		if width >= 0 && len(items) != width {
			return nil, c.syntaxErr("VALUES lists must all be the same length", nodeLocation(items[0]))
		}
		width = len(items)
		row, err := c.valuesRow(items)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	out := rows[0]
	for _, r := range rows[1:] {
		out = &Select{SetOp: &SetOperation{Op: SetUnion, All: true, Left: out, Right: r}, FromP: -1}
	}
	if len(rows) > 1 || out.SetOp != nil {
		out = &Select{SetOp: out.SetOp, FromP: -1}
	}
	var err error
	if out.OrderBy, err = c.orderBy(s.GetSortClause()); err != nil {
		return nil, err
	}
	if out.Limit, err = c.limitExpr(s.GetLimitCount()); err != nil {
		return nil, err
	}
	if out.Offset, err = c.limitExpr(s.GetLimitOffset()); err != nil {
		return nil, err
	}
	return out, nil
}

// valuesRow is one VALUES list as a SELECT of its expressions named
// column1, column2...
func (c *conv) valuesRow(items []*pg_query.Node) (*Select, error) {
	out := &Select{FromP: -1}
	for i, n := range items {
		e, err := c.expr(n)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, SelectItem{Expr: e, Alias: "column" + strconv.Itoa(i+1)})
	}
	return out, nil
}
