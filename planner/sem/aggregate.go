package sem

import "github.com/vecgres/vecgres/sql/types"

// aggregateFuncs are the aggregates vecgres serves (PostgreSQL docs 9.21,
// Table 9.58; pgvector's sum and avg of vectors): their signatures and
// result types, as pg_aggregate lists them: sum(smallint/integer) bigint,
// sum(bigint) and sum(numeric) numeric, sum(real) real, avg of any
// integer or numeric numeric, avg of a float double precision. count(*)
// is count's call without arguments (the binder's). min and max take any
// type with an ordering (the binder checks). string_agg of text or bytea joins
// the non-NULL values, each after its row's delimiter but the first;
// array_agg(anyelement) is the array of the inputs' type, NULLs included;
// bool_and (every) and bool_or fold booleans. Accumulating is the
// planner's (aggregate.go, aggregate_collect.go).
var aggregateFuncs = []Func{
	aggregate("count", Any, types.Int8),
	aggregate("sum", types.Int2, types.Int8), aggregate("sum", types.Int4, types.Int8),
	aggregate("sum", types.Int8, types.Numeric), aggregate("sum", types.Float4, types.Float4),
	aggregate("sum", types.Float8, types.Float8), aggregate("sum", types.Numeric, types.Numeric),
	vectorAggregate("sum"), halfvecAggregate("sum"),
	aggregate("avg", types.Int2, types.Numeric), aggregate("avg", types.Int4, types.Numeric),
	aggregate("avg", types.Int8, types.Numeric), aggregate("avg", types.Float4, types.Float8),
	aggregate("avg", types.Float8, types.Float8), aggregate("avg", types.Numeric, types.Numeric),
	vectorAggregate("avg"), halfvecAggregate("avg"),
	aggregate("min", AnyElement, AnyElement),
	aggregate("max", AnyElement, AnyElement),
	{Name: "string_agg", Args: []types.Type{types.Text, types.Text}, Ret: types.Text, Aggregate: true},
	{Name: "string_agg", Args: []types.Type{types.Bytea, types.Bytea}, Ret: types.Bytea, Aggregate: true},
	aggregate("array_agg", AnyElement, AnyArray),
	aggregate("bool_and", types.Bool, types.Bool), aggregate("bool_or", types.Bool, types.Bool),
	aggregate("every", types.Bool, types.Bool),
}

func aggregate(name string, arg, ret types.Type) Func {
	return Func{Name: name, Args: []types.Type{arg}, Ret: ret, Aggregate: true}
}

// vectorAggregate is pgvector's sum or avg of vectors (element-wise, in
// float4 and float8).
func vectorAggregate(name string) Func {
	f := aggregate(name, Vector, Vector)
	f.Schema = "public"
	return f
}

// IsAggregate reports whether name is an aggregate.
func (r *Registry) IsAggregate(name string) bool {
	fs := r.byName[name]
	return len(fs) > 0 && fs[0].Aggregate
}
