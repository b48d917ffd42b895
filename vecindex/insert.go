package vecindex

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Insert adds v (Dims finite elements; copied) under key, a row slot id
// unique among live keys (Malkov & Yashunin 2018, Algorithm 1); the node's
// id is the key. It wraps ErrDims for a wrong length, ErrDuplicateKey for
// a live key, ErrKeyRange for a key above MaxKey and ErrTombstoned for a
// tombstoned key given another vector, and fails for NaN or infinite
// components (pgvector rejects them on input).
//
// Under Cosine a zero vector is not indexed (Insert returns nil, and
// Search never returns the key), as pgvector leaves it out: its cosine
// distance to anything is NaN.
//
// Inserting a tombstoned key with its own vector makes the node live again
// (revive): WAL replay and checkpoint loading re-insert rows they first
// tombstoned. A key whose slot Compact is reclaiming waits for Compact.
//
// Inserts run concurrently with each other and with Search: the new node's
// vector and level are set under a short index lock, then it is linked
// holding only one node's lock at a time (the node whose list changes).
// Every max(Len/8, 256) inserts start a background RepairReachability
// (autorepair.go).
func (h *HNSW) Insert(key uint64, v []float32) error {
	err := h.insert(key, v)
	if err == nil {
		h.noteInserts(1)
	}
	return err
}

// insert is Insert without the reachability upkeep (InsertBatch does its
// own).
func (h *HNSW) insert(key uint64, v []float32) error {
	if err := h.check(v); err != nil {
		return err
	}
	if key > MaxKey {
		return fmt.Errorf("%w: %d", ErrKeyRange, key)
	}
	if (h.cfg.Metric == Cosine || h.cfg.Metric == SparseCosine) && zeroNorm(v) {
		return nil // not indexed, as in pgvector: its cosine distance is NaN
	}
	for {
		done, err := h.tryInsert(uint32(key), v)
		if done || err != nil {
			return err
		}
		if done, err = h.revive(uint32(key), v); done || err != nil {
			return err
		}
	}
}

// tryInsert inserts v as node id if its slot is free; it reports false,
// without an error, if the slot holds a tombstone or is being reclaimed.
func (h *HNSW) tryInsert(id uint32, v []float32) (bool, error) {
	e := h.enter()
	defer h.exit(e)
	s := h.getScratch()
	defer h.putScratch(s)
	level, slot, err := h.allocate(s, id, v)
	if err == errSlotBusy {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer h.unregister(slot)
	h.linkNew(s, id, level)
	return true, nil
}

// repairBatchShare: InsertBatch repairs reachability after a batch of at
// least 1/repairBatchShare of the graph's nodes, so the O(n) walk costs
// O(1) per inserted node however a graph is built in batches.
const repairBatchShare = 8

// InsertBatch inserts vecs[i] under keys[i] (equal lengths) from workers
// goroutines (<= 0: GOMAXPROCS). Errors of individual inserts are joined;
// the other vectors are still inserted. Node ids, and so levels, follow
// the order in which workers claim vectors, so a parallel build is not
// reproducible bit for bit; its recall equals a serial build's. A batch
// of at least 1/repairBatchShare of the graph (a bulk build) ends with
// RepairReachability, so no live node is left unreachable on layer 0,
// unless automatic repair is off (SetAutoRepair; by default under
// InnerProduct, autorepair.go).
func (h *HNSW) InsertBatch(keys []uint64, vecs [][]float32, workers int) error {
	return h.InsertBatchContext(context.Background(), keys, vecs, workers)
}

// InsertBatchContext is InsertBatch that stops early once ctx is done:
// workers check ctx before claiming each vector and claim no more, so it
// returns within one insert per worker after ctx ends. A batch whose
// vectors were all claimed before ctx ended completes and returns as
// InsertBatch does. A stopped batch returns ctx.Err() (context.Canceled or context.DeadlineExceeded; errors
// of individual inserts are then dropped). The vectors inserted before the
// stop are complete nodes, linked as by Insert, so the graph is consistent
// and searchable over them; the rest are not in the graph. A stopped batch
// skips the closing RepairReachability (it only counts its inserts toward
// the next automatic repair): a caller keeping the graph may run
// RepairReachability itself, one discarding it (CREATE INDEX cancelled)
// pays nothing more.
func (h *HNSW) InsertBatchContext(ctx context.Context, keys []uint64, vecs [][]float32, workers int) error {
	return h.InsertBatchProgress(ctx, keys, vecs, workers, nil)
}

// InsertBatchProgress is InsertBatchContext adding 1 to progress (nil:
// none) after each vector it inserted, so that another goroutine can
// watch the batch move (CREATE INDEX's tuples_done).
func (h *HNSW) InsertBatchProgress(ctx context.Context, keys []uint64, vecs [][]float32, workers int, progress *atomic.Int64) error {
	if len(keys) != len(vecs) {
		return fmt.Errorf("vecindex: InsertBatch: %d keys for %d vectors", len(keys), len(vecs))
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(keys))
	h.beginBulk()
	defer h.endBulk()
	done := ctx.Done() // nil for a context that never ends
	var next, inserted atomic.Int64
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !isDone(done) {
				i := int(next.Add(1) - 1)
				if i >= len(keys) {
					return
				}
				if err := h.insert(keys[i], vecs[i]); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				} else {
					inserted.Add(1)
					if progress != nil {
						progress.Add(1)
					}
				}
			}
		}()
	}
	wg.Wait()
	if next.Load() < int64(len(keys)) { // some worker stopped on done
		h.sinceRepair.Add(inserted.Load())
		return ctx.Err()
	}
	if len(keys) > 0 && len(keys) >= h.Len()/repairBatchShare && h.autoRepair.Load() {
		h.sinceRepair.Store(0)
		h.RepairReachability()
	} else {
		h.noteInserts(len(keys))
	}
	return errors.Join(errs...)
}

