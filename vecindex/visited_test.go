package vecindex

import "testing"

// TestVisitedSetPages: marks are per reset, ids far apart cost one page
// each (not the whole id space), and a wrapped generation clears them,
// also on a page last cleared under the generation the wrap returns to.
func TestVisitedSetPages(t *testing.T) {
	var v visitedSet
	v.reset(1 << 20)
	for _, id := range []uint32{5, 1 << 19, 5} {
		first := !v.seen(id)
		if got := v.visit(id); got == first {
			t.Fatalf("visit(%d) = %v, want %v", id, got, !first)
		}
	}
	pages := 0
	for _, p := range v.pages {
		if p != nil {
			pages++
		}
	}
	if pages != 2 || len(v.pages) != (1<<20)/segSize {
		t.Fatalf("%d pages allocated of %d, want 2 of %d", pages, len(v.pages), (1<<20)/segSize)
	}
	v.reset(1 << 20)
	if v.seen(5) || v.visit(5) {
		t.Fatal("mark survived reset")
	}
	v.gen = ^uint32(0) // the next reset wraps
	v.visit(7)
	stale := v.pages[(1<<19)>>segShift] // marked 1<<19 long ago, under generation 1
	stale.gen, stale.bits[0] = 1, 1
	v.reset(1 << 20)
	if v.gen != 1 || v.seen(7) || v.visit(7) {
		t.Fatalf("after the stamp wrapped: gen %d, 7 seen %v", v.gen, v.seen(7))
	}
	if v.seen(1<<19) || v.visit(1<<19) {
		t.Fatal("a page stamped with the generation the wrap returned to kept its marks")
	}
	if v.visit(3 << 20) { // beyond reset's n: grows
		t.Fatal("fresh id far beyond n reported visited")
	}
}
