// Package fp16 converts IEEE 754 binary16 values ("halves", pgvector's
// halfvec elements) to and from float32 in pure Go. It is a leaf: sql/types
// (halfvec values) and vecindex (half-precision storage and kernels) both
// read halves through it, without sql/types depending on the kernels.
package fp16

import "math"

// IEEE 754 binary16 ("half"): 1 sign bit, 5 exponent bits (bias 15), 10
// fraction bits. A half is kept as its bits in a uint16, as pgvector's
// halfvec stores it and as the F16C instructions (VCVTPH2PS, VCVTPS2PH)
// read and write it.
const (
	halfSignMask = 0x8000
	halfExpMask  = 0x7c00
	halfFracMask = 0x03ff
	// InfBits is the bits of +Inf; -Inf is InfBits|0x8000.
	InfBits = halfExpMask
	// Max is the largest finite half, 65504.
	Max = 65504
)

// ToFloat32 widens the half with bits h to float32. Every half is a
// float32 exactly (subnormals become normal floats); NaN stays NaN.
func ToFloat32(h uint16) float32 {
	sign := uint32(h&halfSignMask) << 16
	exp := uint32(h&halfExpMask) >> 10
	frac := uint32(h & halfFracMask)
	switch exp {
	case 0: // zero or subnormal: frac · 2⁻²⁴, exact in float32
		f := float32(frac) * (1.0 / (1 << 24))
		if sign != 0 {
			f = -f
		}
		return f
	case 0x1f: // infinity or NaN
		return math.Float32frombits(sign | 0x7f800000 | frac<<13)
	}
	return math.Float32frombits(sign | (exp-15+127)<<23 | frac<<13)
}

// FromFloat32 rounds f to the nearest half, ties to even (IEEE 754
// roundTiesToEven, what VCVTPS2PH does with rounding control 0 and what
// pgvector's Float4ToHalfUnchecked does). Values whose rounding exceeds
// 65504 (from 65520 on) become ±Inf; values below half the smallest
// subnormal (2⁻²⁵) become ±0; a NaN stays a (quiet) NaN.
func FromFloat32(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & halfSignMask
	exp := int(bits>>23) & 0xff
	frac := bits & 0x7fffff
	if exp == 0xff {
		if frac != 0 {
			return sign | halfExpMask | 0x200 | uint16(frac>>13)
		}
		return sign | halfExpMask
	}
	e := exp - 127
	switch {
	case e > 15:
		return sign | halfExpMask
	case e >= -14: // normal half: drop 13 fraction bits, rounding
		r := roundShift(frac, 13)
		// A carry out of the fraction bumps the exponent (to Inf at the top).
		return sign | (uint16(e+15)<<10 + uint16(r))
	case exp == 0: // float32 subnormal: far below 2⁻²⁵
		return sign
	}
	// Half subnormal: the value is m·2^(e-23) with m the 24-bit significand,
	// k·2⁻²⁴ as a half, so k = m >> -(e+1) rounded.
	shift := uint(-(e + 1))
	if shift > 24 {
		return sign
	}
	return sign | uint16(roundShift(frac|0x800000, shift))
}

// roundShift returns m >> s rounded to nearest, ties to even (1 <= s <= 24).
func roundShift(m uint32, s uint) uint32 {
	r := m >> s
	rem := m & (1<<s - 1)
	half := uint32(1) << (s - 1)
	if rem > half || (rem == half && r&1 == 1) {
		r++
	}
	return r
}

// IsInf reports whether the half h is ±Inf.
func IsInf(h uint16) bool { return h&^halfSignMask == halfExpMask }

// IsNaN reports whether the half h is a NaN.
func IsNaN(h uint16) bool { return h&halfExpMask == halfExpMask && h&halfFracMask != 0 }

// ToFloat32s widens src into dst (len(dst) >= len(src)), exactly.
func ToFloat32s(dst []float32, src []uint16) {
	dst = dst[:len(src)]
	for i, h := range src {
		dst[i] = ToFloat32(h)
	}
}
