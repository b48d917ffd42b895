package vecindex

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"testing"
)

// TestSQ8RecallMatchesFloats: on 3,000 seeded gaussian vectors of 32 dims
// (synthetic), an SQ8 index's recall@10 at ef_search 40 is within 0.02 of
// the float index's (same config otherwise) for L2, InnerProduct and
// Cosine, and every Result.Dist is bit-identical to the float distance.
func TestSQ8RecallMatchesFloats(t *testing.T) {
	const n, dims, k, ef, queries = 3000, 32, 10, 40, 60
	if raceEnabled {
		t.Skip("-race: recall builds are too slow instrumented")
	}
	data := gaussian(n, dims, 11)
	qs := gaussian(queries, dims, 12)
	for _, m := range []Metric{L2, InnerProduct, Cosine} {
		t.Run(m.String(), func(t *testing.T) {
			t.Parallel()
			cfg := Config{Dims: dims, M: 16, EfConstruction: 64, Metric: m, Seed: 1}
			hf := build(t, cfg, data)
			cfg.Quantization = QuantSQ8
			hq := build(t, cfg, data)
			if hq.walkQuant.Load() == nil {
				t.Fatal("SQ8 quantizer not trained")
			}
			var rf, rq float64
			for _, q := range qs {
				want := bruteForce(m, data, q, k, nil)
				rf += recall(hf.Search(q, k, ef, nil), want)
				got := hq.Search(q, k, ef, nil)
				checkSorted(t, got)
				rq += recall(got, want)
				pq := make([]float32, dims)
				hq.prepare(pq, q)
				pv := make([]float32, dims)
				for _, r := range got {
					hq.prepare(pv, data[r.Key])
					if d := hq.dist(pq, pv); math.Float32bits(d) != math.Float32bits(r.Dist) {
						t.Fatalf("key %d: Dist %v, float distance %v", r.Key, r.Dist, d)
					}
				}
			}
			rf, rq = rf/queries, rq/queries
			t.Logf("%v recall@%d ef %d: floats %.4f, SQ8 %.4f", m, k, ef, rf, rq)
			if rq < rf-0.02 {
				t.Errorf("SQ8 recall %.4f, floats %.4f", rq, rf)
			}
		})
	}
}

// TestSQ8L2DistExact: SQ8 L2 results carry distance.L2Squared exactly, and
// a filtered search and an exact-mode search (ef >= Live) still work.
func TestSQ8L2DistExact(t *testing.T) {
	data := gaussian(1500, 16, 3)
	h := build(t, Config{Dims: 16, M: 8, EfConstruction: 40, Metric: L2, Seed: 1, Quantization: QuantSQ8}, data)
	q := gaussian(1, 16, 4)[0]
	want := bruteForce(L2, data, q, 5, nil)
	got := h.Search(q, 5, 2000, nil)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("exact mode: got %v, want %v", got, want)
		}
	}
	even := func(k uint64) bool { return k%2 == 0 }
	wantF := bruteForce(L2, data, q, 5, even)
	gotF := h.Search(q, 5, 200, even)
	if recall(gotF, wantF) < 0.8 {
		t.Fatalf("filtered: got %v, want %v", gotF, wantF)
	}
	for _, r := range h.Search(q, 10, 20, nil) {
		if d := Distance(L2, q, data[r.Key]); d != r.Dist {
			t.Fatalf("key %d: Dist %v, want %v", r.Key, r.Dist, d)
		}
	}
}

// TestSQ8Clamp: a vector outside the trained range is clamped, counted,
// and still found with its exact distance.
func TestSQ8Clamp(t *testing.T) {
	old := sqTrainSize
	sqTrainSize = 100
	defer func() { sqTrainSize = old }()
	data := gaussian(300, 8, 5)
	for j, v := range data {
		for i := range v {
			v[i] = float32(min(math.Abs(float64(v[i]))/4, 1)) // 0..1
			if j < 2 {
				v[i] = float32(j) // the training sample spans 0..1
			}
		}
	}
	h := build(t, Config{Dims: 8, M: 8, EfConstruction: 32, Metric: L2, Seed: 1, Quantization: QuantSQ8}, data)
	if got := h.QuantClamped(); got != 0 {
		t.Fatalf("QuantClamped = %d before outliers", got)
	}
	far := []float32{9, 9, 9, 9, 9, 9, 9, 9.5}
	if err := h.Insert(1000, far); err != nil {
		t.Fatal(err)
	}
	if got := h.QuantClamped(); got != 1 {
		t.Fatalf("QuantClamped = %d, want 1", got)
	}
	r := h.Search(far, 1, 10, nil)
	if len(r) != 1 || r[0].Key != 1000 || r[0].Dist != 0 {
		t.Fatalf("search for the clamped vector: %v", r)
	}
}

