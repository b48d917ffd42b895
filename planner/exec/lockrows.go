package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// buildLockRows passes on each input row n.Locker locked, as the locker
// returns it (its newest version after a concurrent update), and leaves
// out the rows it returns nil for (deleted, no longer qualifying, or
// skipped under SKIP LOCKED). Errors: the locker's (55P03, 40001, 40P01,
// 57014).
func (env *Env) buildLockRows(n *plan.LockRows) (producer, error) {
	if n.Locker == nil {
		return nil, fmt.Errorf("exec: LockRows without a locker")
	}
	in, err := env.input(n.Unary, "LockRows")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		return in(func(row []any) error {
			out, err := n.Locker.LockRow(row)
			if err != nil || out == nil {
				return err
			}
			return emit(out)
		})
	}, nil
}
