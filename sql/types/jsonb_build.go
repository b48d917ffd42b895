package types

// Constructors of jsonb values for the jsonb functions (planner/sem).

// NewJSONBObject is the object of keys and vals (parallel slices) in
// jsonb's key order, the last of duplicate keys kept, as jsonb_in and
// jsonb_build_object build it.
func NewJSONBObject(keys []string, vals []JSONB) JSONB { return makeObject(keys, vals) }

// NewJSONBArray is the array of elems.
func NewJSONBArray(elems []JSONB) JSONB {
	if elems == nil {
		elems = []JSONB{}
	}
	return JSONB{Kind: JSONArray, Elems: elems}
}

// JSONBString is the JSON string s.
func JSONBString(s string) JSONB { return JSONB{Kind: JSONString, Str: s} }

// JSONBNull is JSON null.
var JSONBNull = JSONB{Kind: JSONNull}

// IsRawScalar reports whether v is a scalar (not an array or object), as
// a top-level jsonb scalar is stored.
func (v JSONB) IsRawScalar() bool { return isScalarJSON(v) }

// AppendJSONString appends s as a JSON string literal, escaped as
// jsonb_out escapes it.
func AppendJSONString(buf []byte, s string) []byte { return appendJSONString(buf, s) }
