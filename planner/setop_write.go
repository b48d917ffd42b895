package planner

import (
	"context"
	"errors"
	"fmt"

	"github.com/vecgres/vecgres/wire/backend"
)

// UNION ALL without ORDER BY streamed (select_write.go): the left side's
// rows, then the right side's, each converted to the result types and
// written as the side produces it, OFFSET rows skipped and the run
// stopped at LIMIT, as PostgreSQL's Append under a Limit. The other set
// operations compare rows across the sides and run as before (run), their
// result written out.

// errUnionFull stops a side once the UNION ALL's LIMIT is reached.
var errUnionFull = errors.New("union all: limit reached")

// runRows implements rowStreamer.
func (p *setOpPlan) runRows(ctx context.Context, x *execCtx, w backend.RowWriter) (*backend.Result, error) {
	if p.eq != nil || len(p.order) > 0 {
		res, err := p.run(ctx, x)
		if err != nil {
			return nil, err
		}
		return writeResult(w, res)
	}
	e := &env{params: x.params, sess: x.s, exec: x}
	limit, offset, err := evalLimitOffset(e, p.limit, p.offset)
	if err != nil {
		return nil, err
	}
	if err := w.Begin(p.cols); err != nil {
		return nil, err
	}
	uw := &unionWriter{w: w, e: e, limit: limit, offset: offset}
	sides := [2]struct {
		pl   plan
		conv []expr
	}{{p.left, p.lconv}, {p.right, p.rconv}}
	for i, side := range sides {
		if i > 0 && limit >= 0 && uw.n >= limit {
			break // the right side is never run, as run's leftSuffices
		}
		uw.conv = side.conv
		if _, err := runRowsTo(ctx, side.pl, x, uw); err == errUnionFull {
			break
		} else if err != nil {
			return nil, err
		}
	}
	return &backend.Result{Columns: p.cols, Tag: fmt.Sprintf("SELECT %d", uw.n)}, nil
}

// unionWriter is the RowWriter of one UNION ALL side: it skips OFFSET
// rows, converts the others to the result types and writes them to w
// until LIMIT rows were written (errUnionFull).
type unionWriter struct {
	w             backend.RowWriter
	e             *env
	conv          []expr // the side's conversions (setOpPlan.lconv, rconv)
	limit, offset int64
	n, skipped    int64 // rows written, rows skipped
}

// Begin implements backend.RowWriter: the columns are the set
// operation's, announced by runRows.
func (u *unionWriter) Begin([]backend.Column) error { return nil }

// WriteRow implements backend.RowWriter.
func (u *unionWriter) WriteRow(row []any) error {
	if u.limit >= 0 && u.n >= u.limit {
		return errUnionFull
	}
	if u.skipped < u.offset {
		u.skipped++
		return nil
	}
	out, err := u.convert(row)
	if err != nil {
		return err
	}
	if err := u.w.WriteRow(out); err != nil {
		return err
	}
	if u.n++; u.limit >= 0 && u.n >= u.limit {
		return errUnionFull
	}
	return nil
}

// convert returns row in the result types (sideRows' conversion).
func (u *unionWriter) convert(row []any) ([]any, error) {
	needs := false
	for _, c := range u.conv {
		needs = needs || c != nil
	}
	if !needs {
		return row, nil
	}
	u.e.row = row
	out := make([]any, len(row))
	for j, v := range row {
		if u.conv[j] == nil {
			out[j] = v
			continue
		}
		var err error
		if out[j], err = u.conv[j].Eval(u.e); err != nil {
			return nil, err
		}
	}
	return out, nil
}
