package vecindex

import (
	"cmp"
	"slices"
)

// Result is one search hit: the key given to Insert and its internal
// distance to the query (see Distance).
type Result struct {
	Key  uint64
	Dist float32
}

// filter carries the Search-only part of SEARCH-LAYER: collect the k
// nearest nodes that are live and accepted.
type filter struct {
	k      int
	accept func(key uint64) bool
}

// Search returns up to k keys nearest to q (Dims elements), ascending by
// Dist, then Key. Rows holding one vector exactly (copies, dup.go) come as
// a whole: if q is at such a vector, the result holds min(k, its live
// accepted rows) of them with the smallest keys, whatever ef is, so a
// search for more rows extends one for fewer (dupgroup.go). Only live keys for which accept returns true are returned (accept
// nil accepts all); tombstoned and rejected nodes still guide the walk.
//
// Layers above 0 are descended greedily (ef = 1); layer 0 is searched with
// ef = max(ef, k) (Malkov & Yashunin 2018, Algorithm 5). If that does not
// yield k accepted live keys the candidate queue keeps expanding (the ef
// bound is lifted) until k are found or every reachable node is visited;
// nodes the graph cannot reach are then scanned linearly. So the result has
// min(k, live accepted keys) entries, up to concurrent changes. Once k are
// held the walk still continues while a candidate is nearer than the k-th,
// so selective filters get exact-ish answers rather than the nearest
// accepted among ef.
//
// With ef >= Live() the result is exact (up to concurrent changes): the k
// nearest live accepted keys. The walk alone does not guarantee that: the
// ef nearest it holds may include tombstones, and the neighbour heuristic
// can leave live nodes without in-edges, so a walk can find k keys and
// still miss a nearer unreachable one. So after such a walk every node it
// did not visit is scanned too; a node it visited but did not keep was
// farther than the k-th result held at the time. This costs a stamp check
// per node id plus a distance per unvisited node, O(Len()) as ef >= Live()
// implies anyway (pgvector caps ef_search at 1000, so only small indexes).
//
// Search returns nil if k < 1, the index is empty or len(q) != Dims. It
// takes no lock: concurrent inserts and deletes may or may not be seen.
// accept may be called from several searches at once. Apart from the
// result slice it allocates nothing once warm.
func (h *HNSW) Search(q []float32, k, ef int, accept func(key uint64) bool) []Result {
	if k < 1 || len(q) != h.cfg.Dims {
		return nil
	}
	e := h.enter()
	defer h.exit(e)
	epID, top, ok := h.loadEntry()
	live := int(h.live.Load())
	if !ok || live == 0 {
		return nil
	}
	s := h.getScratch()
	defer h.putScratch(s)
	h.prepare(s.q, q)
	f := filter{k: k, accept: accept}
	// Code paths (unfiltered only): byte codes for a byte-valued query
	// (codes.go), else SQ8 codes with float re-ranking (sq.go) unless
	// ef asks for the exact answer.
	var qc []uint8
	var sq *quantizer
	walkEf := max(ef, k)
	if isSparseMetric(h.cfg.Metric) && s.densify(h.cfg.Metric, s.q) {
		s.sparse = true // every layer walks on gathers (sparse.go)
		defer s.undensify(s.q)
	}
	if accept == nil {
		if h.codesOn.Load() && toCodes(s.qc, s.q) {
			qc = s.qc
		} else if sq = h.searchQuant(); sq != nil && ef < live {
			s.qsum, _ = sq.encode(s.qc, s.q)
			qc, s.sq = s.qc, sq
			walkEf = max(ef, k) + k*sqRerank
		} else {
			sq = nil
		}
	}
	ep := item{dist: h.pointDist(s, s.q, qc, epID), id: epID}
	ep = h.descend(s, s.q, qc, ep, top, 0)
	s.seed(h.capacity(), ep)
	h.offerResult(s, ep, &f)
	if accept == nil {
		h.searchLayer0(s, s.q, qc, walkEf, &f)
		if qc != nil && len(s.acc) < k {
			// Rare (graph too sparse for k): redo exactly in floats.
			qc, sq, s.sq = nil, nil, nil
			ep.dist = h.distTo(s.q, ep.id)
			s.seed(h.capacity(), ep)
			h.offerResult(s, ep, &f)
			h.searchLayer(s, s.q, max(ef, k), 0, &f)
		}
	} else {
		h.searchLayer(s, s.q, max(ef, k), 0, &f)
	}
	if len(s.acc) < k || ef >= live {
		h.scanUnvisited(s, qc, &f)
	}
	exact := false // s.acc holds float distances already
	if sq != nil {
		h.rerank(s, k)
		exact = true
	}
	grouped := h.gatherCopies(s, &f) // copy groups (dupgroup.go)
	out := make([]Result, len(s.acc))
	if !exact {
		for _, x := range s.acc {
			h.prefetchVec(x.id)
		}
	}
	for i := len(out) - 1; i >= 0; i-- {
		x := s.acc.pop()
		if !exact {
			x.dist = h.distTo(s.q, x.id) // == Distance bit for bit, code-only segment or not
		}
		out[i] = Result{Key: h.key(x.id), Dist: x.dist}
	}
	if grouped {
		slices.SortFunc(out, cmpResult) // ties may be far out of key order
	} else {
		sortResults(out)
	}
	return out
}

