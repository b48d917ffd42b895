package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// jsonbFuncs are PostgreSQL 15's jsonb functions (docs 9.16, Tables
// 9.47, 9.49), with jsonfuncs.c's errors (22023):
//   - to_jsonb(anyelement): a value as jsonb (jsonb_value.go's toJSONB);
//   - jsonb_build_object(VARIADIC "any"): alternating keys (non-NULL
//     scalars, by their text) and values; jsonb_build_array(VARIADIC
//     "any"); both also without arguments;
//   - jsonb_typeof, jsonb_array_length, jsonb_strip_nulls, jsonb_pretty;
//   - the set-returning jsonb_array_elements(_text), jsonb_each(_text)
//     and jsonb_object_keys.
//
// jsonb_set and jsonb_insert are in jsonb_set.go.
var jsonbFuncs = []Func{
	{Name: "to_jsonb", Args: []types.Type{AnyElement}, Ret: types.JSONBType, Strict: true, Volatility: Stable,
		Specialize: func(ts []types.Type) Impl {
			return func(_ Context, a []any) (any, error) { return toJSONB(ts[0], a[0]), nil }
		}},
	{Name: "jsonb_build_object", Args: []types.Type{Any}, Variadic: true, Ret: types.JSONBType, Volatility: Stable, Specialize: buildObject},
	{Name: "jsonb_build_object", Args: []types.Type{}, Ret: types.JSONBType, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return types.NewJSONBObject(nil, nil), nil }},
	{Name: "jsonb_build_array", Args: []types.Type{Any}, Variadic: true, Ret: types.JSONBType, Volatility: Stable, Specialize: buildArray},
	{Name: "jsonb_build_array", Args: []types.Type{}, Ret: types.JSONBType, Volatility: Stable,
		Fn: func(Context, []any) (any, error) { return types.NewJSONBArray(nil), nil }},
	jsonbFunc("jsonb_typeof", types.Text, func(j types.JSONB) (any, error) { return jsonbTypeof(j), nil }),
	jsonbFunc("jsonb_array_length", types.Int4, arrayLength),
	jsonbFunc("jsonb_strip_nulls", types.JSONBType, func(j types.JSONB) (any, error) { return stripNulls(j), nil }),
	jsonbFunc("jsonb_pretty", types.Text, func(j types.JSONB) (any, error) { return string(appendPretty(nil, j, 0)), nil }),
	jsonbRows("jsonb_array_elements", types.JSONBType, []Column{{"value", types.JSONBType}}, arrayElements(false)),
	jsonbRows("jsonb_array_elements_text", types.Text, []Column{{"value", types.Text}}, arrayElements(true)),
	jsonbRows("jsonb_each", types.JSONBType, []Column{{"key", types.Text}, {"value", types.JSONBType}}, each(false)),
	jsonbRows("jsonb_each_text", types.Text, []Column{{"key", types.Text}, {"value", types.Text}}, each(true)),
	jsonbRows("jsonb_object_keys", types.Text, nil, objectKeys("jsonb_object_keys")),
}

// jsonbFunc is the strict function name(jsonb) giving ret by fn.
func jsonbFunc(name string, ret types.Type, fn func(types.JSONB) (any, error)) Func {
	return Func{Name: name, Args: []types.Type{types.JSONBType}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(a[0].(types.JSONB)) }}
}

// jsonbRows is the strict set-returning function name(jsonb): rows of
// cols (nil: one column of type ret) made by fn.
func jsonbRows(name string, ret types.Type, cols []Column, fn func(types.JSONB, func([]any) error) error) Func {
	return Func{Name: name, Args: []types.Type{types.JSONBType}, Ret: ret, Cols: cols, Strict: true, SetReturning: true,
		Rows: func(_ Context, a []any, emit func([]any) error) error { return fn(a[0].(types.JSONB), emit) }}
}

func arrayLength(j types.JSONB) (any, error) {
	switch j.Kind {
	case types.JSONArray:
		return int64(len(j.Elems)), nil
	case types.JSONObject:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot get array length of a non-array")
	}
	return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot get array length of a scalar")
}

