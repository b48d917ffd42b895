package types

import (
	"reflect"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

var numArr = Type{KindNumericArray, NoTypmod}

func TestNumericArrayCatalog(t *testing.T) {
	if numArr.OID() != 1231 || numArr.Name() != "numeric[]" || numArr.Size() != -1 {
		t.Errorf("numeric[]: OID %d name %q size %d, want 1231 numeric[] -1", numArr.OID(), numArr.Name(), numArr.Size())
	}
	if got, ok := TypeByOID(1231); !ok || got != numArr {
		t.Errorf("TypeByOID(1231) = %v, %v", got, ok)
	}
	for _, name := range []string{"_numeric", "numeric[]", "decimal[]"} {
		if got, err := LookupType(name, nil); err != nil || got != numArr {
			t.Errorf("LookupType(%q) = %v, %v; want numeric[]", name, got, err)
		}
	}
	if got := typeNameByOID(1231); got != "numeric[]" {
		t.Errorf("typeNameByOID(1231) = %q", got)
	}
}

func TestNumericArrayText(t *testing.T) {
	// Elements print as numeric_out prints them (the element values are
	// whatever ParseText(numeric) returns).
	tests := []struct{ in, out string }{
		{"{1.5, 2.0 ,\"-3\"}", "{1.5,2.0,-3}"},
		{"{}", "{}"},
		{"{1e3,NaN}", "{1000,NaN}"},
		{"{1,NULL}", "{1,NULL}"},
	}
	for _, tt := range tests {
		d, err := ParseText(numArr, tt.in)
		if err != nil {
			t.Errorf("ParseText(numeric[], %q): %v", tt.in, err)
			continue
		}
		if got := string(AppendText(nil, numArr, d)); got != tt.out {
			t.Errorf("AppendText(numeric[], %v) = %q, want %q", d, got, tt.out)
		}
	}
	_, err := ParseText(numArr, "{1,x}")
	wantError(t, "{1,x}", err, pgerror.InvalidTextRepresentation, `invalid input syntax for type numeric: "x"`, "")
}

func TestNumericArrayBinary(t *testing.T) {
	// {1.5,-2}: header, element type 1700, then numeric_send of each element
	// with its own length (12 and 10 bytes).
	wire := mustHex(t, "00000001 00000000 000006a4 00000002 00000001"+
		" 0000000c 0002 0000 0000 0001 0001 1388"+
		" 0000000a 0001 0000 4000 0000 0002")
	if got := AppendBinary(nil, numArr, []float64{1.5, -2}); !slices.Equal(got, wire) {
		t.Errorf("AppendBinary(numeric[]) = %x, want %x", got, wire)
	}
	d, err := DecodeBinary(numArr, wire)
	if err != nil || string(AppendText(nil, numArr, d)) != "{1.5,-2}" {
		t.Errorf("DecodeBinary(numeric[]) = %#v, %v", d, err)
	}
	if got := AppendBinary(nil, numArr, []float64{}); !slices.Equal(got, mustHex(t, "00000000 00000000 000006a4")) {
		t.Errorf("empty numeric[] = %x", got)
	}
	errs := []struct {
		wire string
		code pgerror.Code
		msg  string
	}{
		{"00000001 00000000 000002bd 00000001 00000001 00000008 3ff0000000000000", pgerror.DatatypeMismatch,
			"binary data has array element type 701 (double precision) instead of expected 1700 (numeric)"},
		{"00000001 00000000 000006a4 00000001 00000001 0000000a 0001 0000 1234 0000 0001", pgerror.InvalidBinaryRepresentation,
			`invalid sign in external "numeric" value`},
		{"00000001 00000000 000006a4 00000001 00000001 0000000a 0001 0000 0000 0000", pgerror.InvalidBinaryRepresentation,
			"insufficient data left in message"},
		{"00000001 00000000 000006a4 00000001 00000001 00000008 0001 0000 0000 0000", pgerror.ProtocolViolation,
			"insufficient data left in message"},
	}
	for _, tt := range errs {
		_, err := DecodeBinary(numArr, mustHex(t, tt.wire))
		wantError(t, tt.wire, err, tt.code, tt.msg, "")
	}
}

func TestNumericArrayCasts(t *testing.T) {
	f4a := Type{KindFloat4Array, NoTypmod}
	i4a := Type{KindInt4Array, NoTypmod}
	tests := []struct {
		d        any
		from, to Type
		explicit bool
		want     any
	}{
		{[]float64{1.5, 2}, numArr, VectorOf(2), false, Vector{1.5, 2}}, // AS ASSIGNMENT
		{[]float64{0.1}, numArr, VectorOf(NoTypmod), true, Vector{0.1}},
		{[]float64{1.5, 2.5}, numArr, f4a, true, Array{1.5, 2.5}},
		{[]float64{1.5, -2.5}, numArr, i4a, true, Array{int64(2), int64(-3)}}, // numeric rounds half away from zero
	}
	for _, tt := range tests {
		got, err := Cast(tt.d, tt.from, tt.to, tt.explicit)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Cast(%v, %s, %s) = %#v, %v; want %#v", tt.d, tt.from.Name(), tt.to.Name(), got, err, tt.want)
		}
	}
	_, err := Cast([]float64{1, 2}, numArr, VectorOf(3), false)
	wantError(t, "dims", err, pgerror.DataException, "expected 3 dimensions, not 2", "")
	// Dimensions are checked before the elements (pgvector array_to_vector).
	_, err = Cast([]float64{1e39, 2}, numArr, VectorOf(3), false)
	wantError(t, "dims first", err, pgerror.DataException, "expected 3 dimensions, not 2", "")
	_, err = Cast([]float64{1e39}, numArr, VectorOf(NoTypmod), false)
	wantError(t, "numeric_float4", err, pgerror.NumericValueOutOfRange, `"1000000000000000000000000000000000000000" is out of range for type real`, "")
	_, err = Cast([]float64{}, numArr, VectorOf(NoTypmod), false)
	wantError(t, "empty", err, pgerror.DataException, "vector must have at least 1 dimension", "")
	_, err = Cast([]float64{1}, numArr, Text, false)
	wantError(t, "to text", err, pgerror.CannotCoerce, "cannot cast type numeric[] to text", "")
}
