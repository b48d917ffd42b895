package vecindex

import "math"

// visitedSet marks node ids seen during one layer search: one bit per
// id, in pages of segSize bits (one per segment), each page stamped with
// the generation that last cleared it. A reset bumps the generation
// instead of clearing; a page is cleared when a search first touches it
// under a new generation, and every stamp is cleared only when the uint32
// generation wraps around. Pages are allocated when a search first
// touches an id of their segment: node ids are row slots, and a table
// that updated its rows many times has far more slots than nodes (holes,
// segment.go), so a flat array as long as the id space would cost each
// scratch per row version the table ever had. One bit per id keeps the
// set of a 300,000-node index at 40 KiB, inside the L2 cache, where the
// 4-byte stamp per id it replaced took 1.2 MB (bench/hnswlib/README.md).
type visitedSet struct {
	pages []*visitedPage
	gen   uint32
}

// visitedPage is the marks of one segment's ids, valid while gen is the
// set's generation.
type visitedPage struct {
	gen  uint32
	bits [segSize / 64]uint64
}

// reset prepares the set for n node ids and forgets all marks.
func (v *visitedSet) reset(n int) {
	if np := (n + segMask) >> segShift; len(v.pages) < np {
		v.pages = append(v.pages, make([]*visitedPage, np-len(v.pages))...)
	}
	v.gen++
	if v.gen == 0 {
		for _, p := range v.pages {
			if p != nil {
				p.gen = 0
			}
		}
		v.gen = 1
	}
}

// visit marks id and reports whether it was already marked.
func (v *visitedSet) visit(id uint32) bool {
	pi := int(id >> segShift)
	if pi >= len(v.pages) {
		v.pages = append(v.pages, make([]*visitedPage, pi+1-len(v.pages))...)
	}
	p := v.pages[pi]
	if p == nil {
		p = new(visitedPage)
		v.pages[pi] = p
	}
	if p.gen != v.gen {
		clear(p.bits[:])
		p.gen = v.gen
	}
	w, b := &p.bits[(id&segMask)>>6], uint64(1)<<(id&63)
	if *w&b != 0 {
		return true
	}
	*w |= b
	return false
}

// seen reports whether id is marked.
func (v *visitedSet) seen(id uint32) bool {
	pi := int(id >> segShift)
	if pi >= len(v.pages) {
		return false
	}
	p := v.pages[pi]
	return p != nil && p.gen == v.gen && p.bits[(id&segMask)>>6]&(1<<(id&63)) != 0
}

// scratch is the per-operation working memory, recycled through
// HNSW.scratch so that a warm Search allocates only its result slice.
type scratch struct {
	visited visitedSet
	cand    minHeap   // C: candidates to expand
	res     maxHeap   // W: ef nearest seen (all nodes, guide the walk)
	acc     maxHeap   // k nearest live, accepted nodes (Search only)
	sorted  []item    // W drained ascending
	sel     []item    // selected neighbours
	pruned  []item    // discarded by the heuristic
	tmp     []item    // candidates when shrinking a neighbour list
	verdict []uint8   // heuristic verdicts per candidate (farthestPruned)
	picked  []item    // the new node's neighbours on the current layer
	nbrs    []uint32  // a copied neighbour list
	cur     []uint32  // a list's ids read under its node's lock (addEdgeLocked, connect, repairs)
	batch   []uint32  // unvisited neighbours of one candidate (searchLayer0)
	q       []float32 // query in stored form
	qc      []uint8   // query byte codes (codes.go) or SQ8 codes (sq.go)
	qsum    float32   // SQ8 Σ lo·c of qc (sq.go)
	// sq is the SQ8 quantizer a Search encoded qc with (h.walkQuant); nil
	// in inserts and repairs, which walk on floats or exact byte codes.
	sq *quantizer
	// dups counts nodes within dupEps of q a layer search has taken;
	// past dupCap (insertDupCap in an insert, unlimited otherwise) it
	// skips them (dup.go).
	dups, dupCap int
	// inserting: the layer searches serve an insert, so they skip nodes
	// flagged copy unless within dupEps of q (dup.go).
	inserting bool
	// orig and head: the original and the newest live copy a new copy
	// chains to (noNode if none), set by chainEnds (dupgroup.go).
	orig, head uint32
	// racers: nodes that were being linked when this insert's node was
	// allocated (register, dupgroup.go).
	racers []uint32
	// handoffs: copy edges to add once no node lock is held (dupgroup.go).
	handoffs []handoff
	// top: the k nearest by (distance, key) of a copy group (gatherCopies).
	top keyedHeap
	// walk: an insert's layer-0 walk distances from its node (walkdist.go).
	walk walkDists
	// dense: a Search's sparse query laid out densely, all zeros between
	// searches, qnorm its Σq², and sparse whether the walk uses them
	// (sparse.go).
	dense  []float32
	qnorm  float32
	sparse bool
}

func (h *HNSW) getScratch() *scratch {
	s := h.scratch.Get().(*scratch)
	if cap(s.q) < h.cfg.Dims {
		s.q = make([]float32, h.cfg.Dims)
	}
	s.q = s.q[:h.cfg.Dims]
	if cap(s.qc) < h.cfg.Dims {
		s.qc = make([]uint8, h.cfg.Dims)
	}
	s.qc = s.qc[:h.cfg.Dims]
	s.dupCap, s.inserting, s.sq, s.sparse = math.MaxInt, false, nil, false
	s.walk.end()
	return s
}

func (h *HNSW) putScratch(s *scratch) { h.scratch.Put(s) }
