package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/plan"
)

// Joins (plan.Join): the rows of both sides are as wide as the joined
// row, NULL outside their own columns, so a joined row is the left row
// with the right row's columns (RightCols) copied in, and a
// row null-extended on one side is the other side's row as it is.
//
//   - Hash join: the right side's rows are held in a hash table by their
//     keys (charged to Mem); each left row probes it with its own keys.
//     A NULL key matches nothing, as = never holds for NULL.
//   - Nested loop: the right side's rows are held once and read for each
//     left row; a LATERAL right side (Rescan) is run again for each left
//     row instead, nothing held.
//
// A semi (anti) join emits each left row once, as it is, when some
// (no) right row matches it.
//
// LEFT and FULL joins emit a left row that matched nothing null-extended
// as it comes; RIGHT and FULL joins emit the right rows that matched
// nothing, null-extended, after the last left row, in their input order.

// heldRow is a right row of a join with whether a left row matched it.
type heldRow struct {
	row     []any
	matched bool
}

// buildJoin returns the producer of a Join.
func (env *Env) buildJoin(n *plan.Join) (producer, error) {
	if n.Left == nil || n.Right == nil {
		return nil, fmt.Errorf("exec: %s has no input", n.Label())
	}
	left, err := env.build(n.Left)
	if err != nil {
		return nil, err
	}
	right, err := env.build(n.Right)
	if err != nil {
		return nil, err
	}
	switch {
	case n.Method == plan.HashJoin:
		if len(n.LeftKeys) == 0 || len(n.LeftKeys) != len(n.RightKeys) {
			return nil, fmt.Errorf("exec: %s has no hash keys", n.Label())
		}
		return env.hashJoin(n, left, right), nil
	case n.Rescan != nil:
		if n.Kind != plan.InnerJoin && n.Kind != plan.CrossJoin && n.Kind != plan.LeftJoin {
			return nil, fmt.Errorf("exec: %s cannot rescan its right side", n.Label())
		}
		return env.lateralLoop(n, left, right), nil
	}
	return env.nestedLoop(n, left, right), nil
}

// joined is left with right's columns of n copied in.
func joined(n *plan.Join, left, right []any) []any {
	out := append(make([]any, 0, len(left)), left...)
	for _, r := range n.RightCols {
		copy(out[r[0]:r[1]], right[r[0]:r[1]])
	}
	return out
}

// keepsLeft and keepsRight report whether unmatched rows of a side are
// null-extended into the result.
func keepsLeft(k plan.JoinKind) bool  { return k == plan.LeftJoin || k == plan.FullJoin }
func keepsRight(k plan.JoinKind) bool { return k == plan.RightJoin || k == plan.FullJoin }

// passes evaluates n's condition over a joined row (true without one).
func (env *Env) passes(n *plan.Join, row []any) (bool, error) {
	if n.Pred == nil {
		return true, nil
	}
	v, err := env.Eval.Eval(n.Pred, row)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	return ok && b, nil
}

// joinKey is the hash key of row's keys; null is set when one is NULL.
func (env *Env) joinKey(keys []plan.Expr, row []any) (key string, null bool, err error) {
	vals := make([]any, len(keys))
	for i, k := range keys {
		if vals[i], err = env.Eval.Eval(k, row); err != nil {
			return "", false, err
		}
		if vals[i] == nil {
			return "", true, nil
		}
	}
	key, err = env.Eval.HashKey(vals)
	return key, false, err
}

// hold charges a held row to the statement's account.
func (env *Env) hold(row []any) error { return env.Mem.ChargeRow(row) }

// hashJoin is n as a hash join over the right side's rows.
func (env *Env) hashJoin(n *plan.Join, left, right producer) producer {
	return func(emit Emit) error {
		table := map[string][]*heldRow{}
		var all []*heldRow // in input order, for RIGHT and FULL
		err := right(func(row []any) error {
			key, null, err := env.joinKey(n.RightKeys, row)
			if err != nil {
				return err
			}
			if null && !keepsRight(n.Kind) {
				return nil
			}
			if err := env.hold(row); err != nil {
				return err
			}
			h := &heldRow{row: row}
			all = append(all, h)
			if !null {
				table[key] = append(table[key], h)
			}
			return nil
		})
		if err != nil {
			return err
		}
		err = left(func(row []any) error {
			key, null, err := env.joinKey(n.LeftKeys, row)
			if err != nil {
				return err
			}
			var bucket []*heldRow
			if !null {
				bucket = table[key]
			}
			return env.probe(n, row, bucket, emit)
		})
		if err != nil {
			return err
		}
		return env.unmatched(n, all, emit)
	}
}

// probe emits left row joined with each of the held rows its condition
// holds for, or null-extended when none does and n keeps left rows.
func (env *Env) probe(n *plan.Join, row []any, held []*heldRow, emit Emit) error {
	if n.Kind == plan.SemiJoin || n.Kind == plan.AntiJoin {
		return env.probeSemi(n, row, held, emit)
	}
	matched := false
	for _, h := range held {
		if err := env.check(); err != nil { // a cross product reads many held rows per left row
			return err
		}
		out := joined(n, row, h.row)
		ok, err := env.passes(n, out)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		matched, h.matched = true, true
		if err := emit(out); err != nil {
			return err
		}
	}
	if !matched && keepsLeft(n.Kind) {
		return emit(row)
	}
	return nil
}

// probeSemi emits left row as it is when some held row passes n's
// condition with it (a semi join) or when none does (an anti join).
func (env *Env) probeSemi(n *plan.Join, row []any, held []*heldRow, emit Emit) error {
	matched := false
	for _, h := range held {
		if err := env.check(); err != nil {
			return err
		}
		ok, err := env.passes(n, joined(n, row, h.row))
		if err != nil {
			return err
		}
		if ok {
			matched = true
			break
		}
	}
	if matched == (n.Kind == plan.SemiJoin) {
		return emit(row)
	}
	return nil
}

// unmatched emits the held right rows no left row matched when n keeps
// right rows.
func (env *Env) unmatched(n *plan.Join, held []*heldRow, emit Emit) error {
	if !keepsRight(n.Kind) {
		return nil
	}
	for _, h := range held {
		if h.matched {
			continue
		}
		if err := env.check(); err != nil {
			return err
		}
		if err := emit(h.row); err != nil {
			return err
		}
	}
	return nil
}

// nestedLoop is n as a nested loop over the right side's rows, held.
func (env *Env) nestedLoop(n *plan.Join, left, right producer) producer {
	return func(emit Emit) error {
		var held []*heldRow
		err := right(func(row []any) error {
			if err := env.hold(row); err != nil {
				return err
			}
			held = append(held, &heldRow{row: row})
			return nil
		})
		if err != nil {
			return err
		}
		err = left(func(row []any) error {
			return env.probe(n, row, held, emit)
		})
		if err != nil {
			return err
		}
		return env.unmatched(n, held, emit)
	}
}

// lateralLoop is n with a LATERAL right side: run again for each left
// row, which it reads through n.Rescan.
func (env *Env) lateralLoop(n *plan.Join, left, right producer) producer {
	return func(emit Emit) error {
		return left(func(row []any) error {
			n.Rescan.SetRow(row)
			matched := false
			err := right(func(r []any) error {
				out := joined(n, row, r)
				ok, err := env.passes(n, out)
				if err != nil || !ok {
					return err
				}
				matched = true
				return emit(out)
			})
			if err != nil {
				return err
			}
			if !matched && keepsLeft(n.Kind) {
				return emit(row)
			}
			return nil
		})
	}
}
