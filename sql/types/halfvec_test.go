package types

import (
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestHalfvecText pins halfvec_in and halfvec_out: elements rounded to
// the nearest half and printed as the float4 value of the half.
func TestHalfvecText(t *testing.T) {
	tests := []struct{ in, out string }{
		{"[1,2,3]", "[1,2,3]"},
		{" [ 0.1 , -2.5e-3 ,65504] ", "[0.099975586,-0.002500534,65504]"},
		{"[65519]", "[65504]"},
		{"[1e-10,-1e-46,6e-8]", "[0,-0,5.9604645e-08]"},
		{"[1.0009765625,1.00048828125]", "[1.0009766,1]"},
	}
	for _, tt := range tests {
		v, err := ParseHalfvec(tt.in, NoTypmod)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := string(AppendText(nil, HalfvecOf(NoTypmod), v)); got != tt.out {
			t.Errorf("%q printed %s, want %s", tt.in, got, tt.out)
		}
	}
}

func TestHalfvecTextErrors(t *testing.T) {
	tests := []struct {
		in          string
		dims        int32
		code        pgerror.Code
		msg, detail string
	}{
		{"[65520,1]", NoTypmod, pgerror.NumericValueOutOfRange, `"65520" is out of range for type halfvec`, ""},
		{"[-1e5]", NoTypmod, pgerror.NumericValueOutOfRange, `"-1e5" is out of range for type halfvec`, ""},
		{"[4e38]", NoTypmod, pgerror.NumericValueOutOfRange, `"4e38" is out of range for type halfvec`, ""},
		{"[1,NaN]", NoTypmod, pgerror.DataException, "NaN not allowed in halfvec", ""},
		{"[-Infinity]", NoTypmod, pgerror.DataException, "infinite value not allowed in halfvec", ""},
		{"[]", NoTypmod, pgerror.DataException, "halfvec must have at least 1 dimension", ""},
		{"[1,,3]", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type halfvec: "[1,,3]"`, ""},
		{"1,2", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type halfvec: "1,2"`, `Vector contents must start with "[".`},
		{"[1]x", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type halfvec: "[1]x"`, "Junk after closing right brace."},
		{"[1,2]", 3, pgerror.DataException, "expected 3 dimensions, not 2", ""},
	}
	for _, tt := range tests {
		_, err := ParseHalfvec(tt.in, tt.dims)
		wantError(t, tt.in, err, tt.code, tt.msg, tt.detail)
	}
}

// TestHalfvecBinary: int16 dim, int16 unused, big-endian halves.
func TestHalfvecBinary(t *testing.T) {
	v := HalfVec{0x3e00, 0xc000, 0x4200} // 1.5, -2, 3
	b := AppendBinary(nil, HalfvecOf(NoTypmod), v)
	want := []byte{0, 3, 0, 0, 0x3e, 0, 0xc0, 0, 0x42, 0}
	if !slices.Equal(b, want) {
		t.Fatalf("send = % x, want % x", b, want)
	}
	got, err := DecodeBinary(HalfvecOf(3), b)
	if err != nil || !slices.Equal(got.(HalfVec), v) {
		t.Fatalf("recv = %v, %v", got, err)
	}
	_, err = DecodeBinary(HalfvecOf(2), b)
	wantError(t, "typmod", err, pgerror.DataException, "expected 2 dimensions, not 3", "")
	_, err = DecodeBinary(HalfvecOf(NoTypmod), []byte{0, 1, 0, 7, 0x3c, 0})
	wantError(t, "unused", err, pgerror.DataException, "expected unused to be 0, not 7", "")
	_, err = DecodeBinary(HalfvecOf(NoTypmod), []byte{0, 1, 0, 0, 0x7c, 0})
	wantError(t, "inf", err, pgerror.DataException, "infinite value not allowed in halfvec", "")
	_, err = DecodeBinary(HalfvecOf(NoTypmod), []byte{0, 1, 0, 0, 0x7e, 0})
	wantError(t, "nan", err, pgerror.DataException, "NaN not allowed in halfvec", "")
	_, err = DecodeBinary(HalfvecOf(NoTypmod), []byte{0, 2, 0, 0, 0x3c, 0})
	wantError(t, "short", err, pgerror.ProtocolViolation, "insufficient data left in message", "")
	_, err = DecodeBinary(HalfvecOf(NoTypmod), []byte{0, 0, 0, 0})
	wantError(t, "zero dims", err, pgerror.DataException, "halfvec must have at least 1 dimension", "")
}

// TestHalfvecCasts: vector <-> halfvec, arrays -> halfvec, halfvec -> real[].
func TestHalfvecCasts(t *testing.T) {
	hv := HalfvecOf(NoTypmod)
	got, err := Cast(Vector{0.1, 2}, VectorOf(NoTypmod), hv, false)
	if err != nil || string(AppendText(nil, hv, got)) != "[0.099975586,2]" {
		t.Fatalf("vector->halfvec = %v, %v", got, err)
	}
	back, err := Cast(got, hv, VectorOf(2), false)
	if err != nil || !slices.Equal(back.(Vector), Vector{0.099975586, 2}) {
		t.Fatalf("halfvec->vector = %v, %v", back, err)
	}
	_, err = Cast(Vector{1e5}, VectorOf(NoTypmod), hv, false)
	wantError(t, "vector 1e5", err, pgerror.NumericValueOutOfRange, `"100000" is out of range for type halfvec`, "")
	_, err = Cast(got, hv, VectorOf(3), false)
	wantError(t, "typmod", err, pgerror.DataException, "expected 3 dimensions, not 2", "")
	f4 := Type{KindFloat4Array, NoTypmod}
	arr, err := Cast(got, hv, f4, false)
	if err != nil || string(AppendText(nil, f4, arr)) != "{0.099975586,2}" {
		t.Fatalf("halfvec->real[] = %v, %v", arr, err)
	}
	for _, k := range []Kind{KindInt4Array, KindFloat8Array} {
		h, err := Cast(Array{int64(1), int64(2)}, Type{k, NoTypmod}, HalfvecOf(2), false)
		if err != nil || !slices.Equal(h.(HalfVec), HalfVec{0x3c00, 0x4000}) {
			t.Errorf("%v -> halfvec = %v, %v", k, h, err)
		}
	}
	_, err = Cast(Array{1.0, nil}, Type{KindFloat8Array, NoTypmod}, hv, false)
	wantError(t, "nulls", err, pgerror.NullValueNotAllowed, "array must not contain nulls", "")
	_, err = Cast(Array{1e300}, Type{KindFloat8Array, NoTypmod}, hv, false)
	wantError(t, "1e300", err, pgerror.DataException, "infinite value not allowed in halfvec", "")
	_, err = Cast(Array{}, Type{KindFloat8Array, NoTypmod}, hv, false)
	wantError(t, "empty", err, pgerror.DataException, "halfvec must have at least 1 dimension", "")
}

// TestHalfvecCompareAndKey: element-wise by value, then by length; keys
// equal exactly when Compare is 0 (-0 equals 0).
func TestHalfvecCompareAndKey(t *testing.T) {
	a, b, c := HalfVec{0x3c00, 0x8000}, HalfVec{0x3c00, 0x0000}, HalfVec{0x3c00}
	if Compare(a, b) != 0 || string(AppendKey(nil, a)) != string(AppendKey(nil, b)) {
		t.Error("-0 and 0 must compare and key equal")
	}
	if Compare(c, a) != -1 || Compare(HalfVec{0xc000}, c) != -1 {
		t.Error("order: shorter prefix first, -2 before 1")
	}
}