// isDone reports whether done (a context's Done channel; nil: never) is
// closed, without blocking: cheap enough to poll before every insert.
func isDone(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

func (h *HNSW) check(v []float32) error {
	if len(v) != h.cfg.Dims {
		return fmt.Errorf("%w: got %d, index has %d", ErrDims, len(v), h.cfg.Dims)
	}
	if isBitMetric(h.cfg.Metric) {
		return nil // packed bits (bits.go), never read as floats
	}
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("vecindex: element %d is %v; only finite values can be indexed", i, x)
		}
	}
	return nil
}

// errSlotBusy: allocate found a tombstone, or a slot Compact is
// reclaiming, where the new node goes.
var errSlotBusy = errors.New("vecindex: slot busy")

// allocate takes slot id if it is free (never used, or reclaimed), stores
// the level and the vector in stored form, and registers the node as being
// linked (register, with its slot in h.inflight, -1 if none; s.racers gets
// the nodes registered before it). It returns errSlotBusy for a tombstone
// or a slot being reclaimed, ErrDuplicateKey for a live node.
func (h *HNSW) allocate(s *scratch, id uint32, v []float32) (int, int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if id < h.n.Load() {
		switch m := h.meta(id); {
		case m&(flagDead|flagFree) == 0:
			return 0, -1, fmt.Errorf("%w: %d", ErrDuplicateKey, id)
		case m&flagDead != 0:
			return 0, -1, errSlotBusy
		}
	}
	h.materialize(id)
	level := h.levelFor(h.seq)
	h.seq++
	// Vector first: a search scanning node ids reads a slot's vector once
	// initNode's store of its state shows it live.
	h.storeVector(id, v, false)
	h.initNode(id, level)
	if id >= h.n.Load() {
		h.n.Store(id + 1)
	}
	h.live.Add(1)
	h.sqTrain()
	return level, h.register(s, id), nil
}

// initNode resets slot id for a node of the given level with empty lists
// (its upper lists published in the segment's upper table first), storing
// slot 0, which clears the free flag, last (state.go). The slot must be
// unreachable (free). Caller holds h.mu (or is loading).
func (h *HNSW) initNode(id uint32, level int) {
	s, i := h.seg(id), id&segMask
	b := s.links0[int(i)*h.m0 : int(i+1)*h.m0]
	for j := 2; j < len(b); j++ {
		atomic.StoreUint32(&b[j], noNode)
	}
	w1 := noNode
	if level > 0 {
		s.up.put(i, level, h.m)
		w1 |= uint32(flagUpper >> 32)
	}
	atomic.StoreUint32(&b[1], w1)
	atomic.StoreUint32(&b[0], noNode)
}

