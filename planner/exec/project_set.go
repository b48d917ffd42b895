package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// buildProjectSet emits each input row once per value of its longest
// set-returning function, each function's value (NULL past its end)
// appended (plan.ProjectSet).
func (env *Env) buildProjectSet(n *plan.ProjectSet) (producer, error) {
	in, err := env.input(n.Unary, "ProjectSet")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		return in(func(row []any) error {
			sets := make([][]any, len(n.Sets))
			longest := 0
			for i, x := range n.Sets {
				v, err := env.Eval.Eval(x, row)
				if err != nil {
					return err
				}
				vals, ok := v.([]any)
				if !ok && v != nil {
					return fmt.Errorf("exec: ProjectSet function gave %T", v)
				}
				sets[i] = vals
				longest = max(longest, len(vals))
			}
			for r := 0; r < longest; r++ {
				out := make([]any, len(row), len(row)+len(sets))
				copy(out, row)
				for _, vals := range sets {
					var v any
					if r < len(vals) {
						v = vals[r]
					}
					out = append(out, v)
				}
				if err := emit(out); err != nil {
					return err
				}
			}
			return nil
		})
	}, nil
}
