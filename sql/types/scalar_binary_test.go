package types

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestBinaryEncodings(t *testing.T) {
	f8a := Type{KindFloat8Array, NoTypmod}
	f4a := Type{KindFloat4Array, NoTypmod}
	i4a := Type{KindInt4Array, NoTypmod}
	tests := []struct {
		typ  Type
		d    any
		wire string
	}{
		{Bool, true, "01"},
		{Bool, false, "00"},
		{Int2, int64(-2), "fffe"},
		{Int4, int64(258), "00000102"},
		{Int8, int64(-1), "ffffffffffffffff"},
		{Float4, 1.5, "3fc00000"},
		{Float8, -2.0, "c000000000000000"},
		{Text, "hé", "68c3a9"},
		{Varchar, "", ""},
		{OIDType, int64(4294967295), "ffffffff"},
		{Regtype, int64(OIDVector), "00004001"},
		{Numeric, dec("1.5"), "0002 0000 0000 0001 0001 1388"},
		{Numeric, dec("-123456.789"), "0003 0001 4000 0003 000c 0d80 1ed2"},
		{Numeric, dec("0"), "0000 0000 0000 0000"},
		{Numeric, dec("1e8"), "0001 0002 0000 0000 0001"},
		{Numeric, dec("0.00012"), "0002 ffff 0000 0005 0001 07d0"},
		{Numeric, NumericNaN, "0000 0000 c000 0000"},
		{Numeric, NumericNegInf, "0000 0000 f000 0020"},
		{VectorOf(NoTypmod), Vector{1.5, -2, 3}, "0003 0000 3fc00000 c0000000 40400000"},
		{f8a, Array{1.0, 2.0}, "00000001 00000000 000002bd 00000002 00000001 00000008 3ff0000000000000 00000008 4000000000000000"},
		{f4a, Array{1.5}, "00000001 00000000 000002bc 00000001 00000001 00000004 3fc00000"},
		{i4a, Array{int64(7)}, "00000001 00000000 00000017 00000001 00000001 00000004 00000007"},
		{i4a, Array{}, "00000000 00000000 00000017"},
	}
	for _, tt := range tests {
		want := mustHex(t, tt.wire)
		if got := AppendBinary(nil, tt.typ, tt.d); !slices.Equal(got, want) {
			t.Errorf("AppendBinary(%s, %v) = %x, want %x", tt.typ.Name(), tt.d, got, want)
		}
		d, err := DecodeBinary(tt.typ, want)
		if err != nil {
			t.Errorf("DecodeBinary(%s, %x): %v", tt.typ.Name(), want, err)
			continue
		}
		if !reflect.DeepEqual(d, tt.d) && !(isNaN(d) && isNaN(tt.d)) {
			t.Errorf("DecodeBinary(%s, %x) = %#v, want %#v", tt.typ.Name(), want, d, tt.d)
		}
	}
}

func isNaN(d any) bool {
	f, ok := d.(float64)
	return ok && math.IsNaN(f)
}

func TestBinaryDecodeVariants(t *testing.T) {
	i4a := Type{KindInt4Array, NoTypmod}
	tests := []struct {
		typ  Type
		wire string
		want any
	}{
		{Bool, "07", true},
		// Any lower bound is accepted and kept; several dimensions too.
		{i4a, "00000001 00000000 00000017 00000001 00000005 00000004 00000007",
			ShapedArray{Dims: []int32{1}, Lbounds: []int32{5}, Elems: Array{int64(7)}}},
		{i4a, "00000001 00000000 00000017 00000001 00000001 00000004 00000007", Array{int64(7)}},
		{i4a, "00000002 00000001 00000017 00000002 00000001 00000001 00000000 00000004 00000007 ffffffff",
			ShapedArray{Dims: []int32{2, 1}, Lbounds: []int32{1, 0}, Elems: Array{int64(7), nil}}},
		{i4a, "00000002 00000000 00000017 00000000 00000001 00000003 00000001", Array{}},
		// numeric with trailing zero digits and a scale.
		{Numeric, "0002 0000 0000 0002 0001 0000", dec("1.00")},
		{Numeric, "0001 0000 4000 0000 0002", dec("-2")},
	}
	for _, tt := range tests {
		d, err := DecodeBinary(tt.typ, mustHex(t, tt.wire))
		if err != nil || !reflect.DeepEqual(d, tt.want) {
			t.Errorf("DecodeBinary(%s, %s) = %#v, %v; want %#v", tt.typ.Name(), tt.wire, d, err, tt.want)
		}
	}
}

