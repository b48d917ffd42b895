package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// buildAppend emits the rows of each input in turn; an input after the
// one whose rows stopped the run (a Limit above had enough) never runs.
func (env *Env) buildAppend(n *plan.Append) (producer, error) {
	ins := make([]producer, len(n.Inputs))
	for i, c := range n.Inputs {
		p, err := env.build(c)
		if err != nil {
			return nil, err
		}
		ins[i] = p
	}
	return func(emit Emit) error {
		for _, in := range ins {
			if err := in(emit); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// setOpCount is one distinct row of a SetOp and its copies per side.
type setOpCount struct {
	row         []any
	left, right int64
}

// buildSetOp computes INTERSECT or EXCEPT [ALL] over an Append of two
// inputs: it counts each distinct row's copies on each side, then emits
// the rows in the order they first appeared on the left, each as often
// as the operation keeps it (SQL:2016 7.17: INTERSECT ALL min(l, r),
// EXCEPT ALL max(l - r, 0); INTERSECT once when on both sides, EXCEPT
// once when not on the right).
// One row per distinct left row is held and charged.
func (env *Env) buildSetOp(n *plan.SetOp) (producer, error) {
	app, ok := n.Input.(*plan.Append)
	if !ok || len(app.Inputs) != 2 {
		return nil, fmt.Errorf("exec: %s needs an Append of two inputs", n.Label())
	}
	left, err := env.build(app.Inputs[0])
	if err != nil {
		return nil, err
	}
	right, err := env.build(app.Inputs[1])
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		var order []*setOpCount
		counts := map[string]*setOpCount{}
		if err := left(env.counter(counts, &order, true)); err != nil {
			return err
		}
		if err := right(env.counter(counts, &order, false)); err != nil {
			return err
		}
		for _, c := range order {
			for i := int64(0); i < setOpCopies(n, c); i++ {
				if err := env.check(); err != nil {
					return err
				}
				if err := emit(c.row); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil
}

// counter counts the rows of one side of a SetOp; a right row absent
// from the left is not held.
func (env *Env) counter(counts map[string]*setOpCount, order *[]*setOpCount, isLeft bool) Emit {
	return func(row []any) error {
		key, err := env.Eval.HashKey(row)
		if err != nil {
			return err
		}
		c := counts[key]
		switch {
		case c == nil && !isLeft:
			return nil
		case c == nil:
			if err := env.Mem.Charge(memacct.RowSize(row) + int64(len(key))); err != nil {
				return err
			}
			c = &setOpCount{row: row}
			counts[key] = c
			*order = append(*order, c)
		}
		if isLeft {
			c.left++
		} else {
			c.right++
		}
		return nil
	}
}

// setOpCopies is how many copies of c the operation returns.
func setOpCopies(n *plan.SetOp, c *setOpCount) int64 {
	switch {
	case n.Op == plan.Intersect && n.All:
		return min(c.left, c.right)
	case n.Op == plan.Intersect:
		return min(c.left, c.right, 1)
	case n.All:
		return max(c.left-c.right, 0)
	case c.right == 0:
		return 1
	}
	return 0
}
