package vecindex

import (
	"slices"
)

// repairPasses bounds RepairReachability's passes: a forced edge may
// evict another node's only in-edge, which the next pass re-links, so
// passes repeat while one re-links anything. Since lists are kept full
// (keepPrunedConnections) every repair edge at small m is forced: with
// m = 2 on 3,000 8-dim Gaussian vectors half the builds needed 5 to 7
// passes (the bound was 4, which left nodes cut off). The bound only
// guards against a cycle of evictions; none was seen.
const repairPasses = 64

// repairTries is how many of an unreached node's nearest reached nodes
// RepairReachability tries for a free list slot before it forces the
// edge into the nearest one's list.
const repairTries = 4

// repairMinEf is the least ef of the search that finds an unreached
// node's nearest reached nodes (2·m when that is more).
const repairMinEf = 32

// RepairReachability makes every live, linked node reachable on layer 0
// from the entry point and returns how many nodes it re-linked (0 when
// all were reachable). Small m and the neighbour heuristic (Algorithm 4)
// can leave a node, or a whole copy group (dup.go), with no in-edge from
// the part of layer 0 the entry point reaches, and then no search finds
// it at any ef_search.
//
// Each pass walks layer 0 breadth first from the entry point through
// every edge (tombstones included, as searches walk them). Each live node
// left unreached gets one in-edge: a layer-0 search at its vector (ef =
// max(2·m, 32)) finds its nearest reached live nodes, and the first of
// the nearest few with a free list slot takes it; if all are full, the
// nearest one's list is shrunk by the heuristic to one short of capacity
// (keeping the members this call re-linked and, while they fit, those
// whose only in-edge from the reached part is that list's) and the node
// is added. The node's own component is then marked reached,
// so one edge serves all the nodes it leads to. A shrink can cut off a
// node the pass already counted as reached, so passes repeat until one
// re-links nothing (at most repairPasses, 64). Cost: O(nodes + edges) per pass plus one search
// per re-linked node.
//
// Under InnerProduct it only fills free list slots and forces no edge:
// there many nodes have no in-edge by nature (a vector of small norm is
// no other vector's nearest by -dot, and no query's best match either;
// 5,577 of 10,000 4-dim Gaussian vectors with m = 16), and forcing an
// edge in for each evicted the edges walks need (recall@10 at ef_search
// 10 fell from 0.999 to 0.974).
//
// It runs concurrently with Search, Insert and Delete, and publishes list
// changes as inserts do (one node lock at a time, atomic stores). Nodes
// still being linked by a concurrent insert, and nodes allocated after it
// started, are left alone. InsertBatch calls it after a batch that made
// up at least an eighth of the graph, Compact after reclaiming, and Insert
// starts it in the background once as many single inserts have run
// (autorepair.go).
func (h *HNSW) RepairReachability() int {
	e := h.enter()
	defer h.exit(e)
	s := h.getScratch()
	defer h.putScratch(s)
	total := 0
	r := &repairState{pinned: map[uint32]bool{}}
	for range repairPasses {
		ep, top, ok := h.loadEntry()
		if !ok {
			return total
		}
		r.reset(h.n.Load())
		r.walk(h, ep)
		fixed := 0
		for u := range uint32(len(r.reached)) {
			if r.reached[u] || !h.needsReach(u) {
				continue
			}
			if h.relink(s, u, ep, top, r) {
				r.pinned[u] = true
				fixed++
			}
			r.walk(h, u)
		}
		total += fixed
		if fixed == 0 {
			break
		}
	}
	return total
}

// needsReach reports whether node u must be reachable: live and linked.
func (h *HNSW) needsReach(u uint32) bool {
	return h.meta(u)&(flagDead|flagFree|flagLinked) == flagLinked
}

// reach marks start and every node reachable from it on layer 0 through
// unmarked nodes (ids below len(reached)) in reached; queue is reused
// working memory and is returned for reuse.
func (h *HNSW) reach(reached []bool, queue []uint32, start uint32) []uint32 {
	return h.reachCounting(reached, nil, queue, start)
}