func TestBinaryDecodeErrors(t *testing.T) {
	f8a := Type{KindFloat8Array, NoTypmod}
	short := pgerror.ProtocolViolation
	bad := pgerror.InvalidBinaryRepresentation
	tests := []struct {
		typ  Type
		wire string
		code pgerror.Code
		msg  string
	}{
		{Int4, "0001", short, "insufficient data left in message"},
		{Int4, "0000000100", bad, "incorrect binary data format"},
		{Int8, "00000001", short, "insufficient data left in message"},
		{Bool, "", short, "insufficient data left in message"},
		{Float8, "3ff0000000000000 00", bad, "incorrect binary data format"},
		{Text, "ff", "22021", `invalid byte sequence for encoding "UTF8": 0xff`},
		{Type{KindVarchar, 1}, "6162", pgerror.StringDataRightTruncation, "value too long for type character varying(1)"},
		{Numeric, "0001 0000 1234 0000 0001", bad, `invalid sign in external "numeric" value`},
		{Numeric, "0001 0000 0000 0000 2710", bad, `invalid digit in external "numeric" value`},
		{Numeric, "ffff 0000 0000 0000", short, "insufficient data left in message"}, // PostgreSQL 15: no ndigits limit
		{Numeric, "0000 0000 0000 4000", bad, `invalid scale in external "numeric" value`},
		{Numeric, "0001 0000 0000 0000", short, "insufficient data left in message"},
		{f8a, "00000001 00000000", short, "insufficient data left in message"},
		{f8a, "ffffffff 00000000 000002bd", bad, "invalid number of dimensions: -1"},
		{f8a, "00000007 00000000 000002bd", pgerror.ProgramLimitExceeded, "number of array dimensions (7) exceeds the maximum allowed (6)"},
		{f8a, "00000001 00000002 000002bd", bad, "invalid array flags"},
		{f8a, "00000001 00000000 000002bc 00000001 00000001 00000004 3f800000", pgerror.DatatypeMismatch,
			"binary data has array element type 700 (real) instead of expected 701 (double precision)"},
		{f8a, "00000001 00000000 000002bd 00000001 00000001 00000009 3ff0000000000000 00", bad, "improper binary format in array element 1"},
		{f8a, "00000001 00000000 000002bd 00000001 00000001 00000004 3ff00000", short, "insufficient data left in message"},
		{f8a, "00000001 00000000 000002bd 00000001 00000001 00000010 3ff0000000000000", bad, "insufficient data left in message"},
		{f8a, "00000001 00000000 000002bd 00000002 00000001 00000008 3ff0000000000000", short, "insufficient data left in message"},
		{f8a, "00000002 00000000 000002bd 00000001 00000001 00000001 00000001", short, "insufficient data left in message"},
		{f8a, "00000002 00000000 000002bd 00004000 00000001 00004000 00000001", pgerror.ProgramLimitExceeded, "array size exceeds the maximum allowed (134217727)"},
	}
	for _, tt := range tests {
		_, err := DecodeBinary(tt.typ, mustHex(t, tt.wire))
		wantError(t, tt.typ.Name()+" "+tt.wire, err, tt.code, tt.msg, "")
	}
}

// TestRoundTrips sends values of every type through text and binary.
func TestRoundTrips(t *testing.T) {
	values := []struct {
		typ Type
		d   any
	}{
		{Bool, true}, {Int2, int64(math.MinInt16)}, {Int4, int64(math.MaxInt32)}, {Int8, int64(math.MinInt64)},
		{Float4, float64(float32(3.1415927))}, {Float4, float64(float32(1e-45))}, {Float4, math.Inf(1)},
		{Float8, math.Pi}, {Float8, 5e-324}, {Float8, math.MaxFloat64},
		{Numeric, dec("123.456")}, {Numeric, dec("-1e-10")}, {Numeric, dec("1e300")},
		{Text, "x, y"}, {Varchar, "é"}, {Type{KindBpchar, 3}, "ab "},
		{OIDType, int64(16385)}, {Regtype, int64(OIDFloat8)},
		{VectorOf(3), Vector{0.1, -1e-30, 3.4028235e38}},
		{Type{KindFloat4Array, NoTypmod}, Array{float64(float32(0.1)), -2.0}},
		{Type{KindFloat8Array, NoTypmod}, Array{0.1, math.Inf(-1)}},
		{Type{KindInt4Array, NoTypmod}, Array{int64(math.MinInt32), int64(0), nil}},
	}
	for _, v := range values {
		text := string(AppendText(nil, v.typ, v.d))
		got, err := ParseText(v.typ, text)
		if err != nil || !reflect.DeepEqual(got, v.d) {
			t.Errorf("text %s %q: %#v, %v; want %#v", v.typ.Name(), text, got, err, v.d)
		}
		bin := AppendBinary(nil, v.typ, v.d)
		got, err = DecodeBinary(v.typ, bin)
		if err != nil || !reflect.DeepEqual(got, v.d) {
			t.Errorf("binary %s %x: %#v, %v; want %#v", v.typ.Name(), bin, got, err, v.d)
		}
	}
}
