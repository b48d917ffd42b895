package vecindex

import (
	"slices"
	"testing"
)

// TestWalkDistSameGraph: judging reverse edges with the distances the
// insert's layer-0 walk recorded (walkdist.go) builds the same graph,
// list for list, as recomputing them (verdicts cached in both builds),
// and so does a serial InsertBatch, which also caches members' distances
// beside the lists (listdist.go; TestListDistsSameGraph):
// on byte-valued L2 data the walk is on byte codes (codes.go), on
// Gaussian data on floats, for every metric. A recorded distance that
// differed from nodeDist in one bit could change a verdict.
func TestWalkDistSameGraph(t *testing.T) {
	n := 1500
	if raceEnabled {
		n = 500 // no concurrency here: spare the instrumented run
	}
	for _, tc := range []struct {
		name string
		m    Metric
		data [][]float32
		mode walkMode
	}{
		{"bytes-L2", L2, byteVectors(n, 12, 9), walkCodes},
		{"floats-L2", L2, gaussian(n, 12, 10), walkFloats},
		{"floats-IP", InnerProduct, gaussian(n, 12, 11), walkFloats},
		{"floats-Cosine", Cosine, gaussian(n, 12, 12), walkFloats},
		{"floats-L1", L1, gaussian(n, 12, 13), walkFloats},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Dims: 12, M: 6, EfConstruction: 24, Metric: tc.m, Seed: 3}
			var g [2]*HNSW
			for i := range g {
				h, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				// No background repair racing with the inserts: the
				// builds must see the same candidates.
				h.SetAutoRepair(false)
				h.noDistCache = i == 1
				for j, v := range tc.data {
					if err := h.Insert(uint64(j), v); err != nil {
						t.Fatal(err)
					}
				}
				g[i] = h
			}
			if got := g[0].walkModeFor(0, g[0].codesFor(0)); got != tc.mode {
				t.Fatalf("walk mode %d, want %d", got, tc.mode)
			}
			for id := range uint32(len(tc.data)) {
				for layer := range g[0].level(id) + 1 {
					a, b := g[0].neighbours(nil, id, layer), g[1].neighbours(nil, id, layer)
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("node %d layer %d: walk distances %v, recomputed %v", id, layer, a, b)
					}
				}
			}
		})
	}
}

// TestWalkDistRecorded: after an insert's layer-0 walk every distance it
// recorded equals nodeDist from the new node bit for bit, and the walk
// recorded the distances to the nodes whose lists take the reverse
// edges' members (else the cache saves nothing).
func TestWalkDistRecorded(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    Metric
		data [][]float32
	}{
		{"bytes-L2", L2, byteVectors(800, 12, 21)},
		{"floats-Cosine", Cosine, gaussian(800, 12, 22)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := build(t, Config{Dims: 12, M: 6, EfConstruction: 24, Metric: tc.m, Seed: 4}, tc.data[:799])
			id := uint32(799)
			s := h.getScratch()
			defer h.putScratch(s)
			_, slot, err := h.allocate(s, id, tc.data[799])
			if err != nil {
				t.Fatal(err)
			}
			defer h.unregister(slot)
			q, qc := h.floatVec(s.q, id), h.codesFor(id)
			ep, _, _ := h.loadEntry()
			s.seed(h.capacity(), item{dist: h.pointDist(s, q, qc, ep), id: ep})
			s.inserting = true
			s.walk.begin(id, h.walkModeFor(id, qc))
			h.searchLayer0(s, q, qc, 24, nil)
			recorded := 0
			for x := range uint32(799) {
				if d, ok := s.walk.lookup(x); ok {
					recorded++
					want := h.nodeDist(x, id)
					if d != want {
						t.Fatalf("node %d: recorded %v, nodeDist %v", x, d, want)
					}
					if got := h.crossDist(s, id, x); got != want {
						t.Fatalf("crossDist(%d, %d) = %v, want %v", id, x, got, want)
					}
				}
			}
			if recorded < 24 {
				t.Fatalf("the walk recorded %d distances, want >= ef_construction 24", recorded)
			}
			s.walk.end()
			if s.walk.owner != noNode || s.walk.mode != walkOff {
				t.Fatal("the walk still has an owner after end")
			}
		})
	}
}
