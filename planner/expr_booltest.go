package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// boolTestExpr is X IS [NOT] TRUE / FALSE / UNKNOWN: true when X's
// value is (is not) src.Value, NULL counting as UNKNOWN; never NULL.
type boolTestExpr struct {
	x   expr
	src *sql.BoolTest
}

func (*boolTestExpr) Type() types.Type { return types.Bool }
func (t *boolTestExpr) Eval(e *env) (any, error) {
	v, err := t.x.Eval(e)
	if err != nil {
		return nil, err
	}
	return (v == t.src.Value) != t.src.Not, nil
}

// bindBoolTest binds X IS [NOT] TRUE/FALSE/UNKNOWN; X must be boolean
// (an untyped literal is read as one), else 42804 at X as PostgreSQL
// words it ("argument of IS TRUE must be type boolean, not type
// integer").
func (b *binder) bindBoolTest(x *sql.BoolTest) (expr, error) {
	inner, err := b.bind(x.X, types.Bool)
	if err != nil {
		return nil, err
	}
	if k := inner.Type().Kind; k != types.KindBool && k != types.KindUnknown {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of %s must be type boolean, not type %s",
			x.Name(), inner.Type().Name()).WithPosition(x.X.Pos() + 1)
	}
	return &boolTestExpr{x: inner, src: x}, nil
}
