package vecindex

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// reproVectors is the tester's SQL repro as vectors (labelled synthetic):
// 300 copies of [1,2,3,4], then [g%13, g%7, g%5, 9] for g = 1..1700,
// keys in that order.
func reproVectors() ([]uint64, [][]float32) {
	var keys []uint64
	var vecs [][]float32
	for i := range 300 {
		keys = append(keys, uint64(i))
		vecs = append(vecs, []float32{1, 2, 3, 4})
	}
	for g := 1; g <= 1700; g++ {
		keys = append(keys, uint64(len(keys)))
		vecs = append(vecs, []float32{float32(g % 13), float32(g % 7), float32(g % 5), 9})
	}
	return keys, vecs
}

// unreached lists the live, linked nodes a breadth-first walk of layer 0
// from the entry point (through tombstones) does not reach.
func unreached(h *HNSW) []uint32 {
	ep, _, ok := h.loadEntry()
	n := h.n.Load()
	seen := make([]bool, n)
	if ok {
		h.reach(seen, nil, ep)
	}
	var out []uint32
	for id := range n {
		if !seen[id] && h.needsReach(id) {
			out = append(out, id)
		}
	}
	return out
}

// checkCopiesFound asserts a search at [1,2,3,4] with ef 1000 returns 3
// rows at distance 0, all among the 300 copies.
func checkCopiesFound(t *testing.T, h *HNSW) {
	t.Helper()
	got := h.Search([]float32{1, 2, 3, 4}, 3, 1000, nil)
	if len(got) != 3 {
		t.Fatalf("got %d results, want 3: %v", len(got), got)
	}
	for _, r := range got {
		if r.Dist != 0 || r.Key >= 300 {
			t.Fatalf("got %v, want 3 of the copies (keys < 300) at distance 0", got)
		}
	}
}