// linkNew links node id into the graph and then marks it linked (which
// may repair a dead entry point, entry.go). An
// insert whose level exceeds the top holds topMu across its link and then
// becomes the entry point, as in hnswlib; all others run without
// index-wide locks.
func (h *HNSW) linkNew(s *scratch, id uint32, level int) {
	defer h.entryLinked(id) // runs last, after topMu is released
	ep, top, ok := h.loadEntry()
	if !ok || level > top {
		h.topMu.Lock()
		defer h.topMu.Unlock()
		if ep, top, ok = h.loadEntry(); !ok || level > top {
			defer h.publishEntry(id, level)
		}
		if !ok {
			return
		}
	}
	h.link(s, id, level, ep, top)
}

// publishEntry makes the new node id the entry point; caller holds topMu.
// If id was deleted meanwhile (a rolled-back insert) another node takes
// over: Delete checks the entry point after tombstoning and this checks
// the tombstone after publishing, so one of the two sees the other.
func (h *HNSW) publishEntry(id uint32, level int) {
	h.storeEntry(id, level)
	if h.isDead(id) {
		h.replaceDeadEntryLocked()
	}
}

// link connects the new node id of the given level: greedy descent from
// ep (level top) to layer level+1, then on each layer from min(level, top)
// to 0 a SEARCH-LAYER with ef_construction whose result seeds the next.
func (h *HNSW) link(s *scratch, id uint32, level int, ep uint32, top int) {
	q := h.floatVec(s.q, id) // s.q is free during an insert
	qc := h.codesFor(id)
	if qc != nil { // the quantizer is published: id's SQ8 sum is written
		s.qsum = h.sqSum(id)
	}
	cur := h.descend(s, q, qc, item{dist: h.pointDist(s, q, qc, ep), id: ep}, top, level)
	s.sorted = append(s.sorted[:0], cur)
	s.dupCap, s.inserting = insertDupCap, true // getScratch resets them
	copied := false
	if x, ok := h.racingCopy(s, q, id); ok {
		h.setFlag(id, flagCopy)
		copied = true
		s.orig, s.head = h.findOrig(q, x), noNode
	}
	for lc := min(level, top); lc >= 0; lc-- {
		s.seed(h.capacity(), s.sorted...)
		for _, x := range s.sorted {
			if x.dist <= h.dupEps {
				s.dups++
			}
		}
		if lc == 0 {
			s.walk.begin(id, h.walkModeFor(id, qc))
			h.searchLayer0(s, q, qc, h.cfg.EfConstruction, nil)
		} else {
			h.searchLayer(s, q, h.cfg.EfConstruction, lc, nil)
		}
		s.sorted = s.res.drainAscending(s.sorted)
		if !copied {
			if x, ok := h.foundCopy(q, s.sorted); ok {
				h.setFlag(id, flagCopy)
				copied = true
				s.orig, s.head = h.findOrig(q, x), noNode
			}
		}
		h.connect(s, q, id, lc, copied)
	}
	s.walk.end()
}

// connect picks id's neighbours (id holds q) on layer from s.sorted with
// the heuristic (tombstoned nodes, and copies of vectors other than id's,
// are not picked) and adds the reverse edges; a copy (dup.go) adds them only to
// the picks at distance 0, which on layer 0 are its original and the
// newest copy before it (claimHead, chainPicks).
func (h *HNSW) connect(s *scratch, q []float32, id uint32, layer int, copied bool) {
	if copied && layer == 0 {
		s.head = h.claimHead(s, q, id) // uses s.tmp
	}
	c := s.tmp[:0]
	if copied && layer == 0 {
		c = h.chainPicks(s, c, id)
	}
	for _, x := range s.sorted {
		if x.id == id || h.isDead(x.id) {
			continue
		}
		if x.dist <= h.dupEps {
			if copied && s.orig != noNode && (layer == 0 || x.id != s.orig && x.id != s.head) {
				continue // layer 0: added by chainPicks
			}
		} else if h.isCopy(x.id) {
			continue
		}
		c = append(c, x)
	}
	s.tmp = c
	// addEdge reuses s.sel and s.tmp, so keep the picks in s.picked.
	s.picked = append(s.picked[:0], h.selectNeighbours(s, id, c, h.capAt(layer))...)
	h.lockNode(id)
	b := h.block(id, layer)
	keep := s.picked
	// Concurrent inserts that found id on the layer above may already
	// have added themselves to this list: keep them while there is room.
	// A copy that chained to id (claimHead) is kept in any case.
	succ := s.batch[:0]
	s.cur = listIDs(s.cur, b)
	for _, o := range s.cur {
		if h.isDead(o) || slices.ContainsFunc(s.picked, func(x item) bool { return x.id == o }) {
			continue
		}
		if len(keep) < len(b) {
			keep = append(keep, item{id: o})
		} else if h.isCopy(o) && h.distTo(q, o) <= h.dupEps {
			succ = append(succ, o)
		}
	}
	setNeighbours(b, keep)
	if layer == 0 {
		h.noteWalkDists(s, id, keep)
	}
	for _, o := range succ {
		h.addEdgeLocked(s, id, o, 0, layer)
	}
	s.batch = succ
	h.unlockNode(id)
	h.handDown(s)
	for _, x := range s.picked {
		if copied && layer == 0 && x.id == s.orig {
			continue // claimHead linked it
		}
		if !copied || x.dist <= h.dupEps {
			h.addEdge(s, x.id, id, x.dist, layer)
		}
	}
}

