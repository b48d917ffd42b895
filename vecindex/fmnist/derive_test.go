package fmnist

import (
	"math"
	"testing"
)

// TestDerive: "scaled" leaves no component byte-valued and stays within
// pixel/255 ± 0.002; "unit" gives unit L2 norms; unknown kinds fail.
func TestDerive(t *testing.T) {
	mk := func() [][]float32 { return [][]float32{{0, 255, 17, 3}, {1, 2, 3, 4}} }
	a, b := mk(), mk()
	if err := Derive("scaled", a, b); err != nil {
		t.Fatal(err)
	}
	for i, v := range a {
		for j, x := range v {
			want := mk()[i][j] / 255
			if math.Abs(float64(x-want)) > 0.002 || x == float32(math.Round(float64(x))) {
				t.Fatalf("scaled[%d][%d] = %v, want %v ± 0.002, not integral", i, j, x, want)
			}
		}
	}
	a, b = mk(), mk()
	if err := Derive("unit", a, b); err != nil {
		t.Fatal(err)
	}
	for _, v := range append(a, b...) {
		var ss float64
		for _, x := range v {
			ss += float64(x) * float64(x)
		}
		if math.Abs(ss-1) > 1e-6 {
			t.Fatalf("unit norm² = %v", ss)
		}
	}
	if Derive("bogus", a, b) == nil {
		t.Fatal("Derive(bogus) did not fail")
	}
}
