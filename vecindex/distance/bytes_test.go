package distance

import (
	"math/rand/v2"
	"testing"
)

// byteOffsets put the first byte at every kind of misalignment.
var byteOffsets = []int{0, 1, 5, 17, 33, 63}

// TestQuantExact: integer kernels must equal pure Go exactly for every
// length 0..maxLen, random full-range bytes, several offsets, and guard
// bytes of the extreme value (127 / 255) around the vectors.
func TestQuantExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, s := range quantSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= maxLen; n++ {
				off := byteOffsets[n%len(byteOffsets)]
				ai, bi := randInt8s(r, n), randInt8s(r, n)
				a, b := placed(ai, off, int8(127)), placed(bi, (off+7)%64, int8(-128))
				checkInt(t, s.name, "DotInt8", n, int64(s.dotI8(a, b)), int64(dotInt8Go(ai, bi)))
				checkInt(t, s.name, "L2SquaredInt8", n, int64(s.l2I8(a, b)), int64(l2SquaredInt8Go(ai, bi)))
				au, bu := randUint8s(r, n), randUint8s(r, n)
				c, d := placed(au, off, uint8(255)), placed(bu, (off+7)%64, uint8(255))
				checkInt(t, s.name, "DotUint8", n, int64(s.dotU8(c, d)), int64(dotUint8Go(au, bu)))
				checkInt(t, s.name, "L2SquaredUint8", n, int64(s.l2U8(c, d)), int64(l2SquaredUint8Go(au, bu)))
			}
		})
	}
}

func checkInt(t *testing.T, impl, kernel string, n int, got, want int64) {
	t.Helper()
	if got != want {
		t.Fatalf("%s %s n=%d: got %d, want %d", impl, kernel, n, got, want)
	}
}

// TestQuantExtremes: constant vectors at the ends of the ranges, where sign
// handling (VPDPBUSD offsets, saturation) goes wrong first. Expected values
// are computed by hand: n·x·y and n·(x−y)².
func TestQuantExtremes(t *testing.T) {
	const n = 999
	fill8 := func(x int8) []int8 {
		v := make([]int8, n)
		for i := range v {
			v[i] = x
		}
		return v
	}
	fillU := func(x uint8) []uint8 {
		v := make([]uint8, n)
		for i := range v {
			v[i] = x
		}
		return v
	}
	pairs8 := [][2]int8{{-128, -128}, {-128, 127}, {127, 127}, {-1, 1}, {0, -128}}
	pairsU := [][2]uint8{{255, 255}, {255, 0}, {128, 127}, {1, 0}}
	for _, s := range quantSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for _, p := range pairs8 {
				x, y := int32(p[0]), int32(p[1])
				a, b := fill8(p[0]), fill8(p[1])
				checkInt(t, s.name, "DotInt8", n, int64(s.dotI8(a, b)), int64(n*x*y))
				checkInt(t, s.name, "L2SquaredInt8", n, int64(s.l2I8(a, b)), int64(n*(x-y)*(x-y)))
			}
			for _, p := range pairsU {
				x, y := int64(p[0]), int64(p[1])
				a, b := fillU(p[0]), fillU(p[1])
				checkInt(t, s.name, "DotUint8", n, int64(s.dotU8(a, b)), n*x*y)
				checkInt(t, s.name, "L2SquaredUint8", n, int64(s.l2U8(a, b)), n*(x-y)*(x-y))
			}
		})
	}
}

// TestQuantWrap: past the no-overflow lengths every implementation wraps
// modulo 2³² exactly like Go int32/uint32 arithmetic.
func TestQuantWrap(t *testing.T) {
	const n = 140_001 // 140001·128² > 2³¹
	a8, b8 := make([]int8, n), make([]int8, n)
	au, bu := make([]uint8, n), make([]uint8, n)
	for i := range a8 {
		a8[i], b8[i] = -128, -128
		au[i], bu[i] = 255, 255
	}
	b8[n-1] = 127
	c8, zu := make([]int8, n), make([]uint8, n)
	for i := range c8 {
		c8[i] = 127
	}
	for _, s := range quantSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			checkInt(t, s.name, "DotInt8", n, int64(s.dotI8(a8, b8)), int64(dotInt8Go(a8, b8)))
			checkInt(t, s.name, "DotUint8", n, int64(s.dotU8(au, bu)), int64(dotUint8Go(au, bu)))
			checkInt(t, s.name, "L2SquaredInt8", n, int64(s.l2I8(a8, c8)), int64(l2SquaredInt8Go(a8, c8)))
			checkInt(t, s.name, "L2SquaredUint8", n, int64(s.l2U8(au, zu)), int64(l2SquaredUint8Go(au, zu)))
		})
	}
	exact := int64(n-1)*16384 - 16256
	if want := int32(uint32(exact)); exact <= 1<<31 || dotInt8Go(a8, b8) != want {
		t.Fatalf("dotInt8Go wrap: got %d, want %d", dotInt8Go(a8, b8), want)
	}
}

// TestHammingExact compares every Hamming implementation with pure Go for
// every length 0..maxLen words, with all-ones guard words.
func TestHammingExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range hammingSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= maxLen; n++ {
				a0, b0 := randUint64s(r, n), randUint64s(r, n)
				off := n % 9
				a, b := placed(a0, off, ^uint64(0)), placed(b0, 8-off, 0)
				checkInt(t, s.name, "HammingUint64", n, int64(s.fn(a, b)), int64(hammingUint64Go(a0, b0)))
			}
			all := []uint64{^uint64(0), ^uint64(0), ^uint64(0)}
			checkInt(t, s.name, "HammingUint64", 3, int64(s.fn(all, make([]uint64, 3))), 192)
		})
	}
}

// TestAndOrExact compares every AndOrUint64 implementation with pure Go
// for every length 0..maxLen words, with all-ones guard words (a mask one
// word too wide counts them).
func TestAndOrExact(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, s := range hammingSets() {
		t.Run(s.name, func(t *testing.T) {
			skipMissing(t, s.name, s.missing)
			for n := 0; n <= maxLen; n++ {
				a0, b0 := randUint64s(r, n), randUint64s(r, n)
				off := n % 9
				a, b := placed(a0, off, ^uint64(0)), placed(b0, 8-off, ^uint64(0))
				gi, gu := s.andOr(a, b)
				wi, wu := andOrUint64Go(a0, b0)
				checkInt(t, s.name, "AndOrUint64 inter", n, int64(gi), int64(wi))
				checkInt(t, s.name, "AndOrUint64 union", n, int64(gu), int64(wu))
			}
		})
	}
}