// foundCopy reports whether sorted (ascending by the walk's distance to
// q, the vector being inserted) holds a live node within dupEps of q in
// float32, which makes the new node a copy (dup.go). A walk on SQ8 codes
// puts every such node at code distance 0, and maybe others too.
func (h *HNSW) foundCopy(q []float32, sorted []item) (uint32, bool) {
	for _, x := range sorted {
		if x.dist > h.dupEps {
			return 0, false
		}
		if !h.isDead(x.id) && h.distTo(q, x.id) <= h.dupEps {
			return x.id, true
		}
	}
	return 0, false
}

// addEdge adds to to from's list on layer under from's lock: appended,
// or first if to is a copy of from (dup.go); a full list is shrunk back
// to capacity with the heuristic over its live neighbours plus to
// (Algorithm 1, lines 13-17). d is dist(from, to).
func (h *HNSW) addEdge(s *scratch, from, to uint32, d float32, layer int) {
	h.lockNode(from)
	h.addEdgeLocked(s, from, to, d, layer)
	h.unlockNode(from)
	h.handDown(s)
}

// addEdgeLocked is addEdge with from's lock held; copies it drops from
// the list of an original go to s.handoffs (dupgroup.go), for the caller
// to pass to handDown once it holds no lock.
func (h *HNSW) addEdgeLocked(s *scratch, from, to uint32, d float32, layer int) {
	b := h.block(from, layer)
	cur := listIDs(s.cur, b)
	s.cur = cur
	n := len(cur)
	for _, o := range cur {
		if o == to {
			return
		}
	}
	copyOf := d <= h.dupEps
	if n < len(b) {
		if copyOf {
			// Readers may meanwhile see an id twice or miss one, as
			// during any list rewrite (lists.go).
			for i := n; i > 0; i-- {
				storeSlot(b, i, cur[i-1])
			}
			n = 0
		}
		storeSlot(b, n, to)
		return
	}
	if !copyOf && h.replaceOne(s, from, to, d, b, cur, layer) {
		return
	}
	c := s.tmp[:0]
	if copyOf {
		c = append(c, item{dist: d, id: to})
	}
	for _, o := range cur {
		if !h.isDead(o) {
			c = append(c, item{dist: h.nodeDist(from, o), id: o})
		}
	}
	if !copyOf {
		c = append(c, item{dist: d, id: to})
	}
	z := h.copiesFirst(c)
	slices.SortFunc(c[z:], cmpItem)
	s.tmp = c
	sel := h.selectNeighbours(s, from, c, n)
	setNeighbours(b, sel)
	if z > 0 {
		h.noteEvicted(s, sel, layer)
	}
}

// copiesFirst moves the items within dupEps (copies of the list's node)
// to the front of c keeping their order, newest first as addEdge keeps
// them, and returns how many there are (dup.go).
func (h *HNSW) copiesFirst(c []item) int {
	z := 0
	for i, x := range c {
		if x.dist <= h.dupEps {
			copy(c[z+1:i+1], c[z:i])
			c[z] = x
			z++
		}
	}
	return z
}

func cmpItem(a, b item) int {
	switch {
	case a.dist < b.dist:
		return -1
	case a.dist > b.dist:
		return 1
	}
	return 0
}
