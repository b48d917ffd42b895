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

// runCopy implements copyStreamer for COPY (query) TO STDOUT and COPY
// table TO STDOUT: the query's rows as it writes them (runRowsTo), each
// encoded as it comes, counted in pg_stat_progress_copy.
func (p *copyQueryPlan) runCopy(ctx context.Context, x *execCtx, w backend.CopyWriter) (*backend.Result, error) {
	rw := &copyRowWriter{w: w, opts: p.opts, pr: p.progress(), style: x.s.Style()}
	defer monitor.StartCopy(ctx, rw.pr)()
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
	style  *types.Style // the session's, at the run's start
	out    *copyOut
	cols   []backend.Column
	fields [][]byte
	n      int           // rows written
	pr     *monitor.Copy // the COPY's pg_stat_progress_copy entry
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
	if err != nil {
		return err
	}
	out.pr = r.pr
	r.out, r.cols, r.fields = out, cols, make([][]byte, len(cols))
	return nil
}

// WriteRow implements backend.RowWriter.
func (r *copyRowWriter) WriteRow(row []any) error {
	for i, v := range row {
		r.fields[i] = encodeCopyField(r.opts.Format, r.cols[i].Type, v, r.style)
	}
	r.n++
	return r.out.row(r.fields)
}