// TestSQ8Persist: an SQ8 index round-trips with its quantizer and gives
// the same results; a version-1 checkpoint still loads.
func TestSQ8Persist(t *testing.T) {
	data := gaussian(1200, 16, 8)
	for _, m := range []Metric{L2, Cosine} {
		h := build(t, Config{Dims: 16, M: 8, EfConstruction: 40, Metric: m, Seed: 1, Quantization: QuantSQ8}, data)
		var buf bytes.Buffer
		if _, err := h.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		g, err := ReadFrom(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if g.Config() != h.Config() {
			t.Fatalf("config %+v, want %+v", g.Config(), h.Config())
		}
		a, b := h.walkQuant.Load(), g.walkQuant.Load()
		if b == nil || a.step != b.step || a.lo[3] != b.lo[3] {
			t.Fatalf("quantizer not restored: %+v vs %+v", a, b)
		}
		for _, q := range gaussian(20, 16, 9) {
			x, y := h.Search(q, 10, 30, nil), g.Search(q, 10, 30, nil)
			for i := range x {
				if x[i] != y[i] {
					t.Fatalf("%v: after reload %v, before %v", m, y, x)
				}
			}
		}
	}
	// Version 1: a QuantAuto checkpoint with the version patched back.
	h := build(t, Config{Dims: 16, M: 8, EfConstruction: 40, Metric: L2, Seed: 1}, data)
	var buf bytes.Buffer
	if _, err := h.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	binary.LittleEndian.PutUint32(b[8:], 1)
	body := b[:len(b)-4]
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(body, castagnoli))
	g, err := ReadFrom(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("version 1: %v", err)
	}
	if g.Len() != len(data) || g.Config() != h.Config() {
		t.Fatalf("version 1 load: %d nodes, config %+v", g.Len(), g.Config())
	}
	q := gaussian(1, 16, 10)[0]
	x, y := h.Search(q, 10, 30, nil), g.Search(q, 10, 30, nil)
	for i := range x {
		if x[i] != y[i] {
			t.Fatalf("version 1: after reload %v, before %v", y, x)
		}
	}
}

// TestSQ8ConcurrentTraining: parallel inserts cross the training point
// while searches run (run with -race); afterwards the quantizer is
// published and searches return exact distances.
func TestSQ8ConcurrentTraining(t *testing.T) {
	data := gaussian(2500, 16, 21)
	h, err := New(Config{Dims: 16, M: 8, EfConstruction: 32, Metric: InnerProduct, Seed: 1, Quantization: QuantSQ8})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]uint64, len(data))
	for i := range keys {
		keys[i] = uint64(i)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; h.Len() < len(data); i++ {
			h.Search(data[i%len(data)], 5, 20, nil)
		}
	}()
	if err := h.InsertBatch(keys, data, 4); err != nil {
		t.Fatal(err)
	}
	<-done
	if h.walkQuant.Load() == nil {
		t.Fatal("quantizer not published")
	}
	q := gaussian(1, 16, 22)[0]
	for _, r := range h.Search(q, 10, 40, nil) {
		if d := Distance(InnerProduct, q, data[r.Key]); d != r.Dist {
			t.Fatalf("key %d: Dist %v, want %v", r.Key, r.Dist, d)
		}
	}
}

// TestSQ8L1Floats: QuantSQ8 on L1 (no code kernel) keeps no codes and
// walks on floats.
func TestSQ8L1Floats(t *testing.T) {
	data := gaussian(1100, 8, 30)
	h := build(t, Config{Dims: 8, M: 8, EfConstruction: 32, Metric: L1, Seed: 1, Quantization: QuantSQ8}, data)
	if h.walkQuant.Load() != nil || h.seg(0).codes != nil {
		t.Fatal("L1 index trained a quantizer or keeps codes")
	}
	q := data[7]
	if r := h.Search(q, 1, 20, nil); len(r) != 1 || r[0].Key != 7 || r[0].Dist != 0 {
		t.Fatalf("search for a stored vector: %v", r)
	}
	if _, err := New(Config{Dims: 8, M: 8, EfConstruction: 32, Quantization: QuantNone + 1}); err == nil {
		t.Fatal("New accepted an unknown quantization")
	}
}
