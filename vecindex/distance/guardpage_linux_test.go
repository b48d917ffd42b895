//go:build linux

package distance

import (
	"math"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// guardedRegion maps data bytes followed by one PROT_NONE page and returns
// the data part: any read past its end faults (SIGSEGV kills the test), so
// a vector placed to end exactly at the boundary proves a kernel reads
// nothing after the slice — not even bytes a masked load would discard.
func guardedRegion(t *testing.T, data int) []byte {
	t.Helper()
	ps := os.Getpagesize()
	data = (data + ps - 1) / ps * ps
	mem, err := syscall.Mmap(-1, 0, data+ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[data:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return mem[:data]
}

// atEnd returns a length-n slice of T occupying the last n·size(T) bytes of
// region.
func atEnd[T any](region []byte, n int) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if n == 0 {
		return []T{}
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&region[len(region)-n*size])), n)
}

// TestGuardPage runs every kernel of every implementation on vectors ending
// at an unreadable page, for every length 0..maxLen.
func TestGuardPage(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ra, rb := guardedRegion(t, 8*maxLen), guardedRegion(t, 8*maxLen)
	for n := 0; n <= maxLen; n++ {
		a, b := atEnd[float32](ra, n), atEnd[float32](rb, n)
		copy(a, smallInts(r, n))
		copy(b, smallInts(r, n))
		for _, s := range floatSets() {
			if s.missing != "" {
				continue
			}
			checkEqual(t, s.name, "L2Squared", n, s.l2(a, b), l2SquaredGo(a, b))
			checkEqual(t, s.name, "Dot", n, s.dot(a, b), dotGo(a, b))
			checkEqual(t, s.name, "L1", n, s.l1(a, b), l1Go(a, b))
			d, na, nb := s.cosine(a, b)
			wd, wna, wnb := cosinePartsGo(a, b)
			if d != wd || na != wna || nb != wnb || math.IsNaN(float64(d)) {
				t.Fatalf("%s CosineParts n=%d: got %v %v %v, want %v %v %v", s.name, n, d, na, nb, wd, wna, wnb)
			}
		}
		cu := atEnd[uint8](rb, n)
		copy(cu, randUint8s(r, n))
		for _, s := range floatSets() {
			if s.missing == "" {
				checkEqual(t, s.name, "L2SquaredFloatUint8", n, s.l2u8(a, cu), s.l2(a, toFloats(cu)))
			}
		}
		ai, bi := atEnd[int8](ra, n), atEnd[int8](rb, n)
		copy(ai, randInt8s(r, n))
		copy(bi, randInt8s(r, n))
		au, bu := atEnd[uint8](ra, n), atEnd[uint8](rb, n)
		for _, s := range quantSets() {
			if s.missing != "" {
				continue
			}
			checkInt(t, s.name, "DotInt8", n, int64(s.dotI8(ai, bi)), int64(dotInt8Go(ai, bi)))
			checkInt(t, s.name, "L2SquaredInt8", n, int64(s.l2I8(ai, bi)), int64(l2SquaredInt8Go(ai, bi)))
			checkInt(t, s.name, "DotUint8", n, int64(s.dotU8(au, bu)), int64(dotUint8Go(au, bu)))
			checkInt(t, s.name, "L2SquaredUint8", n, int64(s.l2U8(au, bu)), int64(l2SquaredUint8Go(au, bu)))
		}
		wa, wb := atEnd[uint64](ra, n), atEnd[uint64](rb, n)
		copy(wa, randUint64s(r, n))
		copy(wb, randUint64s(r, n))
		for _, s := range hammingSets() {
			if s.missing != "" {
				continue
			}
			checkInt(t, s.name, "HammingUint64", n, int64(s.fn(wa, wb)), int64(hammingUint64Go(wa, wb)))
		}
	}
}

// TestSparseGatherGuardPage: every SparseGather implementation reads no
// pair slot past the slice end and gathers no query element at or past
// len(q) (indices up to twice len(q)), with both slices ending at an
// unreadable page, for every pair count 0..maxLen/2.
func TestSparseGatherGuardPage(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	rq, rp := guardedRegion(t, 4*maxLen), guardedRegion(t, 4*maxLen)
	q := atEnd[float32](rq, maxLen/2)
	for i := range q {
		q[i] = float32(r.NormFloat64())
	}
	for n := 0; n <= maxLen/2; n++ {
		p := atEnd[float32](rp, 2*n)
		for k := range n {
			p[2*k] = math.Float32frombits(uint32(r.IntN(2 * len(q))))
			p[2*k+1] = float32(r.NormFloat64())
		}
		w0, _, _, w3 := sparseGatherGo(q, p)
		for _, s := range asmSparseSets() {
			if s.missing != "" {
				continue
			}
			d0, _, _, d3 := s.gather(q, p)
			if math.Abs(float64(d0-w0)) > 1e-4*max(1, math.Abs(float64(w0))) || math.Abs(float64(d3-w3)) > 1e-4*max(1, float64(w3)) {
				t.Fatalf("%s n=%d: dot %v vv %v, want %v %v", s.name, n, d0, d3, w0, w3)
			}
		}
	}
}
