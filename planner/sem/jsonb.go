package sem

import "github.com/vecgres/vecgres/sql/types"

// jsonbOperators are the jsonb operators vecgres serves, as PostgreSQL
// 15's pg_operator has them (docs 9.16, Tables 9.45 and 9.46): -> and
// ->> by text key (jsonb_object_field[_text]) or integer index
// (jsonb_array_element[_text]: integer, so a bigint index is 42883 as
// PostgreSQL's), @> and <@ containment (jsonb_contains), and ? key
// existence (jsonb_exists). ->> gives the text of a scalar and NULL for
// JSON null; an absent key or index gives NULL.
var jsonbOperators = []Func{
	jsonbOp("->", types.Text, types.JSONBType, func(j types.JSONB, a any) any { return field(j, a, false) }),
	jsonbOp("->", types.Int4, types.JSONBType, func(j types.JSONB, a any) any { return element(j, a, false) }),
	jsonbOp("->>", types.Text, types.Text, func(j types.JSONB, a any) any { return field(j, a, true) }),
	jsonbOp("->>", types.Int4, types.Text, func(j types.JSONB, a any) any { return element(j, a, true) }),
	jsonbOp("?", types.Text, types.Bool, func(j types.JSONB, a any) any { return j.Exists(a.(string)) }),
	jsonbOp("@>", types.JSONBType, types.Bool, func(j types.JSONB, a any) any { return j.Contains(a.(types.JSONB)) }),
	jsonbOp("<@", types.JSONBType, types.Bool, func(j types.JSONB, a any) any { return a.(types.JSONB).Contains(j) }),
}

// jsonbOp is the entry of op on jsonb and right, giving ret by fn.
func jsonbOp(op string, right, ret types.Type, fn func(j types.JSONB, arg any) any) Func {
	return Func{Name: op, Args: []types.Type{types.JSONBType, right}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(a[0].(types.JSONB), a[1]), nil }}
}

func field(j types.JSONB, key any, asText bool) any {
	v, ok := j.Field(key.(string))
	return jsonbOut(v, ok, asText)
}

func element(j types.JSONB, i any, asText bool) any {
	v, ok := j.Index(i.(int64))
	return jsonbOut(v, ok, asText)
}

// jsonbOut is -> 's result (v) or ->> 's (v's text, NULL for JSON null);
// NULL when the field or element is absent (ok false).
func jsonbOut(v types.JSONB, ok, asText bool) any {
	if !ok {
		return nil
	}
	if !asText {
		return v
	}
	if s, ok := v.Text(); ok {
		return s
	}
	return nil
}
