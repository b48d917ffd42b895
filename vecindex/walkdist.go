package vecindex

// walkDists remembers, during one insert, the distances its layer-0 walk
// computed from the new node to the nodes it visited, so the reverse
// edges it adds judge the new member against a full list's members
// (replaceOne, evict.go) by looking them up instead of reading both
// vectors again: the walk expands the new node's nearest nodes, whose
// lists it has read whole, and those nodes are the ones whose lists take
// the reverse edges.
//
// Only distances equal bit for bit to nodeDist's are recorded: byte codes
// under L2 without SQ8 (integer sums, symmetric), or floats on both sides
// without codes or SQ8 (h.dist is symmetric in its arguments: L2 and L1
// sum |a-b| terms, inner product and cosine the a·b terms of the stored
// vectors, unit-length under cosine).
// Pages of segSize entries, each with the generation that wrote it, as
// visitedSet's (visited.go).
type walkDists struct {
	owner uint32 // the node whose distances these are; noNode: none
	mode  walkMode
	gen   uint32
	pages []*walkPage
}

type walkPage struct {
	gen  [segSize]uint32
	dist [segSize]float32
}

// walkMode is which searchLayer0 distances equal nodeDist's.
type walkMode uint8

const (
	walkOff    walkMode = iota // none: record nothing
	walkCodes                  // byte codes, L2, no SQ8
	walkFloats                 // float32 vectors on both sides, no codes, no SQ8
)

// begin forgets every recorded distance and records the walk from node
// owner in mode (walkOff: none).
func (w *walkDists) begin(owner uint32, mode walkMode) {
	w.owner, w.mode = owner, mode
	if mode == walkOff {
		w.owner = noNode
	}
	w.gen++
	if w.gen == 0 {
		for _, p := range w.pages {
			if p != nil {
				clear(p.gen[:])
			}
		}
		w.gen = 1
	}
}

// end stops lookups: the distances belong to a finished insert.
func (w *walkDists) end() { w.owner, w.mode = noNode, walkOff }

// record stores d as the distance from the owner to id.
func (w *walkDists) record(id uint32, d float32) {
	pi := int(id >> segShift)
	if pi >= len(w.pages) {
		w.pages = append(w.pages, make([]*walkPage, pi+1-len(w.pages))...)
	}
	p := w.pages[pi]
	if p == nil {
		p = new(walkPage)
		w.pages[pi] = p
	}
	p.gen[id&segMask], p.dist[id&segMask] = w.gen, d
}

// lookup returns the recorded distance from the owner to id.
func (w *walkDists) lookup(id uint32) (float32, bool) {
	pi := int(id >> segShift)
	if pi >= len(w.pages) || w.pages[pi] == nil || w.pages[pi].gen[id&segMask] != w.gen {
		return 0, false
	}
	return w.pages[pi].dist[id&segMask], true
}

// walkModeFor is the mode in which an insert of node id, walking with
// byte or SQ8 codes qc (nil: floats), records its layer-0 distances.
// Tests set noVerdictCache or noDistCache to turn it off.
func (h *HNSW) walkModeFor(id uint32, qc []uint8) walkMode {
	if h.noVerdictCache || h.noDistCache {
		return walkOff
	}
	codesOn := h.codesOn.Load()
	switch {
	case qc != nil && codesOn && h.codes(id) != nil:
		return walkCodes
	case qc == nil && !codesOn && h.seg(id).vecs != nil:
		return walkFloats
	}
	return walkOff
}

// walkCurrent reports whether the distances in s.walk are still of the
// kind nodeDist computes (byte codes are dropped when a non-byte vector
// arrives, codes.go); a switch during the check itself is not excluded,
// as for the verdicts cached in lists (evict.go).
func (h *HNSW) walkCurrent(s *scratch) bool {
	switch s.walk.mode {
	case walkCodes:
		return h.codesOn.Load()
	case walkFloats:
		return !h.codesOn.Load()
	}
	return false
}

// crossDist is nodeDist(a, b), looked up in the walk of the insert in
// progress (s.walk) when a or b is its node and the walk's distances are
// still current.
func (h *HNSW) crossDist(s *scratch, a, b uint32) float32 {
	if (a != s.walk.owner && b != s.walk.owner) || !h.walkCurrent(s) {
		return h.nodeDist(a, b)
	}
	if b == s.walk.owner {
		if d, ok := s.walk.lookup(a); ok {
			return d
		}
	} else if a == s.walk.owner {
		if d, ok := s.walk.lookup(b); ok {
			return d
		}
	}
	return h.nodeDist(a, b)
}
