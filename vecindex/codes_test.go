package vecindex

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// byteVectors returns n vectors of dims integer components in 0..255
// (clustered around 8 centres, like pixel data).
func byteVectors(n, dims int, seed uint64) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 2))
	centres := make([][]float32, 8)
	for i := range centres {
		centres[i] = make([]float32, dims)
		for j := range centres[i] {
			centres[i][j] = float32(r.IntN(256))
		}
	}
	out := make([][]float32, n)
	for i := range out {
		c := centres[r.IntN(len(centres))]
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(min(255, max(0, int(c[j])+r.IntN(81)-40)))
		}
		out[i] = v
	}
	return out
}

// TestByteCodes: an L2 index of byte-valued vectors walks on byte codes,
// returns float32 distances equal to Distance and recall@10 >= 0.95 at
// ef_search 150 (this near-uniform data is hard: 0.84 at 40, both paths); one
// fractional vector switches it to floats for good, after which results
// are still exact and recall holds.
func TestByteCodes(t *testing.T) {
	const dims = 12
	data := byteVectors(3000, dims, 101)
	h := build(t, Config{Dims: dims, M: 12, EfConstruction: 48, Seed: 6}, data)
	if !h.codesOn.Load() {
		t.Fatal("byte-valued data: codes are off")
	}
	checkCodeOnly(t, h, true)
	qs := byteVectors(40, dims, 102)
	// Queries that are not byte-valued walk with the float-to-code kernel.
	for i := range 10 {
		q := slices.Clone(qs[i])
		q[0] += 0.25
		qs = append(qs, q)
	}
	check := func(stage string) {
		t.Helper()
		var sum float64
		for i, q := range qs {
			if i%5 == 0 { // filtered searches walk in floats too
				got := h.Search(q, 10, 150, func(k uint64) bool { return k%2 == 0 })
				for _, r := range got {
					if want := Distance(L2, q, data[r.Key]); r.Dist != want || r.Key%2 != 0 {
						t.Fatalf("%s: filtered: key %d Dist %v, Distance %v", stage, r.Key, r.Dist, want)
					}
				}
			}
			got := h.Search(q, 10, 150, nil)
			checkSorted(t, got)
			for _, r := range got {
				if want := Distance(L2, q, data[r.Key]); r.Dist != want {
					t.Fatalf("%s: key %d Dist %v, Distance %v", stage, r.Key, r.Dist, want)
				}
			}
			// Byte data has many equal distances: count a hit by distance
			// (the ann-benchmarks rule), not by key.
			want := bruteForce(L2, data, q, 10, nil)
			for _, r := range got {
				if r.Dist <= want[len(want)-1].Dist {
					sum += 0.1
				}
			}
		}
		if r := sum / float64(len(qs)); r < 0.95 {
			t.Errorf("%s: recall@10 = %.3f, want >= 0.95", stage, r)
		}
	}
	check("codes")
	frac := make([]float32, dims)
	frac[0] = 0.5
	data = append(data, frac)
	if err := h.Insert(uint64(len(data)-1), frac); err != nil {
		t.Fatal(err)
	}
	if h.codesOn.Load() {
		t.Fatal("codes still on after a fractional vector")
	}
	checkCodeOnly(t, h, false)
	check("floats")
	for _, m := range []Metric{InnerProduct, Cosine, L1} {
		if g, _ := New(Config{Dims: 2, M: 4, EfConstruction: 8, Metric: m}); g.codesOn.Load() {
			t.Errorf("%v: codes on; they are for L2 only", m)
		}
	}
}

// checkCodeOnly fails unless every segment of h is code-only (vecs nil,
// codes present) when on, or has floats and no codes when off.
func checkCodeOnly(t *testing.T, h *HNSW, on bool) {
	t.Helper()
	for i, s := range *h.segs.Load() {
		if (s.vecs == nil) != on || (s.codes != nil) != on {
			t.Fatalf("segment %d: floats %v, codes %v; want code-only %v", i, s.vecs != nil, s.codes != nil, on)
		}
	}
}

