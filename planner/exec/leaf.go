package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// resultRow is plan.Result's producer: one row of no columns (a SELECT
// without FROM), which a Project above computes.
func resultRow(emit Emit) error { return emit(nil) }

// buildScan asks env.Sources for a leaf's rows.
func (env *Env) buildScan(n plan.Node) (producer, error) {
	if env.Sources == nil {
		return nil, fmt.Errorf("exec: no sources for %s", n.Label())
	}
	src, err := env.Sources.Scan(n)
	if err != nil {
		return nil, err
	}
	return producer(src), nil
}
