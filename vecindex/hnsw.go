package vecindex

import (
	"math"
	"sync"
	"sync/atomic"
)

// HNSW is an in-memory Hierarchical Navigable Small World index mapping
// uint64 keys (row slot ids) to float32 vectors. A node's id is its key,
// so keys should be dense small integers: the slots below the largest key
// are allocated whether used or not. See doc.go for the layout
// and the concurrency rules.
//
// It is safe for concurrent use: any number of Insert, InsertBatch, Delete
// and Search calls may run at once. No index-wide lock is held across a
// search or a link step.
type HNSW struct {
	cfg Config

	m, m0 int // neighbours per node on layers >= 1 / on layer 0
	// cstride is the bytes per node of a segment's codes: Dims codes,
	// then SQ8's Σ lo·c under InnerProduct and Cosine, padded (codeStride).
	cstride int
	mL      float64 // level multiplier 1/ln(m)
	dist    func(q, v []float32) float32
	// halfDist and halfNodeDist are dist for Half segments (half.go):
	// a float32 query against stored halves, and two stored nodes.
	halfDist     func(q []float32, v []uint16) float32
	halfNodeDist func(a, b []uint16) float32
	// dupEps: internal distances at or below it mean identical vectors
	// (dup.go).
	dupEps float32

	// codesOn: every vector so far is byte-exact (see codes.go), so L2
	// traversal may use the byte codes. Cleared for good by the first
	// vector that is not.
	codesOn atomic.Bool

	// sqOff is set by DisableByteCodes.
	sqOff atomic.Bool
	// walkQuant is the trained SQ8 quantizer (sq.go, sqauto.go): QuantSQ8's,
	// or QuantAuto's once its probe accepted. Only searches' walks use it;
	// inserts walk on floats. nil before training, when the probe refused
	// it, and with any other quantization.
	walkQuant atomic.Pointer[quantizer]
	sqClamped atomic.Int64 // nodes with a clamped component
	encBuf    []float32    // sqEncode's widened halves (Half); guarded by mu

	segs atomic.Pointer[[]*segment] // directory; copied on growth, segments never move
	hole *segment                   // directory entry of a segment without nodes (segment.go)
	n    atomic.Uint32              // ids < n have slots (nodes, tombstones or free slots)

	mu  sync.Mutex // guards slot states' allocation changes, segment growth and writing
	seq uint64     // inserts so far, feeds levelFor
	// writing counts WriteTo calls in progress; an Insert that would reuse
	// a free slot below n waits for them (written), so a checkpoint never
	// sees a slot change identity.
	writing int
	written *sync.Cond // on mu; broadcast when writing drops to 0

	// inflight holds id+1 of nodes being linked (0: free), for copies
	// inserted concurrently (register, dupgroup.go); written under mu.
	inflight [inflightSlots]atomic.Uint32

	topMu sync.Mutex    // held by an insert that raises the top level, across its link
	entry atomic.Uint64 // entryValid | level<<32 | id

	live, dead atomic.Int64 // nodes live / tombstoned and not yet reclaimed

	epoch     atomic.Uint64   // readers' grace-period epoch (see epoch.go)
	active    [2]atomic.Int64 // operations in progress per epoch parity
	compactMu sync.Mutex      // one Compact at a time
	compactAt atomic.Uint64   // float64 bits of the tombstone share that triggers Compact
	repairing atomic.Bool     // a background Compact is running
	repairWG  sync.WaitGroup  // background Compact and RepairReachability goroutines

	// Automatic reachability repair (autorepair.go).
	autoRepair   atomic.Bool  // on unless SetAutoRepair(false)
	sinceRepair  atomic.Int64 // inserts since the last repair started
	reaching     atomic.Bool  // a background repair is running
	repairInline bool         // tests: run it in the inserting goroutine

	// noVerdictCache: tests: replaceOne ignores the verdicts cached in
	// lists and shrinks from scratch (evict.go).
	noVerdictCache bool

	// bulk counts the InsertBatch calls running (listdist.go).
	bulk atomic.Int32
	// noDistCache: tests: replaceOne takes no distance from an insert's
	// walk (walkdist.go); verdicts are still cached.
	noDistCache bool

	scratch sync.Pool // *scratch
}

const entryValid = 1 << 63

// New returns an empty index. It fails if Dims < 1, M < 2,
// EfConstruction < 1 or the metric is unknown.
func New(cfg Config) (*HNSW, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	h := &HNSW{
		cfg: cfg,
		m:   cfg.M,
		m0:  2 * cfg.M,
		mL:  1 / math.Log(float64(cfg.M)),
		// codes only exist for Dims <= maxCodeDims; larger strides are unused
		cstride: codeStride(min(cfg.Dims, maxCodeDims), cfg.Metric),
	}
	h.written = sync.NewCond(&h.mu)
	h.dist = distFunc(cfg.Metric)
	h.halfDist, h.halfNodeDist = halfDistFuncs(cfg.Metric)
	h.dupEps = dupEpsFor(cfg)
	h.SetCompactThreshold(DefaultCompactThreshold)
	h.autoRepair.Store(cfg.Metric != InnerProduct && cfg.Metric != SparseIP) // autorepair.go
	h.codesOn.Store(cfg.Quantization.plain() && cfg.Metric == L2 && cfg.Dims <= maxCodeDims)
	h.hole = h.newHole()
	dir := []*segment{}
	h.segs.Store(&dir)
	h.scratch.New = func() any { return new(scratch) }
	return h, nil
}

// Config returns the configuration the index was built with.
func (h *HNSW) Config() Config { return h.cfg }

// Len returns the number of nodes in the graph, tombstoned ones included
// (slots reclaimed by Compact are not counted).
func (h *HNSW) Len() int { return int(h.live.Load() + h.dead.Load()) }

// Live returns the number of nodes not tombstoned.
func (h *HNSW) Live() int { return int(h.live.Load()) }

// loadEntry returns the entry point and its level; ok is false while the
// index is empty.
func (h *HNSW) loadEntry() (id uint32, level int, ok bool) {
	e := h.entry.Load()
	return uint32(e), int(e>>32) & 0xff, e&entryValid != 0
}

func (h *HNSW) storeEntry(id uint32, level int) {
	h.entry.Store(entryValid | uint64(level)<<32 | uint64(id))
}

// capAt is the neighbour-list capacity on layer: 2*M on 0, M above.
func (h *HNSW) capAt(layer int) int {
	if layer == 0 {
		return h.m0
	}
	return h.m
}

// levelFor draws node levels floor(-ln U · mL), U uniform in (0, 1],
// capped at maxLevel (paper §4, Algorithm 1 line 4). U is a hash of the
// seed and a per-index insert counter, so a build is reproducible for a
// given insert order without a shared generator lock.
func (h *HNSW) levelFor(seq uint64) int {
	x := splitmix(uint64(h.cfg.Seed)*0x9e3779b97f4a7c15 ^ seq)
	u := (float64(x>>11) + 1) / (1 << 53) // (0, 1]
	return min(int(-math.Log(u)*h.mL), maxLevel)
}

// splitmix is SplitMix64's finaliser (Steele, Lea & Flood 2014).
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
