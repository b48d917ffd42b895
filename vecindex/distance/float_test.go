package distance

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// floatOffsets are element offsets of the vectors inside their buffers:
// 4-byte steps that put the first element at every kind of misalignment
// relative to 32- and 64-byte vector loads.
var floatOffsets = []int{0, 1, 3, 7, 13}

// TestFloatExact: on small-integer data every sum is exact, so every
// implementation must equal pure Go exactly, for every length 0..maxLen and
// offset, with NaN guards around the vectors (reading one turns the result
// into NaN).
func TestFloatExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	nan := float32(math.NaN())
	for _, s := range floatSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= maxLen; n++ {
				a0, b0 := smallInts(r, n), smallInts(r, n)
				off := floatOffsets[n%len(floatOffsets)]
				a, b := placed(a0, off, nan), placed(b0, (off+2)%16, nan)
				checkEqual(t, s.name, "L2Squared", n, s.l2(a, b), l2SquaredGo(a0, b0))
				checkEqual(t, s.name, "Dot", n, s.dot(a, b), dotGo(a0, b0))
				checkEqual(t, s.name, "L1", n, s.l1(a, b), l1Go(a0, b0))
				d, na, nb := s.cosine(a, b)
				wd, wna, wnb := cosinePartsGo(a0, b0)
				checkEqual(t, s.name, "CosineParts.dot", n, d, wd)
				checkEqual(t, s.name, "CosineParts.na", n, na, wna)
				checkEqual(t, s.name, "CosineParts.nb", n, nb, wnb)
			}
		})
	}
}

func checkEqual(t *testing.T, impl, kernel string, n int, got, want float32) {
	t.Helper()
	if got != want {
		t.Fatalf("%s %s n=%d: got %v, want %v", impl, kernel, n, got, want)
	}
}

// TestFloatRandom compares every implementation with pure Go on random data
// in [-scale, scale] for every length 0..maxLen and several offsets. The
// stated bound is floatTol: |asm − go| <= 2·γ(n+2)·Σ|term|.
func TestFloatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, s := range floatSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= maxLen; n++ {
				scale := float32(int(1) << (n % 7 * 3)) // 1 .. 2¹⁸
				a0, b0 := randFloats(r, n, scale), randFloats(r, n, scale)
				for _, off := range []int{0, floatOffsets[1+n%4]} {
					a := placed(a0, off, float32(math.NaN()))
					b := placed(b0, off+5, float32(math.Inf(1)))
					compareFloat(t, s, n, a, b)
				}
			}
		})
	}
}

// compareFloat checks the float kernels of s named in only (all when only
// is empty) against pure Go on a, b.
func compareFloat(t testing.TB, s floatSet, n int, a, b []float32, only ...string) {
	t.Helper()
	l2Abs, dotAbs, l1Abs, naAbs, nbAbs := absSums(a, b)
	check := func(kernel string, got, want float32, sumAbs float64) {
		t.Helper()
		if len(only) > 0 && !strings.HasPrefix(kernel, only[0]) {
			return
		}
		if tol := floatTol(n, sumAbs); !closeF(got, want, tol) {
			t.Fatalf("%s %s n=%d: got %v, want %v (tolerance %g)", s.name, kernel, n, got, want, tol)
		}
	}
	check("L2Squared", s.l2(a, b), l2SquaredGo(a, b), l2Abs)
	check("Dot", s.dot(a, b), dotGo(a, b), dotAbs)
	check("L1", s.l1(a, b), l1Go(a, b), l1Abs)
	d, na, nb := s.cosine(a, b)
	wd, wna, wnb := cosinePartsGo(a, b)
	check("CosineParts.dot", d, wd, dotAbs)
	check("CosineParts.na", na, wna, naAbs)
	check("CosineParts.nb", nb, wnb, nbAbs)
}

// TestFloatKnown pins a few hand-computed values for the installed kernels.
func TestFloatKnown(t *testing.T) {
	a := []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}
	b := make([]float32, len(a))
	for i := range b {
		b[i] = 1
	}
	// Σ(i−1)² for i=1..17 = Σ k² for k=0..16 = 1496; Σ i = 153; Σ(i−1) = 136;
	// Σ i² = 1785.
	if got := L2Squared(a, b); got != 1496 {
		t.Errorf("L2Squared = %v, want 1496", got)
	}
	if got := Dot(a, b); got != 153 {
		t.Errorf("Dot = %v, want 153", got)
	}
	if got := L1(a, b); got != 136 {
		t.Errorf("L1 = %v, want 136", got)
	}
	if d, na, nb := CosineParts(a, b); d != 153 || na != 1785 || nb != 17 {
		t.Errorf("CosineParts = %v, %v, %v, want 153, 1785, 17", d, na, nb)
	}
}

// TestShortBPanics: a b shorter than a must panic in every implementation
// (the assembly wrappers re-slice b in Go before reading it).
func TestShortBPanics(t *testing.T) {
	for _, s := range floatSets() {
		if s.missing != "" {
			continue
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s L2Squared: no panic for len(b) < len(a)", s.name)
				}
			}()
			s.l2(make([]float32, 20), make([]float32, 19))
		}()
	}
	for _, s := range quantSets() {
		if s.missing != "" {
			continue
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s DotInt8: no panic for len(b) < len(a)", s.name)
				}
			}()
			s.dotI8(make([]int8, 70), make([]int8, 69))
		}()
	}
}
