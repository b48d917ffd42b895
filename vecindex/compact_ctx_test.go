package vecindex

import (
	"context"
	"errors"
	"testing"
)

// errAfter is a context whose Err turns context.Canceled on its n-th call:
// it stops CompactContext at a known point of its repair pass.
type errAfter struct {
	context.Context
	n, calls int
}

func (c *errAfter) Err() error {
	if c.calls++; c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

// TestCompactContextCancel: a Compact stopped before it starts, and one
// stopped half-way through its first repair pass, return
// context.Canceled, free nothing and leave a valid graph whose searches
// still skip the tombstones; a later Compact frees them all.
func TestCompactContextCancel(t *testing.T) {
	const n, dims = 5000, 8
	data := gaussian(n, dims, 151)
	h := build(t, Config{Dims: dims, M: 8, EfConstruction: 32, Seed: 3}, data)
	h.SetCompactThreshold(0)
	for k := uint64(0); k < n; k += 3 {
		h.Delete(k)
	}
	dead := h.Len() - h.Live()
	for _, calls := range []int{1, 3} {
		freed, err := h.CompactContext(&errAfter{Context: context.Background(), n: calls})
		if !errors.Is(err, context.Canceled) || freed != 0 || h.Len()-h.Live() != dead {
			t.Fatalf("cancelled at check %d: freed %d, %v; %d tombstones, want %d", calls, freed, err, h.Len()-h.Live(), dead)
		}
		checkGraph(t, h)
		for _, q := range gaussian(10, dims, 152) {
			for _, r := range h.Search(q, 10, 40, nil) {
				if r.Key%3 == 0 {
					t.Fatalf("tombstoned key %d returned", r.Key)
				}
			}
		}
	}
	if freed := h.Compact(); freed != dead {
		t.Fatalf("Compact after the cancelled ones freed %d, want %d", freed, dead)
	}
	keep := func(k uint64) bool { return k%3 != 0 }
	if r := meanRecall(t, h, data, gaussian(50, dims, 153), 10, 64, keep); r < 0.95 {
		t.Errorf("recall@10 after Compact = %.3f, want >= 0.95", r)
	}
}
