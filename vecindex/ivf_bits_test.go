package vecindex

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIVFBits checks an IVFFlat index over bit strings (IVFConfig.Bits):
// scanning every list returns exactly the brute-force Hamming order
// (ties by key) with the Hamming distance as its squared L2 distance, and
// a few probes find most of the nearest strings.
func TestIVFBits(t *testing.T) {
	const n, nbits, lists = 2000, 100, 20
	rng := rand.New(rand.NewPCG(7, 9))
	strs := make([][]byte, n)
	packed := make([][]float32, n)
	keys := make([]uint64, n)
	for i := range strs {
		strs[i] = make([]byte, (nbits+7)/8)
		for j := range strs[i] {
			strs[i][j] = byte(rng.IntN(256))
		}
		strs[i][len(strs[i])-1] &= 0xf0 // 100 bits: the last byte's low 4 are padding
		packed[i], keys[i] = BitVector(strs[i]), uint64(i)
	}
	x, err := NewIVF(IVFConfig{Dims: nbits, Lists: lists, Metric: L2, Seed: 1, Bits: true})
	if err != nil {
		t.Fatal(err)
	}
	x.Train(packed, 1)
	if err := x.InsertBatch(keys, packed, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := NewIVF(IVFConfig{Dims: nbits, Lists: lists, Metric: Hamming, Bits: true}); err == nil {
		t.Error("NewIVF accepted Bits under Hamming")
	}
	hamming := func(a, b []byte) int {
		d := 0
		for i := range a {
			d += bits.OnesCount8(a[i] ^ b[i])
		}
		return d
	}
	found, total := 0, 0
	for qi := range 20 {
		q := strs[rng.IntN(n)]
		if qi%2 == 1 {
			q = slices.Clone(q)
			q[0] ^= 0x81
		}
		type kd struct {
			key uint64
			d   int
		}
		var want []kd
		for i, s := range strs {
			want = append(want, kd{uint64(i), hamming(q, s)})
		}
		slices.SortStableFunc(want, func(a, b kd) int { return a.d - b.d })
		all := x.Search(BitVector(q), IVFSearch{K: 10, Probes: lists})
		if len(all.Rows) != 10 {
			t.Fatalf("exhaustive search gave %d rows", len(all.Rows))
		}
		for i, r := range all.Rows {
			if r.Key != want[i].key || int(r.Dist) != want[i].d {
				t.Fatalf("query %d row %d: got key %d dist %v, want key %d hamming %d", qi, i, r.Key, r.Dist, want[i].key, want[i].d)
			}
		}
		some := x.Search(BitVector(q), IVFSearch{K: 10, Probes: 5})
		for _, r := range some.Rows {
			if slices.ContainsFunc(want[:10], func(w kd) bool { return w.key == r.Key }) {
				found++
			}
		}
		total += 10
	}
	if r := float64(found) / float64(total); r < 0.5 {
		t.Errorf("recall@10 with 5 of 20 probes %.2f < 0.5", r)
	}
}
