package vecindex

// item is a node id with its distance to the current query.
type item struct {
	dist float32
	id   uint32
}

// minHeap is a binary heap of items, nearest on top (the candidate queue C
// of Algorithm 2). Hand-written instead of container/heap to avoid boxing.
type minHeap []item

func (h *minHeap) push(x item) { *h = siftUp(append(*h, x), x, false) }

func (h *minHeap) pop() item {
	top, rest := siftDown(*h, false)
	*h = rest
	return top
}

// maxHeap is a binary heap of items, farthest on top (the result set W of
// Algorithm 2, bounded by ef).
type maxHeap []item

func (h maxHeap) top() item { return h[0] }

func (h *maxHeap) push(x item) { *h = siftUp(append(*h, x), x, true) }

func (h *maxHeap) pop() item {
	top, rest := siftDown(*h, true)
	*h = rest
	return top
}

// outranks reports whether distance a belongs above b: nearer in a
// min-heap, farther in a max-heap (far). Equal distances do not outrank,
// so neither sift moves an item past an equal one.
func outranks(a, b float32, far bool) bool {
	if far {
		return a > b
	}
	return a < b
}

// siftUp moves x, just appended as the last item of s, up to its place.
func siftUp(s []item, x item, far bool) []item {
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !outranks(x.dist, s[p].dist, far) {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = x
	return s
}

// siftDown removes the top of s (non-empty) and returns it with the
// remaining heap.
func siftDown(s []item, far bool) (item, []item) {
	top := s[0]
	n := len(s) - 1
	x := s[n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && outranks(s[c+1].dist, s[c].dist, far) {
			c++
		}
		if !outranks(s[c].dist, x.dist, far) {
			break
		}
		s[i] = s[c]
		i = c
	}
	if n > 0 {
		s[i] = x
	}
	return top, s[:n]
}

// offer adds x if the heap holds fewer than limit items or x is nearer than
// the farthest, evicting the farthest when over limit. It reports whether x
// was kept.
func (h *maxHeap) offer(x item, limit int) bool {
	if len(*h) >= limit {
		if x.dist >= (*h)[0].dist {
			return false
		}
		h.pop()
	}
	h.push(x)
	return true
}

// drainAscending empties h into dst[:0] nearest first and returns dst.
func (h *maxHeap) drainAscending(dst []item) []item {
	n := len(*h)
	if cap(dst) < n {
		dst = make([]item, n)
	}
	dst = dst[:n]
	for i := n - 1; i >= 0; i-- {
		dst[i] = h.pop()
	}
	return dst
}
