package sem

import "github.com/vecgres/vecgres/sql/types"

// jsonAggregateFuncs are jsonb_agg(anyelement), the jsonb array of its
// inputs (NULLs as JSON null, each input as to_jsonb converts it), and
// jsonb_object_agg("any", "any"), the object of its key and value
// pairs (a later equal key wins; a NULL key is 22023 "field name must not
// be null"); json_agg and json_object_agg, the same as json text
// (planner/aggregate_json_text.go). Accumulating is the planner's (planner/aggregate_json.go).
var jsonAggregateFuncs = []Func{
	{Name: "jsonb_agg", Args: []types.Type{AnyElement}, Ret: types.JSONBType, Aggregate: true},
	{Name: "jsonb_object_agg", Args: []types.Type{Any, Any}, Ret: types.JSONBType, Aggregate: true},
	{Name: "json_agg", Args: []types.Type{AnyElement}, Ret: types.JSONType, Aggregate: true},
	{Name: "json_object_agg", Args: []types.Type{Any, Any}, Ret: types.JSONType, Aggregate: true},
}
