package vecindex

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/vecindex/fmnist"
	"github.com/vecgres/vecgres/vecindex/fp16"
)

// halfData is gaussian data rounded to halves, as a halfvec column holds.
func halfData(n, dims int, seed uint64) [][]float32 {
	data := gaussian(n, dims, seed)
	for _, v := range data {
		for i, x := range v {
			v[i] = fp16.ToFloat32(fp16.FromFloat32(x))
		}
	}
	return data
}

// TestHalfRecallSynthetic: an index storing halves (Config.Half) reaches
// the recall@10 of a float32 index over the same labelled synthetic data
// (5,000 gaussian vectors of 64 dims rounded to halves, as halfvec holds
// them), against brute force, for every metric.
func TestHalfRecallSynthetic(t *testing.T) {
	const n, dims, k, ef, queries = 5000, 64, 10, 64, 100
	if raceEnabled {
		t.Skip("-race: recall builds are too slow instrumented")
	}
	data := halfData(n, dims, 42)
	qs := halfData(queries, dims, 7)
	for _, m := range []Metric{L2, InnerProduct, Cosine, L1} {
		t.Run(m.String(), func(t *testing.T) {
			t.Parallel()
			var rec [2]float64
			for i, half := range []bool{false, true} {
				h := build(t, Config{Dims: dims, M: 24, EfConstruction: 100, Metric: m, Seed: 1, Half: half}, data)
				for _, x := range qs {
					got := h.Search(x, k, ef, nil)
					if len(got) != k {
						t.Fatalf("got %d results, want %d", len(got), k)
					}
					checkSorted(t, got)
					rec[i] += recall(got, bruteForce(m, data, x, k, nil)) / queries
				}
			}
			t.Logf("%v recall@%d float32 %.4f, halves %.4f", m, k, rec[0], rec[1])
			if rec[1] < 0.95 || rec[1] < rec[0]-0.01 {
				t.Errorf("halves recall@%d = %.4f, float32 %.4f: want >= 0.95 and within 0.01", k, rec[1], rec[0])
			}
		})
	}
}

// TestHalfStorage: a Half index keeps 2 bytes per dimension and no
// floats, returns the exact distance to the stored halves, and a
// checkpoint round trip keeps every half and every answer.
func TestHalfStorage(t *testing.T) {
	const dims = 24
	data := halfData(1500, dims, 3)
	for _, m := range []Metric{L2, Cosine} {
		h := build(t, Config{Dims: dims, M: 8, EfConstruction: 32, Metric: m, Seed: 1, Half: true}, data)
		vecBytes, _ := h.MemoryBytes()
		segs := (len(data) + segSize - 1) / segSize
		if want := int64(2 * dims * segSize * segs); vecBytes != want {
			t.Fatalf("%v: vector bytes %d, want %d (2 per dimension)", m, vecBytes, want)
		}
		q := data[5]
		got := h.Search(q, 10, 40, nil)
		if m == L2 && (got[0].Key != 5 || got[0].Dist != 0) {
			t.Fatalf("L2 search for a stored vector: %v", got[0])
		}
		if m == L2 {
			for _, r := range got {
				// The kernels sum in different orders: agree within float32 rounding.
				if want := Distance(L2, q, data[r.Key]); math.Abs(float64(r.Dist-want)) > 1e-5*float64(want) {
					t.Fatalf("key %d: dist %v, want %v", r.Key, r.Dist, want)
				}
			}
		}
		var buf bytes.Buffer
		if _, err := h.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadFrom(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if c := back.Config(); !c.Half || c.Quantization != QuantAuto {
			t.Fatalf("loaded config %+v", c)
		}
		for id := range uint32(len(data)) {
			if !slices.Equal(back.halves(id), h.halves(id)) {
				t.Fatalf("%v: node %d halves differ after the round trip", m, id)
			}
		}
		if again := back.Search(q, 10, 40, nil); !slices.Equal(again, got) {
			t.Fatalf("%v: search after reload %v, before %v", m, again, got)
		}
	}
}

// TestHalfRecallFashionMNIST: on Fashion-MNIST (10,000 train images, 200
// test queries, 784 dims, L2, m = 16, ef_construction = 64; pixels are
// integers, exactly halves) the halves index reaches the recall@10 of the
// index a vector column gets (QuantAuto), at ef_search 40 and 10, within
// 0.005.
func TestHalfRecallFashionMNIST(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("skipped under -race and -short: two builds of 10,000 x 784 dims")
	}
	if _, err := os.Stat(filepath.Join(fmnist.DefaultDir, fmnist.TrainImages)); err != nil {
		t.Skipf("Fashion-MNIST not installed at %s: %v", fmnist.DefaultDir, err)
	}
	d, err := fmnist.LoadN(fmnist.DefaultDir, 10000, 200)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Dims: 784, M: 16, EfConstruction: 64, Metric: L2, Seed: 1}
	vec := build(t, cfg, d.Train)
	cfg.Half = true
	half := build(t, cfg, d.Train)
	for _, ef := range []int{40, 10} {
		rv := meanRecall(t, vec, d.Train, d.Test, 10, ef, nil)
		rh := meanRecall(t, half, d.Train, d.Test, 10, ef, nil)
		t.Logf("ef_search %d: recall@10 vector %.4f, halves %.4f", ef, rv, rh)
		if rh < rv-0.005 {
			t.Errorf("ef_search %d: halves recall@10 %.4f below the vector index's %.4f", ef, rh, rv)
		}
	}
}
