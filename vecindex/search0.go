package vecindex

import (
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// prefetchVecLines is how many leading cache lines of each unvisited
// neighbour's vector searchLayer0 prefetches before computing distances
// (0: none). The hardware stream prefetcher fetches the rest of a vector
// once the first lines are read. Set from measurements on Fashion-MNIST
// (784 dims); see bench/hnswlib/README.md.
var prefetchVecLines = 4

// rowLines is how many 64-byte lines the n bytes from p span, at most
// limit: a row that does not start a line (100 one-byte codes at
// 100-byte strides start at any multiple of 4) can reach one line further
// than its length alone says, and the kernel reads that line too.
func rowLines(p unsafe.Pointer, n, limit int) int {
	return min(limit, (int(uintptr(p)&63)+n+63)>>6)
}

// noSkipCovered: experiments: insert walks expand covered members too.
var noSkipCovered = false

// searchLayer0 is searchLayer on layer 0 without an accept filter, the
// path every unfiltered query and every insert spends its time in. Per
// expanded candidate it reads the neighbour block in place (atomically),
// collects the unvisited neighbours, prefetches their vectors, then
// computes the distances, so the memory loads of all neighbours overlap.
//
// With qc != nil (the byte path, codes.go, or SQ8, sq.go) distances are
// computed on codes; a node in a segment without codes falls back to floats.
// With qc == nil a node of a code-only segment is read from its codes with
// distance.L2SquaredFloatUint8 (the float distance, codes.go).
func (h *HNSW) searchLayer0(s *scratch, q []float32, qc []uint8, ef int, f *filter) {
	dir := *h.segs.Load()
	dims, stride, cs := h.cfg.Dims, h.m0, h.cstride
	sumOff := sumOffset(dims)
	lines := min(prefetchVecLines, (dims*4+63)/64+1)
	linesC := min(prefetchVecLines, (cs+63)/64+1)
	linesH := min(prefetchVecLines, (dims*2+63)/64+1)
	l2 := h.cfg.Metric == L2
	sq := s.quantizer(h)
	if qc == nil {
		sq = nil
	}
	sqIP := sq != nil && sq.ip
	rowBytes := dims // the code bytes a distance reads
	if sqIP {
		rowBytes = sumOff + 4
	}
	dupEps := h.dupEps
	if sq != nil && h.cfg.Metric != L2 {
		dupEps = float32(math.NaN()) // approximate code distances (dup.go)
	}
	rec := s.walk.mode // an insert's walk records its distances (walkdist.go)
	skipCovered := s.inserting && !noSkipCovered
	batch := s.batch[:0]
	for len(s.cand) > 0 {
		c := s.cand.pop()
		if full, b := s.bound(ef, f); full && c.dist > b {
			break
		}
		if int(c.id>>segShift) >= len(dir) || dir[c.id>>segShift] == h.hole {
			dir = *h.segs.Load()
		}
		sg := dir[c.id>>segShift]
		o := int(c.id&segMask) * stride
		blk := sg.links0[o : o+stride : o+stride]
		batch = batch[:0]
		for j := range blk {
			w := atomic.LoadUint32(&blk[j])
			nb := w & idMask
			if nb == noNode {
				break
			}
			if skipCovered && j >= 2 && w&(slotCached|slotCovered) == slotCached|slotCovered {
				continue // covered: a nearer kept member leads there (evict.go)
			}
			if s.visited.visit(nb) {
				continue
			}
			if int(nb>>segShift) >= len(dir) || dir[nb>>segShift] == h.hole {
				dir = *h.segs.Load() // nb's segment is newer than dir
			}
			batch = append(batch, nb)
			if lines > 0 {
				vo := int(nb&segMask) * dims
				sg := dir[nb>>segShift]
				if sg.codes != nil && (qc != nil || sg.vecs == nil && sg.halves == nil) {
					p := unsafe.Pointer(&sg.codes[int(nb&segMask)*cs])
					prefetchLines(p, rowLines(p, rowBytes, linesC))
				} else if sg.halves != nil {
					p := unsafe.Pointer(&sg.halves[vo])
					prefetchLines(p, rowLines(p, 2*dims, linesH))
				} else {
					p := unsafe.Pointer(&sg.vecs[vo])
					prefetchLines(p, rowLines(p, 4*dims, lines))
				}
			}
		}
		for _, nb := range batch {
			vo := int(nb&segMask) * dims
			co := int(nb&segMask) * cs
			sg := dir[nb>>segShift]
			var d float32
			if qc != nil && sg.codes != nil {
				c := sg.codes[co : co+dims : co+dims]
				if sqIP { // sq.dist, inlined
					dot := float32(distance.DotUint8(qc, c))
					d = -(sq.c + sq.step*(s.qsum+rowSum(sg.codes, co+sumOff)+sq.step*dot))
				} else {
					d = float32(distance.L2SquaredUint8(qc, c))
					if sq != nil {
						d *= sq.step2
					} else if rec == walkCodes {
						s.walk.record(nb, d)
					}
				}
			} else if sg.halves != nil {
				d = h.halfDist(q, sg.halves[vo:vo+dims:vo+dims])
			} else if sg.vecs == nil {
				d = sane(distance.L2SquaredFloatUint8(q, sg.codes[co:co+dims:co+dims]))
			} else {
				if l2 {
					d = sane(distance.L2Squared(q, sg.vecs[vo:vo+dims:vo+dims]))
				} else if s.sparse { // a densified sparse query (sparse.go)
					d = s.gatherDist(h.cfg.Metric, sg.vecs[vo:vo+dims:vo+dims])
				} else {
					d = h.dist(q, sg.vecs[vo:vo+dims:vo+dims])
				}
				if rec == walkFloats {
					s.walk.record(nb, d)
				}
			}
			x := item{dist: d, id: nb}
			if full, b := s.bound(ef, f); full && x.dist >= b {
				continue
			}
			if d <= dupEps {
				if s.dups >= s.dupCap {
					continue
				}
				s.dups++
			}
			if atomic.LoadUint32(&sg.links0[int(nb&segMask)*stride])&flagCopy != 0 && h.tookCopy(s, x, f) {
				continue
			}
			s.cand.push(x)
			s.res.offer(x, ef)
			if f != nil {
				h.offerResult(s, x, f)
			}
		}
	}
	s.batch = batch
}
