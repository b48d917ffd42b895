package distance

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sparseRef is SparseGather's four sums in float64.
func sparseRef(q, pairs []float32) (dot, d2, qq, vv float64) {
	for k := 0; k+1 < len(pairs); k += 2 {
		i := math.Float32bits(pairs[k])
		v := float64(pairs[k+1])
		var x float64
		if uint64(i) < uint64(len(q)) {
			x = float64(q[i])
		}
		dot += x * v
		d2 += (x - v) * (x - v)
		qq += x * x
		vv += v * v
	}
	return
}

// TestSparseGather: every SparseGather implementation (pure Go, and the
// assembly ones this CPU runs) agrees with a float64 reference within
// float32 rounding at every pair count 0..70 (main loop and every tail), with indices inside and
// past the dense query (those count as 0), an odd trailing element
// ignored.
func TestSparseGather(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	q := make([]float32, 300)
	for i := range q {
		if r.IntN(3) > 0 {
			q[i] = float32(r.NormFloat64())
		}
	}
	impls := map[string]func(q, pairs []float32) (float32, float32, float32, float32){"go": sparseGatherGo}
	for _, s := range asmSparseSets() {
		if s.missing != "" {
			t.Logf("%s: CPU lacks %s", s.name, s.missing)
			continue
		}
		impls[s.name] = s.gather
	}
	t.Logf("installed: %s; testing %d implementations", SparseImplementation(), len(impls))
	for name, f := range impls {
		for n := 0; n <= 70; n++ {
			pairs := make([]float32, 2*n+1)
			for k := range n {
				pairs[2*k] = math.Float32frombits(uint32(r.IntN(400)))
				pairs[2*k+1] = float32(r.NormFloat64())
			}
			pairs[2*n] = 1e30 // odd trailing element: ignored
			got := [4]float32{}
			got[0], got[1], got[2], got[3] = f(q, pairs)
			w0, w1, w2, w3 := sparseRef(q, pairs)
			for i, want := range []float64{w0, w1, w2, w3} {
				if math.Abs(float64(got[i])-want) > 1e-4*max(1, math.Abs(want)) {
					t.Fatalf("%s, %d pairs: sum %d = %v, want %v", name, n, i, got[i], want)
				}
			}
		}
	}
}
