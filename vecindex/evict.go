package vecindex

import (
	"math"
	"slices"
	"sync/atomic"
)

// Shrinking a full neighbour list. With keepPrunedConnections every list
// is full, so every reverse edge an insert adds replaces one member
// (replaceOne). Which one follows from the heuristic's verdicts on the
// list plus the new node (evictee); a list replaceOne wrote keeps those
// verdicts in the high bits of its slots, so the next reverse edge needs
// the distances of the members from the new one's place on, not the whole
// heuristic again (pgvector caches the same verdicts, in memory beside
// its lists, for its shrink).
//
// Slot bits: the high idBits..31 bits of slots 0 and 1 of a layer-0
// block hold node state (state.go); those of the other slots, and of
// upper-layer lists, are free, so slots >= 2 carry
//
//	slotCached   the list is sorted ascending by distance to its node and
//	             these verdicts hold (every slot >= 2 must have it)
//	slotKept     the heuristic keeps this member
//	slotCovered  a nearer kept member covers it (evictee)
//
// Every other writer stores plain ids (storeSlot, setNeighbours), which
// clears the bits of the slots it writes, and every reader masks with
// idMask. A list whose slots 2.. do not all carry slotCached, or of
// capacity 2 or less, is shrunk from scratch; slots 0 and 1 (the nearest
// two members, in a cached list) have their verdicts recomputed each time
// (the nearest is always kept).
const (
	slotCached  = 1 << 31
	slotKept    = 1 << 30
	slotCovered = 1 << 29
)

// Verdict flags per candidate, in scratch.verdict.
const (
	vKnown   = 1 << iota // vKept is set
	vKept                // the heuristic keeps it
	vCovered             // pruned, by a kept one evictAlpha times nearer (implies !vKept)
)

// evictAlpha is the α of the eviction rule (evictee): a candidate counts
// as covered by a nearer kept one r when α·dist(x, r) < dist(base, x),
// as in Vamana's RobustPrune (Subramanya et al., "DiskANN", NeurIPS
// 2019), where α > 1 keeps long edges. 1.1 was chosen on recall at equal
// ef_search (see evictee).
const evictAlpha = 1.1

// replaceOne adds to (at distance d from from) to from's full list b on
// layer, whose ids are cur, keeping it full: of the list and to it leaves
// out the evictee and writes the rest sorted, with their verdicts
// (nothing changes if the evictee is to). During a bulk build the
// members' distances from from are cached beside a layer-0 list
// (listdist.go). It reports false, changing nothing, if a member is tombstoned
// or, in a list without cached verdicts, a copy of from (dup.go):
// addEdgeLocked then runs the heuristic over the whole list instead.
// Members are checked for tombstones only while the index has any (a
// Delete racing with this is ordered after it, as when it tombstones a
// member just after the check). Caller holds from's lock. Uses s.tmp and
// s.verdict.
func (h *HNSW) replaceOne(s *scratch, from, to uint32, d float32, b []uint32, cur []uint32, layer int) bool {
	if h.dead.Load() != 0 {
		for _, o := range cur {
			if h.isDead(o) {
				return false
			}
		}
	}
	var ds []distEntry
	if layer == 0 {
		ds = h.bulkDists(from)
	}
	if !h.noVerdictCache && len(cur) == len(b) && cachedList(b) {
		c, v := h.insertCached(s, from, to, d, b, cur, ds)
		h.writeEvicting(s, from, b, c, v, ds, to)
		return true
	}
	c := s.tmp[:0]
	for i, o := range cur {
		x := item{dist: cachedDist(ds, i, o), id: o}
		if x.dist != x.dist {
			x.dist = h.nodeDist(from, o)
		}
		if x.dist <= h.dupEps {
			return false
		}
		c = append(c, x)
	}
	c = append(c, item{dist: d, id: to})
	slices.SortFunc(c, cmpItem)
	s.tmp = c
	v := resetVerdicts(&s.verdict, len(c))
	f := h.coverFactor()
	for i := range c {
		h.judge(s, c, v, i, f)
	}
	h.writeEvicting(s, from, b, c, v, ds, to)
	return true
}

