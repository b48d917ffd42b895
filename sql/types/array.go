package types

import (
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Array is the value of a one-dimensional array (lower bound 1): its
// elements as values of the element kind (int64 for integer[], string for
// text[], Vector for vector[] ...), nil for a NULL element. The array's
// Type gives the element type: ElemType.
type Array []any

// arrayKinds pairs every array kind with its element kind; the single
// source of which arrays exist (PostgreSQL pg_type.typelem).
var arrayKinds = [...]struct{ array, elem Kind }{
	{KindBoolArray, KindBool},
	{KindInt2Array, KindInt2},
	{KindInt4Array, KindInt4},
	{KindInt8Array, KindInt8},
	{KindFloat4Array, KindFloat4},
	{KindFloat8Array, KindFloat8},
	{KindNumericArray, KindNumeric},
	{KindTextArray, KindText},
	{KindVarcharArray, KindVarchar},
	{KindBpcharArray, KindBpchar},
	{KindByteaArray, KindBytea},
	{KindDateArray, KindDate},
	{KindTimestampArray, KindTimestamp},
	{KindTimestamptzArray, KindTimestamptz},
	{KindUUIDArray, KindUUID},
	{KindJSONBArray, KindJSONB},
	{KindJSONArray, KindJSON},
	{KindCstringArray, KindCstring},
	{KindVectorArray, KindVector},
	{KindHalfvecArray, KindHalfvec},
	{KindSparsevecArray, KindSparsevec},
	{KindBitArray, KindBit},
	{KindVarbitArray, KindVarbit},
	{KindOIDArray, KindOID}, // before oidvector: ArrayOf(oid) is oid[]
	{KindNameArray, KindName},
	{KindRegtypeArray, KindRegtype},
	{KindRegclassArray, KindRegclass},
	{KindInt2Vector, KindInt2},
	{KindOIDVector, KindOID},
	{KindRecordArray, KindRecord}, // record[]: array_agg of rows (record.go)
}

// IsArray reports whether k is an array kind.
func IsArray(k Kind) bool {
	_, ok := elemKindOf(k)
	return ok
}

func elemKindOf(k Kind) (Kind, bool) {
	for _, p := range arrayKinds {
		if p.array == k {
			return p.elem, true
		}
	}
	return KindUnknown, false
}

// ElemType returns the element type of array type t, with t's typmod (an
// array column's typmod is its elements', as in pg_attribute.atttypmod:
// varchar(10)[]); false when t is not an array.
func ElemType(t Type) (Type, bool) {
	ek, ok := elemKindOf(t.Kind)
	return Type{ek, t.Typmod}, ok
}

// ArrayOf returns the type of arrays of t (keeping t's typmod); false
// when vecgres has no array of t's kind.
func ArrayOf(t Type) (Type, bool) {
	for _, p := range arrayKinds {
		if p.elem == t.Kind {
			return Type{p.array, t.Typmod}, true
		}
	}
	return Unknown, false
}

// elementKind is the kind of an array kind's elements (KindUnknown when k
// is not an array).
func elementKind(k Kind) Kind {
	ek, _ := elemKindOf(k)
	return ek
}

// lookupArray resolves "_base" or "base[]": the element type with its
// modifiers (varchar(10)[]), then its array type. Errors: the element's,
// with 42704 naming "base[]"; 0A000 when base has no array type here.
func lookupArray(name, base string, mods []int32) (Type, error) {
	et, err := LookupType(base, mods)
	if err != nil {
		if pe, ok := err.(*pgerror.Error); ok && pe.Code == pgerror.UndefinedObject {
			return Unknown, pgerror.Errorf(pgerror.UndefinedObject, "type \"%s[]\" does not exist", base)
		}
		return Unknown, err
	}
	at, ok := ArrayOf(et)
	if !ok {
		return Unknown, pgerror.NotSupported("type " + name)
	}
	return at, nil
}

// asArray reads an array value's elements (a ShapedArray's in row-major
// order): an Array, or the []float64 / []int64
// slices older callers build for float and integer arrays.
func asArray(d any) (Array, bool) {
	switch x := d.(type) {
	case Array:
		return x, true
	case ShapedArray:
		return x.Elems, true
	case []float64:
		out := make(Array, len(x))
		for i, f := range x {
			out[i] = f
		}
		return out, true
	case []int64:
		out := make(Array, len(x))
		for i, n := range x {
			out[i] = n
		}
		return out, true
	}
	return nil, false
}

// ArrayLength is array_length(a, 1) and cardinality(a) for a
// one-dimensional array: the element count, ok false for an empty array
// (PostgreSQL returns NULL for array_length of an empty array).
func ArrayLength(d any) (int, bool) {
	a, _ := asArray(d)
	return len(a), len(a) > 0
}

// ArrayElem is a[i] (1-based): the element, or nil when i is out of range
// or the element is NULL.
func ArrayElem(d any, i int64) any {
	a, _ := asArray(d)
	if i < 1 || i > int64(len(a)) {
		return nil
	}
	return a[i-1]
}

// AsArray returns the elements of an array value (an Array, or a legacy
// []float64 / []int64); false for any other value.
func AsArray(d any) (Array, bool) { return asArray(d) }

// compareArrays is array_cmp for one dimension: element by element, a
// NULL element above any other and equal to NULL, then the shorter array
// first.
func compareArrays(a, b Array) int {
	return compareSlices(a, b, func(x, y any) int {
		switch {
		case x == nil && y == nil:
			return 0
		case x == nil:
			return 1
		case y == nil:
			return -1
		}
		return Compare(x, y)
	})
}
