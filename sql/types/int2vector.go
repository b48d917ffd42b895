package types

import (
	"encoding/binary"
	"math"
	"strconv"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// int2vector and oidvector (PostgreSQL 15 src/backend/utils/adt/int.c
// int2vectorin/out, oid.c oidvectorin/out): one-dimensional arrays of
// int2 or oid whose lower bound is 0, so indkey[0] is the first column.
// Their values are Array (int64 elements, never NULL). Text form: the
// elements in decimal separated by one space, no braces ("1 2", "" when
// empty); binary form: array_send's with lower bound 0. They behave as
// arrays wherever PostgreSQL lets them (subscripts, = ANY, unnest,
// array_length, casts to other arrays), but nothing casts to them except
// text input.

// IsCatalogVector reports whether k is int2vector or oidvector.
func IsCatalogVector(k Kind) bool { return k == KindInt2Vector || k == KindOIDVector }

// LowerBound is the subscript of an array kind's first element: 0 for
// int2vector and oidvector, 1 for every other array.
func LowerBound(k Kind) int64 {
	if IsCatalogVector(k) {
		return 0
	}
	return 1
}

// ArrayElemAt is a[i] for a value of array kind k: the element at
// subscript i counted from k's lower bound, nil when out of range.
func ArrayElemAt(k Kind, d any, i int64) any {
	return ArrayElem(d, i-LowerBound(k)+1)
}

// parseCatalogVector is int2vectorin or oidvectorin: elements separated
// by whitespace. int2vector reads each with strtol and requires a space
// or the end after it; oidvector reads each with oidin_subr, so the next
// element starts right after the digits. Errors quote the rest of the
// input from the failing element, as PostgreSQL does: 22P02 `invalid
// input syntax for type smallint: "2x 3"`, 22003 `value "99999" is out
// of range for type smallint` (oid likewise).
func parseCatalogVector(s string, k Kind) (Array, error) {
	name := "smallint"
	if k == KindOIDVector {
		name = "oid"
	}
	out := Array{}
	for i := 0; ; {
		for i < len(s) && isCSpace(s[i]) {
			i++
		}
		if i == len(s) {
			return out, nil
		}
		rest := s[i:]
		n := scanCInteger(rest)
		if n == 0 {
			return nil, syntaxError(name, rest)
		}
		v, err := strconv.ParseInt(rest[:n], 10, 64)
		if err != nil || !catalogVectorInRange(k, v) {
			return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "value \"%s\" is out of range for type %s", rest, name)
		}
		if k == KindInt2Vector && n < len(rest) && rest[n] != ' ' {
			return nil, syntaxError(name, rest)
		}
		if k == KindOIDVector {
			v = int64(uint32(v)) // oidin: -1 is 4294967295
		}
		out = append(out, v)
		i += n
	}
}

// scanCInteger is the length of the optional sign and decimal digits at
// the start of s, as strtol reads them; 0 when there are no digits.
func scanCInteger(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == start {
		return 0
	}
	return i
}

// catalogVectorInRange checks an element as int2vectorin (smallint) or
// oidin (any int32 or uint32 value) does.
func catalogVectorInRange(k Kind, v int64) bool {
	if k == KindInt2Vector {
		return v >= math.MinInt16 && v <= math.MaxInt16
	}
	return v >= math.MinInt32 && v <= math.MaxUint32
}

// appendCatalogVector is int2vectorout / oidvectorout.
func appendCatalogVector(buf []byte, d any) []byte {
	a, _ := asArray(d)
	for i, e := range a {
		if i > 0 {
			buf = append(buf, ' ')
		}
		n, _ := asInt(e)
		buf = strconv.AppendInt(buf, n, 10)
	}
	return buf
}

// appendCatalogVectorBinary is int2vectorsend / oidvectorsend: array_send
// of a one-dimensional array with lower bound 0 (ndim stays 1 when empty).
func appendCatalogVectorBinary(buf []byte, t Type, d any) []byte {
	a, _ := asArray(d)
	et, _ := ElemType(t)
	for _, w := range []uint32{1, 0, et.OID(), uint32(len(a)), 0} {
		buf = binary.BigEndian.AppendUint32(buf, w)
	}
	for _, e := range a {
		n, _ := asInt(e)
		if et.Kind == KindInt2 {
			buf = binary.BigEndian.AppendUint32(buf, 2)
			buf = binary.BigEndian.AppendUint16(buf, uint16(n))
			continue
		}
		buf = binary.BigEndian.AppendUint32(buf, 4)
		buf = binary.BigEndian.AppendUint32(buf, uint32(n))
	}
	return buf
}

// decodeCatalogVector is int2vectorrecv / oidvectorrecv: array_recv, then
// 22P03 "invalid int2vector data" unless the array has one dimension,
// lower bound 0 and no NULL element (so an empty one is refused, as in
// PostgreSQL).
func decodeCatalogVector(b []byte, t Type) (any, error) {
	d, err := decodeArray(b, t)
	if err != nil {
		return nil, err
	}
	_, _, a, _ := ArrayShape(d)
	bad := len(b) < 20 || binary.BigEndian.Uint32(b) != 1 || binary.BigEndian.Uint32(b[16:]) != 0
	for _, e := range a {
		bad = bad || e == nil
	}
	if bad {
		return nil, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "invalid %s data", t.Kind.info().name)
	}
	return a, nil
}
