package exec

import (
	"errors"

	"github.com/vecgres/vecgres/planner/plan"
)

// stop is the sentinel one Limit returns to its input once it has all the
// rows it needs; each Limit has its own, so an outer Limit's is not
// swallowed by an inner one. It is not zero-sized: pointers to distinct
// zero-sized values may be equal.
type stop struct{ _ byte }

func (*stop) Error() string { return "exec: limit reached" }

// buildLimit skips Offset input rows and passes on Count of the rest
// (Count < 0: all). Offset rows are skipped before anything above sees
// them; with Count 0 the input is not run at all, and once Count rows
// passed the input is stopped, so that a scan reads no further.
func (env *Env) buildLimit(n *plan.Limit) (producer, error) {
	in, err := env.input(n.Unary, "Limit")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		if n.Count == 0 {
			return nil
		}
		var skipped, passed int64
		done := &stop{}
		err := in(func(row []any) error {
			if skipped < n.Offset {
				skipped++
				return nil
			}
			if err := emit(row); err != nil {
				return err
			}
			if passed++; n.Count >= 0 && passed >= n.Count {
				return done
			}
			return nil
		})
		if errors.Is(err, done) {
			return nil
		}
		return err
	}, nil
}
