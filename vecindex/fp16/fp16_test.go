package fp16

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestHalfRoundTrip: every half widens to a float32 that rounds back to
// the same half (NaNs to a NaN), and the widened values are ordered as
// the halves are.
func TestHalfRoundTrip(t *testing.T) {
	for h := range 1 << 16 {
		f := ToFloat32(uint16(h))
		back := FromFloat32(f)
		if IsNaN(uint16(h)) {
			if f == f || !IsNaN(back) {
				t.Fatalf("NaN %#04x -> %v -> %#04x", h, f, back)
			}
			continue
		}
		if back != uint16(h) {
			t.Fatalf("%#04x -> %v -> %#04x", h, f, back)
		}
	}
	pins := map[uint16]float32{0x3c00: 1, 0xc000: -2, 0x7bff: 65504, 0x0001: 1.0 / (1 << 24), 0x0400: 1.0 / (1 << 14),
		0x3555: 0.33325195, 0x7c00: float32(math.Inf(1)), 0x8000: float32(math.Copysign(0, -1))}
	for h, want := range pins {
		if got := ToFloat32(h); got != want || math.Signbit(float64(got)) != math.Signbit(float64(want)) {
			t.Errorf("ToFloat32(%#04x) = %v, want %v", h, got, want)
		}
	}
}

// nearestHalf finds the half nearest to f by search over all finite
// halves (ties to the even one; Inf beyond 65520, as IEEE 754's rounding
// of an overflowing value).
func nearestHalf(f float32) uint16 {
	x := float64(f)
	if math.Abs(x) >= 65520 {
		return FromFloat32(float32(math.Copysign(math.Inf(1), x)))
	}
	best, bestD := uint16(0), math.Inf(1)
	for h := range 0x7c00 {
		hv := uint16(h)
		if x < 0 {
			hv |= 0x8000
		}
		d := math.Abs(float64(ToFloat32(hv)) - x)
		if d < bestD || (d == bestD && hv&1 == 0) {
			best, bestD = hv, d
		}
	}
	return best
}

// TestFloat32ToHalfNearestEven checks the rounding against a search for
// the nearest half, on midpoints, the overflow edge, subnormals and
// random values.
func TestFloat32ToHalfNearestEven(t *testing.T) {
	cases := []float32{0.1, 65504, 65519.99, 65520, 1 + 1.0/2048, 1 + 3.0/2048, 2.9802322e-08, 2.9802326e-08,
		5.9604645e-08, 8.940697e-08, 6.1035156e-05, 6.1035152e-05, 1e-10, -0.1, 1e-46, 3.0517578e-05}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		cases = append(cases, float32(r.NormFloat64()*math.Pow(2, float64(r.IntN(44)-26))))
	}
	for _, f := range cases {
		if got, want := FromFloat32(f), nearestHalf(f); got != want {
			t.Fatalf("FromFloat32(%v) = %#04x (%v), want %#04x (%v)", f, got, ToFloat32(got), want, ToFloat32(want))
		}
	}
	if got := FromFloat32(0.1); ToFloat32(got) != 0.099975586 {
		t.Errorf("0.1 as half = %v, want 0.099975586 (pgvector prints this)", ToFloat32(got))
	}
	if !IsInf(FromFloat32(65520)) || IsInf(FromFloat32(65519)) {
		t.Error("65520 must round to Inf and 65519 to 65504")
	}
}
