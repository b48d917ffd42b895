package planner

import (
	"context"

	"github.com/vecgres/vecgres/wire/backend"
)

// Streaming execution (Session.ExecuteTo): the statement that wire runs
// with a writer writes its rows as they are produced, so that neither the
// planner nor wire holds the result. Every SELECT and set operation runs
// as a plan tree through planner/exec (exec_run.go; the trees are built
// by select_exec.go and setop_write.go), whose operators push rows into
// the writer and hold rows only for a sort, an aggregate, DISTINCT or a
// set operation's counts; COPY TO STDOUT of a table or a query streams
// its CopyData (copy_write.go). Other plans run as before and their
// materialised result is written out (writeResult). Nested queries
// (subqueries, derived tables, cursors, the source of INSERT ... SELECT)
// run through exec into a collector (runQuery); Execute without a writer
// and EXPLAIN ANALYZE still materialise through plan.run (select.go,
// setop_run.go).

// rowStreamer is a plan that can write its rows to a RowWriter.
type rowStreamer interface {
	// runRows runs the plan writing its rows to w (w.Begin first); the
	// result has the columns and tag, no rows.
	runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error)
}

// copyStreamer is a plan that writes COPY TO STDOUT payloads.
type copyStreamer interface {
	// runCopy runs the plan writing its CopyData payloads to w
	// (w.BeginCopy first); the result has CopyOut and the tag, no data.
	runCopy(ctx context.Context, x *execCtx, w backend.CopyWriter) (*backend.Result, error)
}

// runPlan runs the top-level plan of a statement: streamed to w when w is
// not nil and the plan can stream, else through plan.run.
func runPlan(ctx context.Context, pl plan, x *execCtx, w backend.ResultWriter) (*backend.Result, error) {
	if w != nil {
		switch st := pl.(type) {
		case rowStreamer:
			return st.runRows(ctx, x, w)
		case copyStreamer:
			return st.runCopy(ctx, x, w)
		}
	}
	return pl.run(ctx, x)
}

// runRowsTo runs a query plan writing its rows to w: streamed when the
// plan streams, else from its materialised result.
func runRowsTo(ctx context.Context, pl plan, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	if st, ok := pl.(rowStreamer); ok {
		return st.runRows(ctx, x, w)
	}
	res, err := pl.run(ctx, x)
	if err != nil {
		return nil, err
	}
	return writeResult(w, res)
}

// writeResult writes the rows of a materialised result to w and returns
// the result without them.
func writeResult(w backend.RowWriter, res *backend.Result) (*backend.Result, error) {
	if err := w.Begin(res.Columns); err != nil {
		return nil, err
	}
	for _, row := range res.Rows {
		if err := w.WriteRow(row); err != nil {
			return nil, err
		}
	}
	out := *res
	out.Rows = nil
	return &out, nil
}
