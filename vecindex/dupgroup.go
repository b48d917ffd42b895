package vecindex

import "slices"

// Copy groups (dup.go). All nodes that hold one vector (its original and
// its copies, live or tombstoned) form a group that is connected on
// layer 0: copies chain to each other and to the original, and Compact
// keeps the live members chained and linked from the original's former
// neighbours (regroupCopies). Search walks a group whole: once the walk
// has met a node within dupEps of the query, every live accepted member
// of that node's group is a result candidate, and ties at one distance
// are broken by key. So a query at a vector held by many rows returns
// min(k, rows) of them at distance 0 for any k and ef, and the smallest
// keys: a search for more rows extends one for fewer, which the planner's
// staged scans (ordered by distance, then row slot) rely on. It costs a
// neighbour-list read and a distance per group member, O(group size),
// only for queries that sit on a stored vector: 0.38 ms against 0.011 ms
// for a k = 10 search at a vector 5,000 rows hold (BenchmarkSearch-
// Duplicates, 16 dims); other searches pay a scan of the k + ef nearest.
//
// Known gap: a tombstoned copy that an original drops from its list (when
// new copies arrive before Compact) is not handed on (no new edge may name
// a tombstone), so the live copies behind it are unreachable until the
// next Compact, whose regroupCopies finds them from the tombstone.

// gatherCopies adds to s.acc the live accepted members of the groups
// within dupEps of the query that the walk met (nodes in s.acc or s.res
// within dupEps, rechecked in float32), keeping the f.k smallest by
// (distance, key) (s.top). It runs after the walk (it reuses the visited set) and
// reports whether it changed s.acc, whose ties then need sorting by key.
func (h *HNSW) gatherCopies(s *scratch, f *filter) bool {
	eps := h.dupEps
	if !(eps >= 0) || !s.nearSeed(eps) {
		return false
	}
	s.visited.reset(h.capacity())
	g := s.batch[:0]
	for _, x := range s.acc {
		g = h.joinGroup(s, g, x.id, eps, eps)
	}
	inAcc := len(g) // g[:inAcc] are in s.acc already
	for _, x := range s.res {
		g = h.joinGroup(s, g, x.id, x.dist, eps)
	}
	if len(g) == 0 {
		s.batch = g
		return false
	}
	// Members of the groups met, through tombstoned ones too. A group has
	// one original (dup.go), so once one is held the other neighbours
	// that are not copies are distinct vectors: skipping them saves a
	// distance each.
	origs := 0
	for _, x := range g {
		if !h.isCopy(x) {
			origs++
		}
	}
	for i := 0; i < len(g); i++ {
		s.nbrs = h.neighbours(s.nbrs, g[i], 0)
		for _, nb := range s.nbrs {
			copyNb := h.isCopy(nb)
			if origs > 0 && !copyNb {
				continue
			}
			n := len(g)
			if g = h.joinGroup(s, g, nb, eps, eps); len(g) > n && !copyNb {
				origs++
			}
		}
	}
	s.batch = g
	// s.acc stays whole (a member deleted since the walk took it may
	// still be returned, as by any search); the other members join it.
	t := s.top[:0]
	for _, x := range s.acc {
		t = t.offer(keyed{item: x, key: h.key(x.id)}, f.k)
	}
	for _, id := range g[inAcc:] {
		if h.isDead(id) {
			continue
		}
		key := h.key(id)
		if f.accept == nil || f.accept(key) {
			t = t.offer(keyed{item: item{dist: h.distTo(s.q, id), id: id}, key: key}, f.k)
		}
	}
	s.acc = s.acc[:0]
	for _, x := range t {
		s.acc.push(x.item)
	}
	s.top = t
	return true
}

// keyed is a result candidate with its key, for ties broken by key.
type keyed struct {
	item
	key uint64
}

func (a keyed) less(b keyed) bool {
	return a.dist < b.dist || a.dist == b.dist && a.key < b.key
}

// keyedHeap is a binary max-heap of keyed by (dist, key): the k nearest.
type keyedHeap []keyed

