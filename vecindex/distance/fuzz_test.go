package distance

import (
	"encoding/binary"
	"testing"
)

// The fuzz targets split their input in two halves, decode each as a
// vector and compare every runnable implementation with pure Go.

// fuzzFloats decodes 2 bytes per element as int16/256: finite values in
// [-128, 128) whose squares and sums stay far from overflow, so only
// summation order can make implementations differ (bounded by floatTol).
func fuzzFloats(data []byte) (a, b []float32) {
	n := len(data) / 4
	a, b = make([]float32, n), make([]float32, n)
	for i := range n {
		a[i] = float32(int16(binary.LittleEndian.Uint16(data[2*i:]))) / 256
		b[i] = float32(int16(binary.LittleEndian.Uint16(data[2*n+2*i:]))) / 256
	}
	return a, b
}

func fuzzSeeds(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4})
	seed := make([]byte, 4*67)
	for i := range seed {
		seed[i] = byte(i*37 + 11)
	}
	f.Add(seed)
}

// fuzzFloat checks the float kernel named kernel.
func fuzzFloat(f *testing.F, kernel string) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzFloats(data)
		for _, s := range asmFloatSets() {
			if s.missing == "" {
				compareFloat(t, s, len(a), a, b, kernel)
			}
		}
	})
}

func FuzzL2Squared(f *testing.F)   { fuzzFloat(f, "L2Squared") }
func FuzzDot(f *testing.F)         { fuzzFloat(f, "Dot") }
func FuzzL1(f *testing.F)          { fuzzFloat(f, "L1") }
func FuzzCosineParts(f *testing.F) { fuzzFloat(f, "CosineParts") }

// fuzzBytes checks the byte kernel named kernel on the two halves of data
// (as int8 and as uint8 as the kernel requires).
func fuzzBytes(f *testing.F, kernel string) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		n := len(data) / 2
		au, bu := data[:n], data[n:2*n]
		ai, bi := make([]int8, n), make([]int8, n)
		for i := range n {
			ai[i], bi[i] = int8(au[i]), int8(bu[i])
		}
		for _, s := range asmQuantSets() {
			if s.missing != "" {
				continue
			}
			var got, want int64
			switch kernel {
			case "DotInt8":
				got, want = int64(s.dotI8(ai, bi)), int64(dotInt8Go(ai, bi))
			case "L2SquaredInt8":
				got, want = int64(s.l2I8(ai, bi)), int64(l2SquaredInt8Go(ai, bi))
			case "DotUint8":
				got, want = int64(s.dotU8(au, bu)), int64(dotUint8Go(au, bu))
			case "L2SquaredUint8":
				got, want = int64(s.l2U8(au, bu)), int64(l2SquaredUint8Go(au, bu))
			default:
				t.Fatalf("unknown kernel %q", kernel)
			}
			checkInt(t, s.name, kernel, n, got, want)
		}
	})
}

func FuzzDotInt8(f *testing.F)        { fuzzBytes(f, "DotInt8") }
func FuzzL2SquaredInt8(f *testing.F)  { fuzzBytes(f, "L2SquaredInt8") }
func FuzzDotUint8(f *testing.F)       { fuzzBytes(f, "DotUint8") }
func FuzzL2SquaredUint8(f *testing.F) { fuzzBytes(f, "L2SquaredUint8") }

func FuzzHammingUint64(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		n := len(data) / 16
		a, b := make([]uint64, n), make([]uint64, n)
		for i := range n {
			a[i] = binary.LittleEndian.Uint64(data[8*i:])
			b[i] = binary.LittleEndian.Uint64(data[8*n+8*i:])
		}
		for _, s := range asmHammingSets() {
			if s.missing == "" {
				checkInt(t, s.name, "HammingUint64", n, int64(s.fn(a, b)), int64(hammingUint64Go(a, b)))
			}
		}
	})
}
