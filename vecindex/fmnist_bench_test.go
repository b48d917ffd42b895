package vecindex

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/vecgres/vecgres/vecindex/fmnist"
)

func loadFMNIST(b *testing.B, n int) *fmnist.Dataset {
	if _, err := os.Stat(filepath.Join(fmnist.DefaultDir, fmnist.TrainImages)); err != nil {
		b.Skipf("Fashion-MNIST not installed: %v", err)
	}
	d, err := fmnist.LoadN(fmnist.DefaultDir, n, 1000)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkFMNISTBuild: serial build of 20,000 Fashion-MNIST vectors
// (m = 16, ef_construction = 64); ns/op is per index.
func BenchmarkFMNISTBuild(b *testing.B) {
	d := loadFMNIST(b, 20000)
	for b.Loop() {
		build(b, Config{Dims: 784, M: 16, EfConstruction: 64, Seed: 1}, d.Train)
	}
}

// BenchmarkFMNISTSearch: k = 10, ef_search = 20 on all 60,000 vectors.
func BenchmarkFMNISTSearch(b *testing.B) {
	d := loadFMNIST(b, 0)
	h, _ := New(Config{Dims: 784, M: 16, EfConstruction: 64, Seed: 1})
	keys := make([]uint64, len(d.Train))
	for i := range keys {
		keys[i] = uint64(i)
	}
	if err := h.InsertBatch(keys, d.Train, 0); err != nil {
		b.Fatal(err)
	}
	for _, lines := range []int{0, 1, 2, 4, 8, 49} {
		prefetchVecLines = lines
		b.Run(fmt.Sprintf("prefetch=%d", lines), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				h.Search(d.Test[i%len(d.Test)], 10, 20, nil)
				i++
			}
		})
	}
	prefetchVecLines = 4
}

// BenchmarkFMNISTSearchHalf: k = 10, ef_search = 40 on 20,000 vectors,
// the index a vector column gets (byte codes here: the pixels are
// integers), the same with floats only, a halfvec column's (halves, and
// byte codes beside them) and the same walking on its halves only; the
// vector bytes each keeps are reported with every run.
func BenchmarkFMNISTSearchHalf(b *testing.B) {
	d := loadFMNIST(b, 20000)
	keys := make([]uint64, len(d.Train))
	for i := range keys {
		keys[i] = uint64(i)
	}
	for _, c := range []struct {
		name         string
		half, floats bool
	}{{"vector-codes", false, false}, {"vector-floats", false, true}, {"halfvec-codes", true, false}, {"halfvec-halves", true, true}} {
		h, err := New(Config{Dims: 784, M: 16, EfConstruction: 64, Seed: 1, Half: c.half})
		if err != nil {
			b.Fatal(err)
		}
		if c.floats {
			h.DisableByteCodes()
		}
		if err := h.InsertBatch(keys, d.Train, 0); err != nil {
			b.Fatal(err)
		}
		vecBytes, _ := h.MemoryBytes()
		b.Run(c.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				h.Search(d.Test[i%len(d.Test)], 10, 40, nil)
				i++
			}
			b.ReportMetric(float64(vecBytes), "vector-bytes")
		})
	}
}
