package distance

import "math"

func l2SquaredGo(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		d0 := a[i] - b[i]
		d1 := a[i+1] - b[i+1]
		d2 := a[i+2] - b[i+2]
		d3 := a[i+3] - b[i+3]
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
	}
	for ; i < len(a); i++ {
		d := a[i] - b[i]
		s0 += d * d
	}
	return (s0 + s1) + (s2 + s3)
}

// l2SquaredFloatUint8Go is l2SquaredGo with b's bytes converted to float32
// (exactly), in the same order, so the two agree bit for bit.
func l2SquaredFloatUint8Go(a []float32, b []uint8) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		d0 := a[i] - float32(b[i])
		d1 := a[i+1] - float32(b[i+1])
		d2 := a[i+2] - float32(b[i+2])
		d3 := a[i+3] - float32(b[i+3])
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
	}
	for ; i < len(a); i++ {
		d := a[i] - float32(b[i])
		s0 += d * d
	}
	return (s0 + s1) + (s2 + s3)
}

func dotGo(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

func l1Go(a, b []float32) float32 {
	b = b[:len(a)]
	var s float32
	for i := range a {
		s += float32(math.Abs(float64(a[i] - b[i])))
	}
	return s
}

func cosinePartsGo(a, b []float32) (dot, na, nb float32) {
	b = b[:len(a)]
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return dot, na, nb
}