// sqRerankDepth bounds the re-ranking: only the k·sqRerankDepth nearest
// walk candidates by code distance get a float distance (0: all ef + k).
// On 20,000 GloVe words (TestSQAutoRecallGloVe) depth 4 gave the same
// recall@10 as re-ranking all candidates at ef_search 10 to 160; depth 3
// lost 0.0004 at ef 80 and 160. A walk at ef_search 320 then computes 40
// float distances instead of 330.
var sqRerankDepth = 4

// rerank replaces s.acc by the k nearest of the walk's candidate list
// s.res (live nodes) and of s.acc itself (the k nearest live nodes by
// code distance, copies included, dup.go), by exact float distance (SQ8
// search, sq.go). s.acc must take part: when more than ef tombstones are
// nearer than the k-th live node, s.res holds fewer than k live nodes.
func (h *HNSW) rerank(s *scratch, k int) {
	cands := s.res
	if d := k * sqRerankDepth; sqRerankDepth > 0 && len(cands) > d {
		s.sorted = append(s.sorted[:0], cands...)
		slices.SortFunc(s.sorted, func(a, b item) int { return cmp.Compare(a.dist, b.dist) })
		cands = s.sorted[:d]
	}
	for _, x := range cands {
		h.prefetchVec(x.id)
	}
	s.tmp = append(s.tmp[:0], s.acc...)
	ids := s.batch[:0]
	for _, x := range s.tmp {
		ids = append(ids, x.id)
	}
	slices.Sort(ids)
	s.batch = ids
	s.acc = s.acc[:0]
	for _, x := range s.tmp {
		s.acc.offer(item{dist: h.distTo(s.q, x.id), id: x.id}, k)
	}
	for _, x := range cands {
		// Copies are offered through s.acc: one in s.res is the walk's
		// entry point, which s.acc holds unless k nearer pushed it out.
		if h.isDead(x.id) || h.isCopy(x.id) {
			continue
		}
		if _, held := slices.BinarySearch(ids, x.id); !held {
			s.acc.offer(item{dist: h.distTo(s.q, x.id), id: x.id}, k)
		}
	}
}

