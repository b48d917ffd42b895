package vecindex

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestCompactKeepsRaisedEntryPoint is the catalog's Insert crash (nil
// upper-layer block): an insert that raises the top level publishes its
// node as entry point when its link ends; here that node was tombstoned
// (a rolled-back insert) before a Compact started, so it is among the
// Compact's victims. The Compact must not reclaim the entry point, or the
// slot's reuse at a lower level leaves every descent reading a missing
// upper block.
func TestCompactKeepsRaisedEntryPoint(t *testing.T) {
	h := build(t, Config{Dims: 2, M: 4, EfConstruction: 16, Seed: 1}, gridSeq(300))
	h.SetCompactThreshold(0)
	_, top, _ := h.loadEntry()
	h.mu.Lock()
	for h.levelFor(h.seq) <= top {
		h.seq++
	}
	h.mu.Unlock()
	e := h.enter() // the raising insert, step by step
	s := h.getScratch()
	const id = 1000
	level, slot, err := h.allocate(s, id, []float32{3, 3})
	if err != nil || level <= top {
		t.Fatalf("allocate: level %d (top %d), %v", level, top, err)
	}
	h.Delete(1000) // rolled back before its link ends
	before := h.epoch.Load()
	done := make(chan int)
	go func() { done <- h.Compact() }()
	for h.epoch.Load() == before { // Compact took its victims, waits for us
		time.Sleep(time.Millisecond)
	}
	h.linkNew(s, id, level)
	h.unregister(slot)
	h.putScratch(s)
	h.exit(e)
	if freed := <-done; freed != 1 {
		t.Fatalf("Compact freed %d slots, want 1", freed)
	}
	checkGraph(t, h)
	for i := range 50 { // the freed slot is reused by its key, then holes below it
		if err := h.Insert(uint64(id-i), gridVec(i)); err != nil {
			t.Fatal(err)
		}
	}
	checkGraph(t, h)
	checkExact(t, h, [][]float32{{0, 0}, {8, 3}, {16, 9}})
}

// gridSeq returns gridVec(0..n-1).
func gridSeq(n int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		out[i] = gridVec(i)
	}
	return out
}

// TestDeadEntryPointReplaced: deleting the entry point's key makes another
// live node of the highest live level the entry point, so walks do not
// start at a tombstone that no longer receives edges; Compact then
// reclaims the old one too and every live node stays reachable.
func TestDeadEntryPointReplaced(t *testing.T) {
	h := build(t, Config{Dims: 2, M: 4, EfConstruction: 16, Seed: 3}, gridSeq(400))
	h.SetCompactThreshold(0)
	r := rand.New(rand.NewPCG(3, 3))
	for range 5 {
		ep, _, _ := h.loadEntry()
		h.Delete(h.key(ep))
		checkGraph(t, h)
		maxLevel := 0
		for id := range h.n.Load() {
			if !h.isDead(id) {
				maxLevel = max(maxLevel, h.level(id))
			}
		}
		if _, top, _ := h.loadEntry(); top != maxLevel {
			t.Fatalf("entry point level %d, highest live level %d", top, maxLevel)
		}
		for range 40 {
			h.Delete(uint64(r.IntN(400)))
		}
	}
	before := h.Len()
	if freed := h.Compact(); freed != before-h.Live() {
		t.Errorf("Compact freed %d of %d tombstones", freed, before-h.Live())
	}
	checkGraph(t, h)
	checkExact(t, h, [][]float32{{0, 0}, {8, 3}, {16, 9}, {5, 20}})
}
