package vecindex

// keepPrunedConnections would fill a neighbour list that the heuristic
// left short with the nearest pruned candidates (Algorithm 4's
// keepPrunedConnections). Off, as in hnswlib: full lists make every
// reverse edge a heuristic shrink, which doubled build time on
// Fashion-MNIST, and the extra edges cost as much search time as the
// recall they add.
const keepPrunedConnections = false

// selectNeighbours is SELECT-NEIGHBORS-HEURISTIC (Malkov & Yashunin 2018,
// Algorithm 4, extendCandidates = false): from cands, sorted ascending by
// distance to the base node, keep a candidate only if it is nearer to the
// base than to every candidate already kept, up to limit. The result
// aliases s.sel. Candidates within dupEps of the base (copies, dup.go)
// come first; base, the node whose list this is, keeps at most
// maxDupNeighbours of them if it is not a copy, and all if it is (a
// copy's copy edges are its links in the copy chain, dupgroup.go).
func (h *HNSW) selectNeighbours(s *scratch, base uint32, cands []item, limit int) []item {
	sel, pruned := s.sel[:0], s.pruned[:0]
	dups, maxDups := 0, maxDupNeighbours
	if h.isCopy(base) {
		maxDups = limit
	}
	for _, c := range cands {
		if len(sel) >= limit {
			break
		}
		if c.dist <= h.dupEps {
			// A copy of the base: nothing in sel prunes it (dup.go).
			if dups >= maxDups {
				pruned = append(pruned, c)
				continue
			}
			dups++
		}
		if h.diverse(c, sel) {
			sel = append(sel, c)
		} else {
			pruned = append(pruned, c)
		}
	}
	if keepPrunedConnections {
		for _, p := range pruned {
			if len(sel) >= limit {
				break
			}
			sel = append(sel, p)
		}
	}
	s.sel, s.pruned = sel, pruned
	return sel
}

// diverse reports whether c is nearer to the base node than to every node
// in sel.
func (h *HNSW) diverse(c item, sel []item) bool {
	for _, r := range sel {
		if h.nodeDist(c.id, r.id) < c.dist {
			return false
		}
	}
	return true
}
