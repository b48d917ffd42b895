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
// Writers hold the node's spinlock (flagLock in its meta word); readers
// take nothing and may see a mix of a list's old and new ids, all valid
// nodes, ending early where a slot is being cleared.
//
// Layer-0 blocks live in segment.links0, one per slot. The lists of
// layers 1..level of a node of level > 0 are one slice of level·m ids in
// its segment's upperPool; the node's meta word holds 1 + its index there
// (bits upShift and up, 0 at level 0), so level-0 nodes, most of them
// (1 - 1/m), spend nothing on upper layers.

// noNode marks an unused list slot. Node ids are below 2³²-1 (allocate
// refuses the last one), so it names no node.
const noNode = ^uint32(0)

// upperPool holds the upper-layer lists of a segment's nodes of level > 0.
// lists is published atomically: a writer (under h.mu, or while loading)
// appends or fills an entry, then stores the node's meta word naming it, so
// a reader that loads the meta word first finds the entry in the lists it
// loads next. An entry changes only while its slot is unreachable (new, or
// reclaimed after Compact's grace periods).
type upperPool struct {
	lists atomic.Pointer[[][]uint32]
	free  []uint32 // indexes of entries released by reused slots (h.mu)
}

// emptyLists returns n list slots, all noNode.
func emptyLists(n int) []uint32 {
	b := make([]uint32, n)
	for i := range b {
		b[i] = noNode
	}
	return b
}

// newUpper gives a node of level > 0 empty lists for layers 1..level in p
// and returns its meta index (1 + entry). Caller holds h.mu (or is loading).
func (h *HNSW) newUpper(p *upperPool, level int) uint32 {
	u := emptyLists(level * h.m)
	var cur [][]uint32
	if l := p.lists.Load(); l != nil {
		cur = *l
	}
	if n := len(p.free); n > 0 {
		ix := p.free[n-1]
		p.free = p.free[:n-1]
		cur[ix] = u
		return ix + 1
	}
	cur = append(cur, u)
	p.lists.Store(&cur)
	return uint32(len(cur))
}

// release frees the pool entry named by meta index ix (0: none) of a slot
// being reused. Caller holds h.mu (or is loading).
func (p *upperPool) release(ix uint32) {
	if ix == 0 {
		return
	}
	(*p.lists.Load())[ix-1] = nil
	p.free = append(p.free, ix-1)
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
	u := (*s.up.lists.Load())[atomic.LoadUint32(&s.meta[i])>>upShift-1]
	o := (layer - 1) * h.m
	return u[o : o+h.m : o+h.m]
}

// listLen is the length of the list in b; caller holds the node's lock.
func listLen(b []uint32) int {
	for i := range b {
		if atomic.LoadUint32(&b[i]) == noNode {
			return i
		}
	}
	return len(b)
}

// neighbours copies node id's current neighbours on layer into dst[:0].
// Concurrent writers may make the copy a mix of the old and new list; every
// id in it is a valid node either way.
func (h *HNSW) neighbours(dst []uint32, id uint32, layer int) []uint32 {
	b := h.block(id, layer)
	dst = dst[:0]
	for i := range b {
		x := atomic.LoadUint32(&b[i])
		if x == noNode {
			break
		}
		dst = append(dst, x)
	}
	return dst
}

// setNeighbours replaces the list in b by ids (at most len(b)); caller
// holds the node's lock. Slots past the new end are cleared up to the old
// end, so every slot after the first noNode stays noNode.
func setNeighbours(b []uint32, ids []item) {
	for i, x := range ids {
		atomic.StoreUint32(&b[i], x.id)
	}
	for i := len(ids); i < len(b) && atomic.LoadUint32(&b[i]) != noNode; i++ {
		atomic.StoreUint32(&b[i], noNode)
	}
}

// lockNode and unlockNode guard a node's neighbour lists among writers
// with flagLock in its meta word (flag updates and readers of the word
// are unaffected). Critical sections are short (a list rewrite), so it
// spins, yielding.
func (h *HNSW) lockNode(id uint32) {
	p := &h.seg(id).meta[id&segMask]
	for i := 0; ; i++ {
		if m := atomic.LoadUint32(p); m&flagLock == 0 && atomic.CompareAndSwapUint32(p, m, m|flagLock) {
			return
		}
		if i > 16 {
			runtime.Gosched()
		}
	}
}

func (h *HNSW) unlockNode(id uint32) {
	atomic.AndUint32(&h.seg(id).meta[id&segMask], ^uint32(flagLock))
}
