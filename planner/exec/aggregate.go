package exec

import (
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// group is one group of an Aggregate: its key values and accumulators.
type group struct {
	keys []any
	accs []Accumulator
}

// buildAggregate adds every input row to the accumulators of its group
// (Groups' values; the whole input row when Groups is nil, as UNION's
// Aggregate groups; one group for all rows when GroupKeys is nil), then
// emits a row per group in the order the groups first appeared: the key
// values, then each accumulator's result. Without GroupKeys the one row
// is emitted even for no input (count(*) of nothing is 0); with them, no
// input is no group. Each group is charged to env.Mem.
func (env *Env) buildAggregate(n *plan.Aggregate) (producer, error) {
	in, err := env.input(n.Unary, "Aggregate")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		var groups []*group
		index := map[string]*group{}
		err := in(func(row []any) error {
			g, err := env.groupOf(n, row, index, &groups)
			if err != nil {
				return err
			}
			for _, a := range g.accs {
				if err := a.Add(row); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if n.GroupKeys == nil && len(groups) == 0 {
			if _, err := env.groupOf(n, nil, index, &groups); err != nil {
				return err
			}
		}
		return env.emitGroups(groups, emit)
	}, nil
}

// groupOf returns row's group, made (and charged) when new.
func (env *Env) groupOf(n *plan.Aggregate, row []any, index map[string]*group, groups *[]*group) (*group, error) {
	var keys []any
	key := ""
	if n.GroupKeys != nil {
		var err error
		if keys, err = env.evalAll(n.Groups, row); err != nil {
			return nil, err
		}
		if key, err = env.Eval.HashKey(keys); err != nil {
			return nil, err
		}
	}
	if g := index[key]; g != nil {
		return g, nil
	}
	accs, err := env.Eval.Accumulators(n)
	if err != nil {
		return nil, err
	}
	if err := env.Mem.Charge(memacct.RowSize(keys) + int64(len(key))); err != nil {
		return nil, err
	}
	g := &group{keys: keys, accs: accs}
	index[key] = g
	*groups = append(*groups, g)
	return g, nil
}

// emitGroups emits each group's row: keys then results.
func (env *Env) emitGroups(groups []*group, emit Emit) error {
	for _, g := range groups {
		if err := env.check(); err != nil {
			return err
		}
		row := append(make([]any, 0, len(g.keys)+len(g.accs)), g.keys...)
		for _, a := range g.accs {
			v, err := a.Result()
			if err != nil {
				return err
			}
			row = append(row, v)
		}
		if err := emit(row); err != nil {
			return err
		}
	}
	return nil
}
