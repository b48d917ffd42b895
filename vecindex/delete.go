package vecindex

// Delete tombstones key: Search never returns it again, but its node stays
// in the graph and keeps guiding walks (pgvector likewise only marks heap
// TIDs dead until VACUUM repairs the graph). The key may be inserted again
// as a new node. An unknown or already deleted key is a no-op.
func (h *HNSW) Delete(key uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	id, ok := h.byKey[key]
	if !ok {
		return
	}
	delete(h.byKey, key)
	h.dead[id] = true
	h.live--
}
