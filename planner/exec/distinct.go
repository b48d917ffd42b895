package exec

import (
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// buildDistinct passes on the first input row of each set of rows equal
// on On (whole rows when On is nil), holding one key per set. The rows
// stream: a row is emitted as soon as it is the first of its set.
func (env *Env) buildDistinct(n *plan.Distinct) (producer, error) {
	in, err := env.input(n.Unary, "Distinct")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		seen := map[string]bool{}
		return in(func(row []any) error {
			vals, err := env.evalAll(n.On, row)
			if err != nil {
				return err
			}
			key, err := env.Eval.HashKey(vals)
			if err != nil || seen[key] {
				return err
			}
			if err := env.Mem.Charge(memacct.RowOverhead + int64(len(key))); err != nil {
				return err
			}
			seen[key] = true
			return emit(row)
		})
	}, nil
}

// evalAll is the values of xs over row; row itself when xs is nil.
func (env *Env) evalAll(xs []plan.Expr, row []any) ([]any, error) {
	if xs == nil {
		return row, nil
	}
	out := make([]any, len(xs))
	for i, x := range xs {
		v, err := env.Eval.Eval(x, row)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
