package planner

import (
	"os"
	"strings"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// funcDef is a scalar function: argument types (the hints for untyped
// arguments and the types arguments are coerced to) and result type.
type funcDef struct {
	args   []types.Type
	ret    types.Type
	strict bool
	fn     func(e *env, args []any) (any, error)
}

var vectorType = types.VectorOf(types.NoTypmod)

func vectorDistanceFunc(op string) funcDef {
	dist := distanceOps[op]
	if op == "<#>" {
		dist = innerProduct // inner_product is positive; only <#> negates
	}
	return funcDef{args: []types.Type{vectorType, vectorType}, ret: types.Float8, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			x, y := a[0].(types.Vector), a[1].(types.Vector)
			if err := checkSameDims(x, y); err != nil {
				return nil, err
			}
			return dist(x, y), nil
		}}
}

// funcs lists the scalar functions vecgres serves: pgvector's and the
// catalog functions drivers call.
var funcs = map[string]funcDef{
	"l2_distance":     vectorDistanceFunc("<->"),
	"inner_product":   vectorDistanceFunc("<#>"),
	"cosine_distance": vectorDistanceFunc("<=>"),
	"l1_distance":     vectorDistanceFunc("<+>"),
	"vector_dims": {args: []types.Type{vectorType}, ret: types.Int4, strict: true,
		fn: func(_ *env, a []any) (any, error) { return int64(len(a[0].(types.Vector))), nil }},
	"vector_norm": {args: []types.Type{vectorType}, ret: types.Float8, strict: true,
		fn: func(_ *env, a []any) (any, error) { return vectorNorm(a[0].(types.Vector)), nil }},
	"l2_normalize": {args: []types.Type{vectorType}, ret: vectorType, strict: true,
		fn: func(_ *env, a []any) (any, error) { return l2Normalize(a[0].(types.Vector)), nil }},
	"version": {ret: types.Text, fn: func(*env, []any) (any, error) { return VersionString, nil }},
	"current_database": {ret: types.Text,
		fn: func(e *env, _ []any) (any, error) { return e.sess.startup["database"], nil }},
	"current_catalog": {ret: types.Text,
		fn: func(e *env, _ []any) (any, error) { return e.sess.startup["database"], nil }},
	"current_schema": {ret: types.Text, fn: func(*env, []any) (any, error) { return "public", nil }},
	"current_role":   {ret: types.Text, fn: currentUser},
	"current_user":   {ret: types.Text, fn: currentUser},
	"session_user":   {ret: types.Text, fn: currentUser},
	"user":           {ret: types.Text, fn: currentUser},
	"pg_backend_pid": {ret: types.Int4, fn: func(*env, []any) (any, error) { return int64(os.Getpid()), nil }},
	"to_regtype": {args: []types.Type{types.Text}, ret: types.Regtype, strict: true,
		fn: func(_ *env, a []any) (any, error) { return toRegtype(a[0].(string)), nil }},
	"format_type": {args: []types.Type{types.OIDType, types.Int4}, ret: types.Text, fn: formatType},
}

// VersionString is what version() returns: PostgreSQL's shape, so that
// tools that parse it keep working, naming vecgres.
const VersionString = "PostgreSQL 16.4 (vecgres 0.1.0) on x86_64-pc-linux-gnu, compiled by Go, 64-bit"

func currentUser(e *env, _ []any) (any, error) { return e.sess.startup["user"], nil }

// toRegtype returns the OID of the named type, or nil (NULL) when vecgres
// does not serve it (halfvec and sparsevec for now).
func toRegtype(name string) any {
	name = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "pg_catalog.")
	if name == "_vector" || name == "vector[]" {
		return int64(types.OIDVectorArray)
	}
	t, err := types.LookupType(name, nil)
	if err != nil {
		return nil
	}
	return int64(t.OID())
}

func formatType(_ *env, a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	t, ok := types.TypeByOID(uint32(a[0].(int64)))
	if !ok {
		return "???", nil
	}
	if a[1] != nil {
		t.Typmod = int32(a[1].(int64))
	}
	return t.Name(), nil
}

func (b *binder) bindFunc(f *sql.FuncCall) (expr, error) {
	if isAggregate(f.Name) {
		return b.bindAggregate(f)
	}
	if f.Distinct {
		return nil, b.distinctNotAggregate(f) // aggregate_distinct.go
	}
	if f.Name == "pg_typeof" {
		return b.bindTypeof(f) // funcs_session.go
	}
	if f.Name == "generate_series" { // series.go serves it in FROM only
		return nil, pgerror.NotSupported("set-returning functions outside FROM").WithPosition(f.P + 1)
	}
	if e, ok, err := b.bindArrayFunc(f); ok {
		return e, err
	}
	if e, ok, err := b.bindVariadicFunc(f); ok { // funcs_variadic.go
		return e, err
	}
	if e, ok, err := b.bindOverloaded(f); ok { // funcs_overload.go
		return e, err
	}
	def, ok := funcs[f.Name]
	if !ok || len(def.args) != len(f.Args) || f.Star {
		return nil, b.noFunction(f)
	}
	args := make([]expr, len(f.Args))
	for i, a := range f.Args {
		e, err := b.bind(a, def.args[i])
		if err != nil {
			return nil, err
		}
		if e, err = b.argCoerce(e, def.args[i], a.Pos()); err != nil {
			return nil, b.noFunction(f)
		}
		args[i] = e
	}
	return &funcExpr{name: f.Name, args: args, t: def.ret, strict: def.strict, fn: def.fn}, nil
}

// argCoerce accepts an argument of the parameter's class, converting
// numbers; anything else does not match the function.
func (b *binder) argCoerce(e expr, want types.Type, pos int) (expr, error) {
	if e.Type().Kind == want.Kind || e.Type().Kind == types.KindUnknown {
		return e, nil
	}
	if classOf(e.Type()) == classOf(want) && classOf(want) != classOther {
		return coerce(e, want, pos)
	}
	return nil, errNoMatch
}

var errNoMatch = pgerror.New(pgerror.UndefinedFunction, "no match")

func (b *binder) noFunction(f *sql.FuncCall) error {
	names := make([]string, len(f.Args))
	for i, a := range f.Args {
		names[i] = "unknown"
		if e, err := b.bind(a, types.Unknown); err == nil {
			names[i] = e.Type().Name()
		}
	}
	return pgerror.Errorf(pgerror.UndefinedFunction, "function %s(%s) does not exist", f.Name, strings.Join(names, ", ")).
		WithHint("No function matches the given name and argument types. You might need to add explicit type casts.").
		WithPosition(f.P + 1)
}
