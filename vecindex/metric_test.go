package vecindex

import (
	"fmt"
	"math"
	"testing"
)

func TestDistance(t *testing.T) {
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	tests := []struct {
		name string
		m    Metric
		a, b []float32
		want float32
	}{
		{"l2 squared", L2, []float32{1, 2, 3}, []float32{4, 6, 3}, 25},
		{"l2 identical", L2, []float32{1.5, -2}, []float32{1.5, -2}, 0},
		{"ip negated dot", InnerProduct, []float32{1, 2, 3}, []float32{4, -5, 6}, -12},
		{"ip orthogonal", InnerProduct, []float32{1, 0}, []float32{0, 1}, 0},
		{"cosine same direction", Cosine, []float32{1, 2}, []float32{2, 4}, 0},
		{"cosine orthogonal", Cosine, []float32{1, 0}, []float32{0, 3}, 1},
		{"cosine opposite", Cosine, []float32{1, 1}, []float32{-2, -2}, 2},
		{"cosine 60 degrees", Cosine, []float32{1, 0}, []float32{0.5, float32(math.Sqrt(3) / 2)}, 0.5},
		{"cosine zero vector is 1", Cosine, []float32{0, 0}, []float32{1, 1}, 1},
		{"cosine both zero is 1", Cosine, []float32{0, 0}, []float32{0, 0}, 1},
		{"l1 taxicab", L1, []float32{1, -2, 3}, []float32{-1, 2, 3}, 6},
		{"nan becomes +inf", L2, []float32{nan}, []float32{1}, inf},
		{"ip infinite dot", InnerProduct, []float32{inf, 1}, []float32{1, 0}, -inf},
		{"ip inf-inf becomes +inf", InnerProduct, []float32{inf, -inf}, []float32{1, 1}, inf},
		{"l1 nan becomes +inf", L1, []float32{1, nan}, []float32{1, 1}, inf},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Distance(tc.m, tc.a, tc.b)
			if math.Abs(float64(got-tc.want)) > 1e-6 && got != tc.want {
				t.Errorf("Distance(%v, %v, %v) = %v, want %v", tc.m, tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// TestInternalDistanceMatchesDistance: Result.Dist (computed on stored,
// for Cosine normalized, vectors) equals Distance on the original vectors.
func TestInternalDistanceMatchesDistance(t *testing.T) {
	data := gaussian(200, 24, 3)
	data[5] = make([]float32, 24) // a zero vector
	q := gaussian(1, 24, 4)[0]
	for _, m := range []Metric{L2, InnerProduct, Cosine, L1} {
		h := build(t, Config{Dims: 24, M: 8, EfConstruction: 32, Metric: m}, data)
		res := h.Search(q, len(data), 10, nil)
		want := len(data)
		if m == Cosine {
			want-- // the zero vector is not indexed
		}
		if len(res) != want {
			t.Fatalf("%v: got %d results, want %d", m, len(res), want)
		}
		for _, r := range res {
			want := Distance(m, q, data[r.Key])
			if d := math.Abs(float64(r.Dist - want)); d > 1e-5*math.Max(1, math.Abs(float64(want))) {
				t.Errorf("%v key %d: Dist %v, Distance %v", m, r.Key, r.Dist, want)
			}
		}
	}
}

func TestMetricString(t *testing.T) {
	want := map[Metric]string{L2: "vector_l2_ops", InnerProduct: "vector_ip_ops",
		Cosine: "vector_cosine_ops", L1: "vector_l1_ops", Hamming: "bit_hamming_ops", Jaccard: "bit_jaccard_ops",
		SparseL2: "sparsevec_l2_ops", SparseIP: "sparsevec_ip_ops", SparseCosine: "sparsevec_cosine_ops",
		SparseL1: "sparsevec_l1_ops", SparseL1 + 1: fmt.Sprintf("Metric(%d)", SparseL1+1)}
	for m, s := range want {
		if m.String() != s {
			t.Errorf("Metric(%d).String() = %q, want %q", m, m.String(), s)
		}
	}
}
