package types

import "testing"

func BenchmarkNumericParse(b *testing.B) {
	for b.Loop() {
		if _, err := ParseNumeric("12345.6789"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNumericText(b *testing.B) {
	n := dec("-12345678901234567890.0987654321")
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf = AppendNumericText(buf[:0], n)
	}
}

func BenchmarkNumericAdd(b *testing.B) {
	x, y := dec("12345.6789"), dec("0.01")
	for b.Loop() {
		if _, err := NumericArith("+", x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNumericDiv(b *testing.B) {
	x, y := dec("12345.6789"), dec("7")
	for b.Loop() {
		if _, err := NumericArith("/", x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNumericCompare(b *testing.B) {
	x, y := dec("12345.6789"), dec("12345.679")
	for b.Loop() {
		CmpNumeric(x, y)
	}
}

func BenchmarkNumericBinaryRoundTrip(b *testing.B) {
	n := dec("-12345678901234567890.0987654321")
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf = AppendNumericBinary(buf[:0], n)
		if _, err := DecodeNumericBinary(buf); err != nil {
			b.Fatal(err)
		}
	}
}
