package vecindex

import (
	"math"
	"math/rand/v2"
	"sync"
)

// HNSW is an in-memory Hierarchical Navigable Small World index mapping
// uint64 keys (row slot ids) to float32 vectors. See doc.go for the layout.
//
// It is safe for concurrent use: Insert and Delete take the write lock,
// Search and the accessors the read lock.
type HNSW struct {
	mu  sync.RWMutex
	cfg Config

	m, m0   int     // neighbours per node on layers >= 1 / on layer 0
	stride0 int     // 1 + m0: count slot plus neighbour slots, layer 0
	strideU int     // 1 + m: same, one upper layer
	mL      float64 // level multiplier 1/ln(m)
	rng     *rand.Rand

	vecs     []float32 // arena: node id's vector at [id*Dims, (id+1)*Dims)
	keys     []uint64  // node id -> key
	levels   []uint8   // node id -> top layer of the node
	dead     []bool    // node id -> tombstoned
	links0   []uint32  // layer 0: stride0 slots per node, slot 0 = count
	upperOff []uint32  // node id -> offset into upper (valid if level > 0)
	upper    []uint32  // layers 1..level of nodes with level > 0, strideU each

	byKey map[uint64]uint32 // live key -> node id

	entry    uint32 // entry point, valid when len(keys) > 0
	topLevel int    // level of the entry point
	live     int

	scratch sync.Pool // *scratch
}

// New returns an empty index. It fails if Dims < 1, M < 2,
// EfConstruction < 1 or the metric is unknown.
func New(cfg Config) (*HNSW, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	h := &HNSW{
		cfg:     cfg,
		m:       cfg.M,
		m0:      2 * cfg.M,
		stride0: 1 + 2*cfg.M,
		strideU: 1 + cfg.M,
		mL:      1 / math.Log(float64(cfg.M)),
		rng:     rand.New(rand.NewPCG(uint64(cfg.Seed), 0x9e3779b97f4a7c15)),
		byKey:   make(map[uint64]uint32),
	}
	h.scratch.New = func() any { return new(scratch) }
	return h, nil
}

// Config returns the configuration the index was built with.
func (h *HNSW) Config() Config { return h.cfg }

// Len returns the number of nodes, tombstoned ones included.
func (h *HNSW) Len() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.keys)
}

// Live returns the number of nodes not tombstoned.
func (h *HNSW) Live() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.live
}

// vec returns the stored vector of node id (Dims elements, aliasing the arena).
func (h *HNSW) vec(id uint32) []float32 {
	d := h.cfg.Dims
	o := int(id) * d
	return h.vecs[o : o+d : o+d]
}

// block returns node id's neighbour block on layer: element 0 is the count,
// elements 1..cap are the neighbour slots.
func (h *HNSW) block(id uint32, layer int) []uint32 {
	if layer == 0 {
		o := int(id) * h.stride0
		return h.links0[o : o+h.stride0 : o+h.stride0]
	}
	o := int(h.upperOff[id]) + (layer-1)*h.strideU
	return h.upper[o : o+h.strideU : o+h.strideU]
}

// neighbours returns the current neighbour ids of node id on layer.
func (h *HNSW) neighbours(id uint32, layer int) []uint32 {
	b := h.block(id, layer)
	return b[1 : 1+b[0]]
}

// capAt is the neighbour-list capacity on layer: 2*M on 0, M above.
func (h *HNSW) capAt(layer int) int {
	if layer == 0 {
		return h.m0
	}
	return h.m
}

// randomLevel draws floor(-ln(U)·mL), U uniform in (0, 1], capped at
// maxLevel (paper §4, Algorithm 1 line 4).
func (h *HNSW) randomLevel() int {
	u := 1 - h.rng.Float64()
	l := int(-math.Log(u) * h.mL)
	return min(l, maxLevel)
}
