package types

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/vecgres/vecgres/vecindex/fp16"
)

// compareHalf orders two halves by their float values (halfvec_cmp; a
// halfvec holds no NaN).
func compareHalf(p, q uint16) int {
	return compareFloat(float64(fp16.ToFloat32(p)), float64(fp16.ToFloat32(q)))
}

// Compare orders two non-nil values of the same kind: -1, 0 or 1. Integers
// and floats compare numerically (and with each other); NaN equals NaN and
// sorts above every other number, as PostgreSQL's float8_cmp; strings in
// byte order (the C collation); false before true. Vectors compare
// element-wise then by length, as pgvector's vector_cmp; float and integer
// arrays likewise. bytea and uuid compare bytewise; dates and timestamps
// are int64; jsonb uses CompareJSONB. It panics on values of different, incomparable kinds,
// which the planner never pairs.
func Compare(a, b any) int {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return compareOrdered(x, y)
		}
		if y, ok := b.(Reg); ok { // oid against regclass
			return compareOrdered(x, y.OID)
		}
	case Reg:
		if y, ok := asInt(b); ok {
			return compareOrdered(x.OID, y)
		}
	case float64:
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			return compareBool(x, y)
		}
	case Vector:
		if y, ok := b.(Vector); ok {
			return compareSlices(x, y, func(p, q float32) int { return compareFloat(float64(p), float64(q)) })
		}
	case HalfVec:
		if y, ok := b.(HalfVec); ok {
			return compareSlices(x, y, compareHalf)
		}
	case Bits:
		if y, ok := b.(Bits); ok {
			return CompareBits(x, y)
		}
	case SparseVec:
		if y, ok := b.(SparseVec); ok {
			return CompareSparse(x, y)
		}
	case []float64:
		if y, ok := b.([]float64); ok {
			return compareSlices(x, y, compareFloat)
		}
	case []int64:
		if y, ok := b.([]int64); ok {
			return compareSlices(x, y, compareOrdered[int64])
		}
	case Interval:
		if y, ok := b.(Interval); ok {
			return CompareIntervals(x, y)
		}
	case Array:
		if y, ok := b.(ShapedArray); ok {
			return compareAnyArrays(x, y)
		}
		if y, ok := asArray(b); ok {
			return compareArrays(x, y)
		}
	case ShapedArray:
		if _, _, _, ok := ArrayShape(b); ok {
			return compareAnyArrays(x, b)
		}
	case []byte:
		if y, ok := b.([]byte); ok {
			return bytes.Compare(x, y)
		}
	case UUID:
		if y, ok := b.(UUID); ok {
			return bytes.Compare(x[:], y[:])
		}
	case JSONB:
		if y, ok := b.(JSONB); ok {
			return CompareJSONB(x, y)
		}
	case Record:
		if y, ok := b.(Record); ok {
			return compareRecords(x, y)
		}
	}
	if c, ok := compareNumeric(a, b); ok {
		return c
	}
	fa, okA := numberOf(a)
	fb, okB := numberOf(b)
	if okA && okB {
		return compareFloat(fa, fb)
	}
	panic(fmt.Sprintf("types.Compare: cannot compare %T with %T", a, b))
}

func numberOf(d any) (float64, bool) {
	switch x := d.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	}
	return 0, false
}

func compareOrdered[T int | int32 | int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareFloat is float8_cmp_internal: NaN = NaN > everything else; -0 = 0.
func compareFloat(a, b float64) int {
	na, nb := math.IsNaN(a), math.IsNaN(b)
	switch {
	case na && nb:
		return 0
	case na:
		return 1
	case nb:
		return -1
	}
	return compareOrdered(a, b)
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}

func compareSlices[T any](a, b []T, cmp func(T, T) int) int {
	for i := range min(len(a), len(b)) {
		if c := cmp(a[i], b[i]); c != 0 {
			return c
		}
	}
	return compareOrdered(int64(len(a)), int64(len(b)))
}
