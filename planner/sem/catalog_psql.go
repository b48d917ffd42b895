package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// psqlCatalogFuncs are the pg_catalog functions psql's backslash commands
// call (PostgreSQL src/bin/psql/describe.c) beyond those drivers use:
// function signatures for \df, and the ones over objects vecgres does not
// have — statistics objects, triggers, publications, partitions — which
// answer as PostgreSQL does for a database without them. Every operator
// class, family, operator and collation lives in pg_catalog or,
// pgvector's, in public, and no two share a name there: each is visible
// (true, even for an OID that is none, where PostgreSQL gives NULL). The
// database's encoding is UTF8, the only one vecgres speaks.
var psqlCatalogFuncs = []Func{
	{Name: "pg_get_function_result", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: procText(functionResult)},
	{Name: "pg_get_function_arguments", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: procText(functionArguments)},
	{Name: "pg_get_function_identity_arguments", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: procText(functionArguments)},
	{Name: "pg_get_statisticsobjdef_columns", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: null},
	{Name: "pg_get_triggerdef", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: null},
	{Name: "pg_get_triggerdef", Args: []types.Type{types.OIDType, types.Bool}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: null},
	{Name: "pg_relation_is_publishable", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true,
		Volatility: Stable, Fn: func(Context, []any) (any, error) { return false, nil }},
	{Name: "pg_partition_ancestors", Args: []types.Type{types.OIDType}, Ret: types.Regclass, Strict: true,
		SetReturning: true, Rows: noRows},
	{Name: "pg_opclass_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return true, nil }},
	{Name: "pg_get_function_sqlbody", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: null}, // no SQL-standard function bodies
	{Name: "pg_tablespace_location", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: func(Context, []any) (any, error) { return "", nil }}, // the built-in tablespaces' ""
	{Name: "pg_char_to_encoding", Args: []types.Type{types.Text}, Ret: types.Int4, Strict: true, Volatility: Stable,
		Fn: charToEncoding},
	{Name: "pg_opfamily_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return true, nil }},
	{Name: "pg_describe_object", Args: []types.Type{types.OIDType, types.OIDType, types.Int4}, Ret: types.Text,
		Strict: true, Volatility: Stable, Fn: describeObject},
	{Name: "pg_collation_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return true, nil }},
	{Name: "pg_conversion_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return true, nil }},
	{Name: "getdatabaseencoding", Ret: types.Text, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return "UTF8", nil }},
	{Name: "pg_operator_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return true, nil }},
}

// noRows is the set-returning implementation that returns no rows:
// pg_partition_ancestors of a relation that is no partition (vecgres has
// no partitioning).
func noRows(Context, []any, func([]any) error) error { return nil }

// procText wraps a pg_proc-entry formatter as a function of the OID:
// NULL for an OID that is no function, as PostgreSQL's.
func procText(format func(f *Func) string) Impl {
	return func(_ Context, a []any) (any, error) {
		f, ok := procByOID(a[0].(int64))
		if !ok {
			return nil, nil
		}
		return format(f), nil
	}
}

// functionResult is pg_get_function_result: the return type, SETOF for a
// set-returning function, record for one with OUT columns.
func functionResult(f *Func) string {
	if len(f.Cols) > 0 {
		return "SETOF record"
	}
	if f.SetReturning {
		return "SETOF " + TypeName(f.Ret)
	}
	return TypeName(f.Ret)
}

// functionArguments is pg_get_function_arguments: the parameter types,
// the last marked VARIADIC for a variadic function, then the OUT columns
// of a function returning records ("OUT key text"). vecgres keeps no
// parameter names, which PostgreSQL prints before the types.
func functionArguments(f *Func) string {
	args := make([]string, 0, len(f.Args)+len(f.Cols))
	for _, a := range f.Args {
		args = append(args, TypeName(a))
	}
	if f.Variadic && len(args) > 0 {
		args[len(args)-1] = "VARIADIC " + args[len(args)-1]
	}
	for _, c := range f.Cols {
		args = append(args, "OUT "+c.Name+" "+TypeName(c.Type))
	}
	return strings.Join(args, ", ")
}

// charToEncoding is pg_char_to_encoding(name): 6 for UTF8 (PostgreSQL's
// PG_UTF8, any case, as pg_encoding_to_char's inverse), -1 for another
// name, since vecgres speaks UTF8 alone (a difference: PostgreSQL knows
// the numbers of its other encodings, LATIN1's 8...).
func charToEncoding(_ Context, a []any) (any, error) {
	if strings.EqualFold(strings.ReplaceAll(a[0].(string), "-", ""), "utf8") {
		return int64(6), nil
	}
	return int64(-1), nil
}

// ObjectDescriber names the object with OID oid of the catalog with
// pg_class OID class as pg_describe_object does ("type vector"); false
// for an object it does not know. planner/pgcatalog sets it (the
// extension's members) at start-up; nil describes nothing.
var ObjectDescriber func(class, oid int64) (string, bool)

// describeObject is pg_describe_object(classid, objid, objsubid): a
// member of the vector extension through ObjectDescriber, any function
// of pg_proc ("function lower(text)"); NULL for another object (a
// difference: PostgreSQL describes every object).
func describeObject(_ Context, a []any) (any, error) {
	class, oid := a[0].(int64), a[1].(int64)
	if ObjectDescriber != nil {
		if d, ok := ObjectDescriber(class, oid); ok {
			return d, nil
		}
	}
	if f, ok := procByOID(oid); ok && class == 1255 {
		args := make([]string, len(f.Args))
		for i, t := range f.Args {
			args[i] = TypeName(t)
		}
		return "function " + f.Name + "(" + strings.Join(args, ",") + ")", nil
	}
	return nil, nil
}
