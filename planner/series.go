package planner

import (
	"context"
	"math"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// generate_series(start, stop [, step]) in FROM, for integers (PostgreSQL
// docs, 9.26 "Set Returning Functions"): start, start+step, ... while not
// past stop; no rows when an argument is NULL; step 0 is 22023. The
// result is int4 when every argument is int4, else int8.

// maxSeriesRows bounds how many rows one generate_series call makes:
// vecgres materialises them (PostgreSQL streams them), so a larger series
// is 54000 rather than exhausting memory.
const maxSeriesRows = 50_000_000

// seriesSource is a bound generate_series call.
type seriesSource struct {
	args []expr // start, stop, step (nil: 1)
	t    types.Type
}

// bindFromFunction binds FROM f(args) [AS alias]: the planner sees a
// one-column table named by the alias whose rows seriesEach makes.
func (b *binder) bindFromFunction(p *selectPlan, x *sql.Select) error {
	f := x.FromFunc.Call
	if f.Name != "generate_series" || f.Star || len(f.Args) < 2 || len(f.Args) > 3 {
		return b.noFunction(f)
	}
	b.table = nil // the arguments cannot read columns
	src := &seriesSource{t: types.Int4}
	for _, a := range f.Args {
		ax, err := b.bind(a, types.Int4)
		if err != nil {
			return err
		}
		switch ax.Type().Kind {
		case types.KindInt2, types.KindInt4:
		case types.KindInt8:
			src.t = types.Int8
		default:
			return b.noFunction(f)
		}
		src.args = append(src.args, ax)
	}
	col := catalog.Column{Name: x.FromFunc.Column, Type: src.t}
	p.series = src
	p.table = catalog.NewVirtualTable(0, x.From, []catalog.Column{col}, nil)
	b.table, b.alias = p.table, ""
	return nil
}

// seriesEach passes the series' rows that pass WHERE to fn, one at a
// time (none when an argument is NULL); fn's error stops it and is
// returned. Errors: 22023 for a zero step, 54000 past maxSeriesRows rows
// passed, 57014 when ctx ends.
func (p *selectPlan) seriesEach(ctx context.Context, e *env, fn func(row []any) error) error {
	vals := make([]int64, 3)
	vals[2] = 1
	for i, a := range p.series.args {
		v, err := a.Eval(e)
		if err != nil || v == nil {
			return err
		}
		vals[i] = v.(int64)
	}
	start, stop, step := vals[0], vals[1], vals[2]
	if step == 0 {
		return pgerror.New(pgerror.InvalidParameterValue, "step size cannot equal zero")
	}
	n := 0
	for i := start; (step > 0 && i <= stop) || (step < 0 && i >= stop); i += step {
		if n >= maxSeriesRows {
			return pgerror.Errorf(pgerror.ProgramLimitExceeded, "generate_series cannot return more than %d rows in vecgres", maxSeriesRows)
		}
		if n%cancelCheckRows == 0 && ctx.Err() != nil {
			return errCanceled
		}
		row := []any{i}
		ok, err := p.passes(e, row)
		if err != nil {
			return err
		}
		if ok {
			n++
			if err := fn(row); err != nil {
				return err
			}
		}
		if (step > 0 && i > maxInt(p.series.t)-step) || (step < 0 && i < minInt(p.series.t)-step) {
			break // the next value would overflow
		}
	}
	return nil
}

func maxInt(t types.Type) int64 {
	if t.Kind == types.KindInt4 {
		return 1<<31 - 1
	}
	return 1<<63 - 1
}

func minInt(t types.Type) int64 {
	if t.Kind == types.KindInt4 {
		return -1 << 31
	}
	return -1 << 63
}

// estimate is EXPLAIN's row estimate: the exact count when the arguments
// are constants (as PostgreSQL's support function computes it), else
// PostgreSQL's default of 1000 rows for a function.
func (s *seriesSource) estimate() float64 {
	vals := []int64{0, 0, 1}
	for i, a := range s.args {
		c, ok := a.(*constExpr)
		if !ok {
			return 1000
		}
		v, ok := c.v.(int64)
		if !ok {
			return 0 // NULL argument: no rows
		}
		vals[i] = v
	}
	start, stop, step := float64(vals[0]), float64(vals[1]), float64(vals[2])
	if step == 0 {
		return 0
	}
	return max(math.Floor((stop-start)/step)+1, 0)
}
