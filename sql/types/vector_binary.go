package types

import (
	"encoding/binary"
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Vector binary format (pgvector vector_recv / vector_send), big-endian:
// int16 dim, int16 unused (must be 0), dim × float4.

// DecodeVectorBinary runs pgvector's vector_recv on b for typmod dims
// (NoTypmod for any size), checking in pgvector's order: dim (22000 when
// <= 0, 54000 above 16000), expected dims, unused (22000), then each element
// (08P01 when truncated, 22000 NaN/infinity); trailing bytes are 22P03.
func DecodeVectorBinary(b []byte, dims int32) (Vector, error) {
	r := reader{b: b}
	dim, err := r.vectorHeader("vector", dims)
	if err != nil {
		return nil, err
	}
	if len(r.b) >= 4*dim {
		return r.vectorElements(dim)
	}
	return r.vectorElementsEach(dim)
}

// vectorElementsEach is vector_recv's element loop one element at a time:
// a NaN or infinity is 22000, running out of bytes 08P01, whichever comes
// first, and trailing bytes 22P03.
func (r *reader) vectorElementsEach(dim int) (Vector, error) {
	v := make(Vector, 0, min(dim, len(r.b)/4))
	for range dim {
		bits, err := r.uint32()
		if err != nil {
			return nil, err
		}
		f := math.Float32frombits(bits)
		if err := checkElement(f); err != nil {
			return nil, err
		}
		v = append(v, f)
	}
	return v, r.done()
}

// vectorElements is vectorElementsEach when r holds all dim elements:
// one pass, one allocation, and a NaN or infinity (exponent bits all
// ones) found by its bits rather than by float tests; the first such
// element gets checkElement's error, as there. The trailing-bytes check
// (22P03) follows, as there.
func (r *reader) vectorElements(dim int) (Vector, error) {
	const expBits = 0x7f800000
	v := make(Vector, dim)
	b := r.b[:4*dim]
	for i := range v {
		bits := binary.BigEndian.Uint32(b[4*i:])
		if bits&expBits == expBits {
			return nil, checkElement(math.Float32frombits(bits))
		}
		v[i] = math.Float32frombits(bits)
	}
	r.b = r.b[4*dim:]
	return v, r.done()
}

// AppendVectorBinary appends the vector_send bytes of v to buf.
func AppendVectorBinary(buf []byte, v Vector) []byte {
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(v)))
	buf = binary.BigEndian.AppendUint16(buf, 0)
	for _, f := range v {
		buf = binary.BigEndian.AppendUint32(buf, math.Float32bits(f))
	}
	return buf
}

// reader reads a binary value as PostgreSQL's pq_getmsg* functions do.
type reader struct{ b []byte }

// vectorHeader reads the int16 dim and int16 unused words that pgvector's
// vector_recv and halfvec_recv start with, checking in their order: dim
// (22000 when <= 0, 54000 above 16000, naming type name), the typmod's
// expected dims, unused (22000 unless 0). It returns dim.
func (r *reader) vectorHeader(name string, dims int32) (int, error) {
	dim, err := r.int16()
	if err != nil {
		return 0, err
	}
	unused, err := r.int16()
	if err != nil {
		return 0, err
	}
	if err := checkDimCountOf(name, int(dim)); err != nil {
		return 0, err
	}
	if err := checkExpectedDims(dims, int(dim)); err != nil {
		return 0, err
	}
	if unused != 0 {
		return 0, pgerror.Errorf(pgerror.DataException, "expected unused to be 0, not %d", unused)
	}
	return int(dim), nil
}

func errInsufficientData() *pgerror.Error {
	return pgerror.New(pgerror.ProtocolViolation, "insufficient data left in message")
}

func (r *reader) take(n int) ([]byte, error) {
	if len(r.b) < n {
		return nil, errInsufficientData()
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p, nil
}

func (r *reader) int16() (int16, error) {
	p, err := r.take(2)
	if err != nil {
		return 0, err
	}
	return int16(binary.BigEndian.Uint16(p)), nil
}

func (r *reader) uint32() (uint32, error) {
	p, err := r.take(4)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint32(p), nil
}

func (r *reader) uint64() (uint64, error) {
	p, err := r.take(8)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint64(p), nil
}

// done reports trailing bytes as PostgreSQL's bind does (22P03).
func (r *reader) done() error {
	if len(r.b) != 0 {
		return pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format")
	}
	return nil
}
