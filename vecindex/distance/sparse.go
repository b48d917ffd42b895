package distance

import "math"

// SparseGather returns four sums over the (index, value) pairs of a
// sparse vector v against a dense query q: dot = Σ q[i]·v, d2 = Σ (q[i]-v)²,
// qq = Σ q[i]² and vv = Σ v², where i runs over v's indices and q[i] is 0
// for an index i >= len(q). pairs holds the pairs as vecindex lays out a
// sparse vector after its count slot: pairs[2k] is index k's uint32 bits
// read as a float32, pairs[2k+1] its value; an odd last element is
// ignored. One pass gathers each q[i] once, so a distance costs O(nnz(v))
// instead of a merge's O(nnz(q) + nnz(v)). Implementations sum in
// different orders (AVX-512: 16 lanes), so results agree within float32
// rounding, not bit for bit.
var SparseGather = sparseGatherGo

func sparseGatherGo(q, pairs []float32) (dot, d2, qq, vv float32) {
	n := len(pairs) / 2
	pairs = pairs[:2*n]
	for k := 0; k < len(pairs); k += 2 {
		i := math.Float32bits(pairs[k])
		v := pairs[k+1]
		var x float32
		if uint64(i) < uint64(len(q)) {
			x = q[i]
		}
		d := x - v
		dot += x * v
		d2 += d * d
		qq += x * x
		vv += v * v
	}
	return dot, d2, qq, vv
}

// sparseSet is one SparseGather implementation, for tests and
// benchmarks against the pure-Go one.
type sparseSet struct {
	name    string
	gather  func(q, pairs []float32) (dot, d2, qq, vv float32)
	missing string // CPU features absent ("" when it can run)
}

// installFastestSparse installs the first set of sets the CPU runs as
// SparseGather (the pure-Go default otherwise).
func installFastestSparse(sets []sparseSet) {
	for _, s := range sets {
		if s.missing == "" {
			SparseGather = s.gather
			chosenSparse = s.name
			return
		}
	}
}

// SparseImplementation names the instruction set behind SparseGather:
// "avx512" or "go".
func SparseImplementation() string { return chosenSparse }

var chosenSparse = "go"
