package exec

import "github.com/vecgres/vecgres/planner/plan"

// buildWiden runs the input, holding its rows, until a run gives Need
// rows or Again says another cannot give more, then emits the last
// run's rows. What a dropped run charged to Mem (its rows, a hash
// join's table) is released before the next.
func (env *Env) buildWiden(n *plan.Widen) (producer, error) {
	in, err := env.input(n.Unary, "Widen")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		for {
			before := env.Mem.Used()
			var rows [][]any
			err := in(func(row []any) error {
				if err := env.Mem.ChargeRow(row); err != nil {
					return err
				}
				rows = append(rows, row)
				return nil
			})
			if err != nil {
				return err
			}
			if int64(len(rows)) >= n.Need || !n.Again.Again() {
				return env.emitHeld(rows, emit)
			}
			env.Mem.Release(env.Mem.Used() - before)
		}
	}, nil
}
