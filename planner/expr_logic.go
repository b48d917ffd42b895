package planner

import "github.com/vecgres/vecgres/sql/types"

// andExpr and orExpr use SQL's three-valued logic: NULL AND false is false,
// NULL OR true is true, otherwise NULL wins.
type andExpr struct{ args []expr }
type orExpr struct{ args []expr }
type notExpr struct{ x expr }

func (*andExpr) Type() types.Type { return types.Bool }
func (*orExpr) Type() types.Type  { return types.Bool }
func (*notExpr) Type() types.Type { return types.Bool }

func (a *andExpr) Eval(e *env) (any, error) { return evalJunction(e, a.args, false) }
func (o *orExpr) Eval(e *env) (any, error)  { return evalJunction(e, o.args, true) }

// evalJunction evaluates AND (decisive false) or OR (decisive true).
func evalJunction(e *env, args []expr, decisive bool) (any, error) {
	sawNull := false
	for _, a := range args {
		v, err := a.Eval(e)
		if err != nil {
			return nil, err
		}
		if v == nil {
			sawNull = true
			continue
		}
		if v.(bool) == decisive {
			return decisive, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return !decisive, nil
}

func (n *notExpr) Eval(e *env) (any, error) {
	v, err := n.x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	return !v.(bool), nil
}

// isNullExpr is X IS [NOT] NULL. A record is NULL when every field
// is, and NOT NULL when none is (PostgreSQL docs 9.2).
type isNullExpr struct {
	x   expr
	not bool
}

func (*isNullExpr) Type() types.Type { return types.Bool }
func (n *isNullExpr) Eval(e *env) (any, error) {
	v, err := n.x.Eval(e)
	if err != nil {
		return nil, err
	}
	if r, ok := v.(types.Record); ok {
		for _, f := range r.Values {
			if (f == nil) == n.not {
				return false, nil
			}
		}
		return true, nil
	}
	return (v == nil) != n.not, nil
}

// inExpr is X [NOT] IN (list), with SQL's NULL rules.
type inExpr struct {
	x    expr
	list []expr
	cmp  compareFunc
	not  bool
}

func (*inExpr) Type() types.Type { return types.Bool }
func (in *inExpr) Eval(e *env) (any, error) {
	x, err := in.x.Eval(e)
	if err != nil || x == nil {
		return nil, err
	}
	sawNull := false
	for _, item := range in.list {
		v, err := item.Eval(e)
		if err != nil {
			return nil, err
		}
		if v == nil {
			sawNull = true
			continue
		}
		if in.cmp(x, v) == 0 {
			return !in.not, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return in.not, nil
}

// truthy reports whether a WHERE condition's value admits the row.
func truthy(v any) bool {
	b, ok := v.(bool)
	return ok && b
}
