package vecindex

import (
	"math/bits"
	"math/rand"
	"slices"
	"sort"
	"testing"
)

// clusteredBits returns n bit strings of nbits bits around 20 random
// centres, each bit flipped with probability 1/8: data with structure,
// as binary-quantized embeddings have.
func clusteredBits(rng *rand.Rand, n, nbits int) [][]byte {
	centres := make([][]byte, 20)
	for i := range centres {
		centres[i] = make([]byte, (nbits+7)/8)
		rng.Read(centres[i])
	}
	out := make([][]byte, n)
	for i := range out {
		b := slices.Clone(centres[rng.Intn(len(centres))])
		for j := range nbits {
			if rng.Intn(8) == 0 {
				b[j/8] ^= 0x80 >> (j % 8)
			}
		}
		if r := nbits % 8; r != 0 {
			b[len(b)-1] &= byte(0xFF << (8 - r))
		}
		out[i] = b
	}
	return out
}

func refBitDist(m Metric, a, b []byte) float32 {
	var ab, aa, bb, x int
	for i := range a {
		ab += bits.OnesCount8(a[i] & b[i])
		aa += bits.OnesCount8(a[i])
		bb += bits.OnesCount8(b[i])
		x += bits.OnesCount8(a[i] ^ b[i])
	}
	if m == Hamming {
		return float32(x)
	}
	if ab == 0 {
		return 1
	}
	return float32(1 - float64(ab)/float64(aa+bb-ab))
}

// TestBitMetricsRecall: HNSW over packed bits (BitVector) with the
// Hamming and Jaccard metrics gives each distance exactly as computed
// on the bytes, and recall@10 at least 0.95 against brute force at ef 100
// on 3,000 clustered 200-bit strings (a distance that read the slots as
// floats, or a word order that lost bits, fails both).
func TestBitMetricsRecall(t *testing.T) {
	const n, nbits, k = 3000, 200, 10
	rng := rand.New(rand.NewSource(7))
	data := clusteredBits(rng, n, nbits)
	for _, m := range []Metric{Hamming, Jaccard} {
		t.Run(m.String(), func(t *testing.T) {
			h, err := New(Config{Dims: BitDims(nbits), M: 16, EfConstruction: 64, Metric: m, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			for i, b := range data {
				if err := h.Insert(uint64(i), BitVector(b)); err != nil {
					t.Fatal(err)
				}
			}
			hits, total := 0, 0
			for qi := range 100 {
				q := data[rng.Intn(n)]
				if qi%2 == 0 {
					q = clusteredBits(rng, 1, nbits)[0]
				}
				got := h.Search(BitVector(q), k, 100, nil)
				for _, r := range got {
					if want := refBitDist(m, q, data[r.Key]); r.Dist != want {
						t.Fatalf("key %d: dist %v, want %v", r.Key, r.Dist, want)
					}
				}
				ids := make([]int, n)
				for i := range ids {
					ids[i] = i
				}
				sort.SliceStable(ids, func(a, b int) bool { return refBitDist(m, q, data[ids[a]]) < refBitDist(m, q, data[ids[b]]) })
				kth := refBitDist(m, q, data[ids[k-1]])
				for _, r := range got {
					if r.Dist <= kth {
						hits++
					}
				}
				total += k
			}
			if recall := float64(hits) / float64(total); recall < 0.95 {
				t.Errorf("recall@%d %.3f < 0.95", k, recall)
			} else {
				t.Logf("recall@%d %.3f", k, recall)
			}
		})
	}
}

// TestBitVectorNaNPatterns: strings whose words read as NaN floats are
// indexed (Insert skips the finiteness check for bit metrics) and found
// again after a delete and re-insert of the same key (revive compares
// words, not floats).
func TestBitVectorNaNPatterns(t *testing.T) {
	h, err := New(Config{Dims: BitDims(64), M: 4, EfConstruction: 8, Metric: Hamming})
	if err != nil {
		t.Fatal(err)
	}
	ones := []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}
	if err := h.Insert(1, BitVector(ones)); err != nil {
		t.Fatal(err)
	}
	if err := h.Insert(2, BitVector(make([]byte, 8))); err != nil {
		t.Fatal(err)
	}
	h.Delete(1)
	if err := h.Insert(1, BitVector(ones)); err != nil {
		t.Fatalf("re-insert of a NaN-pattern string: %v", err)
	}
	got := h.Search(BitVector(ones), 2, 8, nil)
	if len(got) != 2 || got[0].Key != 1 || got[0].Dist != 0 || got[1].Dist != 64 {
		t.Fatalf("got %+v", got)
	}
}
