package sem

import "github.com/vecgres/vecgres/sql/types"

// jsonOperators are PostgreSQL 15's json operators (docs 9.16, Table
// 9.45): -> and ->> by text key (json_object_field[_text]: the last pair
// of that key) or integer index (json_array_element[_text], negative
// from the end), #> and #>> by a text[] path (json_extract_path[_text]).
// -> and #> give the value's source text as it stands in the input;
// ->> and #>> a string unescaped, a JSON null as SQL NULL, anything else
// its source text. Absent keys, indexes or paths give NULL.
var jsonOperators = []Func{
	jsonOp("->", types.Text, types.JSONType, func(j types.JSONB, a any) (any, error) {
		return jsonOut(types.JSONField(j, a.(string)))
	}),
	jsonOp("->", types.Int4, types.JSONType, func(j types.JSONB, a any) (any, error) {
		return jsonOut(types.JSONIndex(j, a.(int64)))
	}),
	jsonOp("->>", types.Text, types.Text, func(j types.JSONB, a any) (any, error) {
		return jsonTextOut(types.JSONField(j, a.(string)))
	}),
	jsonOp("->>", types.Int4, types.Text, func(j types.JSONB, a any) (any, error) {
		return jsonTextOut(types.JSONIndex(j, a.(int64)))
	}),
	jsonOp("#>", TextArray, types.JSONType, func(j types.JSONB, a any) (any, error) {
		return jsonOut(jsonPath(j, types.Elems(a)))
	}),
	jsonOp("#>>", TextArray, types.Text, func(j types.JSONB, a any) (any, error) {
		return jsonTextOut(jsonPath(j, types.Elems(a)))
	}),
}

// jsonOp is the entry of op on json and right, giving ret by fn over the
// parsed left operand.
func jsonOp(op string, right, ret types.Type, fn func(j types.JSONB, arg any) (any, error)) Func {
	return Func{Name: op, Args: []types.Type{types.JSONType, right}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			j, err := parseJSON(a[0])
			if err != nil {
				return nil, err
			}
			return fn(j, a[1])
		}}
}

// jsonOut is -> 's result: v's source text; NULL when absent.
func jsonOut(v types.JSONB, ok bool) (any, error) {
	if !ok {
		return nil, nil
	}
	return v.Raw, nil
}

// jsonTextOut is ->> 's result (types.JSONText); NULL when absent.
func jsonTextOut(v types.JSONB, ok bool) (any, error) {
	if !ok {
		return nil, nil
	}
	s, ok, err := types.JSONText(v)
	if err != nil || !ok {
		return nil, err
	}
	return s, nil
}

// jsonPath is the value at path (object keys, array indexes, negative
// from the end); false when a step is absent or NULL. The empty path is
// j itself.
func jsonPath(j types.JSONB, path types.Array) (types.JSONB, bool) {
	return walkPath(j, path, types.JSONField, types.JSONIndex)
}
