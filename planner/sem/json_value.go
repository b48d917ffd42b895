package sem

import (
	"strconv"

	"github.com/vecgres/vecgres/sql/types"
)

// AppendJSON is appendJSON, for json_agg and json_object_agg (planner).
func AppendJSON(buf []byte, t types.Type, v any) []byte { return appendJSON(buf, t, v) }

// appendJSON appends v of type t as json text (PostgreSQL 15 json.c
// datum_to_json): NULL is null; json as it is; jsonb its text; arrays
// `[e1,e2]` without spaces (array_to_json); booleans; numbers their
// text when it is a JSON number (else a string: "NaN", "Infinity");
// dates and timestamps ISO 8601 strings as to_jsonb makes them; any
// other type the string of its text form.
func appendJSON(buf []byte, t types.Type, v any) []byte {
	if v == nil {
		return append(buf, "null"...)
	}
	if _, ok := types.ElemType(t); ok {
		return appendJSONArray(buf, t, v, false)
	}
	switch t.Kind {
	case types.KindJSON:
		s, _ := v.(string)
		return append(buf, s...)
	case types.KindRecord:
		return appendRecordJSON(buf, v, false) // record.go
	case types.KindInt2, types.KindInt4, types.KindInt8:
		i, _ := v.(int64)
		return strconv.AppendInt(buf, i, 10)
	case types.KindFloat4, types.KindFloat8, types.KindNumeric:
		s := types.AppendText(nil, t, v)
		if isJSONNumber(string(s)) {
			return append(buf, s...)
		}
		return types.AppendJSONString(buf, string(s))
	}
	return types.AppendJSONB(buf, toJSONB(t, v))
}

// appendJSONArray is array_to_json: elements separated by "," (pretty:
// ",\n " between top-level elements); an array of several dimensions is
// an array of arrays.
func appendJSONArray(buf []byte, t types.Type, v any, pretty bool) []byte {
	et, _ := types.ElemType(t)
	arr, _ := types.AsArray(v)
	if subs, ok := types.SubArrays(v); ok { // one JSON array per sub-array
		arr, et = subs, t
	}
	buf = append(buf, '[')
	for i, e := range arr {
		if i > 0 {
			buf = append(buf, ',')
			if pretty {
				buf = append(buf, "\n "...)
			}
		}
		buf = appendJSON(buf, et, e)
	}
	return append(buf, ']')
}

// isJSONNumber is IsValidJsonNumber: s is a JSON number as json_in reads
// one.
func isJSONNumber(s string) bool {
	j, err := types.ParseJSONTree(s)
	return err == nil && j.Kind == types.JSONNumber
}

// appendJSONKey appends a json_build_object key of type t (non-NULL, a
// scalar): always a JSON string (numbers and booleans quoted).
func appendJSONKey(buf []byte, t types.Type, v any) []byte {
	if t.Kind == types.KindUnknown || isStringKind(t.Kind) {
		s, _ := v.(string)
		return types.AppendJSONString(buf, s)
	}
	j := types.ParseJSONTreeOrNull(string(appendJSON(nil, t, v)))
	if j.Kind == types.JSONString {
		return append(buf, j.Raw...)
	}
	return types.AppendJSONString(buf, j.Raw)
}

// isStringKind reports text, varchar, bpchar and name.
func isStringKind(k types.Kind) bool {
	return k == types.KindText || k == types.KindVarchar || k == types.KindBpchar || k == types.KindName
}

// parseJSON is a json argument's tree with its strings de-escaped
// (types.ParseJSONEscaped: 22P05 for a \u0000 anywhere in it).
func parseJSON(v any) (types.JSONB, error) {
	s, _ := v.(string)
	return types.ParseJSONEscaped(s)
}

// parseJSONLenient is a json argument's tree as the functions that do not
// de-escape read it (json_typeof, json_array_length, json_array_elements).
func parseJSONLenient(v any) (types.JSONB, error) {
	s, _ := v.(string)
	return types.ParseJSONTreeOrNull(s), nil
}

// appendCompact appends j as json_strip_nulls writes it: no whitespace,
// strings re-escaped, numbers as written; with strip, object fields whose
// value is null left out.
func appendCompact(buf []byte, j types.JSONB, strip bool) []byte {
	switch j.Kind {
	case types.JSONString:
		return types.AppendJSONString(buf, j.Str)
	case types.JSONArray:
		buf = append(buf, '[')
		for i, e := range j.Elems {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendCompact(buf, e, strip)
		}
		return append(buf, ']')
	case types.JSONObject:
		buf = append(buf, '{')
		n := 0
		for i, k := range j.Keys {
			if strip && j.Elems[i].Kind == types.JSONNull {
				continue
			}
			if n > 0 {
				buf = append(buf, ',')
			}
			n++
			buf = append(types.AppendJSONString(buf, k), ':')
			buf = appendCompact(buf, j.Elems[i], strip)
		}
		return append(buf, '}')
	}
	return append(buf, j.Raw...)
}

// AppendJSONKey is appendJSONKey, for json_object_agg (planner).
func AppendJSONKey(buf []byte, t types.Type, v any) []byte { return appendJSONKey(buf, t, v) }
