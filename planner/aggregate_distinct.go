package planner

import (
	"sort"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Aggregates over DISTINCT values: count(DISTINCT x), sum, avg, min and
// max (PostgreSQL docs, 4.2.7 "Aggregate Expressions"). As PostgreSQL's
// executor (nodeAgg.c, process_ordered_aggregate_single) does, the
// non-NULL inputs of a group are kept, sorted with the type's ordering
// operator, and every value equal to the one kept before it is dropped;
// the rest are fed to the aggregate in ascending order. So equal values
// that print differently count once (1.0 and 1.00, -0 and 0, vectors
// element-wise equal), and a float sum adds in ascending order, as
// PostgreSQL's does. A type without an equality operator is 42883
// "could not identify an equality operator for type json".

// distinctAggregate marks call as a DISTINCT aggregate when f says so and
// finds its comparison. The error's position is the argument's, as
// PostgreSQL's.
func distinctAggregate(call *aggCall, f *sql.FuncCall) error {
	if !f.Distinct {
		return nil
	}
	if _, ok := call.sep.(*constExpr); call.sep != nil && !ok {
		return pgerror.NotSupported(call.name + "(DISTINCT ...) with a delimiter that is not a constant").WithPosition(f.P + 1)
	}
	t := call.arg.Type()
	eq, ok := comparerFor(t, t)
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an equality operator for type %s", t.Name()).WithPosition(f.Args[0].Pos() + 1)
	}
	call.distinct, call.eq = true, eq
	return nil
}

// distinctNotAggregate is PostgreSQL's error for DISTINCT, FILTER or
// ORDER BY in a call of a function that is not an aggregate: the call is bound as written first
// (42883 when no such function exists), then 42809 "DISTINCT specified,
// but lower is not an aggregate function" at the function's name.
func (b *binder) distinctNotAggregate(f *sql.FuncCall) error {
	plain := *f
	plain.Distinct, plain.Filter, plain.Order = false, nil, nil
	if _, err := b.bindFunc(&plain); err != nil {
		return err
	}
	what := "DISTINCT" // checked in PostgreSQL's order (ParseFuncOrColumn)
	switch {
	case f.Distinct:
	case len(f.Order) > 0:
		what = "ORDER BY"
	case f.Filter != nil:
		what = "FILTER"
	}
	return pgerror.Errorf(pgerror.WrongObjectType, "%s specified, but %s is not an aggregate function", what, f.Name).WithPosition(f.P + 1)
}

// final is the aggregate's value once every row is added. A DISTINCT
// aggregate sorts and folds its distinct inputs now, the state they make
// charged to e's statement; errors are those of folding them (22003 for
// a numeric or vector sum out of range, 22000 for vectors of different
// dimensions, 53200 past the statement's memory limit).
func (a *aggAcc) final(e *env) (any, error) {
	if !a.call.distinct {
		if a.ordered != nil {
			if err := a.foldOrdered(e); err != nil { // aggregate_order.go
				return nil, err
			}
		}
		return a.value() // aggregate_stats.go
	}
	plain := *a.call
	plain.distinct = false
	out := aggAcc{call: &plain}
	out.sep = a.sep // string_agg's delimiter: a constant (distinctAggregate)
	vals := distinctValues(a.seen, a.call.eq)
	if a.distinctNull {
		vals = append(vals, nil) // array_agg: NULL sorts last
	}
	vals = orderDistinct(a.call, vals) // ORDER BY the argument, DESC
	for _, v := range vals {
		if err := out.fold(e, v); err != nil {
			return nil, err
		}
	}
	return out.value()
}

// distinctValues sorts vals in place (stable) by eq and returns the
// first of each run of equal values, in ascending order.
func distinctValues(vals []any, eq compareFunc) []any {
	sort.SliceStable(vals, func(i, j int) bool { return eq(vals[i], vals[j]) < 0 })
	out := vals[:0]
	for _, v := range vals {
		if len(out) > 0 && eq(out[len(out)-1], v) == 0 {
			continue
		}
		out = append(out, v)
	}
	return out
}
