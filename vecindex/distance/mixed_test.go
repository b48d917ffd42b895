package distance

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// toFloats converts byte codes to float32 (exact).
func toFloats(c []uint8) []float32 {
	v := make([]float32, len(c))
	for i, x := range c {
		v[i] = float32(x)
	}
	return v
}

// TestFloatUint8 checks L2SquaredFloatUint8 of every implementation for
// every length 0..maxLen at several offsets, with guard bytes (255) and
// guard floats (NaN) around the vectors:
//   - on random float queries against full-range codes it equals the same
//     implementation's L2Squared on the codes converted to float32, bit
//     for bit (the kernels share their summation order), and is within
//     floatTol of the pure-Go scalar kernel;
//   - on small integers (every sum exact) it equals pure Go exactly.
func TestFloatUint8(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	nan := float32(math.NaN())
	for _, s := range floatSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= maxLen; n++ {
				off := floatOffsets[n%len(floatOffsets)]
				q0 := randFloats(r, n, 300)
				c0 := randUint8s(r, n)
				q, c := placed(q0, off, nan), placed(c0, byteOffsets[n%len(byteOffsets)], uint8(255))
				f := toFloats(c0)
				got := s.l2u8(q, c)
				checkEqual(t, s.name, "L2SquaredFloatUint8 vs own L2Squared", n, got, s.l2(q0, f))
				l2Abs, _, _, _, _ := absSums(q0, f)
				if tol := floatTol(n, l2Abs); !closeF(got, l2SquaredFloatUint8Go(q0, c0), tol) {
					t.Fatalf("%s n=%d: got %v, scalar %v (tolerance %g)", s.name, n, got, l2SquaredFloatUint8Go(q0, c0), tol)
				}
				// Small integers: |q−c| <= 15, so sums stay below 2²⁴.
				qi, ci := make([]float32, n), make([]uint8, n)
				for i := range qi {
					qi[i], ci[i] = float32(r.IntN(16)), uint8(r.IntN(16))
				}
				q, c = placed(qi, off, nan), placed(ci, (off+3)%64, uint8(255))
				checkEqual(t, s.name, "L2SquaredFloatUint8 exact", n, s.l2u8(q, c), l2SquaredGo(qi, toFloats(ci)))
			}
		})
	}
}

// TestFloatUint8Known pins hand-computed values for the installed kernel:
// Σ (i − 2i)² = Σ i² for i = 0..99 is 328350; 255 against 0 over 70
// components is 70·255² = 4551750.
func TestFloatUint8Known(t *testing.T) {
	q, c := make([]float32, 100), make([]uint8, 100)
	for i := range q {
		q[i], c[i] = float32(i), uint8(2*i)
	}
	if got := L2SquaredFloatUint8(q, c); got != 328350 {
		t.Errorf("L2SquaredFloatUint8 = %v, want 328350", got)
	}
	z, w := make([]float32, 70), make([]uint8, 70)
	for i := range w {
		w[i] = 255
	}
	if got := L2SquaredFloatUint8(z, w); got != 4551750 {
		t.Errorf("L2SquaredFloatUint8 = %v, want 4551750", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("no panic for len(b) < len(a)")
		}
	}()
	L2SquaredFloatUint8(make([]float32, 20), make([]uint8, 19))
}

// FuzzL2SquaredFloatUint8 decodes the first two thirds of the input as
// int16/256 floats and the last third as codes.
func FuzzL2SquaredFloatUint8(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		n := len(data) / 3
		q, c := make([]float32, n), data[2*n:3*n]
		for i := range q {
			q[i] = float32(int16(binary.LittleEndian.Uint16(data[2*i:]))) / 256
		}
		want := l2SquaredFloatUint8Go(q, c)
		for _, s := range asmFloatSets() {
			if s.missing != "" {
				continue
			}
			got := s.l2u8(q, c)
			checkEqual(t, s.name, "L2SquaredFloatUint8 vs own L2Squared", n, got, s.l2(q, toFloats(c)))
			l2Abs, _, _, _, _ := absSums(q, toFloats(c))
			if tol := floatTol(n, l2Abs); !closeF(got, want, tol) {
				t.Fatalf("%s n=%d: got %v, want %v (tolerance %g)", s.name, n, got, want, tol)
			}
		}
	})
}

func BenchmarkL2SquaredFloatUint8(b *testing.B) {
	sets := floatSets()
	var names, missing []string
	for _, s := range sets {
		names, missing = append(names, s.name), append(missing, s.missing)
	}
	benchEach(b, names, missing, func(b *testing.B, impl, dim int) {
		r := rand.New(rand.NewPCG(7, uint64(dim)))
		x, y := randFloats(r, dim, 255), randUint8s(r, dim)
		f := sets[impl].l2u8
		for b.Loop() {
			sinkF32 += f(x, y)
		}
	})
}
