package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// arithExpr is an operator of sem.Operators other than a distance: + - *
// / % on numbers, || on text, + - * || on vectors; fn is the resolved
// operator's implementation, t its result type.
type arithExpr struct {
	op   string
	l, r expr
	t    types.Type
	fn   sem.Impl
}

func (a *arithExpr) Type() types.Type { return a.t }
func (a *arithExpr) Eval(e *env) (any, error) {
	l, r, err := evalOperands(e, a.l, a.r)
	if err != nil || l == nil {
		return nil, err
	}
	return a.fn(e, []any{l, r})
}

// negExpr is unary minus (sem.Negate).
type negExpr struct{ x expr }

func (n *negExpr) Type() types.Type { return n.x.Type() }
func (n *negExpr) Eval(e *env) (any, error) {
	v, err := n.x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	return sem.Negate(v, n.x.Type())
}
