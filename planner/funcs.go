package planner

import (
	"errors"
	"strings"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// bindFunc binds a function call: an aggregate (aggregate.go), syntax
// that PostgreSQL does not treat as a call either (COALESCE, NULLIF,
// GREATEST, LEAST, X::regclass: funcs_variadic.go), or a built-in of
// sem.Builtins.
func (b *binder) bindFunc(f *sql.FuncCall) (expr, error) {
	if x, ok, err := b.bindRowTypeOf(f); ok {
		return x, err // record_bind.go
	}
	if fn, ok := recordJSONFuncs[f.Name]; ok {
		return b.bindRecordJSONScalar(f, fn) // record_json.go
	}
	if f.Over != nil || sem.Builtins.IsWindow(f.Name) {
		return b.bindWindowCall(f) // bind_window.go
	}
	if isAggregate(f.Name) {
		return b.bindAggregate(f)
	}
	if f.Distinct || f.Filter != nil || len(f.Order) > 0 {
		return nil, b.distinctNotAggregate(f) // aggregate_distinct.go
	}
	if e, ok, err := b.bindVariadicFunc(f); ok { // funcs_variadic.go
		return e, err
	}
	if e, ok, err := b.bindToRegName(f); ok { // funcs_regnames.go
		return e, err
	}
	return b.bindBuiltin(f)
}

// bindBuiltin binds a call of a function of sem.Builtins, resolved by
// sem's resolver: typed arguments are bound first (with the parameter
// types as hints when one signature takes that many arguments), untyped
// ones ($n, '...', NULL) once the signature gives them a type; then each
// argument is converted to its parameter's type (sem.ValueType), and a
// literal for a regclass parameter must name a relation. Errors: 42883
// (noFunction) when no signature fits, 42725 when several fit equally
// well, 42P01 for a regclass literal naming no relation, 0A000 for a set-returning function
// (served in FROM only, from_func.go).
func (b *binder) bindBuiltin(f *sql.FuncCall) (expr, error) {
	cands := sem.Builtins.Lookup(f.Name)
	if len(cands) > 0 && cands[0].SetReturning {
		if b.srfs != nil {
			return b.bindSelectSRF(f) // select_srf.go
		}
		return nil, b.srfOutside(f)
	}
	fn, args, err := b.resolveBuiltin(f)
	if err != nil {
		return nil, err
	}
	if e, ok := arrayConcatCall(fn, args); ok { // funcs_poly.go
		return e, nil
	}
	ret, err := polyResult(fn, args) // funcs_poly.go
	if err != nil {
		return nil, err
	}
	return &funcExpr{name: f.Name, args: args, t: ret, strict: fn.Strict, fn: callBuiltin(fn, args), vol: fn.Volatility}, nil
}

// resolveBuiltin resolves f among sem.Builtins and binds its arguments,
// each converted to its parameter's type (bindBuiltin's rules and
// errors); set-returning functions too (from_func.go).
func (b *binder) resolveBuiltin(f *sql.FuncCall) (*sem.Func, []expr, error) {
	if len(sem.Builtins.Lookup(f.Name)) == 0 || f.Star {
		return nil, nil, b.noFunction(f)
	}
	args, argTypes, err := b.bindTypedArgs(f, sem.Builtins.Hints(f.Name, len(f.Args)))
	if err != nil {
		return nil, nil, err
	}
	fn, err := sem.Builtins.Resolve(f.Name, argTypes)
	if errors.Is(err, sem.ErrAmbiguous) {
		return nil, nil, sem.NotUnique(f.Name, argTypes).WithPosition(f.P + 1)
	}
	if err != nil {
		return nil, nil, b.noFunction(f)
	}
	for i, a := range f.Args {
		if fn.Param(i) == sem.Regclass {
			if err := b.checkRelationArg(a); err != nil { // funcs_regclass.go
				return nil, nil, err
			}
		}
		want := sem.ValueType(fn.Param(i))
		if args[i] == nil {
			if args[i], err = b.bind(a, want); err != nil {
				return nil, nil, err
			}
		}
		if want.Kind == types.KindUnknown && args[i].Type().Kind == types.KindUnknown {
			want = untypedElemType(fn, i, args) // funcs_poly.go
		}
		if want.Kind != types.KindUnknown {
			if args[i], err = coerce(args[i], want, a.Pos()); err != nil {
				return nil, nil, err
			}
		}
	}
	return fn, args, nil
}

// bindTypedArgs binds f's arguments for resolution: with hints (one per
// argument) all of them, else only the typed ones, leaving nil and
// KindUnknown for the others.
func (b *binder) bindTypedArgs(f *sql.FuncCall, hints []types.Type) ([]expr, []types.Type, error) {
	args := make([]expr, len(f.Args))
	argTypes := make([]types.Type, len(f.Args))
	for i, a := range f.Args {
		if hints == nil && b.untyped(a) {
			argTypes[i] = types.Unknown
			continue
		}
		hint := types.Unknown
		if hints != nil {
			hint = hints[i]
		}
		x, err := b.bindArg(a, hint)
		if err != nil {
			return nil, nil, err
		}
		args[i], argTypes[i] = x, x.Type()
	}
	return args, argTypes, nil
}

// callBuiltin is fn's implementation as a funcExpr calls it; a function
// that needs its arguments' types (sem.Func.Specialize) gets them when
// it runs, since a $n's type is final only once binding ends.
func callBuiltin(fn *sem.Func, args []expr) func(e *env, a []any) (any, error) {
	if fn.Specialize == nil {
		impl := fn.Fn
		return func(e *env, a []any) (any, error) { return impl(e, a) }
	}
	return func(e *env, a []any) (any, error) {
		ts := make([]types.Type, len(args))
		for i, x := range args {
			ts[i] = x.Type()
		}
		return fn.Specialize(ts)(e, a)
	}
}

// noFunction is 42883 for f (0A000 for a PostgreSQL 15 function vecgres
// lacks: sem.MissingFunction), naming its arguments' types (unknown for an
// untyped one) at f's position.
func (b *binder) noFunction(f *sql.FuncCall) error {
	ts := make([]types.Type, len(f.Args))
	for i, a := range f.Args {
		ts[i] = types.Unknown
		if e, err := b.bind(a, types.Unknown); err == nil {
			ts[i] = e.Type()
		}
	}
	if b.namesRowType(ts...) { // record_bind.go: length(rec_a)
		names := make([]string, len(ts))
		for i, t := range ts {
			names[i] = b.typeName(t)
		}
		return pgerror.Errorf(pgerror.UndefinedFunction, "function %s(%s) does not exist", f.Name, strings.Join(names, ", ")).
			WithHint("No function matches the given name and argument types. You might need to add explicit type casts.").WithPosition(f.P + 1)
	}
	return sem.MissingFunction(f.Name, ts).WithPosition(f.P + 1)
}
