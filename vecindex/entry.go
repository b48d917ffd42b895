package vecindex

// Entry point upkeep. Inserts never link a new node to a tombstone
// (connect skips them), so a tombstoned entry point stops gaining edges:
// every walk would start at a node whose lists only age, and a Compact
// that repairs those lists with nothing but reclaimed neighbours around
// could leave it isolated, so that a walk reaches a fragment of the graph
// (and, with k results found there, never falls back to the linear scan).
// So a tombstoned entry point is replaced by a live node of the highest
// live level as soon as it is deleted, and again by Compact, which then
// reclaims the old one like any other tombstone.
//
// Invariant: once every operation has returned, the entry point is live
// whenever a live node exists. Three checks, each made after the write it
// races with (state words and the entry word are sequentially consistent
// atomics), keep it:
//   - Delete tombstones a node, then checks whether it is the entry point;
//     whoever stores an entry point (publishEntry, replaceDeadEntryLocked)
//     checks the stored node's tombstone afterwards. One of the two sees
//     the other, so a node that dies as it becomes the entry point is
//     replaced.
//   - A replacement passes over nodes still linking; such a node, once
//     marked linked, checks the entry point (entryLinked). If a replacement
//     found no candidate because it read the node before that mark, the
//     node's own check comes after the replacement released topMu and sees
//     the dead entry point.
//   - Compact replaces a dead entry point before and after its grace
//     period; if no live node is left at all it clears the entry point
//     (settleEntry), so that the last tombstone is reclaimed too.

// replaceDeadEntry makes the linked live node of the highest level the
// entry point if the current one is tombstoned (or reclaimed). It keeps
// the current entry point if no node qualifies. Nodes whose insert is
// still linking them (flagLinked clear) are passed over: their lists are
// not complete yet, and an insert above the top level would find itself
// as the entry point. O(nodes); runs only when an entry point dies.
func (h *HNSW) replaceDeadEntry() {
	h.topMu.Lock()
	defer h.topMu.Unlock()
	h.replaceDeadEntryLocked()
}

// replaceDeadEntryLocked is replaceDeadEntry for a caller holding topMu.
// A node picked may be tombstoned between the scan and the store, after
// its Delete found it was not (yet) the entry point: so the pick is
// checked again once stored, and the scan repeated if it died.
func (h *HNSW) replaceDeadEntryLocked() {
	for {
		if ep, _, ok := h.loadEntry(); !ok || !h.isDead(ep) {
			return
		}
		best, bestLevel := uint32(0), -1
		for id := range h.n.Load() {
			if h.meta(id)&(flagDead|flagFree|flagLinked) == flagLinked {
				if l := h.level(id); l > bestLevel {
					best, bestLevel = id, l
				}
			}
		}
		if bestLevel < 0 {
			return
		}
		h.storeEntry(best, bestLevel)
	}
}

// entryLinked marks node id linked, then repairs a dead entry point that
// a replacement may have left in place because id, then the only live
// candidate, was still linking.
func (h *HNSW) entryLinked(id uint32) {
	h.setFlag(id, flagLinked)
	if ep, _, ok := h.loadEntry(); ok && h.isDead(ep) {
		h.replaceDeadEntry()
	}
}

// settleEntry is Compact's check of the entry point: a dead one is
// replaced, and if no live node exists it is cleared, leaving the index
// empty (no entry point) so Compact may reclaim it. It reports whether
// an entry point is set afterwards.
//
// The clear is made under topMu and h.mu with live == 0. Insert counts
// its node live under h.mu before it reads the entry point, so an insert
// whose node is live reads it after the clear and starts the graph
// afresh (linkNew); one that read the old entry point holds a node
// already tombstoned, which links to no tombstone (connect) and gains no
// in-edges, and keeps the old entry point's slot from reuse until it
// exits like any operation does (epoch.go).
func (h *HNSW) settleEntry() bool {
	h.topMu.Lock()
	defer h.topMu.Unlock()
	h.replaceDeadEntryLocked()
	ep, _, ok := h.loadEntry()
	if !ok || !h.isDead(ep) {
		return ok
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.live.Load() == 0 {
		h.entry.Store(0)
		return false
	}
	return true
}
