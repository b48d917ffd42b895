package vecindex

import (
	"slices"
	"testing"
)

// TestEvictee: the candidate left out of a full list is the farthest
// covered one, else the farthest pruned, else the farthest.
func TestEvictee(t *testing.T) {
	k, p, c := uint8(vKnown|vKept), uint8(vKnown), uint8(vKnown|vCovered)
	for _, tc := range []struct {
		v    []uint8
		want int
	}{
		{[]uint8{k, c, p, k, c, p, k}, 4},
		{[]uint8{k, p, k, p, k}, 3},
		{[]uint8{k, k, k}, 2},
		{[]uint8{k, c, k, k}, 1},
	} {
		if got := evictee(tc.v); got != tc.want {
			t.Errorf("evictee(%v) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

// TestEvictCacheSameGraph: shrinking lists with the verdicts cached in
// their slots builds the same graph, list for list, as recomputing the
// heuristic's verdicts from scratch every time (serial inserts without
// background repair, so both builds see the same candidates), for every
// metric; and every full list
// it wrote reads back as plain node ids.
func TestEvictCacheSameGraph(t *testing.T) {
	n := 1500
	if raceEnabled {
		n = 500 // no concurrency here: spare the instrumented run
	}
	data := gaussian(n, 12, 11)
	for _, m := range []Metric{L2, InnerProduct, Cosine, L1} {
		t.Run(m.String(), func(t *testing.T) {
			cfg := Config{Dims: 12, M: 6, EfConstruction: 24, Metric: m, Seed: 3}
			var g [2]*HNSW
			for i := range g {
				h, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				// No background repair racing with the inserts: the
				// builds must see the same candidates.
				h.SetAutoRepair(false)
				h.noVerdictCache = i == 1
				for j, v := range data {
					if err := h.Insert(uint64(j), v); err != nil {
						t.Fatal(err)
					}
				}
				g[i] = h
			}
			cached, plain := g[0], g[1]
			hits := 0
			for id := range uint32(len(data)) {
				for layer := range cached.level(id) + 1 {
					a := cached.neighbours(nil, id, layer)
					b := plain.neighbours(nil, id, layer)
					for _, x := range a {
						if x >= uint32(len(data)) {
							t.Fatalf("node %d layer %d: neighbour %d out of range", id, layer, x)
						}
					}
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("node %d layer %d: cached %v, from scratch %v", id, layer, a, b)
					}
					if blk := cached.block(id, layer); listLen(blk) == len(blk) && cachedList(blk) {
						hits++
					}
				}
			}
			if hits == 0 {
				t.Fatal("no list carries cached verdicts")
			}
		})
	}
}