// reachCounting is reach that also adds one to indeg[x] (nil: not
// counted; len(indeg) == len(reached)) for each edge to x from a node it
// marks, so that over a pass indeg counts each node's in-edges from the
// reached part of layer 0.
func (h *HNSW) reachCounting(reached []bool, indeg []uint32, queue []uint32, start uint32) []uint32 {
	if int(start) >= len(reached) || reached[start] {
		return queue
	}
	reached[start] = true
	queue = append(queue[:0], start)
	for i := 0; i < len(queue); i++ {
		id := queue[i]
		if h.meta(id)&flagFree != 0 {
			continue
		}
		b := h.block(id, 0)
		for j := range b {
			nb := slotID(b, j)
			if nb == noNode {
				break
			}
			if int(nb) >= len(reached) {
				continue
			}
			if indeg != nil {
				indeg[nb]++
			}
			if !reached[nb] {
				reached[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return queue
}

// relink adds an in-edge to the unreached node u from one of its nearest
// reached live nodes, found by a search from the entry point ep (level
// top); it reports whether it added one. Copies of other vectors are not
// picked (their lists hold their copy chain, dup.go).
func (h *HNSW) relink(s *scratch, u, ep uint32, top int, r *repairState) bool {
	reached := r.reached
	q := h.floatVec(s.q, u) // s.q is free here
	qc := h.codesFor(u)
	if qc != nil {
		s.qsum = h.sqSum(u)
	}
	// The descent's layer-1 node may itself be cut off on layer 0; then
	// the walk starts at the entry point, which is reached by definition.
	start := item{dist: h.pointDist(s, q, qc, ep), id: ep}
	if cur := h.descend(s, q, qc, start, top, 0); int(cur.id) < len(reached) && reached[cur.id] {
		start = cur
	}
	s.seed(h.capacity(), start)
	h.searchLayer0(s, q, qc, max(2*h.m0, repairMinEf), nil)
	s.sorted = s.res.drainAscending(s.sorted)
	c := s.picked[:0]
	for _, x := range s.sorted {
		if x.id == u || int(x.id) >= len(reached) || !reached[x.id] || h.isDead(x.id) {
			continue
		}
		d := h.distTo(q, x.id)
		if d > h.dupEps && h.isCopy(x.id) {
			continue
		}
		if c = append(c, item{dist: d, id: x.id}); len(c) == repairTries {
			break
		}
	}
	if len(c) == 0 && !h.isDead(ep) && !h.isCopy(ep) && ep != u {
		c = append(c, item{dist: h.distTo(q, ep), id: ep})
	}
	s.picked = c
	if len(c) == 0 {
		return false
	}
	slices.SortFunc(c, cmpItem)
	for _, x := range c {
		h.lockNode(x.id)
		b := h.block(x.id, 0)
		free := listLen(b) < len(b)
		if free {
			h.addEdgeLocked(s, x.id, u, x.dist, 0)
			r.indeg[u]++
		}
		h.unlockNode(x.id)
		if free {
			h.handDown(s)
			return true
		}
	}
	if h.cfg.Metric == InnerProduct || h.cfg.Metric == SparseIP {
		return false // no forced edges (see RepairReachability)
	}
	for _, x := range c {
		h.lockNode(x.id)
		ok := h.forceEdgeLocked(s, x.id, u, x.dist, r)
		h.unlockNode(x.id)
		h.handDown(s)
		if ok {
			return true
		}
	}
	return false
}

// forceEdgeLocked adds to to from's layer-0 list (d = dist(from, to))
// even if the list is full: the other live members are shrunk by the
// heuristic to one short of capacity first, keeping the members pinned
// (given their in-edge by this repair, so that two nodes do not evict
// each other pass after pass) and, while they fit, the members whose
// only in-edge from the reached part is this list's (r.indeg), since
// leaving one out would cut it off and cost another pass. A copy of from
// goes first, as addEdge puts it (dup.go). It reports false, changing
// nothing, if the pinned members fill the list. Caller holds from's lock.
func (h *HNSW) forceEdgeLocked(s *scratch, from, to uint32, d float32, r *repairState) bool {
	b := h.block(from, 0)
	c, keep := s.tmp[:0], s.batch[:0]
	r.prev = listIDs(r.prev, b)
	for _, o := range r.prev {
		switch {
		case o == to:
			return true
		case r.pinned[o]:
			keep = append(keep, o)
		case !h.isDead(o):
			c = append(c, item{dist: h.nodeDist(from, o), id: o})
		}
	}
	if len(keep) >= len(b)-1 {
		s.batch = keep
		return false
	}
	c, keep = r.keepSole(c, keep, len(b)-1)
	s.batch = keep
	z := h.copiesFirst(c)
	slices.SortFunc(c[z:], cmpItem)
	s.tmp = c
	sel := h.selectNeighbours(s, from, c, len(b)-1-len(keep))
	for _, o := range keep {
		sel = append(sel, item{dist: h.nodeDist(from, o), id: o})
	}
	sel = append(sel, item{dist: d, id: to})
	h.copiesFirst(sel)
	setNeighbours(b, sel)
	if z > 0 {
		h.noteEvicted(s, sel, 0)
	}
	r.replaced(r.prev, sel)
	return true
}

// repairState is one RepairReachability call's working memory.
type repairState struct {
	reached []bool          // per node id: reached from the entry point this pass
	indeg   []uint32        // per node id: in-edges from reached nodes this pass
	queue   []uint32        // reach's queue
	prev    []uint32        // forceEdgeLocked: the list before it was shrunk
	pinned  map[uint32]bool // nodes this call gave an in-edge
}

// reset clears reached and indeg for a pass over n node ids.
func (r *repairState) reset(n uint32) {
	if cap(r.reached) < int(n) {
		r.reached = make([]bool, n)
		r.indeg = make([]uint32, n)
	}
	r.reached, r.indeg = r.reached[:n], r.indeg[:n]
	clear(r.reached)
	clear(r.indeg)
}

// walk marks start's unreached component as reached, counting in-edges.
func (r *repairState) walk(h *HNSW, start uint32) {
	r.queue = h.reachCounting(r.reached, r.indeg, r.queue, start)
}

// keepSole moves the members of c whose only in-edge from the reached
// part is the list being shrunk (indeg 1) into keep, unless keep and they
// would exceed room; it returns the remaining candidates and keep.
func (r *repairState) keepSole(c []item, keep []uint32, room int) ([]item, []uint32) {
	sole := 0
	for _, x := range c {
		if r.sole(x.id) {
			sole++
		}
	}
	if sole == 0 || len(keep)+sole > room {
		return c, keep
	}
	rest := c[:0]
	for _, x := range c {
		if r.sole(x.id) {
			keep = append(keep, x.id)
		} else {
			rest = append(rest, x)
		}
	}
	return rest, keep
}

// sole reports whether id's only counted in-edge is one list's.
func (r *repairState) sole(id uint32) bool {
	return int(id) < len(r.indeg) && r.indeg[id] <= 1
}

// replaced updates indeg for a reached node's list rewritten from prev
// to sel: members left out lose an in-edge, new ones gain one.
func (r *repairState) replaced(prev []uint32, sel []item) {
	for _, x := range sel {
		if int(x.id) < len(r.indeg) && !slices.Contains(prev, x.id) {
			r.indeg[x.id]++
		}
	}
	for _, o := range prev {
		if int(o) < len(r.indeg) && r.indeg[o] > 0 && !slices.ContainsFunc(sel, func(x item) bool { return x.id == o }) {
			r.indeg[o]--
		}
	}
}
