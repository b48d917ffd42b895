package vecindex

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHeaps: on random distances with many ties, minHeap pops in
// ascending and maxHeap in descending order, and maxHeap.offer with a
// limit keeps the limit smallest, drained nearest first.
func TestHeaps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 7, 64, 1000} {
		dists := make([]float32, n)
		for i := range dists {
			dists[i] = float32(r.IntN(n/3 + 1)) // ties
		}
		var lo minHeap
		var hi maxHeap
		for i, d := range dists {
			lo.push(item{dist: d, id: uint32(i)})
			hi.push(item{dist: d, id: uint32(i)})
		}
		want := slices.Clone(dists)
		slices.Sort(want)
		for i := range want {
			if got := lo.pop().dist; got != want[i] {
				t.Fatalf("n=%d: minHeap pop %d = %v, want %v", n, i, got, want[i])
			}
			if got := hi.pop().dist; got != want[len(want)-1-i] {
				t.Fatalf("n=%d: maxHeap pop %d = %v, want %v", n, i, got, want[len(want)-1-i])
			}
		}
		if len(lo) != 0 || len(hi) != 0 {
			t.Fatalf("n=%d: %d and %d items left", n, len(lo), len(hi))
		}
		limit := max(1, n/4)
		for i, d := range dists {
			hi.offer(item{dist: d, id: uint32(i)}, limit)
		}
		got := hi.drainAscending(nil)
		if k := min(limit, n); len(got) != k {
			t.Fatalf("n=%d: offer kept %d, want %d", n, len(got), k)
		}
		for i, x := range got {
			if x.dist != want[i] {
				t.Fatalf("n=%d: kept[%d] = %v, want %v", n, i, x.dist, want[i])
			}
		}
	}
}
