package vecindex

// item is a node id with its distance to the current query.
type item struct {
	dist float32
	id   uint32
}

// minHeap is a binary heap of items, nearest on top (the candidate queue C
// of Algorithm 2). Hand-written instead of container/heap to avoid boxing.
type minHeap []item

func (h *minHeap) push(x item) {
	s := append(*h, x)
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s[p].dist <= x.dist {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = x
	*h = s
}

func (h *minHeap) pop() item {
	s := *h
	top := s[0]
	n := len(s) - 1
	x := s[n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && s[c+1].dist < s[c].dist {
			c++
		}
		if x.dist <= s[c].dist {
			break
		}
		s[i] = s[c]
		i = c
	}
	if n > 0 {
		s[i] = x
	}
	*h = s[:n]
	return top
}

// maxHeap is a binary heap of items, farthest on top (the result set W of
// Algorithm 2, bounded by ef).
type maxHeap []item

func (h maxHeap) top() item { return h[0] }

func (h *maxHeap) push(x item) {
	s := append(*h, x)
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s[p].dist >= x.dist {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = x
	*h = s
}

func (h *maxHeap) pop() item {
	s := *h
	top := s[0]
	n := len(s) - 1
	x := s[n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && s[c+1].dist > s[c].dist {
			c++
		}
		if x.dist >= s[c].dist {
			break
		}
		s[i] = s[c]
		i = c
	}
	if n > 0 {
		s[i] = x
	}
	*h = s[:n]
	return top
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
