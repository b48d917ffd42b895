package vecindex

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestLockBitKeepsMeta: the spinlock bit in the meta word leaves level,
// flags and upper-list index alone, also when flags are set while it is
// held, and excludes a second locker until released.
func TestLockBitKeepsMeta(t *testing.T) {
	h := build(t, Config{Dims: 4, M: 4, EfConstruction: 8}, gaussian(200, 4, 131))
	var id uint32
	for id = 0; h.level(id) == 0; id++ {
	}
	before := h.meta(id)
	h.lockNode(id)
	if h.meta(id) != before|flagLock {
		t.Fatalf("locked meta %#x, want %#x", h.meta(id), before|flagLock)
	}
	var got atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.lockNode(id)
		got.Store(true)
		h.unlockNode(id)
	}()
	h.setFlag(id, flagDead)
	for range 1000 {
		if got.Load() {
			t.Fatal("second locker got in while the lock was held")
		}
	}
	h.unlockNode(id)
	wg.Wait()
	if !got.Load() || h.meta(id) != before|flagDead {
		t.Errorf("after unlock: meta %#x, want %#x", h.meta(id), before|flagDead)
	}
	if len(h.block(id, 1)) != 4 || len(h.block(id, 0)) != 8 {
		t.Errorf("block lengths %d, %d; want m = 4 and 2m = 8", len(h.block(id, 1)), len(h.block(id, 0)))
	}
}

// TestUpperPoolReuse: over delete, Compact and re-insert cycles that reuse
// slots, every node of level > 0 names an entry of its segment's pool with
// level·m slots, level-0 nodes name none, entries are recycled (the pool
// holds no more entries than the most level > 0 slots ever live at once
// plus those freed), every list ends at its first noNode with noNode after
// it, and the graph invariants hold.
func TestUpperPoolReuse(t *testing.T) {
	const n, dims, m = 1500, 6, 4
	data := gaussian(n+3*400, dims, 132)
	h := build(t, Config{Dims: dims, M: m, EfConstruction: 16, Seed: 2}, data[:n])
	h.SetCompactThreshold(0)
	next := n
	for cycle := range 3 {
		for k := cycle * 400; k < (cycle+1)*400; k++ {
			h.Delete(uint64(k))
		}
		if h.Compact() != 400 {
			t.Fatalf("cycle %d: Compact did not free 400 slots", cycle)
		}
		for k := cycle * 400; k < (cycle+1)*400; k++ { // the freed keys, new vectors
			if err := h.Insert(uint64(k), data[next]); err != nil {
				t.Fatal(err)
			}
			next++
		}
		if h.n.Load() != n {
			t.Fatalf("cycle %d: %d slots, want %d (reuse)", cycle, h.n.Load(), n)
		}
	}
	entries, free := 0, 0
	for _, s := range *h.segs.Load() {
		if l := s.up.lists.Load(); l != nil {
			entries += len(*l)
		}
		free += len(s.up.free)
	}
	upperNodes := 0
	for id := range h.n.Load() {
		lv, ix := h.level(id), h.meta(id)>>upShift
		if (lv > 0) != (ix != 0) {
			t.Fatalf("node %d: level %d, pool index %d", id, lv, ix)
		}
		if lv > 0 {
			upperNodes++
			if got := len((*h.seg(id).up.lists.Load())[ix-1]); got != lv*m {
				t.Fatalf("node %d: %d upper slots, want %d", id, got, lv*m)
			}
		}
		for lc := 0; lc <= lv; lc++ {
			b := h.block(id, lc)
			for _, x := range b[listLen(b):] {
				if x != noNode {
					t.Fatalf("node %d layer %d: id %d after the list's end", id, lc, x)
				}
			}
		}
	}
	if entries != upperNodes+free || entries > 2*upperNodes {
		t.Errorf("pool: %d entries, %d free, %d nodes of level > 0", entries, free, upperNodes)
	}
	checkGraph(t, h)
}
