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

// indirection converts X[i]; slices (X[i:j]), several subscripts and field
// selection ((X).f) are 0A000.
func (c *conv) indirection(n *pg_query.A_Indirection) (Expr, error) {
	ind := n.GetIndirection()
	loc := nodeLocation(n.GetArg())
	if len(ind) != 1 || ind[0].GetAIndices() == nil {
		return nil, c.unsupported("field selection and multiple subscripts", loc)
	}
	idx := ind[0].GetAIndices()
	if idx.GetIsSlice() {
		return nil, c.unsupported("array slices", loc)
	}
	x, err := c.expr(n.GetArg())
	if err != nil {
		return nil, err
	}
	i, err := c.expr(idx.GetUidx())
	if err != nil {
		return nil, err
	}
	return &Subscript{X: x, Index: i, P: x.Pos()}, nil
}
