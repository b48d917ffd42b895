package exec

import (
	"fmt"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/plan"
)

// Writer applies the writes of Modify nodes (INSERT, UPDATE, DELETE);
// the planner implements it with the transaction's row locks, defaults,
// constraint checks, ON CONFLICT, foreign-key actions and update-chain
// rechecks.
type Writer interface {
	// Write applies n's statement to row, one of n's input rows (for
	// INSERT the row to insert; for UPDATE and DELETE the table's
	// columns, then the row's identity), and returns the row RETURNING
	// reads (the row inserted or the one ON CONFLICT DO UPDATE wrote,
	// the new version for UPDATE, the deleted one for DELETE), or nil
	// when the row is left alone: ON CONFLICT skipped it, a concurrent
	// transaction deleted it, or its newest version no longer passes
	// WHERE (PostgreSQL's EvalPlanQual). Errors: the write's (23xxx,
	// 40001, 40P01, 55P03, 57014, ...).
	Write(n *plan.Modify, row []any) ([]any, error)
}

// BatchWriter is a Writer that also inserts rows a batch at a time, for
// a Modify with a Batch size (COPY FROM).
type BatchWriter interface {
	Writer
	// WriteBatch inserts rows, n's input rows in order. Errors: the
	// writes'.
	WriteBatch(n *plan.Modify, rows [][]any) error
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
	if n.Batch > 0 {
		return env.batchModify(n, in)
	}
	return func(emit Emit) error {
		h := &heldRows{mem: env.Mem}
		h.cur = h.first[:0]
		if err := in(h.hold); err != nil {
			return err
		}
		for _, rows := range h.full {
			if err := env.modifyRows(n, rows, emit); err != nil {
				return err
			}
		}
		return env.modifyRows(n, h.cur, emit)
	}, nil
}

// modifyRows writes rows through env.Writer in order and emits n's
// Returning values over each row written.
func (env *Env) modifyRows(n *plan.Modify, rows [][]any, emit Emit) error {
	for _, row := range rows {
		if err := env.modifyOne(n, row, emit); err != nil {
			return err
		}
	}
	return nil
}

// modifyOne writes row through env.Writer and emits n's Returning values
// over the row written, if any.
func (env *Env) modifyOne(n *plan.Modify, row []any, emit Emit) error {
	if err := env.check(); err != nil {
		return err
	}
	out, err := env.Writer.Write(n, row)
	if err != nil || out == nil || n.Returning == nil {
		return err
	}
	return env.returning(n, out, emit)
}

// heldRows are the input rows a Modify holds, in order: the full chunks,
// then cur. Chunks double from one row to heldChunkMax rows and are
// never copied into larger ones, so that holding many rows moves no row
// headers (a growing list copied each of 10,000 a DELETE held about
// twice); the first row is held in the list itself, so that a one-row
// UPDATE or DELETE makes no other list.
type heldRows struct {
	mem   *memacct.Account
	full  [][][]any
	cur   [][]any
	first [1][]any
}

// heldChunkMax is the most rows one chunk of heldRows holds (24 KiB of
// row headers).
const heldChunkMax = 1024

// hold is the Emit that holds row, charged to the statement's account.
func (h *heldRows) hold(row []any) error {
	if err := h.mem.Charge(heldRowBytes + int64(len(row))*memacct.ValueOverhead); err != nil {
		return err
	}
	if len(h.cur) == cap(h.cur) {
		h.full = append(h.full, h.cur)
		h.cur = make([][]any, 0, min(2*cap(h.cur), heldChunkMax))
	}
	h.cur = append(h.cur, row)
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

// batchModify writes in's rows through env.Writer's WriteBatch, n.Batch
// at a time, as they arrive: the input reads no table the statement
// writes (COPY FROM's data), so nothing need be held. When in fails, the
// rows it gave before are written first, so that an error of theirs is
// the one returned, as a row-at-a-time load would meet it. It emits no
// rows.
func (env *Env) batchModify(n *plan.Modify, in producer) (producer, error) {
	bw, ok := env.Writer.(BatchWriter)
	if !ok {
		return nil, fmt.Errorf("exec: %s writes in batches but its writer does not", n.Label())
	}
	return func(Emit) error {
		batch := make([][]any, 0, n.Batch)
		err := in(func(row []any) error {
			if batch = append(batch, row); len(batch) < n.Batch {
				return nil
			}
			err := bw.WriteBatch(n, batch)
			batch = make([][]any, 0, n.Batch) // the writer may keep the rows
			return err
		})
		if len(batch) > 0 { // the rows before a read error are written first
			if werr := bw.WriteBatch(n, batch); werr != nil {
				return werr
			}
		}
		return err
	}, nil
}
