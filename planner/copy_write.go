package planner

import (
	"context"
	"fmt"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/planner/copyfmt"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// COPY TO STDOUT streamed (select_write.go): each row is encoded into one
// reused line buffer and written as one CopyData payload, header and
// trailer as their own payloads, as run builds them.

// runCopy implements copyStreamer for COPY table TO STDOUT: the visible
// rows in slot order. Errors: 57014 when ctx ends (checked every
// cancelCheckRows rows), w's.
func (p *copyPlan) runCopy(ctx context.Context, x *execCtx, w backend.CopyWriter) (*backend.Result, error) {
	if p.from {
		return p.run(ctx, x) // the internal error run gives
	}
	out, err := beginCopyOut(w, p.opts, *p.info(), p.names())
	if err != nil {
		return nil, err
	}
	out.pr = &monitor.Copy{RelID: p.table.OID, Command: "COPY TO", Type: "PIPE"} // pg_stat_progress_copy
	defer monitor.StartCopy(ctx, out.pr)()
	fields := make([][]byte, len(p.cols))
	n := 0
	style := x.s.TextStyle()
	x.txn.Scan(p.table, func(_ uint64, vals []any) bool {
		if n%cancelCheckRows == cancelCheckRows-1 && ctx.Err() != nil {
			err = errCanceled
			return false
		}
		for i, c := range p.cols {
			fields[i] = encodeCopyField(p.opts.Format, p.table.Columns[c].Type, vals[c], style)
		}
		if err = out.row(fields); err != nil {
			return false
		}
		n++
		return true
	})
	if err != nil {
		return nil, err
	}
	return out.end(n)
}

// runCopy implements copyStreamer for COPY (query) TO STDOUT: the query's
// rows as it writes them (runRowsTo), each encoded as it comes.
func (p *copyQueryPlan) runCopy(ctx context.Context, x *execCtx, w backend.CopyWriter) (*backend.Result, error) {
	rw := &copyRowWriter{w: w, opts: p.opts, style: x.s.TextStyle()}
	if _, err := runRowsTo(ctx, p.query, x, rw); err != nil {
		return nil, err
	}
	if rw.out == nil { // the query never began: nothing was sent yet
		if err := rw.Begin(p.query.columns()); err != nil {
			return nil, err
		}
	}
	return rw.out.end(rw.n)
}

// copyOut writes the payloads of one COPY TO STDOUT to a CopyWriter.
type copyOut struct {
	w    backend.CopyWriter
	enc  *copyfmt.Writer
	info backend.CopyInfo
	line []byte        // reused: w does not keep a payload
	pr   *monitor.Copy // its pg_stat_progress_copy entry; nil: none
}

// beginCopyOut starts the copy-out (w.BeginCopy) and writes the header,
// if the format has one; names are the column names (CSV HEADER).
func beginCopyOut(w backend.CopyWriter, opts copyfmt.Options, info backend.CopyInfo, names []string) (*copyOut, error) {
	out := &copyOut{w: w, enc: copyfmt.NewWriter(opts), info: info}
	out.enc.SetNames(names)
	if err := w.BeginCopy(info); err != nil {
		return nil, err
	}
	if h := out.enc.Header(); h != nil {
		if err := w.WriteCopy(h); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// row writes one row's encoded fields (nil = NULL) as one payload.
func (o *copyOut) row(fields [][]byte) error {
	o.line = o.enc.AppendRow(o.line[:0], fields)
	if o.pr != nil {
		o.pr.BytesProcessed.Add(int64(len(o.line)))
		o.pr.TuplesProcessed.Add(1)
	}
	return o.w.WriteCopy(o.line)
}

// end writes the trailer, if the format has one, and returns the result
// of n rows copied.
func (o *copyOut) end(n int) (*backend.Result, error) {
	if t := o.enc.Trailer(); t != nil {
		if err := o.w.WriteCopy(t); err != nil {
			return nil, err
		}
	}
	info := o.info
	return &backend.Result{CopyOut: &info, Tag: fmt.Sprintf("COPY %d", n)}, nil
}

// copyRowWriter is the RowWriter of COPY (query) TO STDOUT's query: it
// encodes each row as a COPY line for the CopyWriter.
type copyRowWriter struct {
	w      backend.CopyWriter
	opts   copyfmt.Options
	out    *copyOut
	cols   []backend.Column
	fields [][]byte
	n      int             // rows written
	style  types.TextStyle // the session's text output style
}

// Begin implements backend.RowWriter: the copy-out starts with the
// query's columns (CSV HEADER names them).
func (r *copyRowWriter) Begin(cols []backend.Column) error {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	info := backend.CopyInfo{Binary: r.opts.Format == copyfmt.Binary, Columns: len(cols)}
	out, err := beginCopyOut(r.w, r.opts, info, names)
	r.out, r.cols, r.fields = out, cols, make([][]byte, len(cols))
	return err
}

// WriteRow implements backend.RowWriter.
func (r *copyRowWriter) WriteRow(row []any) error {
	for i, v := range row {
		r.fields[i] = encodeCopyField(r.opts.Format, r.cols[i].Type, v, r.style)
	}
	r.n++
	return r.out.row(r.fields)
}
