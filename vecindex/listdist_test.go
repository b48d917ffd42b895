package vecindex

import (
	"slices"
	"testing"
)

// TestListDistsSameGraph: a serial InsertBatch, whose reverse edges use
// the members' distances cached beside layer-0 lists (listdist.go) and
// the walk's (walkdist.go), builds the same graph, list for list, as one
// that recomputes every distance; and the built index holds no cached
// distances afterwards (the same MemoryBytes).
func TestListDistsSameGraph(t *testing.T) {
	n := 1500
	if raceEnabled {
		n = 500
	}
	for _, tc := range []struct {
		name string
		m    Metric
		data [][]float32
	}{
		{"bytes-L2", L2, byteVectors(n, 12, 31)},
		{"floats-L2", L2, gaussian(n, 12, 32)},
		{"floats-Cosine", Cosine, gaussian(n, 12, 33)},
		{"floats-IP", InnerProduct, gaussian(n, 12, 34)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys := make([]uint64, len(tc.data))
			for i := range keys {
				keys[i] = uint64(i)
			}
			var g [2]*HNSW
			for i := range g {
				h, err := New(Config{Dims: 12, M: 6, EfConstruction: 24, Metric: tc.m, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				h.SetAutoRepair(false)
				h.noDistCache = i == 1
				if err := h.InsertBatch(keys, tc.data, 1); err != nil {
					t.Fatal(err)
				}
				g[i] = h
			}
			for id := range uint32(len(tc.data)) {
				for layer := range g[0].level(id) + 1 {
					a, b := g[0].neighbours(nil, id, layer), g[1].neighbours(nil, id, layer)
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("node %d layer %d: cached distances %v, recomputed %v", id, layer, a, b)
					}
				}
			}
			_, g0 := g[0].MemoryBytes()
			_, g1 := g[1].MemoryBytes()
			if g0 != g1 {
				t.Fatalf("graph bytes after the batch: %d with cached distances, %d without", g0, g1)
			}
		})
	}
}

// checkListDists fails unless every cached entry of a layer-0 slot whose
// id is the slot's member equals nodeDist from the list's node to it bit
// for bit; it returns how many entries it checked.
func checkListDists(t *testing.T, h *HNSW) int {
	t.Helper()
	checked := 0
	for id := range uint32(h.n.Load()) {
		if h.meta(id)&flagFree != 0 {
			continue
		}
		p := h.seg(id).dists.p.Load()
		if p == nil {
			continue
		}
		o := int(id&segMask) * h.m0
		ds := (*p)[o : o+h.m0]
		b := h.block(id, 0)
		for i := range b {
			m := slotID(b, i)
			if m == noNode || ds[i].id != m+1 {
				continue
			}
			if want := h.nodeDist(id, m); ds[i].d != want {
				t.Fatalf("node %d slot %d (member %d): cached %v, nodeDist %v", id, i, m, ds[i].d, want)
			}
			checked++
		}
	}
	return checked
}

// TestListDistsMatch: during a bulk build the cached member distances
// equal nodeDist after inserts, after deletes, reachability repair (which
// rewrites lists without them) and more inserts, after a Compact (which
// drops them before slots are reused) and inserts that reuse the freed
// slots for other vectors; when the bulk build ends they are gone.
func TestListDistsMatch(t *testing.T) {
	n := 2000
	if raceEnabled {
		n = 600
	}
	for _, tc := range []struct {
		name string
		m    Metric
		data [][]float32
	}{
		{"bytes-L2", L2, byteVectors(n, 16, 5)},
		{"floats-Cosine", Cosine, gaussian(n, 16, 6)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := New(Config{Dims: 16, M: 6, EfConstruction: 32, Metric: tc.m, Seed: 2})
			if err != nil {
				t.Fatal(err)
			}
			h.SetAutoRepair(false)
			h.beginBulk() // as InsertBatch does, around single inserts
			half := len(tc.data) / 2
			third := len(tc.data) / 3
			for i, v := range tc.data[:third] {
				if err := h.insert(uint64(i), v); err != nil {
					t.Fatal(err)
				}
			}
			if checkListDists(t, h) == 0 {
				t.Fatal("no cached distance: the test checks nothing")
			}
			// Rewrite every full list in reverse order, as a writer that
			// knows nothing of the cache (repair, connect) may reorder
			// one: the entries no longer name their slots' members.
			for id := range uint32(third) {
				h.lockNode(id)
				b := h.block(id, 0)
				if listLen(b) == len(b) {
					var r []item
					for i := len(b) - 1; i >= 0; i-- {
						r = append(r, item{id: slotID(b, i)})
					}
					setNeighbours(b, r)
				}
				h.unlockNode(id)
			}
			for i := third; i < half; i++ {
				if err := h.insert(uint64(i), tc.data[i]); err != nil {
					t.Fatal(err)
				}
			}
			checkListDists(t, h)
			for i := 0; i < half; i += 7 {
				h.Delete(uint64(i))
			}
			h.RepairReachability()
			quarter := half + half/2
			for i := half; i < quarter; i++ {
				if err := h.insert(uint64(i), tc.data[i]); err != nil {
					t.Fatal(err)
				}
			}
			checkListDists(t, h)
			h.Compact()
			checkListDists(t, h)
			// The deleted keys' slots are free: reuse them for other
			// vectors, then the rest.
			j := quarter
			for i := 0; i < half && j < len(tc.data); i += 7 {
				if err := h.insert(uint64(i), tc.data[j]); err != nil {
					t.Fatal(err)
				}
				j++
			}
			for ; j < len(tc.data); j++ {
				if err := h.insert(uint64(j), tc.data[j]); err != nil {
					t.Fatal(err)
				}
			}
			if checkListDists(t, h) == 0 {
				t.Fatal("no cached distance after the last inserts")
			}
			h.endBulk()
			for _, s := range *h.segs.Load() {
				if s.dists.bytes() != 0 {
					t.Fatal("cached distances left after the bulk build ended")
				}
			}
		})
	}
}
