package distance

import (
	"math"

	"github.com/vecgres/vecgres/vecindex/fp16"
)

// Pure-Go fp16 kernels: each half is widened to float32 (exactly) and the
// sums run in float32 with the four accumulators and final order of the
// float32 kernels (kernels_go.go), so l2SquaredHalfGo(a, b) ==
// l2SquaredGo(float32(a), float32(b)) bit for bit, and likewise for the others.

func l2SquaredHalfGo(a, b []uint16) float32 {
	b = b[:len(a)]
	var s [4]float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		for j := range 4 {
			d := fp16.ToFloat32(a[i+j]) - fp16.ToFloat32(b[i+j])
			s[j] += d * d
		}
	}
	for ; i < len(a); i++ {
		d := fp16.ToFloat32(a[i]) - fp16.ToFloat32(b[i])
		s[0] += d * d
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

func dotHalfGo(a, b []uint16) float32 {
	b = b[:len(a)]
	var s [4]float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		for j := range 4 {
			s[j] += fp16.ToFloat32(a[i+j]) * fp16.ToFloat32(b[i+j])
		}
	}
	for ; i < len(a); i++ {
		s[0] += fp16.ToFloat32(a[i]) * fp16.ToFloat32(b[i])
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

func l1HalfGo(a, b []uint16) float32 {
	b = b[:len(a)]
	var s float32
	for i := range a {
		s += abs32(fp16.ToFloat32(a[i]) - fp16.ToFloat32(b[i]))
	}
	return s
}

func cosinePartsHalfGo(a, b []uint16) (dot, na, nb float32) {
	b = b[:len(a)]
	for i := range a {
		x, y := fp16.ToFloat32(a[i]), fp16.ToFloat32(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	return dot, na, nb
}

// l2SquaredFloatHalfGo is Σ (a[i]-float32(b[i]))² for a float32 query a and
// a stored half vector b, in l2SquaredGo's order.
func l2SquaredFloatHalfGo(a []float32, b []uint16) float32 {
	b = b[:len(a)]
	var s [4]float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		for j := range 4 {
			d := a[i+j] - fp16.ToFloat32(b[i+j])
			s[j] += d * d
		}
	}
	for ; i < len(a); i++ {
		d := a[i] - fp16.ToFloat32(b[i])
		s[0] += d * d
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

// dotFloatHalfGo is Σ a[i]·float32(b[i]) in dotGo's order.
func dotFloatHalfGo(a []float32, b []uint16) float32 {
	b = b[:len(a)]
	var s [4]float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		for j := range 4 {
			s[j] += a[i+j] * fp16.ToFloat32(b[i+j])
		}
	}
	for ; i < len(a); i++ {
		s[0] += a[i] * fp16.ToFloat32(b[i])
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

// l1FloatHalfGo is Σ |a[i]-float32(b[i])| in l1Go's order.
func l1FloatHalfGo(a []float32, b []uint16) float32 {
	b = b[:len(a)]
	var s float32
	for i := range a {
		s += abs32(a[i] - fp16.ToFloat32(b[i]))
	}
	return s
}

// abs32 is |x| as l1Go computes it.
func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }
