package types

import (
	"strconv"
	"strings"
	"testing"
)

// arrayBenchLiteral is a 1-D real[] literal of 128 elements, the shape of
// an embedding sent as an array.
func arrayBenchLiteral() string {
	parts := make([]string, 128)
	for i := range parts {
		parts[i] = strconv.FormatFloat(float64(i)*0.37-20, 'g', -1, 32)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// BenchmarkArrayText1D parses, prints and casts to vector a 1-D real[]
// of 128 elements (the common case multidimensional support must not
// slow down).
func BenchmarkArrayText1D(b *testing.B) {
	t := Type{KindFloat4Array, NoTypmod}
	s := arrayBenchLiteral()
	b.Run("parse", func(b *testing.B) {
		for b.Loop() {
			if _, err := ParseText(t, s); err != nil {
				b.Fatal(err)
			}
		}
	})
	d, _ := ParseText(t, s)
	b.Run("print", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = AppendText(buf[:0], t, d)
		}
	})
	b.Run("binary", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = AppendBinary(buf[:0], t, d)
			if _, err := DecodeBinary(t, buf); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("to_vector", func(b *testing.B) {
		for b.Loop() {
			if _, err := Cast(d, t, VectorOf(NoTypmod), false); err != nil {
				b.Fatal(err)
			}
		}
	})
}
