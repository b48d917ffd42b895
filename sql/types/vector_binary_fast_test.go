package types

import (
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// decodeVectorBinaryRef is DecodeVectorBinary reading every input one
// element at a time (vectorElementsEach), the reference its one-pass loop
// must match in value bits and error.
func decodeVectorBinaryRef(b []byte, dims int32) (Vector, error) {
	r := reader{b: b}
	dim, err := r.vectorHeader("vector", dims)
	if err != nil {
		return nil, err
	}
	return r.vectorElementsEach(dim)
}

// vectorBinary is the vector_send bytes of dim elements bits(i).
func vectorBinary(dim int, bits func(i int) uint32) []byte {
	b := binary.BigEndian.AppendUint16(nil, uint16(dim))
	b = binary.BigEndian.AppendUint16(b, 0)
	for i := range dim {
		b = binary.BigEndian.AppendUint32(b, bits(i))
	}
	return b
}

// TestDecodeVectorBinaryErrors: the one-pass loop gives the first bad
// element's error (NaN before infinity and the reverse), a truncated or
// over-long message its own, and the elements' exact bits otherwise.
func TestDecodeVectorBinaryErrors(t *testing.T) {
	nan, inf, ninf := uint32(0x7fc00001), uint32(0x7f800000), uint32(0xff800000)
	ok := vectorBinary(3, func(i int) uint32 { return []uint32{0x3f800000, 0x80000001, 0x7f7fffff}[i] })
	for _, c := range []struct {
		name, code, msg string
		b               []byte
	}{
		{"nan first", "22000", "NaN not allowed in vector", vectorBinary(3, func(i int) uint32 { return []uint32{1, nan, inf}[i] })},
		{"inf first", "22000", "infinite value not allowed in vector", vectorBinary(3, func(i int) uint32 { return []uint32{ninf, nan, 1}[i] })},
		{"truncated", "08P01", "insufficient data left in message", ok[:len(ok)-1]},
		{"nan then truncated", "22000", "NaN not allowed in vector", vectorBinary(3, func(int) uint32 { return nan })[:14]},
		{"trailing", "22P03", "incorrect binary data format", append(ok[:len(ok):len(ok)], 0)},
	} {
		_, err := DecodeVectorBinary(c.b, NoTypmod)
		if e := pgErr(t, err); string(e.Code) != c.code || e.Message != c.msg {
			t.Errorf("%s: %s %q, want %s %q", c.name, e.Code, e.Message, c.code, c.msg)
		}
	}
	v, err := DecodeVectorBinary(ok, 3)
	want := Vector{1, -math.Float32frombits(1), math.MaxFloat32}
	if err != nil || !sameBits(v, want) {
		t.Errorf("got %v, %v; want %v", v, err, want)
	}
}

// pgErr is err as a *pgerror.Error, failing the test when it is not one.
func pgErr(t *testing.T, err error) *pgerror.Error {
	t.Helper()
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is %T, not *pgerror.Error", err, err)
	}
	return pe
}

// FuzzDecodeVectorBinaryRef: DecodeVectorBinary and the element-by-element
// reference agree on every input, value bits and error alike.
func FuzzDecodeVectorBinaryRef(f *testing.F) {
	f.Add([]byte{0, 2, 0, 0, 0x3f, 0xc0, 0, 0, 0x7f, 0x80, 0, 0}, int32(-1))
	f.Add([]byte{0, 1, 0, 0, 0xff, 0xc0, 0, 0, 9}, int32(1))
	f.Add([]byte{0, 3, 0, 0, 0x7f, 0x80, 0, 0}, int32(3))
	f.Fuzz(func(t *testing.T, b []byte, dims int32) {
		v, err := DecodeVectorBinary(b, dims)
		w, werr := decodeVectorBinaryRef(b, dims)
		if !reflect.DeepEqual(err, werr) || !sameBits(v, w) {
			t.Fatalf("%x: got %v, %v; want %v, %v", b, v, err, w, werr)
		}
	})
}

// BenchmarkDecodeVectorBinary784: a Fashion-MNIST-shaped 784-d binary
// query parameter, as pgvector-go sends it.
func BenchmarkDecodeVectorBinary784(b *testing.B) {
	in := vectorBinary(784, func(i int) uint32 { return math.Float32bits(float32(i % 256)) })
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := DecodeVectorBinary(in, 784); err != nil {
			b.Fatal(err)
		}
	}
}
