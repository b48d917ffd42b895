package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// jsonFuncs are PostgreSQL 15's json functions (docs 9.16, Tables 9.47
// and 9.49), formatted as json.c and jsonfuncs.c format them:
//   - to_json(anyelement) and array_to_json(anyarray [, pretty]):
//     appendJSON's text (`[1,2]`; pretty puts ",\n " between elements);
//   - json_build_object(VARIADIC "any"): `{"a" : 1, "b" : 2}`, keys
//     always strings; json_build_array(VARIADIC "any"): `[1, "a"]`;
//   - json_object(text[]) of alternating keys and values, and
//     json_object(keys text[], values text[]): `{"a" : "1"}`;
//   - json_typeof, json_array_length, json_strip_nulls (compact text),
//     json_extract_path(_text)(json, VARIADIC text[]);
//   - the set-returning json_each(_text), json_array_elements(_text)
//     and json_object_keys, in input order with duplicate keys.
var jsonFuncs = []Func{
	{Name: "to_json", Args: []types.Type{AnyElement}, Ret: types.JSONType, Strict: true, Volatility: Stable,
		Specialize: func(ts []types.Type) Impl {
			return func(_ Context, a []any) (any, error) { return string(appendJSON(nil, ts[0], a[0])), nil }
		}},
	{Name: "array_to_json", Args: []types.Type{AnyArray}, Ret: types.JSONType, Strict: true, Volatility: Stable,
		Specialize: arrayToJSON},
	{Name: "array_to_json", Args: []types.Type{AnyArray, types.Bool}, Ret: types.JSONType, Strict: true, Volatility: Stable,
		Specialize: arrayToJSON},
	{Name: "json_build_object", Args: []types.Type{Any}, Variadic: true, Ret: types.JSONType, Volatility: Stable, Specialize: jsonBuildObject},
	{Name: "json_build_object", Args: []types.Type{}, Ret: types.JSONType, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return "{}", nil }},
	{Name: "json_build_array", Args: []types.Type{Any}, Variadic: true, Ret: types.JSONType, Volatility: Stable, Specialize: jsonBuildArray},
	{Name: "json_build_array", Args: []types.Type{}, Ret: types.JSONType, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return "[]", nil }},
	{Name: "json_object", Args: []types.Type{TextArray}, Ret: types.JSONType, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return jsonObject1(a[0]) }},
	{Name: "json_object", Args: []types.Type{TextArray, TextArray}, Ret: types.JSONType, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return jsonObject2(a[0], a[1]) }},
	jsonFunc("json_typeof", types.Text, parseJSONLenient, func(j types.JSONB) (any, error) { return jsonbTypeof(j), nil }),
	jsonFunc("json_array_length", types.Int4, parseJSONLenient, jsonArrayLength),
	jsonFunc("json_strip_nulls", types.JSONType, parseJSON, func(j types.JSONB) (any, error) { return string(appendCompact(nil, j, true)), nil }),
	{Name: "json_extract_path", Args: []types.Type{types.JSONType, types.Text}, Variadic: true, Ret: types.JSONType, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			j, err := parseJSON(a[0])
			if err != nil {
				return nil, err
			}
			return jsonOut(jsonPath(j, types.Array(a[1:])))
		}},
	{Name: "json_extract_path_text", Args: []types.Type{types.JSONType, types.Text}, Variadic: true, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			j, err := parseJSON(a[0])
			if err != nil {
				return nil, err
			}
			return jsonTextOut(jsonPath(j, types.Array(a[1:])))
		}},
	jsonRows("json_array_elements", types.JSONType, []Column{{"value", types.JSONType}}, parseJSONLenient, jsonElements(false)),
	jsonRows("json_array_elements_text", types.Text, []Column{{"value", types.Text}}, parseJSON, jsonElements(true)),
	jsonRows("json_each", types.JSONType, []Column{{"key", types.Text}, {"value", types.JSONType}}, parseJSON, jsonEach(false)),
	jsonRows("json_each_text", types.Text, []Column{{"key", types.Text}, {"value", types.Text}}, parseJSON, jsonEach(true)),
	jsonRows("json_object_keys", types.Text, nil, parseJSON, objectKeys("json_object_keys")),
}

// jsonParse reads a json argument: parseJSON or parseJSONLenient.
type jsonParse func(any) (types.JSONB, error)

// jsonFunc is the strict function name(json) giving ret by fn over the
// argument as parse reads it.
func jsonFunc(name string, ret types.Type, parse jsonParse, fn func(types.JSONB) (any, error)) Func {
	return Func{Name: name, Args: []types.Type{types.JSONType}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			j, err := parse(a[0])
			if err != nil {
				return nil, err
			}
			return fn(j)
		}}
}

// jsonRows is the strict set-returning function name(json).
func jsonRows(name string, ret types.Type, cols []Column, parse jsonParse, fn func(types.JSONB, func([]any) error) error) Func {
	return Func{Name: name, Args: []types.Type{types.JSONType}, Ret: ret, Cols: cols, Strict: true, SetReturning: true,
		Rows: func(_ Context, a []any, emit func([]any) error) error {
			j, err := parse(a[0])
			if err != nil {
				return err
			}
			return fn(j, emit)
		}}
}

func arrayToJSON(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		pretty := len(a) == 2 && a[1].(bool)
		return string(appendJSONArray(nil, ts[0], a[0], pretty)), nil
	}
}

