package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// setOps maps libpg_query's set operators to the AST's.
var setOps = map[pg_query.SetOperation]SetOpKind{
	pg_query.SetOperation_SETOP_UNION:     SetUnion,
	pg_query.SetOperation_SETOP_INTERSECT: SetIntersect,
	pg_query.SetOperation_SETOP_EXCEPT:    SetExcept,
}

// setOpStmt converts left UNION | INTERSECT | EXCEPT [ALL] right [ORDER
// BY] [LIMIT] [OFFSET]: a Select whose SetOp holds both sides (each a
// plain SELECT or another set operation) and whose ORDER BY, LIMIT and
// OFFSET apply to the combined result. The grammar has already grouped
// the operators by precedence and parentheses.
func (c *conv) setOpStmt(s *pg_query.SelectStmt) (*Select, error) {
	op := &SetOperation{Op: setOps[s.GetOp()], All: s.GetAll()}
	var err error
	if op.Left, err = c.selectStmt(s.GetLarg()); err != nil {
		return nil, err
	}
	if op.Right, err = c.selectStmt(s.GetRarg()); err != nil {
		return nil, err
	}
	out := &Select{SetOp: op, FromP: -1}
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