func TestRepairReproSerial(t *testing.T) {
	keys, vecs := reproVectors()
	h, err := New(Config{Dims: 4, M: 4, EfConstruction: 16, Metric: L2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	h.SetAutoRepair(false)
	for i, k := range keys {
		if err := h.Insert(k, vecs[i]); err != nil {
			t.Fatal(err)
		}
	}
	// Without automatic repair the bug shows (the copy group is cut off).
	if u := unreached(h); len(u) == 0 {
		t.Fatalf("serial build left every node reachable; the repro no longer reproduces")
	}
	if got := h.Search([]float32{1, 2, 3, 4}, 3, 1000, nil); len(got) == 0 || got[0].Dist == 0 {
		t.Fatalf("unrepaired search found a copy (%v); the repro no longer reproduces", got)
	}
	if n := h.RepairReachability(); n == 0 {
		t.Fatal("RepairReachability re-linked nothing")
	}
	if u := unreached(h); len(u) != 0 {
		t.Fatalf("after repair %d live nodes unreachable: %v", len(u), u[:min(10, len(u))])
	}
	checkCopiesFound(t, h)
	checkGraph(t, h)
	if n := h.RepairReachability(); n != 0 {
		t.Fatalf("second repair re-linked %d nodes, want 0", n)
	}
}

func TestRepairReproInsertBatch(t *testing.T) {
	keys, vecs := reproVectors()
	for _, workers := range []int{1, 0} {
		t.Run(fmt.Sprint("workers=", workers), func(t *testing.T) {
			h, err := New(Config{Dims: 4, M: 4, EfConstruction: 16, Metric: L2, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if err := h.InsertBatch(keys, vecs, workers); err != nil {
				t.Fatal(err)
			}
			checkCopiesFound(t, h)
			if u := unreached(h); len(u) != 0 {
				t.Fatalf("%d live nodes unreachable: %v", len(u), u[:min(10, len(u))])
			}
			checkGraph(t, h)
		})
	}
}

// TestRepairReachableProperty: after a bulk build with small m on random
// data (labelled synthetic: gaussian, and a coarse grid with copies), and
// after deleting a third and compacting, every live node is reachable on
// layer 0 from the entry point.
func TestRepairReachableProperty(t *testing.T) {
	n := 3000
	if testing.Short() || raceEnabled {
		n = 1000
	}
	for m := 2; m <= 4; m++ {
		for _, kind := range []string{"gaussian", "grid"} {
			t.Run(fmt.Sprintf("m=%d/%s", m, kind), func(t *testing.T) {
				var vecs [][]float32
				if kind == "gaussian" {
					vecs = gaussian(n, 8, uint64(m))
				} else {
					for i := range n {
						vecs = append(vecs, []float32{float32(i % 11), float32(i % 7), float32(i % 3)})
					}
				}
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = uint64(i)
				}
				h, err := New(Config{Dims: len(vecs[0]), M: m, EfConstruction: 2 * m, Metric: L2, Seed: int64(m)})
				if err != nil {
					t.Fatal(err)
				}
				h.SetCompactThreshold(0)
				if err := h.InsertBatch(keys, vecs, 0); err != nil {
					t.Fatal(err)
				}
				if u := unreached(h); len(u) != 0 {
					t.Fatalf("after build %d of %d live nodes unreachable", len(u), h.Live())
				}
				for i := 0; i < n; i += 3 {
					h.Delete(uint64(i))
				}
				h.Compact()
				if u := unreached(h); len(u) != 0 {
					t.Fatalf("after compact %d of %d live nodes unreachable", len(u), h.Live())
				}
				checkGraph(t, h)
			})
		}
	}
}

// TestRepairConcurrent runs RepairReachability on a graph built by single
// inserts (automatic repair off) while other goroutines search, insert and
// delete; run under -race it checks the list publication.
func TestRepairConcurrent(t *testing.T) {
	keys, vecs := reproVectors()
	h, err := New(Config{Dims: 4, M: 4, EfConstruction: 16, Metric: L2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	h.SetCompactThreshold(0)
	h.SetAutoRepair(false)
	for i, k := range keys[:1500] {
		if err := h.Insert(k, vecs[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		for i := range 200 {
			h.Search(vecs[i*7%len(vecs)], 3, 50, nil)
		}
	}()
	go func() {
		defer wg.Done()
		for i := 1500; i < len(keys); i++ {
			if err := h.Insert(keys[i], vecs[i]); err != nil {
				t.Error(err)
			}
		}
	}()
	go func() {
		defer wg.Done()
		for i := 400; i < 1400; i += 5 {
			h.Delete(uint64(i))
		}
	}()
	h.RepairReachability()
	wg.Wait()
	h.RepairReachability()
	if u := unreached(h); len(u) != 0 {
		t.Fatalf("%d live nodes unreachable after a quiet repair", len(u))
	}
	checkCopiesFound(t, h)
	checkGraph(t, h)
}

// TestAutoRepairSingleInserts: the repro inserted row by row, with the
// automatic repair run in the inserting goroutine: right after the insert
// that triggers it (the 1,792nd: every 256 while Len/8 is smaller) every
// live node is reachable and the copy group is found; without it (above)
// the group is cut off.
func TestAutoRepairSingleInserts(t *testing.T) {
	keys, vecs := reproVectors()
	h, err := New(Config{Dims: 4, M: 4, EfConstruction: 16, Metric: L2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	h.repairInline = true
	const upTo = 7 * minAutoRepair
	for i, k := range keys[:upTo] {
		if err := h.Insert(k, vecs[i]); err != nil {
			t.Fatal(err)
		}
		if (i+1)%minAutoRepair == 0 && h.sinceRepair.Load() != 0 {
			t.Fatalf("insert %d: no repair ran", i+1)
		}
	}
	if u := unreached(h); len(u) != 0 {
		t.Fatalf("after the automatic repair %d live nodes unreachable: %v", len(u), u[:min(10, len(u))])
	}
	checkCopiesFound(t, h)
	checkGraph(t, h)
	for _, m := range []Metric{L2, Cosine, L1, InnerProduct} {
		g, _ := New(Config{Dims: 4, M: 4, EfConstruction: 16, Metric: m})
		if got, want := g.autoRepair.Load(), m != InnerProduct; got != want {
			t.Errorf("%v: automatic repair %v by default, want %v", m, got, want)
		}
	}
}

// TestRepairCascadeSmallM: with m = 2 every layer-0 list is full, so
// each repair edge is forced and evicts a member, which may have been
// another node's only in-edge; the passes must go on until none re-links
// anything. Single-threaded builds (labelled synthetic: 3,000 8-dim
// Gaussian vectors, seeds found by scanning) whose repair needed more
// than four passes: seed 70 left 6 nodes cut off after the build, seed
// 193 one after deleting a third and compacting (the shape
// TestRepairReachableProperty hit under load, where the parallel build
// depends on scheduling).
func TestRepairCascadeSmallM(t *testing.T) {
	for _, seed := range []int{70, 193, 196} {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			const n = 3000
			vecs := gaussian(n, 8, uint64(seed))
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = uint64(i)
			}
			h, err := New(Config{Dims: 8, M: 2, EfConstruction: 4, Metric: L2, Seed: int64(seed)})
			if err != nil {
				t.Fatal(err)
			}
			h.SetCompactThreshold(0)
			if err := h.InsertBatch(keys, vecs, 1); err != nil {
				t.Fatal(err)
			}
			if u := unreached(h); len(u) != 0 {
				t.Fatalf("after build %d of %d live nodes unreachable: %v", len(u), h.Live(), u)
			}
			for i := 0; i < n; i += 3 {
				h.Delete(uint64(i))
			}
			if got := h.Compact(); got != n/3 {
				t.Fatalf("Compact freed %d slots, want %d", got, n/3)
			}
			if u := unreached(h); len(u) != 0 {
				t.Fatalf("after compact %d of %d live nodes unreachable: %v", len(u), h.Live(), u)
			}
			checkGraph(t, h)
		})
	}
}

// TestRepairStateSole: keepSole keeps the members whose only counted
// in-edge is the shrunk list's while they fit beside keep, and replaced
// moves the counts to the rewritten list.
func TestRepairStateSole(t *testing.T) {
	r := &repairState{pinned: map[uint32]bool{}}
	r.reset(8)
	copy(r.indeg, []uint32{0, 1, 2, 1, 3, 0, 0, 0})
	c := []item{{1, 1}, {2, 2}, {3, 3}, {4, 4}}
	rest, keep := r.keepSole(slices.Clone(c), []uint32{7}, 3)
	if want := []item{{2, 2}, {4, 4}}; !slices.Equal(rest, want) || !slices.Equal(keep, []uint32{7, 1, 3}) {
		t.Fatalf("keepSole = %v, %v; want %v, [7 1 3]", rest, keep, want)
	}
	// Two sole members and two kept exceed room 3: nothing moves.
	rest, keep = r.keepSole(slices.Clone(c), []uint32{6, 7}, 3)
	if !slices.Equal(rest, c) || !slices.Equal(keep, []uint32{6, 7}) {
		t.Fatalf("keepSole over room = %v, %v; want %v, [6 7]", rest, keep, c)
	}
	r.replaced([]uint32{1, 2, 4}, []item{{0, 1}, {0, 4}, {0, 5}})
	if want := []uint32{0, 1, 1, 1, 3, 1, 0, 0}; !slices.Equal(r.indeg, want) {
		t.Fatalf("indeg after replaced = %v, want %v", r.indeg, want)
	}
}

// TestAutoRepairCascadeSmallM: single inserts hit the same cascade as
// TestRepairCascadeSmallM: with m = 2 (labelled synthetic: 8-dim
// Gaussian, seed 59) the automatic repair run at the 512th insert left 3
// nodes cut off when it stopped after four passes.
func TestAutoRepairCascadeSmallM(t *testing.T) {
	const n = 2 * minAutoRepair
	vecs := gaussian(3000, 8, 59)
	h, err := New(Config{Dims: 8, M: 2, EfConstruction: 4, Metric: L2, Seed: 59})
	if err != nil {
		t.Fatal(err)
	}
	h.repairInline = true
	for i := range n {
		if err := h.Insert(uint64(i), vecs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if h.sinceRepair.Load() != 0 {
		t.Fatalf("no automatic repair ran at insert %d", n)
	}
	if u := unreached(h); len(u) != 0 {
		t.Fatalf("after the automatic repair %d of %d live nodes unreachable: %v", len(u), h.Live(), u)
	}
	checkGraph(t, h)
}