// cachedDist is slot i's cached distance if ds (nil: none) holds one for
// member o, else NaN.
func cachedDist(ds []distEntry, i int, o uint32) float32 {
	if ds != nil && ds[i].id == o+1 {
		return ds[i].d
	}
	return float32(math.NaN())
}

// cachedList reports whether every slot >= 2 of the full list b carries
// cached verdicts (and b has such slots).
func cachedList(b []uint32) bool {
	if len(b) <= 2 {
		return false
	}
	for i := 2; i < len(b); i++ {
		if atomic.LoadUint32(&b[i])&slotCached == 0 {
			return false
		}
	}
	return true
}

// insertCached builds in s.tmp the candidates of the cached list b (ids
// cur) plus to, ascending, with their verdicts in s.verdict, computing
// only the distances the verdicts need: a binary search for to's place
// p, the verdict of slot 1's member against slot 0's (slots 0 and 1
// carry node state, not verdicts), to's verdict against the kept members
// before p and, if to is kept, each later member's against to; if to
// prunes a kept member, the verdicts from that member on are computed
// afresh. The verdicts before p stand, and a later member's can only
// change through to until a kept one is pruned (the heuristic's kept set
// before it grows by to alone), so the result is the heuristic's over
// the list plus to, wherever to's place is.
// Members' distances come from ds where cached (listdist.go; nil: none);
// candidates whose distance to from was not needed keep NaN.
func (h *HNSW) insertCached(s *scratch, from, to uint32, d float32, b []uint32, cur []uint32, ds []distEntry) ([]item, []uint8) {
	n := len(cur)
	dm := s.tmp[:0]
	for i, o := range cur {
		dm = append(dm, item{dist: cachedDist(ds, i, o), id: o})
	}
	dist := func(i int) float32 {
		if dm[i].dist != dm[i].dist {
			dm[i].dist = h.nodeDist(from, dm[i].id)
		}
		return dm[i].dist
	}
	lo, hi := 0, n
	for lo < hi {
		if mid := (lo + hi) / 2; dist(mid) <= d {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	p := lo
	// The verdicts of the old list's slots 0 and 1, not cached in their
	// slots: the nearest member is kept, the second judged against it.
	f := h.coverFactor()
	v := resetVerdicts(&s.verdict, n+1)
	v[0] = vKnown | vKept
	h.fillDist(dm, 1, from)
	h.judge(s, dm, v, 1, f)
	v0, v1 := v[0], v[1]
	c := append(dm, item{})
	copy(c[p+1:], c[p:n])
	c[p] = item{dist: d, id: to}
	s.tmp = c
	for i := range n + 1 {
		j := i // index in cur
		if i == p {
			v[i] = 0
			continue
		} else if i > p {
			j--
		}
		switch j {
		case 0:
			v[i] = v0
		case 1:
			v[i] = v1
		default:
			w := atomic.LoadUint32(&b[j])
			v[i] = vKnown | flagIf(w&slotKept != 0, vKept) | flagIf(w&slotCovered != 0, vCovered)
		}
	}
	h.judge(s, c, v, p, f)
	if v[p]&vKept == 0 {
		return c, v
	}
	for i := p + 1; i <= n; i++ {
		h.fillDist(c, i, from)
		e := h.crossDist(s, c[i].id, to)
		switch {
		case v[i]&vKept != 0 && e < c[i].dist:
			// to prunes a kept member: the verdicts from it on may all
			// change; the nearer ones stand.
			for j := i; j <= n; j++ {
				v[j] = 0
				h.fillDist(c, j, from)
			}
			for j := i; j <= n; j++ {
				h.judge(s, c, v, j, f)
			}
			return c, v
		case v[i]&(vKept|vCovered) == 0 && f > 0 && f*e < c[i].dist:
			v[i] |= vCovered
		}
	}
	return c, v
}

// fillDist computes c[i].dist (distance to from) if it is still NaN.
func (h *HNSW) fillDist(c []item, i int, from uint32) {
	if c[i].dist != c[i].dist {
		c[i].dist = h.nodeDist(from, c[i].id)
	}
}

func flagIf(b bool, f uint8) uint8 {
	if b {
		return f
	}
	return 0
}

// resetVerdicts returns *v resized to n and cleared.
func resetVerdicts(v *[]uint8, n int) []uint8 {
	*v = slices.Grow((*v)[:0], n)[:n]
	clear(*v)
	return *v
}

// judge sets v[i]: whether the heuristic over c (ascending) keeps c[i],
// and if not whether a kept nearer one covers it (factor f > 0; see
// coverFactor; 0: never covered). Verdicts of nearer candidates are
// computed as needed; distances to the node being inserted come from its
// walk where recorded (crossDist).
func (h *HNSW) judge(s *scratch, c []item, v []uint8, i int, f float32) {
	if v[i]&vKnown != 0 {
		return
	}
	v[i] = vKnown | vKept
	for r := range i {
		h.judge(s, c, v, r, f)
		if v[r]&vKept == 0 {
			continue
		}
		e := h.crossDist(s, c[i].id, c[r].id)
		if e < c[i].dist {
			v[i] &^= vKept
		}
		if f > 0 && f*e < c[i].dist {
			v[i] |= vCovered
			return
		}
	}
}

// evictee returns the index in c (ascending by distance to the base node,
// verdicts v) of the candidate to leave out of a full list: the farthest
// one a nearer kept candidate covers (evictAlpha); else the farthest the
// heuristic prunes (what pgvector's shrink leaves out: its heuristic
// fills the list with pruned candidates); else the farthest.
//
// pgvector's rule alone evicted the long edges between clusters first: an
// edge into another cluster is nearly always pruned, by a neighbour on
// that side only slightly nearer to its end, and on 3,000 clustered
// 12-dim byte vectors (TestByteCodes) recall@10 at ef_search 150 fell to
// 0.81, as a pgvector-equivalent build's does. Evicting an edge that
// another neighbour clearly covers first keeps them (0.99) and lost
// nothing elsewhere: recall@10 at equal ef_search matched or beat a
// pgvector-equivalent build on GloVe, Fashion-MNIST, uniform and Gaussian
// data (bench/results/recall-graph-2026-12-04.json).
func evictee(v []uint8) int {
	for j := len(v) - 1; j >= 0; j-- {
		if v[j]&vCovered != 0 {
			return j
		}
	}
	for j := len(v) - 1; j >= 0; j-- {
		if v[j]&vKept == 0 {
			return j
		}
	}
	return len(v) - 1
}

// writeEvicting writes c without its evictee into the full list b, in
// order, with the verdicts of slots >= 2 (the evictee is pruned or the
// farthest, so no other verdict depended on it). With ds (nil: no
// cache) it first records the members' distances that are known: to's
// only if the walk of to's insert found it (s.walk; the caller's is a
// walk's distance, not always nodeDist's bit for bit).
func (h *HNSW) writeEvicting(s *scratch, from uint32, b []uint32, c []item, v []uint8, ds []distEntry, to uint32) {
	x := evictee(v)
	if ds != nil {
		toD, toOK := float32(0), false
		if s.walk.owner == to && h.walkCurrent(s) {
			toD, toOK = s.walk.lookup(from)
		}
		j := 0
		for i, it := range c {
			if i == x {
				continue
			}
			switch {
			case it.id == to && toOK:
				ds[j] = distEntry{id: to + 1, d: toD}
			case it.id != to && it.dist == it.dist:
				ds[j] = distEntry{id: it.id + 1, d: it.dist}
			default:
				ds[j] = distEntry{}
			}
			j++
		}
	}
	j := 0
	for i, it := range c {
		if i == x {
			continue
		}
		if j < 2 || len(b) <= 2 {
			storeSlot(b, j, it.id)
		} else {
			w := it.id | slotCached
			if v[i]&vKept != 0 {
				w |= slotKept
			}
			if v[i]&vCovered != 0 {
				w |= slotCovered
			}
			atomic.StoreUint32(&b[j], w)
		}
		j++
	}
}

// coverFactor is evictAlpha in the index's internal distance: squared
// for L2 (squared L2) and Cosine (1 - cos, about θ²/2 for near
// vectors), as is for L1, and 0 (no candidate is covered) for
// InnerProduct, whose -dot can be negative and is no metric.
func (h *HNSW) coverFactor() float32 {
	switch h.cfg.Metric {
	case L2, Cosine, SparseL2, SparseCosine:
		return evictAlpha * evictAlpha
	case L1, Hamming, Jaccard, SparseL1:
		return evictAlpha
	}
	return 0
}
