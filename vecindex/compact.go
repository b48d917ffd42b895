package vecindex

import (
	"context"
	"math"
	"slices"
)

// DefaultCompactThreshold is the tombstone share (dead / (live + dead))
// above which Delete starts a background Compact.
const DefaultCompactThreshold = 0.10

// minCompact is the fewest tombstones worth a background Compact.
const minCompact = 64

// SetCompactThreshold sets the tombstone share above which Delete starts a
// background Compact; frac <= 0 or >= 1 disables automatic compaction.
func (h *HNSW) SetCompactThreshold(frac float64) {
	h.compactAt.Store(math.Float64bits(frac))
}

// WaitCompact waits for a background Compact started by Delete, and a
// background RepairReachability started by Insert, to finish.
func (h *HNSW) WaitCompact() { h.repairWG.Wait() }

func (h *HNSW) maybeCompact() {
	frac := math.Float64frombits(h.compactAt.Load())
	dead, live := h.dead.Load(), h.live.Load()
	if frac <= 0 || frac >= 1 || dead < minCompact || float64(dead) <= frac*float64(dead+live) {
		return
	}
	if !h.repairing.CompareAndSwap(false, true) {
		return
	}
	h.repairWG.Add(1)
	go func() {
		defer h.repairWG.Done()
		defer h.repairing.Store(false)
		h.Compact()
	}()
}

// Compact repairs the graph around tombstoned nodes and reclaims their
// slots; it returns the number of slots freed. Searches and inserts keep
// running throughout; it never holds more than one node lock.
//
//  0. A tombstoned entry point is replaced by a live node (entry.go), so
//     it can be reclaimed like the others; with no live node left it is
//     cleared instead (the index becomes empty) and reclaimed too.
//  1. Every node (on every layer) whose list names a tombstone gets a new
//     list chosen with the neighbour heuristic (Algorithm 4) from its
//     other neighbours plus the tombstones' neighbours, in the manner of
//     pgvector's vacuum repair and hnswlib's repairConnectionsForUpdate.
//  2. A grace period (synchronize) lets in-flight inserts, which may have
//     picked a tombstone before it was deleted, finish; a second sweep
//     removes any edge they added.
//  3. After a second grace period no operation can hold a reclaimed id,
//     and once no WriteTo is running the slots become free for their keys
//     to be inserted again. Until then they are marked both free and dead
//     (being reclaimed).
//
// Last, RepairReachability re-links any live node the rewritten lists
// left unreachable on layer 0. A set entry point is never reclaimed. An insert in flight at step 1 may
// still publish its node as the entry point when its link ends, and that
// node may be tombstoned already (a rolled-back insert): so after the
// first grace period, when no insert can publish a victim any more, the
// entry point is checked again and, if it is a victim that no live node
// can replace, kept.
func (h *HNSW) Compact() int {
	n, _ := h.CompactContext(context.Background())
	return n
}

