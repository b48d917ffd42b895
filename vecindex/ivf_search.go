package vecindex

import (
	"cmp"
	"slices"
)

// IVFSearch is one IVFFlat search's parameters.
//
//   - K: rows wanted (the nearest K accepted rows of the lists scanned).
//   - Probes: lists scanned, nearest centers first (ivfflat.probes);
//     Probes >= Lists scans every list, which is exact.
//   - MaxProbes: when the first Probes lists give fewer than K accepted
//     rows, further lists are scanned, nearest centers first, up to
//     MaxProbes lists in all (pgvector's ivfflat.iterative_scan =
//     relaxed_order with ivfflat.max_probes); <= Probes: no more.
//   - Accept: rows it refuses are skipped (nil: all accepted). It is
//     called under the index's read lock and must not write to it.
type IVFSearch struct {
	K, Probes, MaxProbes int
	Accept               func(key uint64) bool
}

// IVFResult is a search's rows, nearest first (ties by key), with the
// internal distance of Distance's (Result.Dist), and how many lists it
// scanned.
type IVFResult struct {
	Rows   []Result
	Probed int
}

// Search returns the K nearest accepted rows of the probed lists. q has
// Dims components, or is a packed bit string of Dims bits under Bits (a
// wrong length returns nothing).
func (x *IVFFlat) Search(q []float32, s IVFSearch) IVFResult {
	q = x.unpack(q)
	if len(q) != x.cfg.Dims || s.K <= 0 {
		return IVFResult{}
	}
	qq := q
	if x.cfg.Metric == Cosine {
		qq = slices.Clone(q)
		normalize(qq)
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if !x.trained {
		return IVFResult{}
	}
	order := x.probeOrder(qq)
	limit := min(max(s.Probes, 1), len(order))
	maxP := min(max(s.MaxProbes, limit), len(order))
	top := make(maxHeapR, 0, s.K+1)
	probed := 0
	for _, l := range order {
		if probed >= limit && (len(top) >= s.K || probed >= maxP) {
			break
		}
		x.scanList(qq, &x.lists[l], s, &top)
		probed++
	}
	rows := []Result(top)
	slices.SortFunc(rows, resultCmp)
	return IVFResult{Rows: rows, Probed: probed}
}

// scanList offers list l's accepted rows to top (the K nearest so far).
func (x *IVFFlat) scanList(q []float32, l *ivfList, s IVFSearch, top *maxHeapR) {
	d := x.cfg.Dims
	for i, key := range l.keys {
		dist := x.dist(q, l.vecs[i*d:(i+1)*d])
		if len(*top) == s.K && resultCmp(Result{key, dist}, (*top)[0]) >= 0 {
			continue
		}
		if s.Accept != nil && !s.Accept(key) {
			continue
		}
		top.push(Result{key, dist}, s.K)
	}
}

// probeOrder returns the lists by their center's distance to q, nearest
// first (ties by list number).
func (x *IVFFlat) probeOrder(q []float32) []int {
	d := x.cfg.Dims
	dists := make([]float32, x.cfg.Lists)
	order := make([]int, x.cfg.Lists)
	for c := range order {
		order[c] = c
		dists[c] = x.centerDist(q, x.centers[c*d:(c+1)*d])
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(dists[a], dists[b]) })
	return order
}

// resultCmp orders results by distance, then key.
func resultCmp(a, b Result) int {
	if c := cmp.Compare(a.Dist, b.Dist); c != 0 {
		return c
	}
	return cmp.Compare(a.Key, b.Key)
}

// maxHeapR is a max-heap of results by resultCmp, farthest on top.
type maxHeapR []Result

// push adds r, dropping the farthest when more than k are held.
func (h *maxHeapR) push(r Result, k int) {
	a := append(*h, r)
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if resultCmp(a[i], a[p]) <= 0 {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
	*h = a
	if len(a) > k {
		h.pop()
	}
}

func (h *maxHeapR) pop() {
	a := *h
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, big := 2*i+1, i
		if l < n && resultCmp(a[l], a[big]) > 0 {
			big = l
		}
		if l+1 < n && resultCmp(a[l+1], a[big]) > 0 {
			big = l + 1
		}
		if big == i {
			break
		}
		a[i], a[big] = a[big], a[i]
		i = big
	}
	*h = a
}
