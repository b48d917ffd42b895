package vecindex

import "sync/atomic"

// Node state. A node id fits in idBits bits, so every uint32 slot of a
// neighbour list has 32 - idBits spare high bits. The first two slots of
// each layer-0 block (2·m >= 4 slots, lists.go) carry the node's state in
// theirs, so the index spends no byte per node beyond its lists:
//
//	slot 0, bits 29..31: copy, free, dead      (flag*0 below)
//	slot 1, bits 29..31: upper, linked, lock   (flag*1 below)
//
// The level of a node with the upper bit lives in its segment's upper
// table (upper.go); a node without it has level 0. Flags are set and
// cleared with atomic OR and AND on their slot, which leaves its id bits
// alone; list writers, who hold the node's lock, change the id bits with
// compare-and-swap (storeSlot). meta gathers both words' flags into one
// uint64 (slot 1's shifted up 32) for tests of several flags at once.
const (
	idBits = 29
	idMask = 1<<idBits - 1

	flagCopy = 1 << 29 // an exact copy of a node that was live when it was inserted (dup.go)
	flagFree = 1 << 30 // no node: never used, or reclaimed by Compact (unreachable); reusable once flagDead is clear
	flagDead = 1 << 31 // tombstoned: skipped in results, still traversed (with flagFree: being reclaimed)

	flagUpper  = 1 << (32 + 29) // level > 0: the segment's upper table holds its lists
	flagLinked = 1 << (32 + 30) // its insert finished linking it (entry.go)
	flagLock   = 1 << (32 + 31) // spinlock guarding the node's lists among writers (lists.go)
)

// stateWords returns the two slots of node id's layer-0 block that carry
// its state.
func (h *HNSW) stateWords(id uint32) (w0, w1 *uint32) {
	s := h.seg(id)
	o := int(id&segMask) * h.m0
	return &s.links0[o], &s.links0[o+1]
}

// meta returns node id's flags: slot 0's in the low word, slot 1's in the
// high word, id bits cleared.
func (h *HNSW) meta(id uint32) uint64 {
	w0, w1 := h.stateWords(id)
	return uint64(atomic.LoadUint32(w0)&^idMask) | uint64(atomic.LoadUint32(w1)&^idMask)<<32
}

// isDead reports whether node id is tombstoned or free.
func (h *HNSW) isDead(id uint32) bool {
	w0, _ := h.stateWords(id)
	return atomic.LoadUint32(w0)&(flagDead|flagFree) != 0
}

// isCopy reports whether node id is a copy (dup.go).
func (h *HNSW) isCopy(id uint32) bool {
	w0, _ := h.stateWords(id)
	return atomic.LoadUint32(w0)&flagCopy != 0
}

// level returns node id's level.
func (h *HNSW) level(id uint32) int {
	if h.meta(id)&flagUpper == 0 {
		return 0
	}
	return int(h.seg(id).up.find(id & segMask).level)
}

// setFlag sets the flags f (flag* constants, of either word) of node id.
func (h *HNSW) setFlag(id uint32, f uint64) {
	w0, w1 := h.stateWords(id)
	if lo := uint32(f); lo != 0 {
		atomic.OrUint32(w0, lo)
	}
	if hi := uint32(f >> 32); hi != 0 {
		atomic.OrUint32(w1, hi)
	}
}

// clearFlag clears the flags f of node id.
func (h *HNSW) clearFlag(id uint32, f uint64) {
	w0, w1 := h.stateWords(id)
	if lo := uint32(f); lo != 0 {
		atomic.AndUint32(w0, ^lo)
	}
	if hi := uint32(f >> 32); hi != 0 {
		atomic.AndUint32(w1, ^hi)
	}
}

// freeBlocks returns n layer-0 blocks of m0 slots, all noNode, each
// marking a free slot.
func freeBlocks(n, m0 int) []uint32 {
	b := emptyLists(n * m0)
	for i := 0; i < len(b); i += m0 {
		b[i] |= flagFree
	}
	return b
}
