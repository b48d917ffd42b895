package vecindex

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestLockBitKeepsMeta: the spinlock bit leaves the other state bits and
// the level alone, also when flags are set while it is held, and excludes
// a second locker until released.
func TestLockBitKeepsMeta(t *testing.T) {
	h := build(t, Config{Dims: 4, M: 4, EfConstruction: 8}, gaussian(200, 4, 131))
	var id uint32
	for id = 0; h.level(id) == 0; id++ {
	}
	before, level := h.meta(id), h.level(id)
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
	if !got.Load() || h.meta(id) != before|flagDead || h.level(id) != level {
		t.Errorf("after unlock: meta %#x level %d, want %#x level %d", h.meta(id), h.level(id), before|flagDead, level)
	}
	if len(h.block(id, 1)) != 4 || len(h.block(id, 0)) != 8 {
		t.Errorf("block lengths %d, %d; want m = 4 and 2m = 8", len(h.block(id, 1)), len(h.block(id, 0)))
	}
}

// TestUpperPoolReuse: over delete, Compact and re-insert cycles that reuse
// slots, every node of level > 0 has an entry in its segment's upper table
// with its level and level·m slots, the table stays sorted and holds no
// more entries than twice the nodes of level > 0 (entries of reused slots
// are replaced), every list ends at its first noNode with noNode after it,
// and the graph invariants hold.
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
	entries := 0
	for _, s := range *h.segs.Load() {
		e := s.up.load()
		entries += len(e)
		for i := 1; i < len(e); i++ {
			if e[i-1].slot >= e[i].slot {
				t.Fatalf("upper table not sorted by slot: %d before %d", e[i-1].slot, e[i].slot)
			}
		}
	}
	upperNodes := 0
	for id := range h.n.Load() {
		lv := h.level(id)
		if lv > 0 {
			upperNodes++
			e := h.seg(id).up.find(id & segMask)
			if int(e.level) != lv || len(e.lists) != lv*m || uint32(e.slot) != id&segMask {
				t.Fatalf("node %d (level %d): entry slot %d level %d with %d slots", id, lv, e.slot, e.level, len(e.lists))
			}
		}
		for lc := 0; lc <= lv; lc++ {
			b := h.block(id, lc)
			for i := listLen(b); i < len(b); i++ {
				if x := slotID(b, i); x != noNode {
					t.Fatalf("node %d layer %d: id %d after the list's end", id, lc, x)
				}
			}
		}
	}
	if entries < upperNodes || entries > 2*upperNodes {
		t.Errorf("upper tables: %d entries, %d nodes of level > 0", entries, upperNodes)
	}
	checkGraph(t, h)
}
