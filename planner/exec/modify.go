package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// Writer applies the writes of Modify nodes (UPDATE, DELETE); the
// planner implements it with the transaction's row locks, constraint
// checks, foreign-key actions and update-chain rechecks.
type Writer interface {
	// Write applies n's statement to row, one of n's input rows (the
	// table's columns, then the row's identity), and returns the row
	// RETURNING reads (the new version for UPDATE, the deleted one for
	// DELETE), or nil when the row is left alone: a concurrent
	// transaction deleted it, or its newest version no longer passes
	// WHERE (PostgreSQL's EvalPlanQual). Errors: the write's (23xxx,
	// 40001, 40P01, 55P03, 57014, ...).
	Write(n *plan.Modify, row []any) ([]any, error)
}

// buildModify reads every input row first and holds it — the rows to
// change are those the statement's snapshot sees before any of its own
// writes, and the scan must not meet the versions the statement writes —
// then writes each through env.Writer and emits, for RETURNING, its
// Returning values over the row written. A held row costs its slice
// (heldRowBytes), not its values, which it shares with the stored table.
// Errors: 53200 past the statement's memory limit, the Writer's, the
// Evaluator's, env.Check's.
func (env *Env) buildModify(n *plan.Modify) (producer, error) {
	if env.Writer == nil {
		return nil, fmt.Errorf("exec: no writer for %s", n.Label())
	}
	in, err := env.input(n.Unary, "Modify")
	if err != nil {
		return nil, err
	}
	return func(emit Emit) error {
		h := &heldRows{mem: env.Mem}
		h.rows = h.first[:0]
		if err := in(h.hold); err != nil {
			return err
		}
		for _, row := range h.rows {
			if err := env.check(); err != nil {
				return err
			}
			out, err := env.Writer.Write(n, row)
			if err != nil {
				return err
			}
			if out == nil || n.Returning == nil {
				continue
			}
			if err := env.returning(n, out, emit); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// heldRows are the input rows a Modify holds; the first is held in the
// list itself, so that a one-row UPDATE or DELETE makes no other list.
type heldRows struct {
	mem   *memacct.Account
	rows  [][]any
	first [1][]any
}

// hold is the Emit that holds row, charged to the statement's account.
func (h *heldRows) hold(row []any) error {
	if err := h.mem.Charge(heldRowBytes + int64(len(row))*memacct.ValueOverhead); err != nil {
		return err
	}
	h.rows = append(h.rows, row)
	return nil
}

// heldRowBytes is what Modify's hold of one input row costs besides its
// value slots: the slice header in its list and the row's identity.
const heldRowBytes = 32

// returning emits n's Returning values over row.
func (env *Env) returning(n *plan.Modify, row []any, emit Emit) error {
	out := make([]any, len(n.Returning))
	for i, x := range n.Returning {
		v, err := env.Eval.Eval(x, row)
		if err != nil {
			return err
		}
		out[i] = v
	}
	return emit(out)
}
