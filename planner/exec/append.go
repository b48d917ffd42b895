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

// setOpCount is one distinct row's copies on each side of a SetOp, and
// how many of its left copies were emitted.
type setOpCount struct {
	left, right, emitted int64
}

// buildSetOp computes INTERSECT or EXCEPT [ALL] over an Append of two
// inputs (PostgreSQL docs, 7.4; NULLs equal to each other): it holds the
// left rows in order and counts each distinct row's copies on both
// sides, then emits the first copies(l, r) left copies of each distinct
// row in left order (INTERSECT ALL min(l, r), EXCEPT ALL max(l - r, 0),
// INTERSECT once when on both sides, EXCEPT once when not on the
// right). The left rows are charged; a right row only counts.
func (env *Env) buildSetOp(n *plan.SetOp) (producer, error) {
	app, ok := n.Input.(*plan.Append)
	if !ok || len(app.Inputs) != 2 {
		return nil, fmt.Errorf("exec: %s needs an Append of two inputs", n.Label())
	}
	left, err := env.buildThrough(app.Inputs[0], app)
	if err != nil {
		return nil, err
	}
	right, err := env.buildThrough(app.Inputs[1], app)
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		counts := map[string]*setOpCount{}
		var rows [][]any
		var keys []string
		err := left(func(row []any) error {
			key, err := env.Eval.HashKey(row)
			if err != nil {
				return err
			}
			if err := env.Mem.Charge(memacct.RowSize(row) + int64(len(key))); err != nil {
				return err
			}
			c := counts[key]
			if c == nil {
				c = &setOpCount{}
				counts[key] = c
			}
			c.left++
			rows, keys = append(rows, row), append(keys, key)
			return nil
		})
		if err != nil {
			return err
		}
		err = right(func(row []any) error {
			key, err := env.Eval.HashKey(row)
			if c := counts[key]; err == nil && c != nil {
				c.right++
			}
			return err
		})
		if err != nil {
			return err
		}
		for i, row := range rows {
			c := counts[keys[i]]
			if c.emitted >= setOpCopies(n, c) {
				continue
			}
			c.emitted++
			if err := env.check(); err != nil {
				return err
			}
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	}, nil
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
