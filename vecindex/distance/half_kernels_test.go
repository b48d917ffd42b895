package distance

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/vecgres/vecgres/vecindex/fp16"
)

// halfSets lists every half-kernel implementation in this build: pure Go
// first, then assembly (none under -tags noasm).
func halfSets() []halfSet { return append([]halfSet{goHalf}, asmHalfSets()...) }

// halfNaN is a quiet NaN half: a kernel that reads a guard returns NaN.
const halfNaN = 0x7e00

func toHalves(v []float32) []uint16 {
	out := make([]uint16, len(v))
	for i, x := range v {
		out[i] = fp16.FromFloat32(x)
	}
	return out
}

func widen(h []uint16) []float32 {
	out := make([]float32, len(h))
	fp16.ToFloat32s(out, h)
	return out
}

// TestHalfGoMatchesFloat: each pure-Go half kernel equals the pure-Go
// float32 kernel on the widened halves, bit for bit (same order).
func TestHalfGoMatchesFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 300; n++ {
		a, b := toHalves(randFloats(r, n, 100)), toHalves(randFloats(r, n, 100))
		fa, fb := widen(a), widen(b)
		checkEqual(t, "go", "L2SquaredHalf", n, l2SquaredHalfGo(a, b), l2SquaredGo(fa, fb))
		checkEqual(t, "go", "DotHalf", n, dotHalfGo(a, b), dotGo(fa, fb))
		checkEqual(t, "go", "L1Half", n, l1HalfGo(a, b), l1Go(fa, fb))
		d, na, nb := cosinePartsHalfGo(a, b)
		wd, wna, wnb := cosinePartsGo(fa, fb)
		checkEqual(t, "go", "CosinePartsHalf", n, d+na+nb, wd+wna+wnb)
		checkEqual(t, "go", "L2SquaredFloatHalf", n, l2SquaredFloatHalfGo(fa, b), l2SquaredGo(fa, fb))
		checkEqual(t, "go", "DotFloatHalf", n, dotFloatHalfGo(fa, b), dotGo(fa, fb))
		checkEqual(t, "go", "L1FloatHalf", n, l1FloatHalfGo(fa, b), l1Go(fa, fb))
	}
}

// TestHalfKernelsExact: on small integers every sum is exact, so every
// implementation equals pure Go exactly, at every length 0..300 and with
// NaN guards around both vectors.
func TestHalfKernelsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range halfSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= 300; n++ {
				a0, b0 := toHalves(smallInts(r, n)), toHalves(smallInts(r, n))
				a, b := placed(a0, n%7, uint16(halfNaN)), placed(b0, n%5, uint16(halfNaN))
				fa := placed(widen(a0), n%3, float32(nanF()))
				compareHalf(t, s, n, a, b, fa, a0, b0, 0)
			}
		})
	}
}

// TestHalfKernelsRandom compares every implementation with pure Go on
// random halves at every length 0..300, within the float32 kernels'
// reassociation bound.
func TestHalfKernelsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, s := range halfSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= 300; n++ {
				scale := float32(int(1) << (n % 5 * 3)) // 1 .. 4096
				a0, b0 := toHalves(randFloats(r, n, scale)), toHalves(randFloats(r, n, scale))
				a, b := placed(a0, n%7, uint16(halfNaN)), placed(b0, n%5, uint16(halfNaN))
				fa := placed(widen(a0), n%3, float32(nanF()))
				compareHalf(t, s, n, a, b, fa, a0, b0, 1)
			}
		})
	}
}

// compareHalf checks every kernel of s on (a, b) and (fa, b) against pure
// Go on (a0, b0); tolScale 0 asks for equality, 1 for floatTol.
func compareHalf(t testing.TB, s halfSet, n int, a, b []uint16, fa []float32, a0, b0 []uint16, tolScale float64) {
	t.Helper()
	l2Abs, dotAbs, l1Abs, naAbs, nbAbs := absSums(widen(a0), widen(b0))
	check := func(kernel string, got, want float32, sumAbs float64) {
		t.Helper()
		if tol := tolScale * floatTol(n, sumAbs); !closeF(got, want, tol) {
			t.Fatalf("%s %s n=%d: got %v, want %v (tol %g)", s.name, kernel, n, got, want, tol)
		}
	}
	check("L2SquaredHalf", s.l2(a, b), l2SquaredHalfGo(a0, b0), l2Abs)
	check("DotHalf", s.dot(a, b), dotHalfGo(a0, b0), dotAbs)
	check("L1Half", s.l1(a, b), l1HalfGo(a0, b0), l1Abs)
	d, na, nb := s.cosine(a, b)
	wd, wna, wnb := cosinePartsHalfGo(a0, b0)
	check("CosinePartsHalf.dot", d, wd, dotAbs)
	check("CosinePartsHalf.na", na, wna, naAbs)
	check("CosinePartsHalf.nb", nb, wnb, nbAbs)
	check("L2SquaredFloatHalf", s.l2Float(fa, b), l2SquaredFloatHalfGo(widen(a0), b0), l2Abs)
	check("DotFloatHalf", s.dotFloat(fa, b), dotFloatHalfGo(widen(a0), b0), dotAbs)
	check("L1FloatHalf", s.l1Float(fa, b), l1FloatHalfGo(widen(a0), b0), l1Abs)
}

func nanF() float64 { return float64(fp16.ToFloat32(halfNaN)) }

// FuzzHalfKernels decodes its input as two half vectors (finite halves
// only: NaN and Inf bit patterns are cleared to zero) and compares every
// runnable implementation with pure Go, with guards past both ends.
func FuzzHalfKernels(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		n := len(data) / 4
		a0, b0 := make([]uint16, n), make([]uint16, n)
		for i := range n {
			a0[i] = finiteHalf(binary.LittleEndian.Uint16(data[2*i:]))
			b0[i] = finiteHalf(binary.LittleEndian.Uint16(data[2*n+2*i:]))
		}
		for _, s := range asmHalfSets() {
			if s.missing == "" {
				compareHalf(t, s, n, placed(a0, 3, uint16(halfNaN)), placed(b0, 1, uint16(halfNaN)),
					placed(widen(a0), 2, float32(nanF())), a0, b0, 1)
			}
		}
	})
}

// finiteHalf keeps h unless it is Inf or NaN (then 0), and caps the
// exponent so that squares and sums stay finite in float32.
func finiteHalf(h uint16) uint16 {
	if h&0x7c00 == 0x7c00 {
		return 0
	}
	return h
}

// BenchmarkHalf compares the half kernels with each other and with the
// float32 L2 kernel at 768 dimensions (no speed claims from a loaded
// machine: run it where the numbers mean something).
func BenchmarkHalf(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	fa, fb := randFloats(r, 768, 1), randFloats(r, 768, 1)
	ha, hb := toHalves(fa), toHalves(fb)
	for _, s := range halfSets() {
		if s.missing != "" {
			continue
		}
		b.Run(s.name+"/L2SquaredHalf", func(b *testing.B) {
			for b.Loop() {
				s.l2(ha, hb)
			}
		})
		b.Run(s.name+"/L2SquaredFloatHalf", func(b *testing.B) {
			for b.Loop() {
				s.l2Float(fa, hb)
			}
		})
		b.Run(s.name+"/DotFloatHalf", func(b *testing.B) {
			for b.Loop() {
				s.dotFloat(fa, hb)
			}
		})
	}
	b.Run("float32/L2Squared", func(b *testing.B) {
		for b.Loop() {
			L2Squared(fa, fb)
		}
	})
}
