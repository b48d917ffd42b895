package types

import (
	"math"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestCast(t *testing.T) {
	f4a := Type{KindFloat4Array, NoTypmod}
	f8a := Type{KindFloat8Array, NoTypmod}
	i4a := Type{KindInt4Array, NoTypmod}
	tests := []struct {
		d        any
		from, to Type
		explicit bool
		want     any
	}{
		{"[1,2]", Unknown, VectorOf(2), false, Vector{1, 2}},
		{"42", Unknown, Int4, false, int64(42)},
		{int64(7), Int4, Int8, false, int64(7)},
		{int64(7), Int8, Int2, false, int64(7)},
		{int64(16777217), Int4, Float4, false, float64(16777216)},
		{int64(3), Int8, Float8, false, 3.0},
		{int64(3), Int4, Numeric, false, dec("3")},
		{2.5, Float8, Int4, true, int64(2)}, // rint: half to even
		{3.5, Float8, Int4, true, int64(4)},
		{-2.5, Float4, Int8, true, int64(-2)},
		{dec("2.5"), Numeric, Int4, true, int64(3)}, // numeric: half away from zero
		{dec("-2.5"), Numeric, Int2, true, int64(-3)},
		{0.1, Float8, Float4, false, float64(float32(0.1))},
		{dec("0.1"), Numeric, Float8, false, 0.1},
		{1.5, Float8, Numeric, false, dec("1.5")},
		{int64(12), Int4, Text, true, "12"},
		{0.1, Float4, Text, true, "0.1"},
		{true, Bool, Text, true, "true"},
		{false, Bool, Varchar, true, "false"},
		{"yes", Text, Bool, true, true},
		{"ab  ", Type{KindBpchar, 4}, Text, false, "ab"},
		{"abc", Text, Type{KindVarchar, 2}, true, "ab"},
		{"abc", Varchar, Text, false, "abc"},
		{"[1,2,3]", Text, VectorOf(3), true, Vector{1, 2, 3}},
		{Vector{1, 2}, VectorOf(NoTypmod), Text, true, "[1,2]"},
		{[]float64{1, 2}, f8a, VectorOf(2), false, Vector{1, 2}},
		{[]float64{0.5}, f4a, VectorOf(NoTypmod), false, Vector{0.5}},
		{[]int64{1, -2}, i4a, VectorOf(NoTypmod), false, Vector{1, -2}},
		{Vector{1.5, 2}, VectorOf(2), f4a, false, Array{1.5, 2.0}},
		{Vector{1, 2}, VectorOf(NoTypmod), VectorOf(2), false, Vector{1, 2}},
		{[]int64{1, 2}, i4a, f8a, false, Array{1.0, 2.0}},
		{[]float64{1.5, 2.5}, f8a, i4a, false, Array{int64(2), int64(2)}},
		{int64(16385), Int8, OIDType, false, int64(16385)},
		{int64(-1), Int4, OIDType, false, int64(4294967295)},
		{int64(4294967295), OIDType, Int4, false, int64(-1)},
		{int64(4294967295), OIDType, Int8, false, int64(4294967295)},
		{int64(OIDVector), Regtype, OIDType, false, int64(OIDVector)},
		{int64(OIDVector), Regtype, Text, true, "vector"},
		{"vector", Text, Regtype, true, int64(OIDVector)},
		{true, Bool, Int4, true, int64(1)},
		{int64(0), Int4, Bool, true, false},
	}
	for _, tt := range tests {
		got, err := Cast(tt.d, tt.from, tt.to, tt.explicit)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Cast(%#v, %s, %s, %v) = %#v, %v; want %#v", tt.d, tt.from.Name(), tt.to.Name(), tt.explicit, got, err, tt.want)
		}
	}
}

func TestCastErrors(t *testing.T) {
	f4a := Type{KindFloat4Array, NoTypmod}
	f8a := Type{KindFloat8Array, NoTypmod}
	i4a := Type{KindInt4Array, NoTypmod}
	rng := pgerror.NumericValueOutOfRange
	tests := []struct {
		d        any
		from, to Type
		explicit bool
		code     pgerror.Code
		msg      string
	}{
		{int64(40000), Int4, Int2, true, rng, "smallint out of range"},
		{int64(1 << 40), Int8, Int4, false, rng, "integer out of range"},
		{3e9, Float8, Int4, true, rng, "integer out of range"},
		{9.223372036854775807e18, Float8, Int8, true, rng, "bigint out of range"},
		{math.NaN(), Float8, Int4, true, rng, "integer out of range"},
		{NumericNaN, Numeric, Int4, true, pgerror.FeatureNotSupported, "cannot convert NaN to integer"},
		{NumericPosInf, Numeric, Int8, true, pgerror.FeatureNotSupported, "cannot convert infinity to bigint"},
		{1e39, Float8, Float4, true, rng, "value out of range: overflow"},
		{1e-50, Float8, Float4, true, rng, "value out of range: underflow"},
		{dec("1e39"), Numeric, Float4, true, rng, `"1000000000000000000000000000000000000000" is out of range for type real`},
		{int64(-1), Int8, OIDType, true, rng, "OID out of range"},
		{"[1,2,3,4]", Unknown, VectorOf(3), false, pgerror.DataException, "expected 3 dimensions, not 4"},
		{"[1,2,3,4]", Text, VectorOf(3), true, pgerror.DataException, "expected 3 dimensions, not 4"},
		{Vector{1, 2, 3, 4}, VectorOf(NoTypmod), VectorOf(3), false, pgerror.DataException, "expected 3 dimensions, not 4"},
		{[]float64{1, 2, 3, 4}, f8a, VectorOf(3), false, pgerror.DataException, "expected 3 dimensions, not 4"},
		{[]float64{1, math.NaN()}, f8a, VectorOf(NoTypmod), false, pgerror.DataException, "NaN not allowed in vector"},
		{[]float64{1e39}, f8a, VectorOf(NoTypmod), false, pgerror.DataException, "infinite value not allowed in vector"},
		{[]float64{math.Inf(-1)}, f4a, VectorOf(NoTypmod), false, pgerror.DataException, "infinite value not allowed in vector"},
		{[]int64{}, i4a, VectorOf(NoTypmod), false, pgerror.DataException, "vector must have at least 1 dimension"},
		{make([]float64, 16001), f8a, VectorOf(NoTypmod), false, pgerror.ProgramLimitExceeded, "vector cannot have more than 16000 dimensions"},
		{"abc", Text, Type{KindVarchar, 2}, false, pgerror.StringDataRightTruncation, "value too long for type character varying(2)"},
		{"abc", Text, Int4, false, pgerror.CannotCoerce, "cannot cast type text to integer"},
		{int64(1), Int4, Text, false, pgerror.CannotCoerce, "cannot cast type integer to text"},
		{int64(1), Int4, VectorOf(3), true, pgerror.CannotCoerce, "cannot cast type integer to vector"},
		{Vector{1}, VectorOf(3), f8a, true, pgerror.CannotCoerce, "cannot cast type vector to double precision[]"},
		{true, Bool, Int4, false, pgerror.CannotCoerce, "cannot cast type boolean to integer"},
		{true, Bool, Float8, true, pgerror.CannotCoerce, "cannot cast type boolean to double precision"},
		{"x", Text, Int4, true, pgerror.InvalidTextRepresentation, `invalid input syntax for type integer: "x"`},
	}
	for _, tt := range tests {
		_, err := Cast(tt.d, tt.from, tt.to, tt.explicit)
		wantError(t, "Cast "+tt.from.Name()+" to "+tt.to.Name(), err, tt.code, tt.msg, "")
	}
}
