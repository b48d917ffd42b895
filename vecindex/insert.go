package vecindex

import (
	"fmt"
	"math"
	"slices"
)

// growChunk is the minimum growth, in nodes, of the per-node arrays.
const growChunk = 1024

// Insert adds v (Dims finite elements; copied) under key, a row slot id
// unique among live keys (Malkov & Yashunin 2018, Algorithm 1). It wraps
// ErrDims for a wrong length and ErrDuplicateKey for a live key, and fails
// for NaN or infinite components (pgvector rejects them on input) and when
// the index holds 2^32-1 nodes.
func (h *HNSW) Insert(key uint64, v []float32) error {
	if err := h.check(v); err != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.byKey[key]; ok {
		return fmt.Errorf("%w: %d", ErrDuplicateKey, key)
	}
	if len(h.keys) >= math.MaxUint32 {
		return fmt.Errorf("vecindex: index full (%d nodes)", len(h.keys))
	}
	level := h.randomLevel()
	id := h.addNode(key, v, level)
	if id == 0 {
		h.entry, h.topLevel = id, level
		return nil
	}
	s := h.getScratch()
	defer h.putScratch(s)
	h.link(s, id, level)
	if level > h.topLevel {
		h.entry, h.topLevel = id, level
	}
	return nil
}

func (h *HNSW) check(v []float32) error {
	if len(v) != h.cfg.Dims {
		return fmt.Errorf("%w: got %d, index has %d", ErrDims, len(v), h.cfg.Dims)
	}
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("vecindex: element %d is %v; only finite values can be indexed", i, x)
		}
	}
	return nil
}

// link connects the new node id of the given level into the graph: greedy
// descent to layer level+1, then on each layer from min(level, top) to 0 a
// SEARCH-LAYER with ef_construction whose result seeds the next layer.
func (h *HNSW) link(s *scratch, id uint32, level int) {
	q := h.vec(id)
	ep := h.descend(q, h.entryItem(q), h.topLevel, level)
	s.sorted = append(s.sorted[:0], ep)
	for lc := min(level, h.topLevel); lc >= 0; lc-- {
		s.seed(len(h.keys), s.sorted...)
		h.searchLayer(s, q, h.cfg.EfConstruction, lc, nil)
		s.sorted = s.res.drainAscending(s.sorted)
		h.connect(s, id, lc)
	}
}

// connect picks id's neighbours on layer from s.sorted with the heuristic
// and adds the reverse edges.
func (h *HNSW) connect(s *scratch, id uint32, layer int) {
	// addEdge reuses s.sel, so keep the picks in s.picked.
	s.picked = append(s.picked[:0], h.selectNeighbours(s, s.sorted, h.capAt(layer))...)
	b := h.block(id, layer)
	b[0] = uint32(len(s.picked))
	for i, x := range s.picked {
		b[1+i] = x.id
	}
	for _, x := range s.picked {
		h.addEdge(s, x.id, id, x.dist, layer)
	}
}

// addEdge appends to to from's list on layer; a full list is shrunk back
// to capacity with the heuristic over old neighbours plus to (Algorithm 1,
// lines 13-17). d is the distance between from and to.
func (h *HNSW) addEdge(s *scratch, from, to uint32, d float32, layer int) {
	b := h.block(from, layer)
	n := int(b[0])
	if n < len(b)-1 {
		b[1+n] = to
		b[0]++
		return
	}
	v := h.vec(from)
	c := s.tmp[:0]
	for _, o := range b[1 : 1+n] {
		c = append(c, item{dist: h.dist(v, h.vec(o)), id: o})
	}
	c = append(c, item{dist: d, id: to})
	slices.SortFunc(c, cmpItem)
	s.tmp = c
	sel := h.selectNeighbours(s, c, n)
	b[0] = uint32(len(sel))
	for i, x := range sel {
		b[1+i] = x.id
	}
}

func cmpItem(a, b item) int {
	switch {
	case a.dist < b.dist:
		return -1
	case a.dist > b.dist:
		return 1
	}
	return 0
}

// addNode appends the node's vector, key, level and empty neighbour lists
// and returns its id.
func (h *HNSW) addNode(key uint64, v []float32, level int) uint32 {
	id := uint32(len(h.keys))
	d := h.cfg.Dims
	h.vecs = grow(h.vecs, d, growChunk*d)
	h.prepare(h.vecs[len(h.vecs)-d:], v)
	h.keys = append(grow(h.keys, 0, growChunk), key)
	h.levels = append(grow(h.levels, 0, growChunk), uint8(level))
	h.dead = append(grow(h.dead, 0, growChunk), false)
	h.links0 = grow(h.links0, h.stride0, growChunk*h.stride0)
	h.links0[len(h.links0)-h.stride0] = 0
	var off uint32
	if level > 0 {
		off = uint32(len(h.upper))
		h.upper = grow(h.upper, level*h.strideU, growChunk*h.strideU)
		for lc := 1; lc <= level; lc++ {
			h.upper[int(off)+(lc-1)*h.strideU] = 0
		}
	}
	h.upperOff = append(grow(h.upperOff, 0, growChunk), off)
	h.byKey[key] = id
	h.live++
	return id
}

// grow extends s by n zero elements, adding capacity in steps of at least
// chunk elements or a quarter of the current length.
func grow[T any](s []T, n, chunk int) []T {
	if len(s)+n > cap(s) {
		s = slices.Grow(s, max(n, chunk, len(s)/4))
	}
	return s[:len(s)+n]
}
