package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// DistinctExpr is X IS [NOT] DISTINCT FROM Y: comparison that treats NULL
// as an ordinary value, never NULL itself (PostgreSQL docs 9.2). P is the
// position of the operator.
type DistinctExpr struct {
	X, Y Expr
	Not  bool // IS NOT DISTINCT FROM
	P    int
}

// Pos implements Expr.
func (e *DistinctExpr) Pos() int { return e.P }

// distinctFrom converts an AEXPR_DISTINCT or AEXPR_NOT_DISTINCT.
func (c *conv) distinctFrom(a *pg_query.A_Expr) (Expr, error) {
	x, err := c.expr(a.GetLexpr())
	if err != nil {
		return nil, err
	}
	y, err := c.expr(a.GetRexpr())
	if err != nil {
		return nil, err
	}
	not := a.GetKind() == pg_query.A_Expr_Kind_AEXPR_NOT_DISTINCT
	return &DistinctExpr{X: x, Y: y, Not: not, P: int(a.GetLocation())}, nil
}