// sortResults orders a short, nearly sorted result list by Dist, then Key
// (insertion sort): final distances are recomputed in float32, which may
// reorder exact ties of the byte-code walk.
func sortResults(r []Result) {
	for i := 1; i < len(r); i++ {
		for j := i; j > 0 && cmpResult(r[j], r[j-1]) < 0; j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
}

// capacity is the number of node ids the directory holds.
func (h *HNSW) capacity() int { return len(*h.segs.Load()) * segSize }

// descend walks greedily (ef = 1) from ep on layer from down to layer
// to+1 and returns the nearest node found on layer to+1.
// With qc != nil distances are on byte codes (codes.go).
func (h *HNSW) descend(s *scratch, q []float32, qc []uint8, ep item, from, to int) item {
	for lc := from; lc > to; lc-- {
		ep = h.greedyClosest(s, q, qc, ep, lc)
	}
	return ep
}

// greedyClosest moves from ep to a nearer neighbour on layer until none is
// nearer: SEARCH-LAYER with ef = 1.
func (h *HNSW) greedyClosest(s *scratch, q []float32, qc []uint8, ep item, layer int) item {
	for changed := true; changed; {
		changed = false
		s.nbrs = h.neighbours(s.nbrs, ep.id, layer)
		for _, nb := range s.nbrs {
			if d := h.pointDist(s, q, qc, nb); d < ep.dist {
				ep, changed = item{dist: d, id: nb}, true
			}
		}
	}
	return ep
}

// seed resets s for a layer search over n node ids starting from eps.
func (s *scratch) seed(n int, eps ...item) {
	s.visited.reset(n)
	s.cand, s.res, s.acc = s.cand[:0], s.res[:0], s.acc[:0]
	s.dups = 0
	for _, e := range eps {
		s.visited.visit(e.id)
		s.cand.push(e)
		s.res.push(e)
	}
}

// searchLayer is SEARCH-LAYER (Algorithm 2) on s as seeded: it keeps the
// ef nearest nodes in s.res. With f != nil it also keeps the f.k nearest
// live accepted nodes in s.acc, and the stop rule only applies once s.acc
// is full, against the farther of the two bounds.
func (h *HNSW) searchLayer(s *scratch, q []float32, ef, layer int, f *filter) {
	for len(s.cand) > 0 {
		c := s.cand.pop()
		if full, b := s.bound(ef, f); full && c.dist > b {
			break
		}
		s.nbrs = h.neighbours(s.nbrs, c.id, layer)
		for _, nb := range s.nbrs {
			if s.visited.visit(nb) {
				continue
			}
			x := item{dist: h.pointDist(s, q, nil, nb), id: nb}
			if full, b := s.bound(ef, f); full && x.dist >= b {
				continue
			}
			if x.dist <= h.dupEps {
				if s.dups >= s.dupCap {
					continue
				}
				s.dups++
			}
			if h.isCopy(nb) && h.tookCopy(s, x, f) {
				continue
			}
			s.cand.push(x)
			s.res.offer(x, ef)
			if f != nil {
				h.offerResult(s, x, f)
			}
		}
	}
}

// tookCopy handles a node flagged copy (dup.go) that a layer search
// reached within its bound and reports whether it is done with it. An
// insert skips copies of other vectors and keeps copies of its own like
// any node. A search offers a copy to its results only, never to the ef
// nearest that bound the walk (a plateau of copies at one distance would
// fill them and stop the walk there), and expands it only while it could
// still improve the results (copies chain to copies, dup.go).
func (h *HNSW) tookCopy(s *scratch, x item, f *filter) bool {
	if s.inserting || f == nil {
		return s.inserting && x.dist > h.dupEps
	}
	if len(s.acc) < f.k || x.dist < s.acc.top().dist {
		s.cand.push(x)
	}
	h.offerResult(s, x, f)
	return true
}

// bound reports whether the result sets are full and, if so, the distance
// a candidate must beat to matter.
func (s *scratch) bound(ef int, f *filter) (bool, float32) {
	if len(s.res) < ef {
		return false, 0
	}
	b := s.res.top().dist
	if f == nil {
		return true, b
	}
	if len(s.acc) < f.k {
		return false, 0
	}
	return true, max(b, s.acc.top().dist)
}

// offerResult adds x to s.acc if it is live, near enough and accepted;
// accept is called only for nodes that would enter the result.
func (h *HNSW) offerResult(s *scratch, x item, f *filter) {
	if h.isDead(x.id) {
		return
	}
	if len(s.acc) >= f.k && x.dist >= s.acc.top().dist {
		return
	}
	if f.accept != nil && !f.accept(h.key(x.id)) {
		return
	}
	s.acc.offer(x, f.k)
}

// scanUnvisited offers every live node the layer-0 walk did not visit,
// with the walk's distances (byte codes if qc != nil). It runs after a
// walk that found fewer than k keys, which lifted the ef bound and so
// visited all it could reach (a stamp check per node plus distances for
// the normally no unreachable nodes), and when ef >= Live() asks for an
// exact answer (see Search).
func (h *HNSW) scanUnvisited(s *scratch, qc []uint8, f *filter) {
	n := h.n.Load()
	for id := range n {
		if !s.visited.seen(id) && !h.isDead(id) {
			h.offerResult(s, item{dist: h.pointDist(s, s.q, qc, id), id: id}, f)
		}
	}
}
