package vecindex

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

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
// byte codes beside them) and the same walking on its halves only
// (DisableByteCodes), each built serially. The cases take turns, 100
// queries at a time, so a
// shared machine's load spreads over all of them; each case's QPS and
// vector bytes are reported, QPS also as a share of vector-codes'.
func BenchmarkFMNISTSearchHalf(b *testing.B) {
	d := loadFMNIST(b, 20000)
	keys := make([]uint64, len(d.Train))
	for i := range keys {
		keys[i] = uint64(i)
	}
	cases := []struct {
		name         string
		half, floats bool
		h            *HNSW
		took         time.Duration
	}{{name: "vector-codes"}, {name: "vector-floats", floats: true}, {name: "halfvec-codes", half: true}, {name: "halfvec-halves", half: true, floats: true}}
	for i := range cases {
		c := &cases[i]
		h, err := New(Config{Dims: 784, M: 16, EfConstruction: 64, Seed: 1, Half: c.half})
		if err != nil {
			b.Fatal(err)
		}
		if c.floats {
			h.DisableByteCodes()
		}
		// One worker: the graphs of the four are then the same (a
		// parallel build's graph depends on the workers' order), so the
		// walks differ only in what they read.
		if err := h.InsertBatch(keys, d.Train, 1); err != nil {
			b.Fatal(err)
		}
		c.h = h
	}
	b.Run("interleaved", func(b *testing.B) {
		n := 0
		for b.Loop() {
			for i := range cases {
				start := time.Now()
				for j := range 100 {
					cases[i].h.Search(d.Test[(n+j)%len(d.Test)], 10, 40, nil)
				}
				cases[i].took += time.Since(start)
			}
			n += 100
		}
		for _, c := range cases {
			qps := float64(n) / c.took.Seconds()
			vecBytes, _ := c.h.MemoryBytes()
			b.ReportMetric(qps, c.name+"-QPS")
			b.ReportMetric(qps/(float64(n)/cases[0].took.Seconds()), c.name+"/vector-codes")
			b.ReportMetric(float64(vecBytes), c.name+"-vector-bytes")
		}
	})
}
