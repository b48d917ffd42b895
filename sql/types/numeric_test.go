package types

import (
	"encoding/hex"
	"math"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Expected values in this file were checked against PostgreSQL 15.

// dec parses a numeric literal for tests; it panics on bad input.
func dec(s string) Decimal {
	n, err := ParseNumeric(s)
	if err != nil {
		panic(err)
	}
	return n
}

func TestNumericTextInOut(t *testing.T) {
	tests := []struct{ in, out string }{
		{"1.50", "1.50"}, {"10.000", "10.000"}, {"1e3", "1000"}, {"  2.5 ", "2.5"},
		{".5", "0.5"}, {"5.", "5"}, {"-0.00", "0.00"}, {"0e5", "0"}, {"1.5e+2", "150"},
		{"1.5e-3", "0.0015"}, {"1.50e1", "15.0"}, {"+007.10", "7.10"}, {"-1e-10", "-0.0000000001"},
		{"12345678901234567890.0987654321", "12345678901234567890.0987654321"},
		{"NaN", "NaN"}, {"nan", "NaN"}, {" -inf ", "-Infinity"}, {"+Infinity", "Infinity"},
		{"1e131071", "1" + repeat0(131071)},
	}
	for _, tt := range tests {
		d, err := ParseText(Numeric, tt.in)
		if err != nil {
			t.Errorf("ParseText(numeric, %q): %v", tt.in, err)
			continue
		}
		if got := string(AppendText(nil, Numeric, d)); got != tt.out {
			t.Errorf("numeric %q prints %q, want %q", tt.in, trunc(got), trunc(tt.out))
		}
	}
}

func repeat0(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func trunc(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

func TestNumericTextErrors(t *testing.T) {
	syntax, rng := pgerror.InvalidTextRepresentation, pgerror.NumericValueOutOfRange
	tests := []struct {
		in   string
		code pgerror.Code
		msg  string
	}{
		{"x", syntax, `invalid input syntax for type numeric: "x"`},
		{"1e", syntax, `invalid input syntax for type numeric: "1e"`},
		{"-NaN", syntax, `invalid input syntax for type numeric: "-NaN"`},
		{"--1", syntax, `invalid input syntax for type numeric: "--1"`},
		{"1.2.3", syntax, `invalid input syntax for type numeric: "1.2.3"`},
		{"", syntax, `invalid input syntax for type numeric: ""`},
		{"1e131072", rng, "value overflows numeric format"},
		{"1e-16384", rng, "value overflows numeric format"},
		{"1e1000000000000", rng, "value overflows numeric format"},
	}
	for _, tt := range tests {
		_, err := ParseText(Numeric, tt.in)
		wantError(t, tt.in, err, tt.code, tt.msg, "")
	}
	if _, err := ParseText(Numeric, "1e-16383"); err != nil {
		t.Errorf("1e-16383: %v", err)
	}
}

func TestNumericTypmod(t *testing.T) {
	tests := []struct {
		in   string
		p, s int32
		out  string
	}{
		{"12.345", 5, 2, "12.35"}, {"0.005", 3, 2, "0.01"}, {"-0.005", 3, 2, "-0.01"},
		{"0.004", 3, 2, "0.00"}, {"1e-20", 3, 2, "0.00"}, {"12.3456", 6, 2, "12.35"},
		{"1.5", 5, -1, "0"}, {"123", 3, -1, "120"}, {"123456", 5, -2, "123500"},
		{"0.000001", 2, 5, "0.00000"}, {"1", 10, 2, "1.00"}, {"NaN", 3, 1, "NaN"},
	}
	for _, tt := range tests {
		typ := Type{KindNumeric, NumericTypmod(tt.p, tt.s)}
		d, err := ParseText(typ, tt.in)
		if err != nil {
			t.Errorf("%q::%s: %v", tt.in, typ.Name(), err)
			continue
		}
		if got := string(AppendText(nil, typ, d)); got != tt.out {
			t.Errorf("%q::%s = %s, want %s", tt.in, typ.Name(), got, tt.out)
		}
		c, err := Cast(dec(tt.in), Numeric, typ, false)
		if err != nil || c.(Decimal).String() != tt.out {
			t.Errorf("Cast(%s, %s) = %v, %v; want %s", tt.in, typ.Name(), c, err, tt.out)
		}
	}
	overflow := []struct {
		in     string
		p, s   int32
		detail string
	}{
		{"999.995", 5, 2, "A field with precision 5, scale 2 must round to an absolute value less than 10^3."},
		{"0.1", 2, 5, "A field with precision 2, scale 5 must round to an absolute value less than 10^-3."},
		{"1", 2, 2, "A field with precision 2, scale 2 must round to an absolute value less than 1."},
		{"Infinity", 5, 2, "A field with precision 5, scale 2 cannot hold an infinite value."},
	}
	for _, tt := range overflow {
		typ := Type{KindNumeric, NumericTypmod(tt.p, tt.s)}
		_, err := ParseText(typ, tt.in)
		wantError(t, tt.in, err, pgerror.NumericValueOutOfRange, "numeric field overflow", tt.detail)
		_, err = Cast(int64(1000), Int4, typ, false)
		if tt.p == 5 && tt.s == 2 {
			wantError(t, "1000::int", err, pgerror.NumericValueOutOfRange, "numeric field overflow",
				"A field with precision 5, scale 2 must round to an absolute value less than 10^3.")
		}
	}
	if got := (Type{KindNumeric, NumericTypmod(10, 2)}).Name(); got != "numeric(10,2)" {
		t.Errorf("Name = %q", got)
	}
	if got, err := LookupType("numeric", []int32{5, -2}); err != nil || got.Name() != "numeric(5,-2)" {
		t.Errorf("numeric(5,-2) = %v %v", got.Name(), err)
	}
}

func TestNumericArith(t *testing.T) {
	tests := []struct{ a, op, b, want string }{
		{"0.1", "+", "0.2", "0.3"}, {"1.1", "*", "1.1", "1.21"}, {"2.50", "*", "4.0000", "10.000000"},
		{"1.5", "*", "2", "3.0"}, {"1.50", "-", "1.50", "0.00"}, {"1.000", "-", "1", "0.000"},
		{"99999999999999999999.5", "+", "0.5", "100000000000000000000.0"},
		{"7.5", "/", "2.5", "3.0000000000000000"}, {"2", "/", "3", "0.66666666666666666667"},
		{"-2", "/", "3", "-0.66666666666666666667"}, {"1", "/", "7", "0.14285714285714285714"},
		{"123456789", "/", "7", "17636684.142857142857"}, {"0.000001", "/", "7", "0.000000142857142857142857"},
		{"1e-20", "/", "3", "0.0000000000000000000033333333333333333333"},
		{"1.000000000000000000000", "/", "3", "0.333333333333333333333"},
		{"100", "/", "3", "33.3333333333333333"}, {"9999", "/", "9999", "1.00000000000000000000"},
		{"10000", "/", "3", "3333.3333333333333333"}, {"5.0", "/", "0.3", "16.6666666666666667"},
		{"10", "/", "4", "2.5000000000000000"}, {"6.75", "/", "3", "2.2500000000000000"},
		{"5", "/", "3", "1.6666666666666667"},
		{"10", "%", "3.5", "3.0"}, {"-7.5", "%", "2", "-1.5"}, {"7", "%", "-2.25", "0.25"},
		{"5.5", "%", "2", "1.5"}, {"-5.5", "%", "-2", "-1.5"},
		{"Infinity", "%", "2", "NaN"}, {"2", "%", "Infinity", "2"}, {"Infinity", "*", "0", "NaN"},
		{"Infinity", "-", "Infinity", "NaN"}, {"1", "/", "Infinity", "0"}, {"-Infinity", "*", "-2", "Infinity"},
		{"NaN", "+", "1", "NaN"}, {"NaN", "/", "0", "NaN"},
	}
	for _, tt := range tests {
		got, err := NumericArith(tt.op, dec(tt.a), dec(tt.b))
		if err != nil || got.String() != tt.want {
			t.Errorf("%s %s %s = %s, %v; want %s", tt.a, tt.op, tt.b, got, err, tt.want)
		}
	}
	for _, c := range [][2]string{{"1", "/"}, {"Infinity", "/"}, {"1", "%"}, {"Infinity", "%"}} {
		_, err := NumericArith(c[1], dec(c[0]), dec("0.0"))
		wantError(t, c[0]+c[1]+"0", err, pgerror.DivisionByZero, "division by zero", "")
	}
	if got := NegNumeric(dec("0.00")).String(); got != "0.00" {
		t.Errorf("-(0.00) = %s", got)
	}
	if got := AbsNumeric(dec("-1.50")).String(); got != "1.50" {
		t.Errorf("abs(-1.50) = %s", got)
	}
}

func TestNumericRound(t *testing.T) {
	tests := []struct {
		in    string
		scale int64
		want  string
	}{
		{"1.5", 3, "1.500"}, {"2.5", 0, "3"}, {"-2.5", 0, "-3"}, {"1234.5678", -2, "1200"},
		{"0.5", 0, "1"}, {"1.45", 1, "1.5"}, {"9.99", 1, "10.0"}, {"-Infinity", 2, "-Infinity"},
	}
	for _, tt := range tests {
		if got := RoundNumeric(dec(tt.in), tt.scale).String(); got != tt.want {
			t.Errorf("round(%s, %d) = %s, want %s", tt.in, tt.scale, got, tt.want)
		}
	}
}

func TestNumericCompare(t *testing.T) {
	order := []string{"-Infinity", "-1e30", "-1.5", "0", "0.1", "1.0", "1.000001", "1e30", "Infinity", "NaN"}
	for i, a := range order {
		for j, b := range order {
			want := compareOrdered(int64(i), int64(j))
			if got := Compare(dec(a), dec(b)); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
	if Compare(dec("1.0"), dec("1.00")) != 0 || Compare(dec("2.00"), int64(2)) != 0 || Compare(int64(3), dec("2.5")) != 1 {
		t.Error("numeric equality across scales and with integers")
	}
	if Compare(dec("0.1"), 0.1) != 0 || Compare(0.2, dec("0.1")) != 1 {
		t.Error("numeric against float8 compares as float8")
	}
}

func TestNumericCasts(t *testing.T) {
	tests := []struct {
		d        any
		from, to Type
		want     any
	}{
		{dec("2.5"), Numeric, Int4, int64(3)}, {dec("-2.5"), Numeric, Int4, int64(-3)},
		{dec("32767.4"), Numeric, Int2, int64(32767)},
		{dec("9223372036854775807"), Numeric, Int8, int64(math.MaxInt64)},
		{dec("-9223372036854775808.4"), Numeric, Int8, int64(math.MinInt64)},
		{0.1, Float8, Numeric, dec("0.1")}, {1.0 / 3, Float8, Numeric, dec("0.333333333333333")},
		{1e20, Float8, Numeric, dec("100000000000000000000")}, {1e-20, Float8, Numeric, dec("1e-20")},
		{float64(float32(3.4)), Float4, Numeric, dec("3.4")}, {123456789012345678.0, Float8, Numeric, dec("123456789012346000")},
		{math.Inf(1), Float8, Numeric, NumericPosInf}, {math.NaN(), Float8, Numeric, NumericNaN},
		{dec("0.1"), Numeric, Float8, 0.1}, {dec("3.4"), Numeric, Float4, float64(float32(3.4))},
		{dec("-Infinity"), Numeric, Float8, math.Inf(-1)},
		{dec("1.50"), Numeric, Text, "1.50"}, {"  1.50 ", Text, Numeric, dec("1.50")},
		{int64(-7), Int8, Numeric, dec("-7")},
	}
	for _, tt := range tests {
		got, err := Cast(tt.d, tt.from, tt.to, true)
		if err != nil || !sameNumberDatum(got, tt.want) {
			t.Errorf("Cast(%v, %s, %s) = %#v, %v; want %v", tt.d, tt.from.Name(), tt.to.Name(), got, err, tt.want)
		}
	}
	rng := pgerror.NumericValueOutOfRange
	errs := []struct {
		d    Decimal
		to   Type
		code pgerror.Code
		msg  string
	}{
		{dec("32767.5"), Int2, rng, "smallint out of range"},
		{dec("9223372036854775807.5"), Int8, rng, "bigint out of range"},
		{dec("1e30"), Int4, rng, "integer out of range"},
		{NumericNaN, Int8, pgerror.FeatureNotSupported, "cannot convert NaN to bigint"},
		{NumericPosInf, Int4, pgerror.FeatureNotSupported, "cannot convert infinity to integer"},
		{dec("1e39"), Float4, rng, `"1000000000000000000000000000000000000000" is out of range for type real`},
		{dec("1e-400"), Float8, rng, `"0.` + repeat0(399) + `1" is out of range for type double precision`},
	}
	for _, tt := range errs {
		_, err := Cast(tt.d, Numeric, tt.to, true)
		wantError(t, tt.d.String()+"::"+tt.to.Name(), err, tt.code, tt.msg, "")
	}
}

// sameNumberDatum compares decimals by text (scale included), floats with
// NaN equal to NaN, anything else exactly.
func sameNumberDatum(a, b any) bool {
	if x, ok := a.(Decimal); ok {
		y, ok := b.(Decimal)
		return ok && x.String() == y.String()
	}
	return sameDatum(a, b)
}

func TestNumericBinary(t *testing.T) {
	tests := []struct{ text, wire string }{
		{"1.50", "000200000000000200011388"}, {"10.000", "0001000000000003000a"},
		{"0", "0000000000000000"}, {"0.00", "0000000000000002"}, {"-0.0015", "0001ffff40000004000f"},
		{"123456789.123456789", "0006000200000009000109291a8504d2162e2328"},
		{"1e20", "00010005000000000001"}, {"0.1", "0001ffff0000000103e8"},
		{"99999999", "0002000100000000270f270f"}, {"-1e-10", "0001fffd4000000a0064"},
		{"NaN", "00000000c0000000"}, {"Infinity", "00000000d0000020"}, {"-Infinity", "00000000f0000020"},
		{"12345678901234567890.0987654321", "000800040000000a04d2162e23340d801ed203db198f0834"},
	}
	for _, tt := range tests {
		got := hex.EncodeToString(AppendBinary(nil, Numeric, dec(tt.text)))
		if got != tt.wire {
			t.Errorf("numeric_send(%s) = %s, want %s", tt.text, got, tt.wire)
		}
		b, _ := hex.DecodeString(tt.wire)
		d, err := DecodeBinary(Numeric, b)
		if err != nil || d.(Decimal).String() != dec(tt.text).String() {
			t.Errorf("numeric_recv(%s) = %v, %v; want %s", tt.wire, d, err, tt.text)
		}
	}
	// Digits past dscale are truncated (trunc_var); any weight is accepted.
	for _, tt := range []struct{ wire, want string }{
		{"0002 0000 0000 0001 0001 13eb", "1.5"}, // 1.5099 with dscale 1
		{"0001 fffe 4000 0000 0064", "0"},        // -0.00000001 with dscale 0
		{"0001 7fff 0000 0000 0001", "1" + repeat0(131068)},
		{"0001 8000 0000 0000 0001", "0"}, {"0000 0000 4000 0003", "0.000"}, {"0000 0005 0000 0000", "0"},
		{"0000 0000 d000 0000", "Infinity"}, {"0000 0000 c000 0010", "NaN"},
		{"0001 0000 0000 3fff 0001", "1." + repeat0(16383)},
	} {
		d, err := DecodeNumericBinary(mustHex(t, tt.wire))
		if err != nil || d.String() != tt.want {
			t.Errorf("numeric_recv(%s) = %s, %v; want %s", tt.wire, trunc(d.String()), err, trunc(tt.want))
		}
	}
	typ := Type{KindNumeric, NumericTypmod(3, 1)}
	if d, err := DecodeBinary(typ, AppendNumericBinary(nil, dec("12.34"))); err != nil || d.(Decimal).String() != "12.3" {
		t.Errorf("numeric_recv with typmod (3,1) = %v, %v", d, err)
	}
	bad := pgerror.InvalidBinaryRepresentation
	errs := []struct{ wire, msg string }{
		{"0001 0000 1234 0000 0001", `invalid sign in external "numeric" value`},
		{"0000 0000 0000 4000", `invalid scale in external "numeric" value`},
		{"0001 0000 0000 0000 2710", `invalid digit in external "numeric" value`},
	}
	for _, tt := range errs {
		_, err := DecodeBinary(Numeric, mustHex(t, tt.wire))
		wantError(t, tt.wire, err, bad, tt.msg, "")
	}
	// PostgreSQL 15 checks no ndigits limit: 65535 digits are short data.
	_, err := DecodeBinary(Numeric, mustHex(t, "ffff 0000 0000 0000"))
	wantError(t, "ndigits 65535", err, pgerror.ProtocolViolation, "insufficient data left in message", "")
	many := mustHex(t, "1388 0000 0000 0000")
	for range 5000 {
		many = append(many, 0, 1)
	}
	if d, err := DecodeNumericBinary(many); err != nil || d.String() != "1" {
		t.Errorf("5000 digits with dscale 0 = %v, %v; want 1", d, err)
	}
}

func TestNumericNormalized(t *testing.T) {
	for in, want := range map[string]string{"1.500": "1.5", "2.00": "2", "-0.000": "0", "100": "100",
		"10.010": "10.01", "NaN": "NaN", "0.5": "0.5"} {
		if got := dec(in).Normalized().String(); got != want {
			t.Errorf("Normalized(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestNumericLimits checks results near numeric's limits (131072 digits
// before the point, 16383 after), where PostgreSQL 15 computes or raises
// "value overflows numeric format".
func TestNumericLimits(t *testing.T) {
	big1 := dec("1e131071")
	if r, err := NumericArith("+", big1, dec("1.5")); err != nil || r.String() != "1"+repeat0(131070)+"1.5" {
		t.Errorf("1e131071 + 1.5: %v", err)
	} else if CmpNumeric(big1, r) != -1 || CmpNumeric(r, big1) != 1 || CmpNumeric(r, r) != 0 {
		t.Error("1e131071 does not compare below 1e131071 + 1.5")
	}
	if r, err := NumericArith("*", dec("1e60000"), dec("-1e60000")); err != nil || r.String() != "-1"+repeat0(120000) {
		t.Errorf("1e60000 * -1e60000: %v", err)
	}
	for _, c := range [][3]string{{"9e131071", "+", "9e131071"}, {"1e70000", "*", "1e70000"}, {"1e131071", "/", "0.1"}} {
		_, err := NumericArith(c[1], dec(c[0]), dec(c[2]))
		wantError(t, c[0]+c[1]+c[2], err, pgerror.NumericValueOutOfRange, "value overflows numeric format", "")
	}
	// A product's scale is rounded to 16383 digits (1e-9000 squared is 0 at that scale).
	if r, err := NumericArith("*", dec("1e-9000"), dec("1e-9000")); err != nil || r.String() != "0."+repeat0(16383) {
		t.Errorf("1e-9000 * 1e-9000 = %s, %v", trunc(r.String()), err)
	}
	if r, _ := NumericArith("*", dec("1e-8000"), dec("1e-8000")); len(r.String()) != 16002 {
		t.Errorf("1e-8000 * 1e-8000 prints %d characters, want 16002", len(r.String()))
	}
}
