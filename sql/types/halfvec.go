package types

import (
	"encoding/binary"

	"github.com/vecgres/vecgres/vecindex/fp16"
)

// halfvec (pgvector halfvec.c): the vector grammar with IEEE binary16
// elements. Text input reads each element as a float4 and rounds it to
// the nearest half (ties to even); an element that rounds beyond ±65504
// is 22003 `"65520" is out of range for type halfvec`. Output prints the
// float4 value of each half, shortest round trip ("0.1" prints as
// 0.099975586). Binary form, big-endian: int16 dim, int16 unused (0),
// dim × binary16.

const halfvecName = "halfvec"

// ParseHalfvec runs pgvector's halfvec_in on s for typmod dims (NoTypmod
// for any size), with vector_in's errors naming halfvec (ParseVector).
func ParseHalfvec(s string, dims int32) (HalfVec, error) {
	v, err := parseVecText(s, halfvecName, dims, func(f float32, tok string) (uint16, error) {
		h := fp16.FromFloat32(f)
		if fp16.IsInf(h) { // f is finite: parseElement refused infinities
			return 0, errRange(halfvecName, tok)
		}
		return h, nil
	})
	return HalfVec(v), err
}

// AppendHalfvec appends halfvec_out's text of v: "[1,0.099975586]".
func AppendHalfvec(buf []byte, v HalfVec) []byte {
	buf = append(buf, '[')
	for i, h := range v {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = AppendFloat4(buf, fp16.ToFloat32(h))
	}
	return append(buf, ']')
}

// HalfvecFromFloats rounds each float4 of v to a half, as pgvector's
// vector_to_halfvec and array_to_halfvec do (Float4ToHalf): a finite value
// that rounds beyond ±65504 is 22003 `"<value>" is out of range for type
// halfvec` (the float4 printed shortest); NaN and infinities pass through
// for the caller to check (CheckHalfvec).
func HalfvecFromFloats(v []float32) (HalfVec, error) {
	out := make(HalfVec, len(v))
	for i, f := range v {
		h := fp16.FromFloat32(f)
		if fp16.IsInf(h) && f == f && !isInf32(f) {
			return nil, errRange(halfvecName, string(AppendFloat4(nil, f)))
		}
		out[i] = h
	}
	return out, nil
}

func isInf32(f float32) bool { return f > 3.4028235e38 || f < -3.4028235e38 }

// CheckHalfvec is pgvector's CheckElement for each half of v: 22000 "NaN
// not allowed in halfvec", "infinite value not allowed in halfvec".
func CheckHalfvec(v HalfVec) error {
	for _, h := range v {
		if err := checkHalf(h); err != nil {
			return err
		}
	}
	return nil
}

func checkHalf(h uint16) error {
	if fp16.IsNaN(h) || fp16.IsInf(h) {
		return checkElementOf(halfvecName, fp16.ToFloat32(h))
	}
	return nil
}

// HalfvecFloats widens v to float4s, exactly (halfvec_to_vector).
func HalfvecFloats(v HalfVec) Vector {
	out := make(Vector, len(v))
	fp16.ToFloat32s(out, v)
	return out
}

// DecodeHalfvecBinary runs halfvec_recv on b for typmod dims, checking as
// DecodeVectorBinary does, in pgvector's order.
func DecodeHalfvecBinary(b []byte, dims int32) (HalfVec, error) {
	r := reader{b: b}
	dim, err := r.vectorHeader(halfvecName, dims)
	if err != nil {
		return nil, err
	}
	v := make(HalfVec, 0, min(dim, len(r.b)/2))
	for range dim {
		p, err := r.take(2)
		if err != nil {
			return nil, err
		}
		h := binary.BigEndian.Uint16(p)
		if err := checkHalf(h); err != nil {
			return nil, err
		}
		v = append(v, h)
	}
	return v, r.done()
}

// AppendHalfvecBinary appends halfvec_send's bytes of v.
func AppendHalfvecBinary(buf []byte, v HalfVec) []byte {
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(v)))
	buf = binary.BigEndian.AppendUint16(buf, 0)
	for _, h := range v {
		buf = binary.BigEndian.AppendUint16(buf, h)
	}
	return buf
}

// halfvecElems is a halfvec's elements as a real[] value (halfvec_to_float4).
func halfvecElems(v HalfVec) Array {
	out := make(Array, len(v))
	for i, h := range v {
		out[i] = float64(fp16.ToFloat32(h))
	}
	return out
}
