package planner

import (
	"context"
	"fmt"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/planner/copyfmt"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// copyQueryPlan is COPY (SELECT ...) TO STDOUT, and COPY table [(cols)]
// TO STDOUT as the query of those columns (copyTableQuery): the query's
// rows as its plan tree streams them, encoded in the text, CSV or binary
// COPY format.
type copyQueryPlan struct {
	query plan
	opts  copyfmt.Options
	// table is COPY table TO's table (its SELECT privilege is checked,
	// its OID is the progress entry's relation); nil for a query.
	table *catalog.Table
}

// copyTableQuery is the query COPY table [(cols)] TO STDOUT reads:
// SELECT cols FROM table, a sequential scan's rows in slot order.
func copyTableQuery(t *catalog.Table, cols []int) *selectPlan {
	q := &selectPlan{table: t, readOnly: true}
	for _, i := range cols {
		c := t.Columns[i]
		q.addItem(&colExpr{idx: i, t: c.Type, name: c.Name}, c.Name)
	}
	return q
}

// progress is the COPY's pg_stat_progress_copy entry: of its table, or of
// no relation for a query, as PostgreSQL's.
func (p *copyQueryPlan) progress() *monitor.Copy {
	pr := &monitor.Copy{Command: "COPY TO", Type: "PIPE"}
	if p.table != nil {
		pr.RelID = p.table.OID
	}
	return pr
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
	st := x.s.Style()
	for _, r := range rows.Rows {
		for i, v := range r {
			fields[i] = encodeCopyField(p.opts.Format, cols[i].Type, v, st)
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
// empty field; text in the session's Style st.
func encodeCopyField(f copyfmt.Format, t types.Type, v any, st *types.Style) []byte {
	if v == nil {
		return nil
	}
	if f == copyfmt.Binary {
		return types.AppendBinary([]byte{}, t, v)
	}
	return types.AppendTextStyle([]byte{}, t, v, st)
}
