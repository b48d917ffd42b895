package main

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOffer: offer keeps the gtK smallest distances, ascending, whatever
// the arrival order.
func TestOffer(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var top []cand
	var all []float32
	for i := range 5000 {
		d := float32(r.IntN(100000))
		all = append(all, d)
		top = offer(top, cand{d, int32(i)})
	}
	slices.Sort(all)
	if len(top) != gtK {
		t.Fatalf("kept %d, want %d", len(top), gtK)
	}
	for i, c := range top {
		if c.d != all[i] {
			t.Fatalf("top[%d] = %v, want %v", i, c.d, all[i])
		}
	}
}
