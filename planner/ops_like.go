package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// likeExpr is LIKE (~~), NOT LIKE (!~~), ILIKE (~~*) and NOT ILIKE (!~~*)
// of sem.Operators, matched by sem.Like; its own node because selectivity
// estimates look for it (cost_selectivity.go).
type likeExpr struct {
	l, r     expr
	negate   bool
	foldCase bool
}

func (*likeExpr) Type() types.Type { return types.Bool }
func (l *likeExpr) Eval(e *env) (any, error) {
	s, p, err := evalOperands(e, l.l, l.r)
	if err != nil || s == nil {
		return nil, err
	}
	m, err := sem.Like(s.(string), p.(string), l.foldCase)
	if err != nil {
		return nil, err
	}
	return m != l.negate, nil
}
