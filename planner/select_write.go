package planner

import (
	"context"
	"fmt"

	"github.com/vecgres/vecgres/wire/backend"
)

// Streaming execution (backend.Streamer): the statement that wire runs
// with a writer writes its rows as they are produced, so that neither the
// planner nor wire holds the result. A SELECT reading a table scan, a
// B-tree scan or generate_series, with WHERE, projection and LIMIT/OFFSET
// but no ORDER BY, aggregate or DISTINCT, streams (streamRows); UNION ALL
// without ORDER BY streams its sides one after the other (setop_write.go);
// COPY TO STDOUT of a table or a query streams its CopyData (copy_write.go).
// Other plans run as before and their materialised result is written out
// (writeResult). Nested plans (subqueries, derived tables, cursors, the
// source of INSERT ... SELECT) always materialise through plan.run.

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

// runRows implements rowStreamer.
func (p *selectPlan) runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	if !p.streamsAll() {
		res, err := p.run(ctx, x)
		if err != nil {
			return nil, err
		}
		return writeResult(w, res)
	}
	return p.streamRows(ctx, x, w)
}

// streamsAll reports whether the query's rows can be written as its
// source reads them: no ORDER BY, aggregate or DISTINCT, over a table or
// B-tree scan or generate_series.
func (p *selectPlan) streamsAll() bool {
	return len(p.order) == 0 && p.aggs == nil && !p.distinct && p.table != nil &&
		p.derived == nil && p.scan == nil
}

// streamRows writes the projected rows of tableSource to w as they are
// read, skipping OFFSET rows (not projected, as window skips them) and
// stopping the scan after LIMIT rows. Nothing is charged to the memory
// account: no row is held. Errors: the bounds', the scan's (57014 when
// ctx ends), the projection's, w's.
func (p *selectPlan) streamRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := p.bounds(e)
	if err != nil {
		return nil, err
	}
	src, err := p.tableSource(ctx, x, e, nil) // select_stream.go
	if err != nil {
		return nil, err
	}
	if err := w.Begin(p.cols); err != nil {
		return nil, err
	}
	var n, skipped int64
	if limit != 0 {
		err = src(func(vals []any) error {
			if skipped < offset {
				skipped++
				return nil
			}
			row, err := p.projectRow(e, vals)
			if err != nil {
				return err
			}
			if err := w.WriteRow(row); err != nil {
				return err
			}
			if n++; limit >= 0 && n >= limit {
				return errEnough
			}
			return nil
		})
	}
	if err != nil && err != errEnough {
		return nil, err
	}
	return &backend.Result{Columns: p.cols, Tag: fmt.Sprintf("SELECT %d", n)}, nil
}

// projectRow evaluates the select list over one source row into a new
// row (project's work for a single row, without charging it).
func (p *selectPlan) projectRow(e *env, src []any) ([]any, error) {
	e.row = src
	vals := make([]any, len(p.items))
	for j, it := range p.items {
		v, err := it.Eval(e)
		if err != nil {
			return nil, err
		}
		vals[j] = v
	}
	return vals, nil
}