// arrayElements is jsonb_array_elements (asText: _text, a JSON null as
// SQL NULL).
func arrayElements(asText bool) func(types.JSONB, func([]any) error) error {
	return func(j types.JSONB, emit func([]any) error) error {
		switch j.Kind {
		case types.JSONObject:
			return pgerror.New(pgerror.InvalidParameterValue, "cannot extract elements from an object")
		case types.JSONArray:
		default:
			return pgerror.New(pgerror.InvalidParameterValue, "cannot extract elements from a scalar")
		}
		for _, e := range j.Elems {
			if err := emit([]any{jsonbOut(e, true, asText)}); err != nil {
				return err
			}
		}
		return nil
	}
}

// each is jsonb_each (asText: _text): an object's keys and values in
// jsonb key order.
func each(asText bool) func(types.JSONB, func([]any) error) error {
	name := map[bool]string{false: "jsonb_each", true: "jsonb_each_text"}[asText]
	return func(j types.JSONB, emit func([]any) error) error {
		if j.Kind != types.JSONObject {
			return pgerror.Errorf(pgerror.InvalidParameterValue, "cannot call %s on a non-object", name)
		}
		for i, k := range j.Keys {
			if err := emit([]any{k, jsonbOut(j.Elems[i], true, asText)}); err != nil {
				return err
			}
		}
		return nil
	}
}

// objectKeys is name (jsonb_object_keys, json_object_keys): one row per
// key of an object, in the document's key order; 22023 for an array or
// a scalar.
func objectKeys(name string) func(types.JSONB, func([]any) error) error {
	return func(j types.JSONB, emit func([]any) error) error {
		switch j.Kind {
		case types.JSONArray:
			return pgerror.Errorf(pgerror.InvalidParameterValue, "cannot call %s on an array", name)
		case types.JSONObject:
		default:
			return pgerror.Errorf(pgerror.InvalidParameterValue, "cannot call %s on a scalar", name)
		}
		for _, k := range j.Keys {
			if err := emit([]any{k}); err != nil {
				return err
			}
		}
		return nil
	}
}

// buildObject is jsonb_build_object for arguments of types ts. Errors:
// 22023 for an odd count, a NULL key, a key that is an array or jsonb.
func buildObject(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		if len(a)%2 != 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "argument list must have even number of elements").
				WithHint("The arguments of jsonb_build_object() must consist of alternating keys and values.")
		}
		keys, vals := make([]string, 0, len(a)/2), make([]types.JSONB, 0, len(a)/2)
		for i := 0; i < len(a); i += 2 {
			if a[i] == nil {
				return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "argument %d: key must not be null", i+1)
			}
			if types.IsArray(ts[i].Kind) || ts[i].Kind == types.KindJSONB {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "key value must be scalar, not array, composite, or json")
			}
			k := toJSONB(ts[i], a[i])
			s, _ := k.Text()
			keys, vals = append(keys, s), append(vals, toJSONB(ts[i+1], a[i+1]))
		}
		return types.NewJSONBObject(keys, vals), nil
	}
}

// buildArray is jsonb_build_array for arguments of types ts.
func buildArray(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		elems := make([]types.JSONB, len(a))
		for i, v := range a {
			elems[i] = toJSONB(ts[i], v)
		}
		return types.NewJSONBArray(elems), nil
	}
}

// jsonbSetFuncs are jsonb_set(target, path, new_value [, create_if_missing
// true]) and jsonb_insert(target, path, new_value [, insert_after
// false]) (jsonb_set.go's setPath).
var jsonbSetFuncs = []Func{
	jsonbSetFunc("jsonb_set", 3), jsonbSetFunc("jsonb_set", 4),
	jsonbSetFunc("jsonb_insert", 3), jsonbSetFunc("jsonb_insert", 4),
}

func jsonbSetFunc(name string, n int) Func {
	args := []types.Type{types.JSONBType, TextArray, types.JSONBType, types.Bool}[:n]
	return Func{Name: name, Args: args, Ret: types.JSONBType, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			flag := n == 4 && a[3].(bool)
			mode := setCreate
			switch {
			case name == "jsonb_set" && n == 4 && !flag:
				mode = setReplace
			case name == "jsonb_insert" && flag:
				mode = setInsertAfter
			case name == "jsonb_insert":
				mode = setInsertFirst
			}
			return setPath(a[0].(types.JSONB), types.Elems(a[1]), a[2].(types.JSONB), mode)
		}}
}
