package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Column is an output column of a set-returning function returning a
// record.
type Column struct {
	Name string
	Type types.Type
}

// setReturningFuncs are the set-returning functions that are not jsonb's
// (PostgreSQL docs 9.26, Tables 9.63 and 9.64; 9.19, Table 9.55):
// generate_series of integer, bigint and numeric (start, start+step, ...
// while not past stop; no rows when an argument is NULL, as they are
// strict; step 0 is 22023, and so are a numeric NaN or infinity), and
// unnest(anyarray), the elements in order, NULLs included (an array's
// type gives the element type: the binder's). FROM runs them
// (planner/from_func.go), and the multi-argument unnest(a, b, ...) there.
var setReturningFuncs = []Func{
	intSeries(types.Int4, 2), intSeries(types.Int4, 3),
	intSeries(types.Int8, 2), intSeries(types.Int8, 3),
	numericSeries(2), numericSeries(3),
	{Name: "unnest", Args: []types.Type{AnyArray}, Ret: AnyElement, Strict: true, SetReturning: true,
		Rows: func(_ Context, a []any, emit func([]any) error) error {
			arr, _ := types.AsArray(a[0])
			for _, v := range arr {
				if err := emit([]any{v}); err != nil {
					return err
				}
			}
			return nil
		}},
}

// errZeroStep is generate_series's step of 0.
func errZeroStep() error {
	return pgerror.New(pgerror.InvalidParameterValue, "step size cannot equal zero")
}

// intSeries is generate_series of n (2 or 3) arguments of integer type t;
// it stops before a value would overflow t.
func intSeries(t types.Type, n int) Func {
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if t.Kind == types.KindInt4 {
		lo, hi = -1<<31, 1<<31-1
	}
	return Func{Name: "generate_series", Args: repeatType(t, n), Ret: t, Strict: true, SetReturning: true,
		Rows: func(_ Context, a []any, emit func([]any) error) error {
			start, stop, step := a[0].(int64), a[1].(int64), int64(1)
			if n == 3 {
				step = a[2].(int64)
			}
			if step == 0 {
				return errZeroStep()
			}
			for i := start; (step > 0 && i <= stop) || (step < 0 && i >= stop); i += step {
				if err := emit([]any{i}); err != nil {
					return err
				}
				if (step > 0 && i > hi-step) || (step < 0 && i < lo-step) {
					break // the next value would overflow
				}
			}
			return nil
		}}
}

// numericSeries is generate_series of n (2 or 3) numeric arguments, each
// value the previous plus step (so at the larger scale of the two).
func numericSeries(n int) Func {
	return Func{Name: "generate_series", Args: repeatType(types.Numeric, n), Ret: types.Numeric, Strict: true, SetReturning: true,
		Rows: func(_ Context, a []any, emit func([]any) error) error {
			start, _ := types.AsNumeric(a[0])
			stop, _ := types.AsNumeric(a[1])
			step := types.NumericFromInt64(1)
			if n == 3 {
				step, _ = types.AsNumeric(a[2])
			}
			for i, v := range []types.Decimal{start, stop, step} {
				if err := finiteSeriesArg([]string{"start value", "stop value", "step size"}[i], v); err != nil {
					return err
				}
			}
			dir := step.Sign()
			if dir == 0 {
				return errZeroStep()
			}
			for v := start; types.CmpNumeric(v, stop)*dir <= 0; {
				if err := emit([]any{v}); err != nil {
					return err
				}
				next, err := types.NumericArith("+", v, step)
				if err != nil {
					return err
				}
				v = next
			}
			return nil
		}}
}

// finiteSeriesArg refuses a NaN or infinite numeric generate_series
// argument (22023 "start value cannot be NaN", as PostgreSQL 15's).
func finiteSeriesArg(what string, v types.Decimal) error {
	switch {
	case v.IsNaN():
		return pgerror.Errorf(pgerror.InvalidParameterValue, "%s cannot be NaN", what)
	case !v.IsFinite():
		return pgerror.Errorf(pgerror.InvalidParameterValue, "%s cannot be infinity", what)
	}
	return nil
}

func repeatType(t types.Type, n int) []types.Type {
	out := make([]types.Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}
