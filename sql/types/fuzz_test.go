package types

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// requirePGError fails unless err is nil or a *pgerror.Error.
func requirePGError(t *testing.T, err error) {
	t.Helper()
	var pe *pgerror.Error
	if err != nil && !errors.As(err, &pe) {
		t.Fatalf("error %v is %T, not *pgerror.Error", err, err)
	}
}

func FuzzParseVector(f *testing.F) {
	for _, s := range []string{"[1,2,3]", " [ 1,  2 ,    3  ] ", "[1.45, 2.34E-2]", "[1e-46]", "[4e38,1]",
		"[1,NaN]", "[inf]", "[0x1.8p1]", "[1,2,3]9", "abc", "", "[]", "[-0,1e-45]", "[nan(x)]", "[.5e]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVector(s, NoTypmod)
		requirePGError(t, err)
		if err != nil {
			return
		}
		text := string(AppendVector(nil, v))
		w, err := ParseVector(text, int32(len(v)))
		if err != nil || !sameBits(v, w) {
			t.Fatalf("%q -> %q -> %v, %v", s, text, w, err)
		}
		bin := AppendVectorBinary(nil, v)
		w, err = DecodeVectorBinary(bin, NoTypmod)
		if err != nil || !sameBits(v, w) {
			t.Fatalf("%q binary round trip: %v, %v", s, w, err)
		}
	})
}

func sameBits(a, b Vector) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
}

func FuzzDecodeVectorBinary(f *testing.F) {
	f.Add([]byte{0, 3, 0, 0, 0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0, 0x40, 0x40, 0, 0})
	f.Add([]byte{0, 1, 0, 7, 0x3f, 0x80, 0, 0})
	f.Add([]byte{0xff, 0xff, 0, 0})
	f.Add([]byte{0, 2, 0, 0, 0x7f, 0xc0, 0, 0})
	f.Add([]byte{0, 1, 0, 0, 0x80, 0, 0, 0, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := DecodeVectorBinary(b, NoTypmod)
		requirePGError(t, err)
		if err != nil {
			return
		}
		if got := AppendVectorBinary(nil, v); !slices.Equal(got, b) {
			t.Fatalf("re-encoded %x, want %x", got, b)
		}
		w, err := ParseVector(string(AppendVector(nil, v)), NoTypmod)
		if err != nil || !sameBits(v, w) {
			t.Fatalf("text round trip of %x: %v, %v", b, w, err)
		}
	})
}

// scalarTypes are the types the scalar fuzz targets exercise.
var scalarTypes = []Type{Bool, Int2, Int4, Int8, Float4, Float8, Numeric, Text, Type{KindVarchar, 4},
	Type{KindBpchar, 4}, OIDType, Regtype, Type{KindFloat4Array, NoTypmod}, Type{KindFloat8Array, NoTypmod},
	Type{KindInt4Array, NoTypmod}, Type{KindNumericArray, NoTypmod}}

func FuzzParseScalarText(f *testing.F) {
	for _, s := range []string{"1", " -42 ", "99999999999", "1e39", "NaN", "-Infinity", "t", "off", "0.1",
		"{1,2.5}", "{\"1\", NULL}", "vector", "abc  ", "1e-50", "0x1p-2", "a\x00b", "\x00"} {
		for i := range scalarTypes {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, s string) {
		typ := scalarTypes[int(k)%len(scalarTypes)]
		d, err := ParseText(typ, s)
		requirePGError(t, err)
		if err != nil {
			return
		}
		text := string(AppendText(nil, typ, d))
		back, err := ParseText(typ, text)
		if err != nil || !sameDatum(d, back) {
			t.Fatalf("%s %q -> %q -> %#v, %v; want %#v", typ.Name(), s, text, back, err, d)
		}
		back, err = DecodeBinary(typ, AppendBinary(nil, typ, d))
		if err != nil || !sameDatum(d, back) {
			t.Fatalf("%s %q binary round trip: %#v, %v; want %#v", typ.Name(), s, back, err, d)
		}
	})
}

func FuzzDecodeScalarBinary(f *testing.F) {
	f.Add(uint8(6), []byte{0, 2, 0, 0, 0, 0, 0, 1, 0, 1, 0x13, 0x88})
	f.Add(uint8(14), []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 7})
	f.Add(uint8(7), []byte("hello"))
	f.Add(uint8(7), []byte("a\x00b"))
	f.Add(uint8(8), []byte{0})
	f.Add(uint8(9), []byte("ab\x00"))
	f.Fuzz(func(t *testing.T, k uint8, b []byte) {
		typ := scalarTypes[int(k)%len(scalarTypes)]
		d, err := DecodeBinary(typ, b)
		requirePGError(t, err)
		if err != nil {
			return
		}
		if s, ok := d.(string); ok && strings.IndexByte(s, 0) >= 0 {
			t.Fatalf("%s %x: accepted a NUL byte: %q", typ.Name(), b, s)
		}
		back, err := DecodeBinary(typ, AppendBinary(nil, typ, d))
		if err != nil || !sameDatum(d, back) {
			t.Fatalf("%s %x: %#v, %v; want %#v", typ.Name(), b, back, err, d)
		}
	})
}

// sameDatum is DeepEqual with NaN equal to NaN.
func sameDatum(a, b any) bool {
	if reflect.DeepEqual(a, b) {
		return true
	}
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && math.IsNaN(x) && math.IsNaN(y)
	case []float64:
		y, ok := b.([]float64)
		return ok && slices.EqualFunc(x, y, func(p, q float64) bool { return p == q || math.IsNaN(p) && math.IsNaN(q) })
	}
	return false
}
