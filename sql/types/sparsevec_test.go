package types

import (
	"bytes"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestSparsevecText pins sparsevec_in/out as pgvector 0.8 answers them
// (checked on PGlite): sorted on output, zeros dropped, float4 printing.
func TestSparsevecText(t *testing.T) {
	tests := []struct{ in, out string }{
		{"{1:1.5,3:2}/5", "{1:1.5,3:2}/5"},
		{"{3:2, 1:1.5 , 2:0}/5", "{1:1.5,3:2}/5"},
		{"{}/3", "{}/3"},
		{" { 1 : -0.5 } / 2 ", "{1:-0.5}/2"},
		{"{1:1e-40}/3", "{1:1e-40}/3"},
		{"{1:-0}/3", "{}/3"},
		{"{1:0.1,2:1e-5,3:123456789}/3", "{1:0.1,2:1e-05,3:1.2345679e+08}/3"},
	}
	for _, tt := range tests {
		v, err := ParseSparsevec(tt.in, NoTypmod)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := string(AppendText(nil, SparsevecOf(NoTypmod), v)); got != tt.out {
			t.Errorf("%q printed %s, want %s", tt.in, got, tt.out)
		}
	}
}

func TestSparsevecTextErrors(t *testing.T) {
	tests := []struct {
		in          string
		typmod      int32
		code        pgerror.Code
		msg, detail string
	}{
		{"{1:1,1:2}/3", NoTypmod, pgerror.DataException, "sparsevec indices must not contain duplicates", ""},
		{"{0:1}/3", NoTypmod, pgerror.DataException, "sparsevec index out of bounds", ""},
		{"{4:1}/3", NoTypmod, pgerror.DataException, "sparsevec index out of bounds", ""},
		{"{99999999999:1}/3", NoTypmod, pgerror.DataException, "sparsevec index out of bounds", ""},
		{"{1:1}/0", NoTypmod, pgerror.DataException, "sparsevec must have at least 1 dimension", ""},
		{"{1:1}/-1", NoTypmod, pgerror.DataException, "sparsevec must have at least 1 dimension", ""},
		{"{1:1}/1000000001", NoTypmod, pgerror.ProgramLimitExceeded, "sparsevec cannot have more than 1000000000 dimensions", ""},
		{"{1:1}/99999999999", NoTypmod, pgerror.ProgramLimitExceeded, "sparsevec cannot have more than 1000000000 dimensions", ""},
		{"{1:1}", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type sparsevec: "{1:1}"`, "Unexpected end of input."},
		{"[1:1]/2", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type sparsevec: "[1:1]/2"`, `Vector contents must start with "{".`},
		{"{1:1}/2x", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type sparsevec: "{1:1}/2x"`, "Junk after closing."},
		{"{1:a}/2", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type sparsevec: "{1:a}/2"`, ""},
		{"{a:1}/3", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type sparsevec: "{a:1}/3"`, ""},
		{"{1:1,}/3", NoTypmod, pgerror.InvalidTextRepresentation, `invalid input syntax for type sparsevec: "{1:1,}/3"`, ""},
		{"{1:NaN}/2", NoTypmod, pgerror.DataException, "NaN not allowed in sparsevec", ""},
		{"{1:inf}/2", NoTypmod, pgerror.DataException, "infinite value not allowed in sparsevec", ""},
		{"{1:1e39}/2", NoTypmod, pgerror.NumericValueOutOfRange, `"1e39" is out of range for type sparsevec`, ""},
		{"{1:1e-50}/3", NoTypmod, pgerror.NumericValueOutOfRange, `"1e-50" is out of range for type sparsevec`, ""},
		{"{1:1}/3", 2, pgerror.DataException, "expected 2 dimensions, not 3", ""},
	}
	for _, tt := range tests {
		_, err := ParseSparsevec(tt.in, tt.typmod)
		wantError(t, tt.in, err, tt.code, tt.msg, tt.detail)
	}
}

// TestSparsevecBinary pins sparsevec_send/recv and the receive errors.
func TestSparsevecBinary(t *testing.T) {
	v, _ := ParseSparsevec("{1:1.5,3:2}/5", NoTypmod)
	enc := AppendBinary(nil, SparsevecOf(NoTypmod), v)
	want := []byte{0, 0, 0, 5, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0x3f, 0xc0, 0, 0, 0x40, 0, 0, 0}
	if !bytes.Equal(enc, want) {
		t.Fatalf("send % x", enc)
	}
	back, err := DecodeBinary(SparsevecOf(5), enc)
	if err != nil || Compare(back, v) != 0 {
		t.Fatalf("recv: %v %v", back, err)
	}
	bad := func(mut func(b []byte) []byte) []byte { return mut(bytes.Clone(enc)) }
	for _, c := range []struct {
		b    []byte
		code pgerror.Code
		msg  string
	}{
		{bad(func(b []byte) []byte { b[11] = 7; return b }), pgerror.DataException, "expected unused to be 0, not 7"},
		{bad(func(b []byte) []byte { b[15], b[19] = 2, 0; return b }), pgerror.DataException, "sparsevec indices must be in ascending order"},
		{bad(func(b []byte) []byte { b[19] = 0; return b }), pgerror.DataException, "sparsevec indices must not contain duplicates"},
		{bad(func(b []byte) []byte { b[19] = 5; return b }), pgerror.DataException, "sparsevec index out of bounds"},
		{bad(func(b []byte) []byte { b[24] = 0; return b }), pgerror.DataException, "binary representation of sparsevec cannot contain zero values"},
		{enc[:25], pgerror.ProtocolViolation, "insufficient data left in message"},
		{append(bytes.Clone(enc), 0), pgerror.InvalidBinaryRepresentation, "incorrect binary data format"},
	} {
		_, err := DecodeBinary(SparsevecOf(NoTypmod), c.b)
		wantError(t, c.msg, err, c.code, c.msg, "")
	}
}

// TestSparsevecCompare pins sparsevec_cmp on the cases checked on PGlite:
// dense order over the common dimensions, then the dimensions.
func TestSparsevecCompare(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"{1:1}/3", "{2:1}/3", 1}, {"{1:-1}/3", "{2:1}/3", -1}, {"{}/3", "{2:-1}/3", 1},
		{"{1:1}/3", "{1:1}/4", -1}, {"{1:1}/3", "{1:1}/3", 0}, {"{}/3", "{}/2", 1},
		{"{3:-1}/3", "{}/2", 1}, {"{3:-1}/3", "{2:1}/2", -1}, {"{1:2}/2", "{1:2,3:-5}/3", -1},
	} {
		a, _ := ParseSparsevec(c.a, NoTypmod)
		b, _ := ParseSparsevec(c.b, NoTypmod)
		if got := Compare(a, b); got != c.want {
			t.Errorf("%s vs %s: %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// FuzzParseSparsevec: input either fails with one of sparsevec_in's
// SQLSTATEs or prints a form that reads back to an equal value.
func FuzzParseSparsevec(f *testing.F) {
	for _, s := range []string{"{1:1.5,3:2}/5", "{}/1", "{2:1,1:2}/2", "{1:1,1:2}/3", " {1 : 1e-40}/ 9", "{1:x}/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseSparsevec(s, NoTypmod)
		if err != nil {
			switch pgerror.CodeOf(err) {
			case pgerror.InvalidTextRepresentation, pgerror.DataException, pgerror.NumericValueOutOfRange, pgerror.ProgramLimitExceeded:
				return
			}
			t.Fatalf("%q: %v", s, err)
		}
		out := string(AppendSparsevec(nil, v))
		back, err := ParseSparsevec(out, NoTypmod)
		if err != nil || CompareSparse(v, back) != 0 || !bytes.Equal(AppendKey(nil, v), AppendKey(nil, back)) {
			t.Fatalf("%q -> %q -> %v %v", s, out, back, err)
		}
	})
}
