package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// buildFilter passes on the input rows for which Pred is true (not false
// or NULL).
func (env *Env) buildFilter(n *plan.Filter) (producer, error) {
	if n.Pred == nil {
		return nil, fmt.Errorf("exec: Filter %q has no executable condition", n.Cond)
	}
	in, err := env.input(n.Unary, "Filter")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		return in(func(row []any) error {
			v, err := env.Eval.Eval(n.Pred, row)
			if err != nil {
				return err
			}
			if b, ok := v.(bool); ok && b {
				return emit(row)
			}
			return nil
		})
	}, nil
}

// buildProject computes Exprs over each input row into a new row.
func (env *Env) buildProject(n *plan.Project) (producer, error) {
	if n.Exprs == nil && len(n.Out) > 0 {
		return nil, fmt.Errorf("exec: Project has no executable expressions")
	}
	in, err := env.input(n.Unary, "Project")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		var slab rowSlab
		return in(func(row []any) error {
			out := slab.row(len(n.Exprs))
			for i, x := range n.Exprs {
				v, err := env.Eval.Eval(x, row)
				if err != nil {
					return err
				}
				out[i] = v
			}
			return emit(out)
		})
	}, nil
}
