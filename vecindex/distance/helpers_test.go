package distance

import (
	"math"
	"math/rand/v2"
	"testing"
)

// maxLen is the longest vector the exhaustive tests try; every length
// 0..maxLen runs, which covers every unrolled-loop count and tail length of
// every implementation (the widest step is 256 bytes).
const maxLen = 1024

// floatSets, quantSets and hammingSets list every implementation compiled
// into this build: pure Go first, then assembly (none under -tags noasm).
func floatSets() []floatSet     { return append([]floatSet{goFloat}, asmFloatSets()...) }
func quantSets() []quantSet     { return append([]quantSet{goQuant}, asmQuantSets()...) }
func hammingSets() []hammingSet { return append([]hammingSet{goHamming}, asmHammingSets()...) }

// skipMissing skips t when the CPU lacks a feature the implementation needs.
func skipMissing(t testing.TB, name, missing string) {
	t.Helper()
	if missing != "" {
		t.Skipf("%s: CPU lacks %s", name, missing)
	}
}

// placed copies src to offset off of a larger buffer and returns the copy.
// Every element of the buffer before and after the copy (including the
// spare capacity of the returned slice) is guard, so a kernel that reads
// outside [0, len) picks guard values up and changes its result.
func placed[T any](src []T, off int, guard T) []T {
	const after = 80
	buf := make([]T, off+len(src)+after)
	for i := range buf {
		buf[i] = guard
	}
	copy(buf[off:], src)
	return buf[off : off+len(src)]
}

// gamma is Higham's γ(k) = k·u/(1−k·u) for float32, u = 2⁻²⁴ (Accuracy and
// Stability of Numerical Algorithms, 2nd ed., §3.1): the relative bound on
// the error of a sum or dot product of k terms in any order.
func gamma(k int) float64 {
	ku := float64(k) * 0x1p-24
	return ku / (1 - ku)
}

// floatTol bounds |x−y| for two float32 evaluations of the same n-term sum
// in different orders (and with or without fused multiply-add): each is
// within γ(n+2)·Σ|term| of the exact sum, so they are within twice that of
// each other. sumAbs is Σ|term| in float64; a tiny absolute slack covers
// underflow.
func floatTol(n int, sumAbs float64) float64 {
	return 2*gamma(n+2)*sumAbs + 1e-30
}

// closeF reports whether got is within tol of want (NaN only matches NaN).
func closeF(got, want float32, tol float64) bool {
	if math.IsNaN(float64(want)) || math.IsNaN(float64(got)) {
		return math.IsNaN(float64(want)) && math.IsNaN(float64(got))
	}
	return math.Abs(float64(got)-float64(want)) <= tol
}

// absSums returns Σ|term| of each float kernel's terms for a and b: for
// L2Squared fl(a−b)², Dot |a·b|, L1 |fl(a−b)|, and CosineParts' three sums.
func absSums(a, b []float32) (l2, dot, l1, na, nb float64) {
	for i := range a {
		d := float64(a[i] - b[i])
		x, y := float64(a[i]), float64(b[i])
		l2 += d * d
		dot += math.Abs(x * y)
		l1 += math.Abs(d)
		na += x * x
		nb += y * y
	}
	return
}

func randFloats(r *rand.Rand, n int, scale float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = (r.Float32()*2 - 1) * scale
	}
	return v
}

// smallInts returns floats holding integers in [-8, 8]: every partial sum of
// every float kernel over up to maxLen of them is exact in float32 (at most
// 16²·1024 = 2¹⁸ < 2²⁴), so all implementations must agree bit for bit.
func smallInts(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.IntN(17) - 8)
	}
	return v
}

func randInt8s(r *rand.Rand, n int) []int8 {
	v := make([]int8, n)
	for i := range v {
		v[i] = int8(r.Uint32())
	}
	return v
}

func randUint8s(r *rand.Rand, n int) []uint8 {
	v := make([]uint8, n)
	for i := range v {
		v[i] = uint8(r.Uint32())
	}
	return v
}

func randUint64s(r *rand.Rand, n int) []uint64 {
	v := make([]uint64, n)
	for i := range v {
		v[i] = r.Uint64()
	}
	return v
}
