package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// arrayCompare converts X op ANY (array) and X op ALL (array); ANY
// (subquery) is a SubLink and not handled here.
func (c *conv) arrayCompare(a *pg_query.A_Expr) (Expr, error) {
	x, err := c.expr(a.GetLexpr())
	if err != nil {
		return nil, err
	}
	arr, err := c.expr(a.GetRexpr())
	if err != nil {
		return nil, err
	}
	all := a.GetKind() == pg_query.A_Expr_Kind_AEXPR_OP_ALL
	return &ArrayCompare{Op: opName(a.GetName()), X: x, Array: arr, All: all, P: int(a.GetLocation())}, nil
}

// indirection converts X[i], (X).field and their chains (convert_record.go).
func (c *conv) indirection(n *pg_query.A_Indirection) (Expr, error) {
	x, err := c.expr(n.GetArg())
	if err != nil {
		return nil, err
	}
	return c.fieldSelect(x, n.GetIndirection(), nodeLocation(n.GetArg()))
}
