package types

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/vecgres/vecgres/vecindex/fp16"
)

// Key tags: the first byte of every value's key, so values of different
// shapes never share a key. Part of no stored format: keys live in memory
// only (hash maps of ANALYZE, DISTINCT, GROUP BY).
const (
	keyNull byte = iota
	keyFalse
	keyTrue
	keyInt
	keyFloat
	keyNumeric
	keyString
	keyBytes
	keyUUID
	keyVector
	keyArray
	keyJSONNull
	keyJSONString
	keyJSONNumber
	keyJSONFalse
	keyJSONTrue
	keyJSONArray
	keyJSONObject
	keyHalfvec
	keyBits
	keySparsevec
	keyRecord
	keyInterval
	keyShapedArray
)

// AppendKey appends the canonical key of datum v (nil for NULL) to b: a
// byte string that is equal for two values of one kind exactly when
// Compare says they are equal, so string(key) can index a Go map for any
// type (a Datum itself cannot: JSONB, Array and []byte are unhashable, and
// == would split 1.5 from 1.50 or -0 from 0). Canonical forms: a float's
// NaN is one NaN and -0 is 0 (float8_cmp); a numeric drops trailing
// fractional zeros (hash_numeric ignores the scale); a jsonb number
// likewise (1.0 = 1, as jsonb equality); strings, bytea and uuid are their
// bytes. Variable-length parts are length-prefixed, so a key never is the
// prefix of another's concatenation. It panics on a Go type that is no
// Datum, as Compare.
func AppendKey(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, keyNull)
	case bool:
		if x {
			return append(b, keyTrue)
		}
		return append(b, keyFalse)
	case int64:
		return binary.BigEndian.AppendUint64(append(b, keyInt), uint64(x))
	case Reg: // the OID alone: = on regclass is = on oid
		return binary.BigEndian.AppendUint64(append(b, keyInt), uint64(x.OID))
	case float64:
		return appendFloatKey(append(b, keyFloat), x)
	case Decimal:
		return appendStringKey(append(b, keyNumeric), x.Normalized().String())
	case string:
		return appendStringKey(append(b, keyString), x)
	case []byte:
		return appendStringKey(append(b, keyBytes), string(x))
	case UUID:
		return append(append(b, keyUUID), x[:]...)
	case Vector:
		b = appendLen(append(b, keyVector), len(x))
		for _, f := range x {
			b = appendFloatKey(b, float64(f))
		}
		return b
	case HalfVec:
		b = appendLen(append(b, keyHalfvec), len(x))
		for _, h := range x {
			b = appendFloatKey(b, float64(fp16.ToFloat32(h)))
		}
		return b
	case Bits:
		b = binary.BigEndian.AppendUint64(append(b, keyBits), uint64(x.Len))
		return append(b, x.Data...)
	case SparseVec:
		b = appendLen(append(b, keySparsevec), int(x.Dim))
		b = appendLen(b, len(x.Indices))
		for k, i := range x.Indices {
			b = appendFloatKey(appendLen(b, int(i)), float64(x.Values[k]))
		}
		return b
	case Interval:
		return appendIntervalKey(append(b, keyInterval), x)
	case JSONB:
		return appendJSONKey(b, x)
	case Record:
		b = appendLen(append(b, keyRecord), len(x.Values))
		for _, e := range x.Values {
			b = AppendKey(b, e)
		}
		return b
	}
	if x, ok := v.(ShapedArray); ok {
		return appendShapedKey(b, x)
	}
	if a, ok := asArray(v); ok {
		b = appendLen(append(b, keyArray), len(a))
		for _, e := range a {
			b = AppendKey(b, e)
		}
		return b
	}
	panic(fmt.Sprintf("types.AppendKey: no key for %T", v))
}

// appendFloatKey appends f's IEEE 754 bits with every NaN as one NaN and
// -0 as 0.
func appendFloatKey(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		f = math.NaN()
	case f == 0:
		f = 0
	}
	return binary.BigEndian.AppendUint64(b, math.Float64bits(f))
}

func appendLen(b []byte, n int) []byte { return binary.AppendUvarint(b, uint64(n)) }

func appendStringKey(b []byte, s string) []byte { return append(appendLen(b, len(s)), s...) }

// appendJSONKey appends the key of a jsonb value: its kind, then its
// string, its number without trailing fractional zeros, or its elements
// (and keys, already unique and sorted) recursively.
func appendJSONKey(b []byte, j JSONB) []byte {
	switch j.Kind {
	case JSONNull:
		return append(b, keyJSONNull)
	case JSONString:
		return appendStringKey(append(b, keyJSONString), j.Str)
	case JSONNumber:
		return appendStringKey(append(b, keyJSONNumber), trimFractionZeros(j.Str))
	case JSONBool:
		if j.Bool {
			return append(b, keyJSONTrue)
		}
		return append(b, keyJSONFalse)
	case JSONArray:
		b = appendLen(append(b, keyJSONArray), len(j.Elems))
		for _, e := range j.Elems {
			b = appendJSONKey(b, e)
		}
		return b
	}
	b = appendLen(append(b, keyJSONObject), len(j.Keys))
	for i, k := range j.Keys {
		b = appendJSONKey(appendStringKey(b, k), j.Elems[i])
	}
	return b
}

// trimFractionZeros turns a canonical numeric text ("1.50", "2.0", "10",
// "-0.0") into its value's shortest form ("1.5", "2", "10", "0"); jsonb
// numbers have no exponent.
func trimFractionZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}
