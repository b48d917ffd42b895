package types

import (
	"bytes"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestBitsText pins bit_in and bit_out: binary digits, hexadecimal after
// x, a leading b, and the typmod rules of bit(n) and bit varying(n).
func TestBitsText(t *testing.T) {
	tests := []struct {
		in  string
		t   Type
		out string
	}{
		{"101", BitOf(NoTypmod), "101"},
		{"b101", BitOf(3), "101"},
		{"X1f", VarbitOf(NoTypmod), "00011111"},
		{"", VarbitOf(4), ""},
		{"1011", VarbitOf(4), "1011"},
		{"101100111", BitOf(9), "101100111"},
	}
	for _, tt := range tests {
		v, err := ParseText(tt.t, tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := string(AppendText(nil, tt.t, v)); got != tt.out {
			t.Errorf("%q printed %q, want %q", tt.in, got, tt.out)
		}
	}
}

func TestBitsTextErrors(t *testing.T) {
	tests := []struct {
		in   string
		t    Type
		code pgerror.Code
		msg  string
	}{
		{"102", BitOf(NoTypmod), pgerror.InvalidTextRepresentation, `"2" is not a valid binary digit`},
		{"1é", BitOf(NoTypmod), pgerror.InvalidTextRepresentation, `"é" is not a valid binary digit`},
		{"x1g", VarbitOf(NoTypmod), pgerror.InvalidTextRepresentation, `"g" is not a valid hexadecimal digit`},
		{"10", BitOf(3), pgerror.StringDataLengthMismatch, "bit string length 2 does not match type bit(3)"},
		{"1011", VarbitOf(3), pgerror.StringDataRightTruncation, "bit string too long for type bit varying(3)"},
	}
	for _, tt := range tests {
		_, err := ParseText(tt.t, tt.in)
		wantError(t, tt.in, err, tt.code, tt.msg, "")
	}
}

// TestBitsBinary pins bit_send/bit_recv: int32 length, then the bytes,
// pad bits cleared on receipt, and the receive errors.
func TestBitsBinary(t *testing.T) {
	b, _ := ParseBits("1011001", VarbitOf(NoTypmod))
	enc := AppendBinary(nil, BitOf(NoTypmod), b)
	if want := []byte{0, 0, 0, 7, 0xB2}; !bytes.Equal(enc, want) {
		t.Fatalf("send % x, want % x", enc, want)
	}
	got, err := DecodeBinary(BitOf(7), []byte{0, 0, 0, 7, 0xB3})
	if err != nil || Compare(got, b) != 0 {
		t.Fatalf("recv with a pad bit set: %v %v", got, err)
	}
	_, err = DecodeBinary(BitOf(8), enc)
	wantError(t, "bit(8)", err, pgerror.StringDataLengthMismatch, "bit string length 7 does not match type bit(8)", "")
	_, err = DecodeBinary(VarbitOf(NoTypmod), []byte{0xFF, 0xFF, 0xFF, 0xFF})
	wantError(t, "negative", err, pgerror.InvalidBinaryRepresentation, "invalid length in external bit string", "")
	_, err = DecodeBinary(VarbitOf(NoTypmod), []byte{0, 0, 0, 9, 1})
	wantError(t, "short", err, pgerror.ProtocolViolation, "insufficient data left in message", "")
	_, err = DecodeBinary(VarbitOf(NoTypmod), []byte{0, 0, 0, 1, 0x80, 0})
	wantError(t, "trailing", err, pgerror.InvalidBinaryRepresentation, "incorrect binary data format", "")
}

// TestBitsCasts pins the length coercions (explicit pads or truncates,
// assignment fails) and the integer casts.
func TestBitsCasts(t *testing.T) {
	b, _ := ParseBits("1011", BitOf(NoTypmod))
	for _, tt := range []struct {
		to       Type
		explicit bool
		want     string
	}{
		{BitOf(6), true, "101100"}, {BitOf(2), true, "10"}, {VarbitOf(2), true, "10"},
		{VarbitOf(9), false, "1011"}, {BitOf(4), false, "1011"},
	} {
		v, err := Cast(b, BitOf(NoTypmod), tt.to, tt.explicit)
		if err != nil {
			t.Fatalf("%s: %v", tt.to.Name(), err)
		}
		if got := string(AppendBits(nil, v.(Bits))); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.to.Name(), got, tt.want)
		}
	}
	_, err := Cast(b, BitOf(NoTypmod), BitOf(5), false)
	wantError(t, "bit(5)", err, pgerror.StringDataLengthMismatch, "bit string length 4 does not match type bit(5)", "")
	_, err = Cast(b, BitOf(NoTypmod), VarbitOf(3), false)
	wantError(t, "varbit(3)", err, pgerror.StringDataRightTruncation, "bit string too long for type bit varying(3)", "")
	if got := AppendBits(nil, BitsFromInt(-3, 64, 70)); string(got) != "111111"+string(bytes.Repeat([]byte("1"), 62))+"01" {
		t.Errorf("-3::int8::bit(70) = %s", got)
	}
	if i, err := BitsToInt(BitsFromInt(-5, 32, 32), KindInt4); err != nil || i != -5 {
		t.Errorf("round trip of -5: %d %v", i, err)
	}
}

// FuzzParseBits: any input either fails with a bit_in error or reads
// back from its output to an equal value.
func FuzzParseBits(f *testing.F) {
	for _, s := range []string{"101", "x1F", "B0", "", "xg", "2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBits(s, VarbitOf(NoTypmod))
		if err != nil {
			if c := pgerror.CodeOf(err); c != pgerror.InvalidTextRepresentation {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		out := string(AppendBits(nil, b))
		back, err := ParseBits(out, VarbitOf(NoTypmod))
		if err != nil || CompareBits(b, back) != 0 || !bytes.Equal(AppendKey(nil, b), AppendKey(nil, back)) {
			t.Fatalf("%q -> %q -> %v %v", s, out, back, err)
		}
	})
}
