package vecindex

import (
	"runtime"
	"sync/atomic"
	"unsafe"
)

// Node storage is split into segments of segSize nodes. A segment is
// allocated whole and never reallocated, so a reader holding a node id can
// reach its vector and lists without any lock while writers grow the index:
// growth only appends a segment to a copy of the directory.
const (
	segShift = 10
	segSize  = 1 << segShift
	segMask  = segSize - 1
)

// Per-node meta word: level in the low byte, then flags.
const (
	metaLevel  = 0xff
	flagDead   = 1 << 8  // tombstoned: skipped in results, still traversed
	flagFree   = 1 << 9  // reclaimed by Compact: unreachable, slot reusable
	flagLinked = 1 << 10 // its insert finished linking it (entry.go)
)

// segment holds segSize consecutive node ids.
type segment struct {
	vecs   []float32   // segSize*Dims floats, 64-byte aligned, stored form
	links0 []uint32    // segSize*stride0; slot 0 of a block is the count (atomic)
	keys   []uint64    // row slot ids
	meta   []uint32    // level | flags (atomic)
	locks  []uint32    // per-node spinlocks guarding the node's lists (writers only)
	upper  []*[]uint32 // layers 1..level, strideU slots each; nil at level 0
	codes  []uint8     // segSize*Dims byte codes (codes.go) or SQ8 codes (sq.go); nil without either
	sqSum  []float32   // SQ8 Σ lo·c per node, IP and Cosine only (sq.go)
}

func (h *HNSW) newSegment() *segment {
	var codes []uint8
	var sums []float32
	if h.codesOn.Load() || h.sqActive() {
		codes = make([]uint8, segSize*h.cfg.Dims)
	}
	if h.sqActive() && h.cfg.Metric != L2 {
		sums = make([]float32, segSize)
	}
	return &segment{
		codes:  codes,
		sqSum:  sums,
		vecs:   alignedFloats(segSize * h.cfg.Dims),
		links0: make([]uint32, segSize*h.stride0),
		keys:   make([]uint64, segSize),
		meta:   make([]uint32, segSize),
		locks:  make([]uint32, segSize),
		upper:  make([]*[]uint32, segSize),
	}
}

// alignedFloats returns n zero floats starting on a 64-byte boundary, so
// that with Dims a multiple of 16 every vector starts a cache line.
func alignedFloats(n int) []float32 {
	b := make([]float32, n+16)
	off := int(uintptr(unsafe.Pointer(&b[0]))&63) / 4
	if off != 0 {
		off = 16 - off
	}
	return b[off : off+n : off+n]
}

// ensureCapacity makes the directory hold ids < n. Caller holds h.mu.
func (h *HNSW) ensureCapacity(n int) {
	dir := *h.segs.Load()
	if len(dir)*segSize >= n {
		return
	}
	grown := make([]*segment, len(dir), (n+segMask)>>segShift)
	copy(grown, dir)
	for len(grown)*segSize < n {
		grown = append(grown, h.newSegment())
	}
	h.segs.Store(&grown)
}

func (h *HNSW) seg(id uint32) *segment { return (*h.segs.Load())[id>>segShift] }

// vec returns the stored vector of node id (Dims elements, aliasing the
// segment). It is immutable while the node is reachable.
func (h *HNSW) vec(id uint32) []float32 {
	s := h.seg(id)
	d := h.cfg.Dims
	o := int(id&segMask) * d
	return s.vecs[o : o+d : o+d]
}

// block returns node id's neighbour block on layer: element 0 is the count,
// elements 1..cap the neighbour slots. All elements are read and written
// with sync/atomic; writers hold the node's lock.
func (h *HNSW) block(id uint32, layer int) []uint32 {
	s := h.seg(id)
	if layer == 0 {
		o := int(id&segMask) * h.stride0
		return s.links0[o : o+h.stride0 : o+h.stride0]
	}
	u := *s.upper[id&segMask]
	o := (layer - 1) * h.strideU
	return u[o : o+h.strideU : o+h.strideU]
}

// neighbours copies node id's current neighbours on layer into dst[:0].
// Concurrent writers may make the copy a mix of the old and new list; every
// id in it is a valid node either way.
func (h *HNSW) neighbours(dst []uint32, id uint32, layer int) []uint32 {
	b := h.block(id, layer)
	n := min(int(atomic.LoadUint32(&b[0])), len(b)-1)
	dst = dst[:0]
	for i := 1; i <= n; i++ {
		dst = append(dst, atomic.LoadUint32(&b[i]))
	}
	return dst
}

// setNeighbours replaces node id's list on layer; caller holds its lock.
func setNeighbours(b []uint32, ids []item) {
	for i, x := range ids {
		atomic.StoreUint32(&b[1+i], x.id)
	}
	atomic.StoreUint32(&b[0], uint32(len(ids)))
}

func (h *HNSW) meta(id uint32) uint32 {
	return atomic.LoadUint32(&h.seg(id).meta[id&segMask])
}

func (h *HNSW) level(id uint32) int { return int(h.meta(id) & metaLevel) }

func (h *HNSW) isDead(id uint32) bool { return h.meta(id)&(flagDead|flagFree) != 0 }

func (h *HNSW) key(id uint32) uint64 { return h.seg(id).keys[id&segMask] }

// setFlag ORs f into node id's meta word.
func (h *HNSW) setFlag(id uint32, f uint32) {
	atomic.OrUint32(&h.seg(id).meta[id&segMask], f)
}

// lockNode and unlockNode guard a node's neighbour lists among writers.
// Critical sections are short (a list rewrite), so it spins, yielding.
func (h *HNSW) lockNode(id uint32) {
	l := &h.seg(id).locks[id&segMask]
	for i := 0; !atomic.CompareAndSwapUint32(l, 0, 1); i++ {
		if i > 16 {
			runtime.Gosched()
		}
	}
}

func (h *HNSW) unlockNode(id uint32) { atomic.StoreUint32(&h.seg(id).locks[id&segMask], 0) }
