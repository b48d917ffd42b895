package planner

import (
	"context"
)

// seriesEach passes the rows of the FROM function that pass WHERE to fn,
// one at a time as the function makes them (seriesSource.each).
func (p *selectPlan) seriesEach(ctx context.Context, e *env, fn func(row []any) error) error {
	return p.series.each(ctx, e, func(row []any) error {
		ok, err := p.passes(e, row)
		if err != nil || !ok {
			return err
		}
		return fn(row)
	})
}

// each passes the function's rows to fn (the ordinality after the
// columns for WITH ORDINALITY), one at a time as the function makes
// them; fn's error stops it and is returned. A strict function with a
// NULL argument makes no rows. Its arguments are evaluated in e (a join
// evaluates them per outer row for LATERAL). Errors: the function's
// (22023 for generate_series's zero step ...), 57014 when ctx ends.
func (s *seriesSource) each(ctx context.Context, e *env, fn func(row []any) error) error {
	n := int64(0)
	emit := func(row []any) error {
		n++
		if n%cancelCheckRows == 0 && ctx.Err() != nil {
			return errCanceled
		}
		if s.ordinality {
			row = append(row, n)
		}
		return fn(row)
	}
	if len(s.calls) == 1 {
		return s.calls[0].run(e, emit)
	}
	return s.zip(e, emit)
}

// run passes the call's rows to emit: the set-returning function's, or
// the scalar expression's one row.
func (c fromCall) run(e *env, emit func([]any) error) error {
	if c.scalar != nil {
		v, err := c.scalar.Eval(e)
		if err != nil {
			return err
		}
		return emit([]any{v})
	}
	vals := make([]any, len(c.args))
	for i, a := range c.args {
		v, err := a.Eval(e)
		if err != nil {
			return err
		}
		if v == nil && c.fn.Strict {
			return nil
		}
		vals[i] = v
	}
	return c.fn.Rows(e, vals, func(row []any) error { return emit(append([]any(nil), row...)) })
}

// zip runs each call of a multi-argument unnest to its end and passes
// their rows side by side, the shorter ones padded with NULLs (PostgreSQL
// materialises ROWS FROM's functions the same way; the arrays are in
// memory already).
func (s *seriesSource) zip(e *env, emit func([]any) error) error {
	outs := make([][][]any, len(s.calls))
	longest := 0
	for i, c := range s.calls {
		if err := c.run(e, func(row []any) error { outs[i] = append(outs[i], row); return nil }); err != nil {
			return err
		}
		longest = max(longest, len(outs[i]))
	}
	for r := 0; r < longest; r++ {
		var row []any
		for i, c := range s.calls {
			if r < len(outs[i]) {
				row = append(row, outs[i][r]...)
			} else {
				row = append(row, make([]any, c.ncols)...)
			}
		}
		if err := emit(row); err != nil {
			return err
		}
	}
	return nil
}
