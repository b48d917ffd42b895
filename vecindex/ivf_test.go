package vecindex

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/vecindex/fmnist"
)

// trainIVF returns an IVFFlat index of cfg trained on data and holding
// data[i] under key i.
func trainIVF(t testing.TB, cfg IVFConfig, data [][]float32) *IVFFlat {
	t.Helper()
	x, err := NewIVF(cfg)
	if err != nil {
		t.Fatal(err)
	}
	x.Train(data, 0)
	keys := make([]uint64, len(data))
	for i := range keys {
		keys[i] = uint64(i)
	}
	if err := x.InsertBatch(keys, data, 0); err != nil {
		t.Fatal(err)
	}
	return x
}

// TestIVFTrainDeterministic: the same seed and vectors give the same
// centers, another seed other centers.
func TestIVFTrainDeterministic(t *testing.T) {
	data := gaussian(3000, 16, 7)
	a := trainIVF(t, IVFConfig{Dims: 16, Lists: 20, Metric: L2, Seed: 3}, data)
	b := trainIVF(t, IVFConfig{Dims: 16, Lists: 20, Metric: L2, Seed: 3}, data)
	c := trainIVF(t, IVFConfig{Dims: 16, Lists: 20, Metric: L2, Seed: 4}, data)
	if !slices.Equal(a.centers, b.centers) {
		t.Fatal("same seed gave different centers")
	}
	if slices.Equal(a.centers, c.centers) {
		t.Fatal("another seed gave the same centers")
	}
}

// TestIVFAssignmentNearest: every vector is in the list of its nearest
// center, each list's rows are contiguous and agree with the key map,
// and under spherical metrics the centers have unit length.
func TestIVFAssignmentNearest(t *testing.T) {
	data := gaussian(2000, 8, 11)
	for _, m := range []Metric{L2, InnerProduct, Cosine} {
		x := trainIVF(t, IVFConfig{Dims: 8, Lists: 10, Metric: m, Seed: 1}, data)
		total := 0
		for l, lst := range x.lists {
			if len(lst.vecs) != len(lst.keys)*8 {
				t.Fatalf("%s: list %d has %d floats for %d keys", m, l, len(lst.vecs), len(lst.keys))
			}
			for i, key := range lst.keys {
				v := lst.vecs[i*8 : (i+1)*8]
				if got := x.nearestList(v); got != l {
					t.Fatalf("%s: key %d in list %d, nearest center %d", m, key, l, got)
				}
				if pos := x.where[key]; int(pos.list) != l || int(pos.row) != i {
					t.Fatalf("%s: key %d at %d/%d, map says %v", m, key, l, i, pos)
				}
			}
			total += len(lst.keys)
		}
		if total != len(data) || x.Live() != len(data) {
			t.Fatalf("%s: lists hold %d, Live %d, want %d", m, total, x.Live(), len(data))
		}
		if m != L2 {
			for c := range 10 {
				var ss float64
				for _, f := range x.centers[c*8 : (c+1)*8] {
					ss += float64(f) * float64(f)
				}
				if ss < 0.999 || ss > 1.001 {
					t.Fatalf("%s: center %d has squared norm %v", m, c, ss)
				}
			}
		}
	}
}

// TestIVFKMeansReducesError: Lloyd's iterations leave the mean squared
// distance of the samples to their nearest center below the k-means++
// seeding's.
func TestIVFKMeansReducesError(t *testing.T) {
	data := gaussian(3000, 8, 5)
	x, _ := NewIVF(IVFConfig{Dims: 8, Lists: 16, Metric: L2, Seed: 2})
	seeded, _ := x.seedCenters(context.Background(), data, rand.New(rand.NewPCG(1, 2)), 0)
	x.centers = slices.Clone(seeded)
	before := quantError(x, data)
	if err := x.refine(context.Background(), data, x.centers, 0); err != nil {
		t.Fatal(err)
	}
	if after := quantError(x, data); !(after < before) {
		t.Fatalf("k-means error %v, seeding's %v", after, before)
	}
}

func quantError(x *IVFFlat, data [][]float32) float64 {
	var sum float64
	for _, v := range data {
		c := x.nearestList(v)
		sum += float64(l2Dist(v, x.centers[c*8:(c+1)*8]))
	}
	return sum / float64(len(data))
}

// TestIVFSearchAllListsExact: probing every list gives exactly the
// brute-force rows (ties by key), filtered or not, for each metric; with
// one probe the rows are the nearest of that list, sorted.
func TestIVFSearchAllListsExact(t *testing.T) {
	data := gaussian(1500, 12, 9)
	qs := gaussian(20, 12, 10)
	even := func(k uint64) bool { return k%2 == 0 }
	for _, m := range []Metric{L2, InnerProduct, Cosine} {
		x := trainIVF(t, IVFConfig{Dims: 12, Lists: 8, Metric: m, Seed: 1}, data)
		for _, q := range qs {
			for _, keep := range []func(uint64) bool{nil, even} {
				got := x.Search(q, IVFSearch{K: 10, Probes: 8, Accept: keep})
				want := bruteForce(m, data, q, 10, keep)
				if r := recall(got.Rows, want); r != 1 || got.Probed != 8 {
					t.Fatalf("%s: recall %v with every list probed (%d)", m, r, got.Probed)
				}
				checkSorted(t, got.Rows)
			}
			one := x.Search(q, IVFSearch{K: 10, Probes: 1})
			if one.Probed != 1 || len(one.Rows) != 10 {
				t.Fatalf("%s: one probe scanned %d lists, %d rows", m, one.Probed, len(one.Rows))
			}
			checkSorted(t, one.Rows)
		}
	}
}

