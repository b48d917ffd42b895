package vecindex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vecgres/vecgres/vecindex/fmnist"
)

// TestRecallFashionMNIST: recall@10 against brute force for 200 test
// images queried on an index of the first 10,000 train images (784 dims,
// L2, m = 16, ef_construction = 64) at ef_search 40, and at ef_search 10
// at least a pgvector-equivalent build's (0.983 on 500 queries; 0.955
// before neighbour lists were filled, select.go).
func TestRecallFashionMNIST(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("skipped under -race and -short: building 10,000 x 784 dims takes seconds")
	}
	if _, err := os.Stat(filepath.Join(fmnist.DefaultDir, fmnist.TrainImages)); err != nil {
		t.Skipf("Fashion-MNIST not installed at %s: %v", fmnist.DefaultDir, err)
	}
	const k, ef, minRecall = 10, 40, 0.95
	const lowEf, minRecallLowEf = 10, 0.975
	d, err := fmnist.LoadN(fmnist.DefaultDir, 10000, 200)
	if err != nil {
		t.Fatal(err)
	}
	h := build(t, Config{Dims: 784, M: 16, EfConstruction: 64, Metric: L2, Seed: 1}, d.Train)
	var sum float64
	for _, q := range d.Test {
		got := h.Search(q, k, ef, nil)
		checkSorted(t, got)
		sum += recall(got, bruteForce(L2, d.Train, q, k, nil))
	}
	r := sum / float64(len(d.Test))
	t.Logf("Fashion-MNIST recall@%d = %.4f (n=%d, ef_search=%d)", k, r, len(d.Train), ef)
	if r < minRecall {
		t.Errorf("recall@%d = %.4f, want >= %.2f", k, r, minRecall)
	}
	if r := meanRecall(t, h, d.Train, d.Test, k, lowEf, nil); r < minRecallLowEf {
		t.Errorf("recall@%d at ef_search %d = %.4f, want >= %.3f", k, lowEf, r, minRecallLowEf)
	} else {
		t.Logf("recall@%d at ef_search %d = %.4f", k, lowEf, r)
	}
}
