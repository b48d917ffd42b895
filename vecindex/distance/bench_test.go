package distance

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchDims are the vector dimensions benchmarked: common embedding sizes
// (128, 384, 768, 1536) and MNIST's 784. HammingUint64 uses vectors of that
// many bits ((dim+63)/64 words).
var benchDims = []int{128, 384, 768, 784, 1536}

var (
	sinkF32 float32
	sinkI32 int32
	sinkU32 uint32
	sinkInt int
)

// benchEach runs body for every runnable implementation and dimension, as
// sub-benchmarks named impl/dim.
func benchEach(b *testing.B, names []string, missing []string, body func(b *testing.B, impl, dim int)) {
	for i, name := range names {
		for _, dim := range benchDims {
			b.Run(fmt.Sprintf("%s/dim=%d", name, dim), func(b *testing.B) {
				skipMissing(b, name, missing[i])
				body(b, i, dim)
			})
		}
	}
}

func benchFloat(b *testing.B, pick func(floatSet) func(a, b []float32) float32) {
	sets := floatSets()
	var names, missing []string
	for _, s := range sets {
		names, missing = append(names, s.name), append(missing, s.missing)
	}
	benchEach(b, names, missing, func(b *testing.B, impl, dim int) {
		r := rand.New(rand.NewPCG(1, uint64(dim)))
		x, y := randFloats(r, dim, 1), randFloats(r, dim, 1)
		f := pick(sets[impl])
		for b.Loop() {
			sinkF32 += f(x, y)
		}
	})
}

func BenchmarkL2Squared(b *testing.B) {
	benchFloat(b, func(s floatSet) func(a, b []float32) float32 { return s.l2 })
}

func BenchmarkDot(b *testing.B) {
	benchFloat(b, func(s floatSet) func(a, b []float32) float32 { return s.dot })
}

func BenchmarkL1(b *testing.B) {
	benchFloat(b, func(s floatSet) func(a, b []float32) float32 { return s.l1 })
}

func BenchmarkCosineParts(b *testing.B) {
	benchFloat(b, func(s floatSet) func(a, b []float32) float32 {
		return func(a, b []float32) float32 { d, na, nb := s.cosine(a, b); return d + na + nb }
	})
}

func benchQuant(b *testing.B, body func(b *testing.B, s quantSet, dim int)) {
	sets := quantSets()
	var names, missing []string
	for _, s := range sets {
		names, missing = append(names, s.name), append(missing, s.missing)
	}
	benchEach(b, names, missing, func(b *testing.B, impl, dim int) { body(b, sets[impl], dim) })
}

func BenchmarkDotInt8(b *testing.B) {
	benchQuant(b, func(b *testing.B, s quantSet, dim int) {
		r := rand.New(rand.NewPCG(2, uint64(dim)))
		x, y := randInt8s(r, dim), randInt8s(r, dim)
		for b.Loop() {
			sinkI32 += s.dotI8(x, y)
		}
	})
}

func BenchmarkL2SquaredInt8(b *testing.B) {
	benchQuant(b, func(b *testing.B, s quantSet, dim int) {
		r := rand.New(rand.NewPCG(3, uint64(dim)))
		x, y := randInt8s(r, dim), randInt8s(r, dim)
		for b.Loop() {
			sinkI32 += s.l2I8(x, y)
		}
	})
}

func BenchmarkDotUint8(b *testing.B) {
	benchQuant(b, func(b *testing.B, s quantSet, dim int) {
		r := rand.New(rand.NewPCG(4, uint64(dim)))
		x, y := randUint8s(r, dim), randUint8s(r, dim)
		for b.Loop() {
			sinkU32 += s.dotU8(x, y)
		}
	})
}

func BenchmarkL2SquaredUint8(b *testing.B) {
	benchQuant(b, func(b *testing.B, s quantSet, dim int) {
		r := rand.New(rand.NewPCG(5, uint64(dim)))
		x, y := randUint8s(r, dim), randUint8s(r, dim)
		for b.Loop() {
			sinkU32 += s.l2U8(x, y)
		}
	})
}

func BenchmarkHammingUint64(b *testing.B) {
	sets := hammingSets()
	var names, missing []string
	for _, s := range sets {
		names, missing = append(names, s.name), append(missing, s.missing)
	}
	benchEach(b, names, missing, func(b *testing.B, impl, dim int) {
		r := rand.New(rand.NewPCG(6, uint64(dim)))
		words := (dim + 63) / 64
		x, y := randUint64s(r, words), randUint64s(r, words)
		f := sets[impl].fn
		for b.Loop() {
			sinkInt += f(x, y)
		}
	})
}

func BenchmarkAndOrUint64(b *testing.B) {
	sets := hammingSets()
	var names, missing []string
	for _, s := range sets {
		names, missing = append(names, s.name), append(missing, s.missing)
	}
	benchEach(b, names, missing, func(b *testing.B, impl, dim int) {
		r := rand.New(rand.NewPCG(6, uint64(dim)))
		words := (dim + 63) / 64
		x, y := randUint64s(r, words), randUint64s(r, words)
		f := sets[impl].andOr
		for b.Loop() {
			i, u := f(x, y)
			sinkInt += i + u
		}
	})
}