// TestIVFSearchMaxProbes: a filter that only a few rows pass leaves one
// probe short; MaxProbes scans further lists until K rows are found.
func TestIVFSearchMaxProbes(t *testing.T) {
	data := gaussian(2000, 8, 12)
	x := trainIVF(t, IVFConfig{Dims: 8, Lists: 20, Metric: L2, Seed: 1}, data)
	rare := func(k uint64) bool { return k%100 == 0 } // 20 rows
	q := data[1]
	short := x.Search(q, IVFSearch{K: 10, Probes: 1, Accept: rare})
	if len(short.Rows) >= 10 {
		t.Fatalf("one probe found %d of the 20 rare rows", len(short.Rows))
	}
	wide := x.Search(q, IVFSearch{K: 10, Probes: 1, MaxProbes: 20, Accept: rare})
	if len(wide.Rows) != 10 || wide.Probed <= 1 {
		t.Fatalf("max_probes: %d rows after %d lists", len(wide.Rows), wide.Probed)
	}
}

// TestIVFDeleteAndReinsert: deleted keys are never returned; the moved
// row keeps its key; inserting a key again replaces its vector; a zero
// vector under cosine is not indexed.
func TestIVFDeleteAndReinsert(t *testing.T) {
	data := gaussian(500, 4, 13)
	x := trainIVF(t, IVFConfig{Dims: 4, Lists: 4, Metric: L2, Seed: 1}, data)
	for k := uint64(0); k < 500; k += 3 {
		x.Delete(k)
	}
	x.Delete(9999) // absent: no-op
	for _, q := range gaussian(10, 4, 14) {
		got := x.Search(q, IVFSearch{K: 20, Probes: 4})
		want := bruteForce(L2, data, q, 20, func(k uint64) bool { return k%3 != 0 })
		if recall(got.Rows, want) != 1 {
			t.Fatalf("after deletes: got %v, want %v", got.Rows, want)
		}
	}
	if err := x.Insert(1, []float32{100, 100, 100, 100}); err != nil {
		t.Fatal(err)
	}
	got := x.Search([]float32{100, 100, 100, 100}, IVFSearch{K: 1, Probes: 4})
	if len(got.Rows) != 1 || got.Rows[0].Key != 1 || got.Rows[0].Dist != 0 {
		t.Fatalf("re-inserted key: %v", got.Rows)
	}
	if live := x.Live(); live != 500-167 {
		t.Fatalf("Live = %d, want %d", live, 500-167)
	}
	c := trainIVF(t, IVFConfig{Dims: 4, Lists: 2, Metric: Cosine, Seed: 1}, data[:10])
	if err := c.Insert(77, make([]float32, 4)); err != nil || c.Live() != 10 {
		t.Fatalf("zero vector under cosine: err %v, Live %d", err, c.Live())
	}
}

