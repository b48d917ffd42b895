package sem

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// ToJSONB is toJSONB, for jsonb_agg and jsonb_object_agg (planner).
func ToJSONB(t types.Type, v any) types.JSONB { return toJSONB(t, v) }

// toJSONB is to_jsonb's conversion of a value of type t (PostgreSQL 15
// jsonb.c datum_to_jsonb): NULL is JSON null, booleans and numbers their
// JSON kinds (a float or numeric NaN or infinity a string, as numeric's
// text), jsonb itself, arrays JSON arrays of their elements, dates and
// timestamps ISO 8601 strings ("2020-01-01T10:00:00", a time zone offset
// as "+00:00"), and any other type the string of its text form. An
// untyped argument is text.
func toJSONB(t types.Type, v any) types.JSONB {
	if v == nil {
		return types.JSONBNull
	}
	if et, ok := types.ElemType(t); ok {
		arr, _ := types.AsArray(v)
		if subs, ok := types.SubArrays(v); ok { // nested JSON arrays
			arr, et = subs, t
		}
		elems := make([]types.JSONB, len(arr))
		for i, e := range arr {
			elems[i] = toJSONB(et, e)
		}
		return types.NewJSONBArray(elems)
	}
	switch t.Kind {
	case types.KindRecord:
		return recordJSONB(v) // record.go
	case types.KindJSONB:
		return v.(types.JSONB)
	case types.KindBool:
		return types.JSONB{Kind: types.JSONBool, Bool: v.(bool)}
	case types.KindInt2, types.KindInt4, types.KindInt8:
		return types.JSONB{Kind: types.JSONNumber, Str: strconv.FormatInt(v.(int64), 10)}
	case types.KindFloat4, types.KindFloat8, types.KindNumeric:
		s := string(types.AppendText(nil, t, v))
		if j, err := types.ParseJSONB(s); err == nil && j.Kind == types.JSONNumber {
			return j
		}
		return types.JSONBString(s)
	case types.KindDate:
		return types.JSONBString(string(types.AppendText(nil, t, v)))
	case types.KindTimestamp, types.KindTimestamptz:
		return types.JSONBString(isoTimestamp(string(types.AppendText(nil, t, v))))
	case types.KindUnknown:
		if s, ok := v.(string); ok {
			return types.JSONBString(s)
		}
	}
	return types.JSONBString(string(types.AppendText(nil, t, v)))
}

// isoTimestamp is a timestamp's text as JSON writes it: "T" between the
// date and the time, an offset "+HH" as "+HH:00".
func isoTimestamp(s string) string {
	s = strings.Replace(s, " ", "T", 1)
	if n := len(s); n > 3 && (s[n-3] == '+' || s[n-3] == '-') {
		s += ":00"
	}
	return s
}

// jsonbTypeof is jsonb_typeof: the JSON kind's name.
func jsonbTypeof(j types.JSONB) string {
	return [...]string{types.JSONNull: "null", types.JSONString: "string", types.JSONNumber: "number",
		types.JSONBool: "boolean", types.JSONArray: "array", types.JSONObject: "object"}[j.Kind]
}

// stripNulls is jsonb_strip_nulls: every object field whose value is
// JSON null removed, at any depth (array elements kept).
func stripNulls(j types.JSONB) types.JSONB {
	switch j.Kind {
	case types.JSONArray:
		out := make([]types.JSONB, len(j.Elems))
		for i, e := range j.Elems {
			out[i] = stripNulls(e)
		}
		return types.NewJSONBArray(out)
	case types.JSONObject:
		var ks []string
		var vs []types.JSONB
		for i, k := range j.Keys {
			if j.Elems[i].Kind != types.JSONNull {
				ks, vs = append(ks, k), append(vs, stripNulls(j.Elems[i]))
			}
		}
		return types.NewJSONBObject(ks, vs)
	}
	return j
}

// prettyIndent is jsonb_pretty's indentation step.
const prettyIndent = "    "

// appendPretty is jsonb_pretty (JsonbToCStringIndent): each element and
// field on its own line, indented four spaces a level; a container's
// closing bracket on its own line at the opening line's indentation,
// even when empty.
func appendPretty(buf []byte, j types.JSONB, level int) []byte {
	if j.Kind != types.JSONArray && j.Kind != types.JSONObject {
		return types.AppendJSONB(buf, j)
	}
	open, closing := byte('['), byte(']')
	if j.Kind == types.JSONObject {
		open, closing = '{', '}'
	}
	buf = append(buf, open)
	for i, e := range j.Elems {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(append(buf, '\n'), strings.Repeat(prettyIndent, level+1)...)
		if j.Kind == types.JSONObject {
			buf = append(types.AppendJSONString(buf, j.Keys[i]), ": "...)
		}
		buf = appendPretty(buf, e, level+1)
	}
	buf = append(append(buf, '\n'), strings.Repeat(prettyIndent, level)...)
	return append(buf, closing)
}
