package types

import "strings"

// The jsonb operators (PostgreSQL docs 9.16, jsonfuncs.c and
// jsonb_util.c). A top-level scalar behaves as PostgreSQL's "raw scalar":
// a one-element array for containment, existence and comparison.

// Field is jsonb -> text: the value of key in an object; false when v is
// not an object or has no such key.
func (v JSONB) Field(key string) (JSONB, bool) {
	if v.Kind != JSONObject {
		return JSONB{}, false
	}
	for i, k := range v.Keys {
		if k == key {
			return v.Elems[i], true
		}
	}
	return JSONB{}, false
}

// Index is jsonb -> integer: element i of an array (negative counts from
// the end; a top-level scalar is a one-element array, as in PostgreSQL);
// false when out of range or v is an object.
func (v JSONB) Index(i int64) (JSONB, bool) {
	if v.Kind == JSONObject {
		return JSONB{}, false
	}
	v = wrapRaw(v)
	n := int64(len(v.Elems))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return JSONB{}, false
	}
	return v.Elems[i], true
}

// Text is the ->> result of v: a string unescaped, null as SQL NULL
// (false), anything else as jsonb_out prints it.
func (v JSONB) Text() (string, bool) {
	switch v.Kind {
	case JSONNull:
		return "", false
	case JSONString:
		return v.Str, true
	}
	return v.String(), true
}

// Exists is jsonb ? text: key is a key of an object, or a string element
// of an array, or the string itself at top level.
func (v JSONB) Exists(key string) bool {
	switch v.Kind {
	case JSONObject:
		_, ok := v.Field(key)
		return ok
	case JSONArray:
		for _, e := range v.Elems {
			if e.Kind == JSONString && e.Str == key {
				return true
			}
		}
	case JSONString:
		return v.Str == key
	}
	return false
}

// Contains is jsonb @> jsonb (JsonbDeepContains at the top level): an
// object contains an object whose every pair it contains; an array
// contains an array (or a top-level scalar) whose every element matches
// one of its elements; a scalar contains only an equal scalar.
func (v JSONB) Contains(w JSONB) bool {
	vs, ws := isScalarJSON(v), isScalarJSON(w)
	switch {
	case vs && ws:
		return equalScalars(v, w)
	case v.Kind == JSONObject || w.Kind == JSONObject:
		return v.Kind == JSONObject && w.Kind == JSONObject && deepContains(v, w)
	case vs:
		return false // a raw scalar never contains an array
	case ws:
		return deepContains(v, JSONB{Kind: JSONArray, Elems: []JSONB{w}})
	}
	return deepContains(v, w)
}

func isScalarJSON(v JSONB) bool { return v.Kind != JSONArray && v.Kind != JSONObject }

func equalScalars(a, b JSONB) bool {
	return a.Kind == b.Kind && compareScalars(a, b) == 0
}

// deepContains compares two containers of the same kind.
func deepContains(v, w JSONB) bool {
	if v.Kind != w.Kind {
		return false
	}
	if v.Kind == JSONObject {
		for i, k := range w.Keys {
			lv, ok := v.Field(k)
			rv := w.Elems[i]
			if !ok || lv.Kind != rv.Kind {
				return false
			}
			if isScalarJSON(rv) && !equalScalars(lv, rv) || !isScalarJSON(rv) && !deepContains(lv, rv) {
				return false
			}
		}
		return true
	}
	for _, rv := range w.Elems {
		if !arrayHas(v, rv) {
			return false
		}
	}
	return true
}

// arrayHas reports whether an element of array v equals scalar rv or
// contains container rv.
func arrayHas(v, rv JSONB) bool {
	for _, e := range v.Elems {
		if isScalarJSON(rv) && equalScalars(e, rv) || !isScalarJSON(rv) && !isScalarJSON(e) && deepContains(e, rv) {
			return true
		}
	}
	return false
}

func compareScalars(a, b JSONB) int {
	switch a.Kind {
	case JSONString:
		return strings.Compare(a.Str, b.Str)
	case JSONNumber:
		return compareNumericText(a.Str, b.Str)
	case JSONBool:
		return compareBool(a.Bool, b.Bool)
	}
	return 0
}

// CompareJSONB is jsonb's B-tree order (compareJsonbContainers): object >
// array > boolean > number > string > null; objects with more pairs and
// arrays with more elements are greater; then pairwise (key, value) or
// element-wise. A top-level scalar sorts as a one-element array that is
// below any other one-element array and above the empty array.
func CompareJSONB(a, b JSONB) int {
	ar, br := wrapRaw(a), wrapRaw(b)
	if ar.Kind == JSONArray && br.Kind == JSONArray {
		if c := compareOrdered(int64(len(ar.Elems)), int64(len(br.Elems))); c != 0 {
			return c
		}
		if ra, rb := isScalarJSON(a), isScalarJSON(b); ra != rb {
			if ra {
				return -1
			}
			return 1
		}
	}
	return compareJSONValues(ar, br)
}

func wrapRaw(v JSONB) JSONB {
	if isScalarJSON(v) {
		return JSONB{Kind: JSONArray, Elems: []JSONB{v}}
	}
	return v
}

func compareJSONValues(a, b JSONB) int {
	if a.Kind != b.Kind {
		return compareOrdered(int64(a.Kind), int64(b.Kind))
	}
	switch a.Kind {
	case JSONArray:
		if c := compareOrdered(int64(len(a.Elems)), int64(len(b.Elems))); c != 0 {
			return c
		}
		for i := range a.Elems {
			if c := compareJSONValues(a.Elems[i], b.Elems[i]); c != 0 {
				return c
			}
		}
		return 0
	case JSONObject:
		if c := compareOrdered(int64(len(a.Keys)), int64(len(b.Keys))); c != 0 {
			return c
		}
		for i := range a.Keys {
			if c := strings.Compare(a.Keys[i], b.Keys[i]); c != 0 {
				return c
			}
			if c := compareJSONValues(a.Elems[i], b.Elems[i]); c != 0 {
				return c
			}
		}
		return 0
	}
	return compareScalars(a, b)
}