// TestIVFLittleData: fewer vectors than lists (and none) still give a
// trained index, with Sampled telling how many were clustered.
func TestIVFLittleData(t *testing.T) {
	x := trainIVF(t, IVFConfig{Dims: 3, Lists: 10, Metric: Cosine, Seed: 1}, gaussian(4, 3, 1))
	if x.Sampled() != 4 || !x.Trained() || len(x.centers) != 30 {
		t.Fatalf("sampled %d, trained %v, %d center floats", x.Sampled(), x.Trained(), len(x.centers))
	}
	e, _ := NewIVF(IVFConfig{Dims: 3, Lists: 5, Metric: L2, Seed: 1})
	e.Train(nil, 0)
	if err := e.Insert(1, []float32{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if got := e.Search([]float32{1, 2, 3}, IVFSearch{K: 5, Probes: 5}); len(got.Rows) != 1 {
		t.Fatalf("empty-trained index: %v", got.Rows)
	}
}

// TestIVFRecallFashionMNIST: recall@10 against brute force on 10,000
// Fashion-MNIST train images (100 lists) for 200 test images, at probes
// 1, 10 (lists/10) and 100 (every list: exact).
func TestIVFRecallFashionMNIST(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("skipped under -race and -short")
	}
	if _, err := os.Stat(filepath.Join(fmnist.DefaultDir, fmnist.TrainImages)); err != nil {
		t.Skipf("Fashion-MNIST not installed at %s: %v", fmnist.DefaultDir, err)
	}
	d, err := fmnist.LoadN(fmnist.DefaultDir, 10000, 200)
	if err != nil {
		t.Fatal(err)
	}
	x := trainIVF(t, IVFConfig{Dims: 784, Lists: 100, Metric: L2, Seed: 1}, d.Train)
	checkIVFRecall(t, x, L2, d.Train, d.Test, map[int]float64{1: 0.6, 10: 0.98, 100: 1})
}

// TestIVFRecallGloVe: as TestIVFRecallFashionMNIST on 10,000 GloVe
// vectors under cosine (100 lists).
func TestIVFRecallGloVe(t *testing.T) {
	data, qs := gloveRecallData(t)
	x := trainIVF(t, IVFConfig{Dims: 100, Lists: 100, Metric: Cosine, Seed: 1}, data)
	checkIVFRecall(t, x, Cosine, data, qs, map[int]float64{1: 0.5, 10: 0.9, 100: 1})
}

// checkIVFRecall fails when mean recall@10 at a probe count is below
// its threshold.
func checkIVFRecall(t *testing.T, x *IVFFlat, m Metric, data, qs [][]float32, min map[int]float64) {
	t.Helper()
	for _, probes := range []int{1, 10, 100} {
		var sum float64
		for _, q := range qs {
			got := x.Search(q, IVFSearch{K: 10, Probes: probes})
			checkSorted(t, got.Rows)
			sum += recall(got.Rows, bruteForce(m, data, q, 10, nil))
		}
		r := sum / float64(len(qs))
		t.Logf("recall@10 at probes %d = %.4f", probes, r)
		if r < min[probes] {
			t.Errorf("recall@10 at probes %d = %.4f, want >= %.2f", probes, r, min[probes])
		}
	}
}

// TestIVFConcurrent: searches run while other goroutines insert and
// delete (run under -race); afterwards every list agrees with the key
// map.
func TestIVFConcurrent(t *testing.T) {
	data := gaussian(2000, 8, 15)
	x := trainIVF(t, IVFConfig{Dims: 8, Lists: 8, Metric: Cosine, Seed: 1}, data[:500])
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 500; i < 2000; i++ {
			if err := x.Insert(uint64(i), data[i]); err != nil {
				t.Error(err)
				return
			}
			if i%3 == 0 {
				x.Delete(uint64(i - 400))
			}
		}
	}()
	for i := 0; i < 200; i++ {
		got := x.Search(data[i], IVFSearch{K: 5, Probes: 2, Accept: func(uint64) bool { return true }})
		checkSorted(t, got.Rows)
	}
	<-done
	n := 0
	for l, lst := range x.lists {
		for i, key := range lst.keys {
			if pos := x.where[key]; int(pos.list) != l || int(pos.row) != i {
				t.Fatalf("key %d at %d/%d, map %v", key, l, i, pos)
			}
			n++
		}
	}
	if n != x.Live() || n != 2000-500 {
		t.Fatalf("%d rows in lists, Live %d, want %d", n, x.Live(), 1500)
	}
}

// TestIVFCentersRoundTrip: centers written and read back are the same
// bits and assign vectors to the same lists; a flipped byte, a cut file
// and another shape are ErrIVFCenters.
func TestIVFCentersRoundTrip(t *testing.T) {
	data := gaussian(800, 6, 17)
	x := trainIVF(t, IVFConfig{Dims: 6, Lists: 7, Metric: InnerProduct, Seed: 5}, data)
	var buf bytes.Buffer
	if _, err := x.WriteCentersTo(&buf); err != nil {
		t.Fatal(err)
	}
	y, _ := NewIVF(x.Config())
	if err := y.ReadCentersFrom(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x.centers, y.centers) || y.Sampled() != x.Sampled() || !y.Trained() || y.Live() != 0 {
		t.Fatalf("read back: sampled %d, trained %v, live %d", y.Sampled(), y.Trained(), y.Live())
	}
	for _, v := range data[:50] {
		if x.nearestList(v) != y.nearestList(v) {
			t.Fatal("read-back centers assign differently")
		}
	}
	bad := slices.Clone(buf.Bytes())
	bad[30] ^= 1
	other, _ := NewIVF(IVFConfig{Dims: 6, Lists: 8, Metric: InnerProduct})
	for name, err := range map[string]error{
		"flipped": y.ReadCentersFrom(bytes.NewReader(bad)),
		"cut":     y.ReadCentersFrom(bytes.NewReader(buf.Bytes()[:40])),
		"shape":   other.ReadCentersFrom(bytes.NewReader(buf.Bytes())),
	} {
		if !errors.Is(err, ErrIVFCenters) {
			t.Errorf("%s: %v, want ErrIVFCenters", name, err)
		}
	}
}

// TestIVFTrainContext: training stops with the context's error and
// leaves the index untrained.
func TestIVFTrainContext(t *testing.T) {
	x, _ := NewIVF(IVFConfig{Dims: 4, Lists: 10, Metric: L2, Seed: 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := x.TrainContext(ctx, gaussian(500, 4, 3), 0); !errors.Is(err, context.Canceled) || x.Trained() {
		t.Fatalf("cancelled training: %v, trained %v", err, x.Trained())
	}
}