func jsonArrayLength(j types.JSONB) (any, error) {
	switch j.Kind {
	case types.JSONArray:
		return int64(len(j.Elems)), nil
	case types.JSONObject:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot get array length of a non-array")
	}
	return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot get array length of a scalar")
}

// jsonElements is json_array_elements (asText: _text).
func jsonElements(asText bool) func(types.JSONB, func([]any) error) error {
	name := map[bool]string{false: "json_array_elements", true: "json_array_elements_text"}[asText]
	return func(j types.JSONB, emit func([]any) error) error {
		switch j.Kind {
		case types.JSONObject:
			return pgerror.Errorf(pgerror.InvalidParameterValue, "cannot call %s on a non-array", name)
		case types.JSONArray:
		default:
			return pgerror.Errorf(pgerror.InvalidParameterValue, "cannot call %s on a scalar", name)
		}
		for _, e := range j.Elems {
			v, err := jsonValueOut(e, asText)
			if err != nil {
				return err
			}
			if err := emit([]any{v}); err != nil {
				return err
			}
		}
		return nil
	}
}

// jsonValueOut is an element as json (its source text) or as text.
func jsonValueOut(e types.JSONB, asText bool) (any, error) {
	if asText {
		return jsonTextOut(e, true)
	}
	return e.Raw, nil
}

// jsonEach is json_each (asText: _text): an object's pairs in input
// order, duplicates included.
func jsonEach(asText bool) func(types.JSONB, func([]any) error) error {
	return func(j types.JSONB, emit func([]any) error) error {
		switch j.Kind {
		case types.JSONArray:
			return pgerror.New(pgerror.InvalidParameterValue, "cannot deconstruct an array as an object")
		case types.JSONObject:
		default:
			return pgerror.New(pgerror.InvalidParameterValue, "cannot deconstruct a scalar")
		}
		for i, k := range j.Keys {
			v, err := jsonValueOut(j.Elems[i], asText)
			if err != nil {
				return err
			}
			if err := emit([]any{k, v}); err != nil {
				return err
			}
		}
		return nil
	}
}

// jsonBuildObject is json_build_object for arguments of types ts.
// Errors: 22023 for an odd count, a NULL key (HINT "Object keys should
// be text."), a key that is an array or json.
func jsonBuildObject(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		if len(a)%2 != 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "argument list must have even number of elements").
				WithHint("The arguments of json_build_object() must consist of alternating keys and values.")
		}
		buf := []byte{'{'}
		for i := 0; i < len(a); i += 2 {
			if a[i] == nil {
				return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "argument %d cannot be null", i+1).
					WithHint("Object keys should be text.")
			}
			if types.IsArray(ts[i].Kind) || isJSONKind(ts[i].Kind) {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "key value must be scalar, not array, composite, or json")
			}
			if i > 0 {
				buf = append(buf, ", "...)
			}
			buf = append(appendJSONKey(buf, ts[i], a[i]), " : "...)
			buf = appendJSON(buf, ts[i+1], a[i+1])
		}
		return string(append(buf, '}')), nil
	}
}

// isJSONKind reports json and jsonb.
func isJSONKind(k types.Kind) bool { return k == types.KindJSON || k == types.KindJSONB }

// jsonBuildArray is json_build_array for arguments of types ts.
func jsonBuildArray(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		buf := []byte{'['}
		for i, v := range a {
			if i > 0 {
				buf = append(buf, ", "...)
			}
			buf = appendJSON(buf, ts[i], v)
		}
		return string(append(buf, ']')), nil
	}
}

// jsonObject1 is json_object(text[]) of alternating keys and values, or
// of a two-column two-dimensional array of key-value rows. Errors: 2202E
// for an odd count, "array must have two columns", "wrong number of
// array subscripts" beyond 2 dimensions; 22004 for a NULL key.
func jsonObject1(d any) (any, error) {
	dims, _, arr, _ := types.ArrayShape(d)
	switch {
	case len(dims) > 2:
		return nil, errArraySubscripts()
	case len(dims) == 2 && dims[1] != 2:
		return nil, pgerror.New(pgerror.ArraySubscriptError, "array must have two columns")
	case len(arr)%2 != 0:
		return nil, pgerror.New(pgerror.ArraySubscriptError, "array must have even number of elements")
	}
	var keys, vals types.Array
	for i := 0; i < len(arr); i += 2 {
		keys, vals = append(keys, arr[i]), append(vals, arr[i+1])
	}
	return jsonObject2(keys, vals)
}

func errArraySubscripts() error {
	return pgerror.New(pgerror.ArraySubscriptError, "wrong number of array subscripts")
}

// jsonObject2 is json_object(keys, values): values as JSON strings (NULL
// as null). Errors: 2202E "wrong number of array subscripts" for an array
// of several dimensions, when the lengths differ; 22004 for a NULL key.
func jsonObject2(k, v any) (any, error) {
	kd, _, keys, _ := types.ArrayShape(k)
	vd, _, vals, _ := types.ArrayShape(v)
	if len(kd) > 1 || len(vd) > 1 {
		return nil, errArraySubscripts()
	}
	if len(keys) != len(vals) {
		return nil, pgerror.New(pgerror.ArraySubscriptError, "mismatched array dimensions")
	}
	buf := []byte{'{'}
	for i, k := range keys {
		if k == nil {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "null value not allowed for object key")
		}
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = append(types.AppendJSONString(buf, k.(string)), " : "...)
		if vals[i] == nil {
			buf = append(buf, "null"...)
		} else {
			buf = types.AppendJSONString(buf, vals[i].(string))
		}
	}
	return string(append(buf, '}')), nil
}