// TestByteCodesStored: a code-only index holds one code row (Dims bytes
// rounded up to 4: codeStride) per slot of vectors (no floats), keeps them through Compact and a checkpoint
// (written as floats, so the bytes equal a float index's checkpoint of the
// same graph and load back code-only), and DisableByteCodes gives it
// floats with the same answers.
func TestByteCodesStored(t *testing.T) {
	const dims = 10
	data := byteVectors(1500, dims, 111)
	h := build(t, Config{Dims: dims, M: 8, EfConstruction: 32, Seed: 4}, data)
	h.SetCompactThreshold(0)
	if vecs, _ := h.MemoryBytes(); vecs != 2*segSize*12 {
		t.Errorf("vectors = %d bytes, want %d (codes only)", vecs, 2*segSize*12)
	}
	for k := uint64(0); k < 300; k += 3 {
		h.Delete(k)
	}
	if h.Compact() == 0 {
		t.Fatal("Compact freed nothing")
	}
	checkCodeOnly(t, h, true)
	raw := checkpointOf(t, h)
	g, err := ReadFrom(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	checkCodeOnly(t, g, true)
	if again := checkpointOf(t, g); !bytes.Equal(again, raw) {
		t.Error("re-written checkpoint differs")
	}
	// A float index of the same graph writes the same bytes.
	f, err := ReadFrom(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	f.DisableByteCodes()
	checkCodeOnly(t, f, false)
	if fr := checkpointOf(t, f); !bytes.Equal(fr, raw) {
		t.Error("float index of the same graph writes different bytes")
	}
	for i, q := range byteVectors(20, dims, 112) {
		q[1] += float32(i%2) * 0.5
		a, b := h.Search(q, 10, 60, nil), f.Search(q, 10, 60, nil)
		if len(a) != 10 || len(b) != 10 {
			t.Fatalf("got %d and %d results, want 10", len(a), len(b))
		}
		for j := range a {
			if a[j].Dist != b[j].Dist || a[j].Dist != Distance(L2, q, data[a[j].Key]) {
				t.Fatalf("query %d result %d: codes %v, floats %v, Distance %v", i, j, a[j], b[j], Distance(L2, q, data[a[j].Key]))
			}
		}
	}
}

// TestByteCodesSwitchConcurrent: readers search (byte-valued, fractional
// and filtered queries) while a writer inserts byte-valued vectors, then
// one that is not (dropping the codes under the readers), then more.
// Every result's Dist must equal Distance on its key's vector, and
// afterwards recall@10 (by distance, as byte data has ties) at ef_search
// 150 must stay >= 0.93 (0.95+ without concurrency; TestByteCodes).
func TestByteCodesSwitchConcurrent(t *testing.T) {
	const dims, n, switchAt = 12, 2400, 1600
	data := byteVectors(n, dims, 121)
	for i := switchAt; i < n; i += 4 { // a quarter non-byte afterwards
		data[i][2] += 0.5
	}
	h, _ := New(Config{Dims: dims, M: 12, EfConstruction: 48, Seed: 8})
	for i := range 400 {
		if err := h.Insert(uint64(i), data[i]); err != nil {
			t.Fatal(err)
		}
	}
	qs := byteVectors(60, dims, 122)
	for i := range qs {
		if i%3 == 1 {
			qs[i][0] += 0.25
		}
	}
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer done.Store(true)
		for i := 400; i < n; i++ {
			if err := h.Insert(uint64(i), data[i]); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	var searches, before, after atomic.Int64 // all / begun with codes on / ended with them off
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; !done.Load() || i < 2*len(qs); i++ {
				q := qs[i%len(qs)]
				if h.codesOn.Load() {
					before.Add(1)
				}
				var accept func(uint64) bool
				if i%4 == 3 {
					accept = func(k uint64) bool { return k%2 == 1 }
				}
				for _, r := range h.Search(q, 10, 40, accept) {
					if want := Distance(L2, q, data[r.Key]); r.Dist != want {
						t.Errorf("key %d: Dist %v, Distance %v", r.Key, r.Dist, want)
						return
					}
				}
				searches.Add(1)
				if !h.codesOn.Load() {
					after.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if h.codesOn.Load() {
		t.Fatal("codes still on after non-byte vectors")
	}
	checkCodeOnly(t, h, false)
	var sum float64
	for _, q := range qs {
		got := h.Search(q, 10, 150, nil)
		want := bruteForce(L2, data, q, 10, nil)
		for _, r := range got {
			if r.Dist <= want[len(want)-1].Dist {
				sum += 0.1
			}
		}
	}
	r := sum / float64(len(qs))
	t.Logf("%d searches (%d begun with codes on, %d ended with them off); recall@10 afterwards %.3f",
		searches.Load(), before.Load(), after.Load(), r)
	if before.Load() == 0 || after.Load() == 0 {
		t.Errorf("searches did not span the switch: %d before, %d after", before.Load(), after.Load())
	}
	if r < 0.93 {
		t.Errorf("recall@10 = %.3f after the switch, want >= 0.93", r)
	}
}

func TestToCodes(t *testing.T) {
	dst := make([]uint8, 5)
	if !toCodes(dst, []float32{0, 1, 254, 255, 7}) || dst[2] != 254 {
		t.Errorf("exact bytes: %v", dst)
	}
	for _, v := range [][]float32{{0.5}, {-1}, {256}, {1e9}} {
		if toCodes(dst, v) {
			t.Errorf("%v reported exact", v)
		}
	}
}

// TestCodeStride: code rows take whole 64-byte lines when that costs at
// most 1.3 bytes per dimension, else Dims (plus the SQ8 sum under inner
// product and cosine) rounded up to 4 bytes; the sum sits after the codes
// on a 4-byte boundary, inside the row.
func TestCodeStride(t *testing.T) {
	for _, c := range []struct {
		dims   int
		m      Metric
		stride int
	}{
		{100, Cosine, 128}, {100, InnerProduct, 128}, {100, L2, 128},
		{10, L2, 12}, {10, Cosine, 16}, {32, Cosine, 36}, {50, L2, 64},
		{49, L2, 52}, {784, L2, 832}, {1536, InnerProduct, 1600}, {97, Cosine, 104},
	} {
		got := codeStride(c.dims, c.m)
		if got != c.stride {
			t.Errorf("codeStride(%d, %v) = %d, want %d", c.dims, c.m, got, c.stride)
		}
		if c.m != L2 && sumOffset(c.dims)+4 > got || got*10 > c.dims*13 && got%64 == 0 {
			t.Errorf("codeStride(%d, %v) = %d: no room for the sum at %d, or over 1.3 bytes per dimension", c.dims, c.m, got, sumOffset(c.dims))
		}
	}
	b := alignedBytes(3 * 128)
	if uintptr(unsafe.Pointer(&b[0]))&63 != 0 || len(b) != 3*128 {
		t.Errorf("alignedBytes: start %#x, len %d", uintptr(unsafe.Pointer(&b[0])), len(b))
	}
}
