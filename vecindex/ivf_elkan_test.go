package vecindex

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIVFElkanMatchesLloyd: Elkan's bounds only skip distances, so from
// the same seeded centers his k-means ends at Lloyd's centers (within
// float32 rounding of the means) for each metric.
func TestIVFElkanMatchesLloyd(t *testing.T) {
	data := gaussian(4000, 24, 21)
	for _, m := range []Metric{L2, InnerProduct, Cosine} {
		x, _ := NewIVF(IVFConfig{Dims: 24, Lists: 30, Metric: m, Seed: 5})
		sample := x.sample(data, rand.New(rand.NewPCG(5, 6)))
		seeded, err := x.seedCenters(context.Background(), sample, rand.New(rand.NewPCG(1, 2)), 0)
		if err != nil {
			t.Fatal(err)
		}
		a, b := slices.Clone(seeded), slices.Clone(seeded)
		if err := x.lloyd(context.Background(), sample, a, 0); err != nil {
			t.Fatal(err)
		}
		if err := x.elkan(context.Background(), sample, b, 0); err != nil {
			t.Fatal(err)
		}
		if slices.Equal(a, seeded) {
			t.Fatalf("%s: k-means left the seeded centers unchanged", m)
		}
		for i := range a {
			if math.Abs(float64(a[i]-b[i])) > 1e-4 {
				t.Fatalf("%s: center component %d: Lloyd %v, Elkan %v", m, i, a[i], b[i])
			}
		}
	}
}

// TestIVFCenterGeomNearest: the pruned nearest center is the one a
// comparison with every center finds, distance included.
func TestIVFCenterGeomNearest(t *testing.T) {
	const k, d = 40, 16
	centers := slices.Concat(gaussian(k, d, 3)...)
	g := newCenterGeom(centers, k, d, 0)
	for _, v := range gaussian(500, d, 4) {
		want, wantD := 0, float32(math.Inf(1))
		for c := range k {
			if dc := l2(v, centers[c*d:(c+1)*d]); dc < wantD {
				want, wantD = c, dc
			}
		}
		if got, gotD := g.nearest(v, centers, d); got != want || gotD != wantD {
			t.Fatalf("nearest %d at %v, want %d at %v", got, gotD, want, wantD)
		}
	}
	if newCenterGeom(make([]float32, (ivfGeomMaxLists+1)*2), ivfGeomMaxLists+1, 2, 0) != nil {
		t.Fatal("geometry kept beyond ivfGeomMaxLists")
	}
}