// CompactContext is Compact stopping early once ctx ends (VACUUM
// cancelled): between the nodes whose lists it repairs, and before it
// frees any slot, with ctx.Err(). The lists rewritten so far are valid
// (they just no longer name some tombstones), and the tombstones stay for
// a later Compact.
func (h *HNSW) CompactContext(ctx context.Context) (int, error) {
	h.compactMu.Lock()
	defer h.compactMu.Unlock()
	h.settleEntry()
	n := h.n.Load()
	gone := make([]bool, n)
	var ids []uint32
	entry, _, hasEntry := h.loadEntry()
	for id := range n {
		if m := h.meta(id); m&flagDead != 0 && m&flagFree == 0 && !(hasEntry && id == entry) {
			gone[id] = true
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return 0, nil
	}
	s := h.getScratch()
	defer h.putScratch(s)
	reps := h.regroupCopies(s, ids)
	if err := h.repairAll(ctx, s, gone, reps); err != nil {
		return 0, err
	}
	h.synchronize()
	if h.settleEntry() {
		ep, _, _ := h.loadEntry()
		if int(ep) < len(gone) && gone[ep] {
			gone[ep] = false
			ids = slices.DeleteFunc(ids, func(id uint32) bool { return id == ep })
		}
	}
	if err := h.repairAll(ctx, s, gone, reps); err != nil {
		return 0, err
	}
	for _, id := range ids {
		h.setFlag(id, flagFree)
	}
	h.synchronize()
	h.mu.Lock()
	for h.writing > 0 { // a checkpoint being written may still link them
		h.written.Wait()
	}
	// The slots will be reused: drop the cached distances, which an
	// insert that entered before synchronize may have written for them
	// (listdist.go).
	h.dropListDists()
	for _, id := range ids {
		h.clearFlag(id, flagDead) // free and not dead: reusable
	}
	h.releaseEmpty(ids)
	h.mu.Unlock()
	h.dead.Add(-int64(len(ids)))
	h.RepairReachability()
	return len(ids), nil
}

// repairAll rewrites every list that names a node in gone, stopping with
// ctx.Err() once ctx ends (checked every 1,024 nodes). It visits
// every node allocated so far, not only those below len(gone): the
// victims were picked over time while inserts went on, so a node
// allocated after Compact read the node count may have linked a node
// that was tombstoned after it linked but before Compact's scan reached
// it. Inserts that enter after the first grace period find every victim
// tombstoned and link none, so the second pass leaves no edge to one.
func (h *HNSW) repairAll(ctx context.Context, s *scratch, gone []bool, reps map[uint32]uint32) error {
	for id := range h.n.Load() {
		if id%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		m := h.meta(id)
		if m&flagFree != 0 || int(id) < len(gone) && gone[id] {
			continue
		}
		for lc := h.level(id); lc >= 0; lc-- {
			h.repairList(s, id, lc, gone, reps)
		}
	}
	return nil
}

// repairList replaces node id's list on layer if it names a node in gone.
// A member in gone that holds a vector with live copies is replaced by
// the copy that now stands for it (reps, regroupCopies). The candidates are the list's other members and the neighbours of its
// members in gone; a neighbour in gone is expanded in turn (at most the
// list's capacity of them beyond the first hop), so a node whose whole
// neighbourhood is reclaimed still reaches the live nodes past it.
func (h *HNSW) repairList(s *scratch, id uint32, layer int, gone []bool, reps map[uint32]uint32) {
	isGone := func(x uint32) bool { return int(x) < len(gone) && gone[x] }
	h.lockNode(id)
	defer h.unlockNode(id)
	b := h.block(id, layer)
	cur := listIDs(s.cur, b)
	s.cur = cur
	if !slices.ContainsFunc(cur, isGone) {
		return
	}
	v := h.floatVec(s.q, id) // s.q is free during Compact
	c := s.tmp[:0]
	s.visited.reset(h.capacity())
	s.visited.visit(id)
	add := func(x uint32) {
		if !isGone(x) && !s.visited.visit(x) {
			c = append(c, item{dist: h.distTo(v, x), id: x})
		}
	}
	q := s.batch[:0] // victims to expand
	for _, x := range cur {
		if !isGone(x) {
			add(x)
			continue
		}
		if r, ok := reps[x]; ok && h.level(r) >= layer {
			add(r)
		}
		if !s.visited.visit(x) {
			q = append(q, x)
		}
	}
	for i, limit := 0, len(q)+len(b); i < len(q) && i < limit; i++ {
		if h.level(q[i]) < layer {
			continue
		}
		s.nbrs = h.neighbours(s.nbrs, q[i], layer)
		for _, y := range s.nbrs {
			if !isGone(y) {
				add(y)
			} else if !s.visited.visit(y) {
				q = append(q, y)
			}
		}
	}
	s.batch = q
	z := h.copiesFirst(c) // in list order, as addEdge keeps them
	slices.SortFunc(c[z:], cmpItem)
	s.tmp = c
	setNeighbours(b, h.selectNeighbours(s, id, c, len(b)))
}
