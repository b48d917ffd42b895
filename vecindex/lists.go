package vecindex

import (
	"runtime"
	"sync/atomic"
)

// Neighbour lists. A node's list on a layer is a block of capacity slots
// (2·m on layer 0, m above), read and written with sync/atomic: the ids,
// then noNode in every unused slot. There is no count: a list ends at its
// first noNode, and writers keep every slot after it noNode too, so a
// layer-0 block is exactly 2·m·4 bytes (two cache lines for m = 16).
// Writers hold the node's spinlock (flagLock, state.go); readers take
// nothing and may see a mix of a list's old and new ids, all valid nodes,
// ending early where a slot is being cleared. A slot's value is an id in
// its low idBits bits; the first two slots of a layer-0 block carry the
// node's state in their high bits (state.go), the other slots of a full
// list may carry cached heuristic verdicts there (evict.go), so readers
// mask with idMask (slotID) and writers keep or clear those bits
// (storeSlot).
//
// Layer-0 blocks live in segment.links0, one per slot. The lists of
// layers 1..level of a node of level > 0 are one entry of level·m ids in
// its segment's upper table (upper.go), so level-0 nodes, most of them
// (1 - 1/m), spend nothing on upper layers.

// noNode marks an unused list slot: all id bits set. Node ids are below
// it (MaxKey), so it names no node.
const noNode uint32 = idMask

// emptyLists returns n list slots, all noNode.
func emptyLists(n int) []uint32 {
	b := make([]uint32, n)
	for i := range b {
		b[i] = noNode
	}
	return b
}

// slotID returns the id in slot i of list block b.
func slotID(b []uint32, i int) uint32 { return atomic.LoadUint32(&b[i]) & idMask }

// storeSlot stores id (its low idBits bits) in slot i of list block b,
// keeping the state bits of slots 0 and 1 (flags may be set concurrently)
// and clearing the cached verdicts of other slots (evict.go). Caller
// holds the node's lock.
func storeSlot(b []uint32, i int, id uint32) {
	id &= idMask
	if i >= 2 {
		atomic.StoreUint32(&b[i], id)
		return
	}
	for {
		old := atomic.LoadUint32(&b[i])
		if atomic.CompareAndSwapUint32(&b[i], old, old&^idMask|id) {
			return
		}
	}
}

// block returns node id's list block on layer (capacity slots). The node
// must have that layer.
func (h *HNSW) block(id uint32, layer int) []uint32 {
	s := h.seg(id)
	i := id & segMask
	if layer == 0 {
		o := int(i) * h.m0
		return s.links0[o : o+h.m0 : o+h.m0]
	}
	u := s.up.find(i).lists
	o := (layer - 1) * h.m
	return u[o : o+h.m : o+h.m]
}

// listLen is the length of the list in b.
func listLen(b []uint32) int {
	for i := range b {
		if slotID(b, i) == noNode {
			return i
		}
	}
	return len(b)
}

// listIDs appends the ids of the list in b to dst[:0].
func listIDs(dst, b []uint32) []uint32 {
	dst = dst[:0]
	for i := range b {
		x := slotID(b, i)
		if x == noNode {
			break
		}
		dst = append(dst, x)
	}
	return dst
}

// neighbours copies node id's current neighbours on layer into dst[:0].
// Concurrent writers may make the copy a mix of the old and new list; every
// id in it is a valid node either way.
func (h *HNSW) neighbours(dst []uint32, id uint32, layer int) []uint32 {
	return listIDs(dst, h.block(id, layer))
}

// setNeighbours replaces the list in b by ids (at most len(b)); caller
// holds the node's lock. Slots past the new end are cleared up to the old
// end, so every slot after the first noNode stays noNode.
func setNeighbours(b []uint32, ids []item) {
	for i, x := range ids {
		storeSlot(b, i, x.id)
	}
	for i := len(ids); i < len(b) && slotID(b, i) != noNode; i++ {
		storeSlot(b, i, noNode)
	}
}

// lockNode and unlockNode guard a node's neighbour lists among writers
// with flagLock (state.go; flag updates and readers are unaffected).
// Critical sections are short (a list rewrite), so it spins, yielding.
func (h *HNSW) lockNode(id uint32) {
	_, p := h.stateWords(id)
	const bit = uint32(flagLock >> 32)
	for i := 0; ; i++ {
		if m := atomic.LoadUint32(p); m&bit == 0 && atomic.CompareAndSwapUint32(p, m, m|bit) {
			return
		}
		if i > 16 {
			runtime.Gosched()
		}
	}
}

func (h *HNSW) unlockNode(id uint32) { h.clearFlag(id, flagLock) }
