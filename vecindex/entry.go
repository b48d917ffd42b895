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
func (h *HNSW) replaceDeadEntryLocked() {
	if ep, _, ok := h.loadEntry(); !ok || !h.isDead(ep) {
		return
	}
	best, bestLevel := uint32(0), -1
	for id := range h.n.Load() {
		m := h.meta(id)
		if m&(flagDead|flagFree|flagLinked) == flagLinked && int(m&metaLevel) > bestLevel {
			best, bestLevel = id, int(m&metaLevel)
		}
	}
	if bestLevel >= 0 {
		h.storeEntry(best, bestLevel)
	}
}