// offer adds x if h holds fewer than k items or x precedes the last,
// which it then evicts, and returns the heap.
func (h keyedHeap) offer(x keyed, k int) keyedHeap {
	if len(h) < k {
		h = append(h, x)
		for i := len(h) - 1; i > 0; {
			p := (i - 1) / 2
			if !h[p].less(h[i]) {
				break
			}
			h[p], h[i] = h[i], h[p]
			i = p
		}
		return h
	}
	if !x.less(h[0]) {
		return h
	}
	h[0] = x
	for i := 0; ; {
		m, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && h[m].less(h[l]) {
			m = l
		}
		if r < len(h) && h[m].less(h[r]) {
			m = r
		}
		if m == i {
			return h
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// nearSeed reports whether s.acc or s.res holds a node within eps.
func (s *scratch) nearSeed(eps float32) bool {
	for _, x := range s.acc {
		if x.dist <= eps {
			return true
		}
	}
	for _, x := range s.res {
		if x.dist <= eps {
			return true
		}
	}
	return false
}

// joinGroup appends id to g if it is unvisited, d (the walk's distance)
// is within eps and its float distance to the query is too; id is marked
// visited either way once d is within eps.
func (h *HNSW) joinGroup(s *scratch, g []uint32, id uint32, d, eps float32) []uint32 {
	if d > eps || s.visited.visit(id) {
		return g
	}
	if h.meta(id)&flagFree != 0 || h.distTo(s.q, id) > eps {
		return g
	}
	return append(g, id)
}

// cmpResult orders results by distance, then key.
func cmpResult(a, b Result) int {
	switch {
	case a.Dist < b.Dist:
		return -1
	case a.Dist > b.Dist:
		return 1
	case a.Key < b.Key:
		return -1
	case a.Key > b.Key:
		return 1
	}
	return 0
}

// findOrig returns the original of the vector q held by the live node
// found (a copy's is in its layer-0 list), or found itself if that is not
// a copy or no live original is in its list.
func (h *HNSW) findOrig(q []float32, found uint32) uint32 {
	if !h.isCopy(found) {
		return found
	}
	for _, o := range h.neighbours(nil, found, 0) {
		if !h.isCopy(o) && !h.isDead(o) && h.distTo(q, o) <= h.dupEps {
			return o
		}
	}
	return found
}

// claimHead makes the new copy id the first copy in the layer-0 list of
// its original s.orig and returns the copy that was the group's newest
// live one (noNode if none): the first copy in that list, or, if that one
// is tombstoned, the first live member past it along the chain. Both
// steps hold the original's lock, so concurrent copies claim distinct
// heads. The new copy then links to the original and that head and the
// head links back, so the copies form a chain from the original, newest
// first, that later inserts do not break: each copy keeps its successor,
// its predecessor and the original (maxDupNeighbours). id holds q.
func (h *HNSW) claimHead(s *scratch, q []float32, id uint32) uint32 {
	orig := s.orig
	if orig == id || h.isDead(orig) {
		s.orig = noNode // connect then links id to the copies its search found
		return noNode
	}
	h.lockNode(orig)
	head := h.newestLiveCopy(s, q, orig, id)
	h.addEdgeLocked(s, orig, id, 0, 0)
	h.unlockNode(orig)
	h.handDown(s)
	return head
}

// newestLiveCopy returns the first live copy of q (other than id) along
// the chain from orig, passing at most maxChainSkip tombstoned copies.
func (h *HNSW) newestLiveCopy(s *scratch, q []float32, orig, id uint32) uint32 {
	s.visited.reset(h.capacity())
	s.visited.visit(id)
	s.visited.visit(orig)
	g := append(s.batch[:0], orig)
	defer func() { s.batch = g[:0] }()
	for i := 0; i < len(g) && i < 1+maxChainSkip; i++ {
		s.nbrs = h.neighbours(s.nbrs, g[i], 0)
		for _, o := range s.nbrs {
			if s.visited.visit(o) || !h.isCopy(o) || h.distTo(q, o) > h.dupEps {
				continue
			}
			if !h.isDead(o) {
				return o
			}
			g = append(g, o)
		}
	}
	return noNode
}

// maxChainSkip bounds how many tombstoned copies chainEnds passes looking
// for the newest live one.
const maxChainSkip = 256

// chainPicks appends to c the layer-0 copy candidates of the new copy id:
// s.orig and s.head (chainEnds), at distance 0.
func (h *HNSW) chainPicks(s *scratch, c []item, id uint32) []item {
	for _, x := range [2]uint32{s.orig, s.head} {
		if x != noNode && x != id && !h.isDead(x) {
			c = append(c, item{dist: 0, id: x})
		}
	}
	return c
}

// regroupCopies keeps the live members of every copy group that has a
// victim reachable after Compact reclaims the victims: for each group
// (found from a victim over layer-0 edges through members within dupEps,
// tombstoned ones included) with live members, one live member is its
// original (a copy is promoted if the original is a victim), the live
// members are chained to each other (each links to the next and back,
// addEdge keeping copy edges first), and the returned map sends every
// tombstoned member to the original, which repairList puts in the lists
// that named it. So nodes that linked to the old original link to the new
// one, and the new one leads to every live copy.
func (h *HNSW) regroupCopies(s *scratch, victims []uint32) map[uint32]uint32 {
	if !(h.dupEps >= 0) {
		return nil
	}
	reps := map[uint32]uint32{}
	done := map[uint32]bool{}
	var g, live []uint32
	for _, v := range victims {
		if done[v] {
			continue
		}
		vec := h.floatVec(s.q, v) // s.q is free during Compact
		g = append(g[:0], v)
		done[v] = true
		for i := 0; i < len(g); i++ {
			s.nbrs = h.neighbours(s.nbrs, g[i], 0)
			for _, o := range s.nbrs {
				if !done[o] && h.meta(o)&flagFree == 0 && h.distTo(vec, o) <= h.dupEps {
					done[o] = true
					g = append(g, o)
				}
			}
		}
		live = live[:0]
		orig := noNode
		for _, x := range g {
			if !h.isDead(x) {
				live = append(live, x)
				if orig == noNode && !h.isCopy(x) {
					orig = x
				}
			}
		}
		if len(live) == 0 {
			continue
		}
		if orig == noNode {
			orig = live[0]
			h.clearFlag(orig, flagCopy)
		}
		for _, x := range g {
			if h.isDead(x) {
				reps[x] = orig
			}
		}
		// Chain: orig first, then the other live members by id, so that
		// the next Compact finds most of these edges in place.
		slices.Sort(live)
		prev := orig
		for _, x := range live {
			if x == orig {
				continue
			}
			h.addEdge(s, prev, x, 0, 0)
			h.addEdge(s, x, prev, 0, 0)
			prev = x
		}
	}
	return reps
}

// inflightSlots is how many inserts in progress h.inflight tracks; more
// concurrent inserts than that go untracked (and identical vectors among
// them may start separate groups).
const inflightSlots = 64

// register records id as being linked in a free slot of h.inflight and
// copies the ids already there (inserts allocated earlier, still linking)
// into s.racers; it returns the slot, or -1 if none was free or copies are
// off (dupEps NaN). Caller holds h.mu. Two rows holding one vector,
// inserted at the same time, would each miss the other in their layer
// searches (neither is linked yet) and both become originals of separate
// copy groups; with this the later one finds the earlier (racingCopy).
func (h *HNSW) register(s *scratch, id uint32) int {
	s.racers = s.racers[:0]
	if !(h.dupEps >= 0) {
		return -1
	}
	slot := -1
	for i := range h.inflight {
		if x := h.inflight[i].Load(); x != 0 {
			s.racers = append(s.racers, x-1)
		} else if slot < 0 {
			slot = i
		}
	}
	if slot >= 0 {
		h.inflight[slot].Store(id + 1)
	}
	return slot
}

// unregister frees the h.inflight slot register returned.
func (h *HNSW) unregister(slot int) {
	if slot >= 0 {
		h.inflight[slot].Store(0)
	}
}

// racingCopy returns a live node among s.racers within dupEps of q (the
// vector of the new node id), of which id is then a copy.
func (h *HNSW) racingCopy(s *scratch, q []float32, id uint32) (uint32, bool) {
	for _, x := range s.racers {
		if x != id && !h.isDead(x) && h.distTo(q, x) <= h.dupEps {
			return x, true
		}
	}
	return 0, false
}

// handoff is an edge to add: a live copy an original's list dropped goes
// to the list of a copy the original kept.
type handoff struct {
	to, from uint32
	layer    int
}

// noteEvicted records, after an original's list on layer was shrunk to
// sel by the heuristic (which keeps maxDupNeighbours of its copies), each
// live copy it dropped (in s.pruned within dupEps) as a handoff to the
// first copy sel kept. An original keeps only its newest copies; the
// older ones stay reachable through the copies that follow them in the
// chain, and a copy whose only link from the group was the original's
// (a chain end, after copies raced for one head) is passed on instead of
// lost. Copies keep all their copy edges, so this never cascades far.
func (h *HNSW) noteEvicted(s *scratch, sel []item, layer int) {
	keeper := noNode
	for _, x := range sel {
		if x.dist <= h.dupEps {
			keeper = x.id
			break
		}
	}
	if keeper == noNode {
		return
	}
	for _, p := range s.pruned {
		if p.dist <= h.dupEps && !h.isDead(p.id) {
			s.handoffs = append(s.handoffs, handoff{to: p.id, from: keeper, layer: layer})
		}
	}
}

// handDown adds the edges s.handoffs holds; the caller holds no lock.
func (h *HNSW) handDown(s *scratch) {
	for len(s.handoffs) > 0 {
		x := s.handoffs[len(s.handoffs)-1]
		s.handoffs = s.handoffs[:len(s.handoffs)-1]
		h.lockNode(x.from)
		h.addEdgeLocked(s, x.from, x.to, 0, x.layer)
		h.unlockNode(x.from)
	}
}
