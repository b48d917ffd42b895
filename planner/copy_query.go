package planner

import (
	"context"
	"fmt"

	"github.com/vecgres/vecgres/planner/copyfmt"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// copyQueryPlan is COPY (SELECT ...) TO STDOUT: the query's rows, encoded
// in the text, CSV or binary COPY format.
type copyQueryPlan struct {
	query plan
	opts  copyfmt.Options
}

func (p *copyQueryPlan) columns() []backend.Column { return nil }

// planCopyQuery binds the query and the options (those of COPY TO).
func (b *binder) planCopyQuery(x *sql.Copy) (plan, error) {
	q, err := b.planSelect(x.Query)
	if err != nil {
		return nil, err
	}
	cols := q.columns()
	opts := copyfmt.Options{Format: copyFormats[x.Format], Delimiter: x.Delimiter, Null: x.Null, NullSet: true,
		Quote: x.Quote, Escape: x.Escape, Header: x.Header, Columns: len(cols)}
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	return &copyQueryPlan{query: q, opts: opts}, nil
}

func (p *copyQueryPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	rows, err := runQuery(ctx, p.query, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	cols := rows.Columns
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	w := copyfmt.NewWriter(p.opts)
	w.SetNames(names)
	res := &backend.Result{CopyOut: &backend.CopyInfo{Binary: p.opts.Format == copyfmt.Binary, Columns: len(cols)}}
	e := &env{exec: x}
	if h := w.Header(); h != nil {
		res.CopyData = append(res.CopyData, h)
	}
	fields := make([][]byte, len(cols))
	for _, r := range rows.Rows {
		for i, v := range r {
			fields[i] = encodeCopyField(p.opts.Format, cols[i].Type, v, x.s.TextStyle())
		}
		line := w.Row(fields)
		if err := e.charge(copyLineBytes + int64(len(line))); err != nil {
			return nil, err
		}
		res.CopyData = append(res.CopyData, line)
	}
	if t := w.Trailer(); t != nil {
		res.CopyData = append(res.CopyData, t)
	}
	res.Tag = fmt.Sprintf("COPY %d", len(rows.Rows))
	return res, nil
}

// encodeCopyField is one COPY field: nil for NULL only, so an empty value
// (text or an empty bytea) starts from a non-nil buffer and stays an
// empty field; text in the session's style st (extra_float_digits,
// bytea_output).
func encodeCopyField(f copyfmt.Format, t types.Type, v any, st types.TextStyle) []byte {
	if v == nil {
		return nil
	}
	if f == copyfmt.Binary {
		return types.AppendBinary([]byte{}, t, v)
	}
	return types.AppendTextStyle([]byte{}, t, v, st)
}
