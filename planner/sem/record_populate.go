package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// json_populate_record, json_to_record and their recordset and jsonb
// forms (PostgreSQL docs 9.16, Table 9.49; PostgreSQL 15 jsonfuncs.c
// populate_record): each field takes the object's value under its name
// (the last one of duplicate keys), else the base record's value, else
// NULL. A JSON null is NULL; a json field takes the value's JSON text
// (as written, or jsonb's text for jsonb input), a jsonb field the value;
// an array field a JSON array element by element; any other field the
// input function of its type on the value's text (a string unescaped).
// The planner binds them (record_json.go): their row type comes from
// the first argument or a column definition list.

// RecordDoc is a json or jsonb argument of the functions as a tree:
// json text is parsed with its strings unescaped (22P05 for \u0000).
func RecordDoc(v any) (types.JSONB, error) {
	if j, ok := v.(types.JSONB); ok {
		return j, nil
	}
	return parseJSON(v)
}

// RecordObject checks that doc is an object, as populate_composite
// does: 22023 "cannot call populate_composite on an array" (a scalar).
func RecordObject(doc types.JSONB) error {
	switch doc.Kind {
	case types.JSONObject:
		return nil
	case types.JSONArray:
		return pgerror.New(pgerror.InvalidParameterValue, "cannot call populate_composite on an array")
	}
	return pgerror.New(pgerror.InvalidParameterValue, "cannot call populate_composite on a scalar")
}

// RecordSet is the objects of recordset function fn's argument doc.
// Errors (22023): json's "cannot call fn on an object" (a scalar),
// jsonb's "on a non-array"; "argument of fn must be an array of
// objects" for another element.
func RecordSet(fn string, doc types.JSONB, jsonb bool) ([]types.JSONB, error) {
	if doc.Kind != types.JSONArray {
		what := "a non-array"
		if !jsonb && doc.Kind == types.JSONObject {
			what = "an object"
		} else if !jsonb {
			what = "a scalar"
		}
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "cannot call %s on %s", fn, what)
	}
	for _, e := range doc.Elems {
		if e.Kind != types.JSONObject {
			return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "argument of %s must be an array of objects", fn)
		}
	}
	return doc.Elems, nil
}

// PopulateRecord is the record of fields names of types ts made from
// object obj over base (nil: every field NULL); jsonb tells how obj was
// given (the text of its values).
func PopulateRecord(names []string, ts []types.Type, base any, obj types.JSONB, jsonb bool) (types.Record, error) {
	r := types.Record{Names: names, Types: ts, Values: make([]any, len(ts))}
	if b, ok := base.(types.Record); ok {
		copy(r.Values, b.Values)
	}
	for i, n := range names {
		v, ok := types.JSONField(obj, n)
		if !ok {
			continue
		}
		x, err := populateValue(ts[i], v, jsonb)
		if err != nil {
			return types.Record{}, err
		}
		r.Values[i] = x
	}
	return r, nil
}

// populateValue converts JSON value v to a value of t (populate_record_field).
func populateValue(t types.Type, v types.JSONB, jsonb bool) (any, error) {
	switch {
	case v.Kind == types.JSONNull:
		return nil, nil
	case t.Kind == types.KindJSONB:
		if jsonb {
			return v, nil
		}
		return types.ParseJSONB(v.Raw)
	case t.Kind == types.KindJSON:
		return jsonText(v, jsonb), nil
	case v.Kind == types.JSONArray && types.IsArray(t.Kind):
		return populateArray(t, v, jsonb)
	case v.Kind == types.JSONString:
		return types.ParseText(t, v.Str)
	}
	return types.ParseText(t, jsonText(v, jsonb))
}

// jsonText is v's JSON text: as written for json input, jsonb's text
// for jsonb input.
func jsonText(v types.JSONB, jsonb bool) string {
	if jsonb {
		return string(types.AppendJSONB(nil, v))
	}
	return v.Raw
}

// populateArray converts JSON array v to an array of type t, element
// by element. An array of arrays would be multidimensional: 0A000.
func populateArray(t types.Type, v types.JSONB, jsonb bool) (any, error) {
	et, _ := types.ElemType(t)
	if len(v.Elems) > 0 && v.Elems[0].Kind == types.JSONArray {
		return nil, pgerror.NotSupported("multidimensional arrays")
	}
	out := make(types.Array, len(v.Elems))
	for i, e := range v.Elems {
		x, err := populateValue(et, e, jsonb)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}
