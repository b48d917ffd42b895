package vecindex

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkIVFFashionMNIST: an IVFFlat index of 20,000 Fashion-MNIST
// vectors (L2, lists = 100, trained once), searched for k = 10 at probes
// 1, 10 and 100; each sub-benchmark reports recall@10 against brute force
// over the 1,000 test images beside queries per second. No timing is
// claimed from a loaded machine: compare runs on one machine only.
func BenchmarkIVFFashionMNIST(b *testing.B) {
	d := loadFMNIST(b, 20000)
	start := time.Now()
	x := trainIVF(b, IVFConfig{Dims: 784, Lists: 100, Metric: L2, Seed: 1}, d.Train)
	b.Logf("build (train + fill, all cores): %v", time.Since(start))
	truth := make([][]Result, len(d.Test))
	for i, q := range d.Test {
		truth[i] = bruteForce(L2, d.Train, q, 10, nil)
	}
	for _, probes := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("probes=%d", probes), func(b *testing.B) {
			var sum float64
			for i, q := range d.Test {
				sum += recall(x.Search(q, IVFSearch{K: 10, Probes: probes}).Rows, truth[i])
			}
			n := 0
			for b.Loop() {
				x.Search(d.Test[n%len(d.Test)], IVFSearch{K: 10, Probes: probes})
				n++
			}
			b.ReportMetric(sum/float64(len(d.Test)), "recall@10")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "QPS")
		})
	}
}

// BenchmarkIVFBuildFMNIST: Train and InsertBatch of all 60,000
// Fashion-MNIST vectors (L2, lists = 60, bench/ann/ivf.sh's build), on
// all cores; ns/op is per build.
func BenchmarkIVFBuildFMNIST(b *testing.B) {
	d := loadFMNIST(b, 0)
	for b.Loop() {
		trainIVF(b, IVFConfig{Dims: 784, Lists: 60, Metric: L2, Seed: 1}, d.Train)
	}
}
