package vecindex

// Delete tombstones key: Search never returns it again, but its node stays
// in the graph and keeps guiding walks (pgvector likewise only marks heap
// TIDs dead until VACUUM repairs the graph). Inserting the key again with
// the same vector revives the node; another vector is refused
// (ErrTombstoned) until Compact has reclaimed the slot. An unknown or already deleted key is a no-op. Once
// tombstones exceed the compaction threshold (SetCompactThreshold, default
// DefaultCompactThreshold) Delete starts a background Compact. Deleting the
// entry point's key makes a live node of the highest level the entry point
// (entry.go), scanning the node levels once.
func (h *HNSW) Delete(key uint64) {
	h.mu.Lock()
	id := uint32(key)
	ok := key < uint64(h.n.Load()) && h.meta(id)&(flagDead|flagFree) == 0
	if ok {
		h.setFlag(id, flagDead)
		h.live.Add(-1)
		h.dead.Add(1)
	}
	h.mu.Unlock()
	if !ok {
		return
	}
	if ep, _, _ := h.loadEntry(); ep == id {
		h.replaceDeadEntry()
	}
	h.maybeCompact()
}
