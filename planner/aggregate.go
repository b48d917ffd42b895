package planner

import (
	"errors"
	"math"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// aggState collects the aggregate calls of a SELECT list.
type aggState struct{ calls []*aggCall }

// aggCall is one aggregate: count(*) has a nil arg; sep is the second
// argument (string_agg's delimiter, jsonb_object_agg's value). distinct
// is name(DISTINCT arg), whose values eq sorts and compares
// (aggregate_distinct.go); filter and order are its FILTER and ORDER BY
// (aggregate_order.go).
type aggCall struct {
	name     string
	arg      expr
	sep      expr
	t        types.Type
	cmp      compareFunc // min and max
	distinct bool
	eq       compareFunc
	filter   expr
	order    []orderKey
}

// aggRef reads an aggregate's final value.
type aggRef struct {
	i int
	t types.Type
}

func (a *aggRef) Type() types.Type         { return a.t }
func (a *aggRef) Eval(e *env) (any, error) { return e.aggs[a.i], nil }

// twoArgAggregates are the aggregates of two arguments.
var twoArgAggregates = map[string]bool{"string_agg": true, "jsonb_object_agg": true, "json_object_agg": true}

// isAggregate reports whether name is an aggregate of sem.Builtins.
func isAggregate(name string) bool { return sem.Builtins.IsAggregate(name) }

func (b *binder) bindAggregate(f *sql.FuncCall) (expr, error) {
	if err := b.outerAggregate(f); err != nil { // subquery_agg.go
		return nil, err
	}
	if b.aggs == nil {
		msg := b.aggDenied
		if msg == "" {
			msg = "aggregate functions are not allowed here"
		}
		return nil, pgerror.New(pgerror.GroupingError, msg).WithPosition(f.P + 1)
	}
	call := &aggCall{name: f.Name, t: types.Int8}
	if !f.Star {
		if len(f.Args) != 1 && (len(f.Args) != 2 || !twoArgAggregates[f.Name]) {
			return nil, b.noFunction(f)
		}
		args, err := b.bindAggArgs(f.Args, sem.Builtins.Hints(f.Name, len(f.Args)))
		if err != nil {
			return nil, err
		}
		call.arg = args[0]
		if len(args) == 2 {
			call.sep = args[1]
		}
		if err := b.typeAggregate(call); err != nil {
			return nil, withPos(err, f.P)
		}
		if err := distinctAggregate(call, f); err != nil { // aggregate_distinct.go
			return nil, err
		}
	} else if f.Name != "count" {
		return nil, b.noFunction(f)
	}
	if err := b.bindAggDecorations(call, f); err != nil { // aggregate_order.go
		return nil, err
	}
	b.aggs.calls = append(b.aggs.calls, call)
	return &aggRef{i: len(b.aggs.calls) - 1, t: call.t}, nil
}

// bindAggArgs binds an aggregate's arguments, where aggregates are not
// allowed, each with its hint (nil, or one per argument: the parameter
// types of the aggregate's only signature, sem.Registry.Hints, so the $1
// of bool_and($1) is boolean as PostgreSQL infers it).
func (b *binder) bindAggArgs(xs []sql.Expr, hints []types.Type) ([]expr, error) {
	outer, denied := b.aggs, b.aggDenied
	b.aggs, b.aggDenied = nil, "aggregate function calls cannot be nested"
	defer func() { b.aggs, b.aggDenied = outer, denied }()
	args := make([]expr, len(xs))
	for i, x := range xs {
		hint := types.Unknown
		if hints != nil {
			hint = hints[i]
		}
		a, err := b.bind(x, hint)
		if err != nil {
			return nil, err
		}
		args[i] = a
	}
	return args, nil
}

// typeAggregate resolves c's signature in sem.Builtins: its result type
// (min and max: the argument's, modifier included; array_agg: the array
// of it) and, for min and max, how values compare. Errors: 42883
// (noAggregate), 42725 when several signatures take an untyped argument
// equally (sum(unknown) is not unique, as PostgreSQL's), and
// polymorphicType's; 42883 for min and max of records, naming a row
// type by its relation (PostgreSQL has none: records compare, but no
// min(record) exists).
func (b *binder) typeAggregate(c *aggCall) error {
	at := c.arg.Type()
	args := []*expr{&c.arg}
	argTypes := []types.Type{at}
	if c.sep != nil {
		args, argTypes = append(args, &c.sep), append(argTypes, c.sep.Type())
	}
	f, err := sem.Builtins.Resolve(c.name, argTypes)
	if errors.Is(err, sem.ErrAmbiguous) {
		return sem.NotUnique(c.name, argTypes)
	}
	if err != nil {
		return sem.NoFunction(c.name, argTypes)
	}
	if c.t, err = polymorphicType(c.name, f.Ret, at); err != nil {
		return err
	}
	for i, x := range args {
		if want := f.Args[i]; !sem.IsPseudo(want) && want.Kind != argTypes[i].Kind {
			if *x, err = coerce(*x, want, 0); err != nil {
				return err
			}
		}
	}
	if c.name != "min" && c.name != "max" {
		return nil
	}
	if at.Kind == types.KindRecord {
		return pgerror.Errorf(pgerror.UndefinedFunction, "function %s(%s) does not exist", c.name, b.typeName(at)).
			WithHint("No function matches the given name and argument types. You might need to add explicit type casts.")
	}
	cmp, ok := comparerFor(at, at)
	if !ok {
		return noAggregate(c.name, at)
	}
	if classOf(at) == classBits { // PostgreSQL has no min or max of bit strings
		return noAggregate(c.name, noTypmod(at))
	}
	c.cmp = cmp
	return nil
}

// polymorphicType is an aggregate's result type for an argument of type
// at: at for anyelement (min, max), the array of at for anyarray
// (array_agg), ret otherwise. Errors: 42725 for an untyped argument of
// array_agg, as PostgreSQL's; 0A000 for array_agg of a type without an
// array type (array_agg of an array is of the array's type).
func polymorphicType(name string, ret, at types.Type) (types.Type, error) {
	switch ret.Kind {
	case sem.AnyElement.Kind:
		return at, nil
	case sem.AnyArray.Kind:
	default:
		return ret, nil
	}
	if at.Kind == types.KindUnknown { // PostgreSQL's array_agg(anynonarray) and array_agg(anyarray) both take it
		return types.Type{}, sem.NotUnique(name, []types.Type{at})
	}
	if types.IsArray(at.Kind) { // array_agg(anyarray): one more dimension
		return noTypmod(at), nil
	}
	arr, ok := types.ArrayOf(noTypmod(at))
	if !ok {
		return types.Type{}, pgerror.NotSupported(name + " of type " + at.Name())
	}
	return arr, nil
}

// noAggregate is 42883 for an aggregate without a variant for t, with
// PostgreSQL's hint.
func noAggregate(name string, t types.Type) error {
	return pgerror.Errorf(pgerror.UndefinedFunction, "function %s(%s) does not exist", name, t.Name()).
		WithHint("No function matches the given name and argument types. You might need to add explicit type casts.")
}

// aggAcc accumulates one aggregate over the rows.
type aggAcc struct {
	call  *aggCall
	count int64
	sumI  int64
	sumF  float64
	sumN  types.Decimal // numeric sum: exact, with the largest input scale
	best  any
	vec   vectorAcc // sum and avg of vectors (aggregate_vector.go)
	// seen holds the non-NULL inputs of a DISTINCT aggregate until
	// final (aggregate_distinct.go); distinctNull records a NULL input
	// of one that keeps NULLs (array_agg).
	seen         []any
	distinctNull bool
	// ordered holds the inputs of an aggregate with ORDER BY until final
	// (aggregate_order.go).
	ordered    []aggInput
	collectAcc          // string_agg, array_agg, bool_and, bool_or (aggregate_collect.go)
	stats      statsAcc // variance and stddev (aggregate_stats.go)
	// charged is the bytes of state charged so far (aggregate_memory.go).
	charged int64
}

func (a *aggAcc) add(e *env) error {
	if skip, err := a.filtered(e); skip || err != nil {
		return err
	}
	if a.call.arg == nil {
		a.count++
		return nil
	}
	v, err := a.call.arg.Eval(e)
	if err != nil || v == nil && !keepsNulls(a.call) {
		return err
	}
	if a.call.sep != nil {
		if a.sep, err = a.call.sep.Eval(e); err != nil {
			return err
		}
	}
	if v == nil && a.call.distinct {
		a.distinctNull = true
		return nil
	}
	if a.call.order != nil && !a.call.distinct {
		return a.holdOrdered(e, v)
	}
	if a.call.distinct {
		if err := e.charge(memacct.ValueOverhead + memacct.ValueSize(v)); err != nil {
			return err
		}
		a.seen = append(a.seen, v)
		return nil
	}
	return a.fold(e, v)
}

// fold folds one non-NULL input value in (addValue) and charges the
// growth of the state it holds to the statement's memory
// (aggregate_memory.go).
func (a *aggAcc) fold(e *env, v any) error {
	if err := a.addValue(v); err != nil {
		return err
	}
	return a.chargeState(e)
}

// addValue folds one non-NULL input value in.
func (a *aggAcc) addValue(v any) error {
	a.count++
	switch a.call.name {
	case "sum", "avg":
		if isVectorSum(a.call) {
			return a.vec.add(a.call.name, v) // aggregate_vector.go
		}
		if i, ok := v.(int64); ok && a.call.t.Kind == types.KindInt8 {
			a.sumI += i
		} else if a.call.t.Kind == types.KindNumeric {
			return a.addNumeric(v)
		} else if a.call.t.Kind == types.KindFloat4 {
			return a.addFloat4(sem.ToFloat(v))
		} else {
			a.sumF += sem.ToFloat(v)
		}
	case "min":
		if a.best == nil || a.call.cmp(v, a.best) < 0 {
			a.best = v
		}
	case "max":
		if a.best == nil || a.call.cmp(v, a.best) > 0 {
			a.best = v
		}
	case "jsonb_agg", "jsonb_object_agg", "json_agg", "json_object_agg":
		return a.collectJSON(v) // aggregate_json.go
	case "variance", "var_samp", "var_pop", "stddev", "stddev_samp", "stddev_pop":
		return a.addStats(v) // aggregate_stats.go
	case "bit_and", "bit_or", "bit_xor":
		a.addBits(v.(int64)) // aggregate_bits.go
	default:
		if aggOfArrays(a.call) {
			if err := a.checkSubArray(v); err != nil {
				return err
			}
		}
		a.collect(a.call.name, v)
	}
	return nil
}

// addFloat4 adds x to a sum(real) in single precision, as PostgreSQL's
// float4pl: 22003 `value out of range: overflow` when two finite values
// sum to infinity.
func (a *aggAcc) addFloat4(x float64) error {
	sum := float64(float32(a.sumF + x))
	if math.IsInf(sum, 0) && !math.IsInf(a.sumF, 0) && !math.IsInf(x, 0) {
		return pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	}
	a.sumF = sum
	return nil
}

// addNumeric adds v (an integer or numeric) to the exact sum; the error
// is 22003 when the sum passes numeric's limits.
func (a *aggAcc) addNumeric(v any) error {
	n, _ := types.AsNumeric(v)
	if a.count == 1 {
		a.sumN = n
		return nil
	}
	sum, err := types.NumericArith("+", a.sumN, n)
	a.sumN = sum
	return err
}

// numericResult is sum or avg (numeric division with PostgreSQL's
// select_div_scale, which cannot overflow for a count) of a numeric
// accumulator; nil over no rows.
func (a *aggAcc) numericResult() any {
	if a.count == 0 {
		return nil
	}
	if a.call.name == "sum" {
		return a.sumN
	}
	avg, _ := types.NumericArith("/", a.sumN, types.NumericFromInt64(a.count))
	return avg
}

func (a *aggAcc) result() any {
	if isVectorSum(a.call) {
		return a.vec.result(a.call.name)
	}
	if (a.call.name == "sum" || a.call.name == "avg") && a.call.t.Kind == types.KindNumeric {
		return a.numericResult()
	}
	switch a.call.name {
	case "count":
		return a.count
	case "sum":
		if a.count == 0 {
			return nil
		}
		if a.call.t.Kind == types.KindInt8 {
			return a.sumI
		}
		return a.sumF
	case "avg":
		if a.count == 0 {
			return nil
		}
		return a.sumF / float64(a.count)
	case "min", "max":
		return a.best
	case "jsonb_agg", "jsonb_object_agg", "json_agg", "json_object_agg":
		return a.jsonResult()
	case "bit_and", "bit_or", "bit_xor":
		return a.bitsResult()
	}
	if aggOfArrays(a.call) && len(a.arr) > 0 {
		return a.subArraysResult()
	}
	return a.collected(a.call.name)
}
