package vecindex

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// uniform returns n labelled-synthetic vectors of dims i.i.d. U[0,1)
// components from a fixed seed.
func uniform(n, dims int, seed uint64) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 2))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = r.Float32()
		}
		out[i] = v
	}
	return out
}

// recallTies is recall@k that counts ties as hits: the share of want's k
// entries matched by results of got no farther than want's k-th distance
// (plus 1e-6: Distance and Search round Cosine differently). Many rows
// share one vector here, so which of the tied keys a search returns is
// arbitrary; key-based recall would penalise a correct answer.
func recallTies(got, want []Result) float64 {
	if len(want) == 0 {
		return 1
	}
	kth, hit := want[len(want)-1].Dist+1e-6, 0
	for _, g := range got {
		if g.Dist <= kth {
			hit++
		}
	}
	return float64(min(hit, len(want))) / float64(len(want))
}

// dupData returns n labelled-synthetic random vectors (U[0,1)^dims,
// keys 0..n-1) followed by ndup rows holding one vector, [0.5, ..., 0.5]
// (keys n..n+ndup-1), and the order to insert the keys in: as listed
// ("appended": a bulk load then the copies) or shuffled ("interleaved").
func dupData(n, ndup, dims int, order string) (data [][]float32, keys []int) {
	dup := make([]float32, dims)
	for i := range dup {
		dup[i] = 0.5
	}
	data = append(uniform(n, dims, 11), make([][]float32, ndup)...)
	for i := n; i < n+ndup; i++ {
		data[i] = dup
	}
	keys = make([]int, len(data))
	for i := range keys {
		keys[i] = i
	}
	if order == "interleaved" {
		rand.New(rand.NewPCG(13, 3)).Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	}
	return data, keys
}

// insertKeys inserts data[key] under key for keys in order.
func insertKeys(t testing.TB, cfg Config, data [][]float32, keys []int) *HNSW {
	t.Helper()
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range keys {
		if err := h.Insert(uint64(key), data[key]); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// dupHits counts the results that are rows holding the shared vector
// (keys >= n) at distance <= eps from it.
func dupHits(res []Result, n int, eps float32) int {
	c := 0
	for _, r := range res {
		if r.Key >= uint64(n) && r.Dist <= eps {
			c++
		}
	}
	return c
}

// TestRecallDuplicates (synthetic data): 5,000 random 16-dim vectors
// (i.i.d. U[0,1)) plus 2,000 rows that all hold the vector [0.5, ..., 0.5],
// the centre of the cube and so near every walk; pgvector's defaults
// m = 16, ef_construction = 64, searched at ef_search 40, k = 10. Recall
// counts ties as hits (recallTies) against brute force, for 200 random
// queries and for self-queries of 200 rows that are not copies; a query at
// the shared vector must return k copies at distance 0 (also k = ef = 40).
//
// Before copies were handled (dup.go) the copies formed a clique without
// exits and filled the walks' ef nearest: L2 recall@10 0.33 (appended) and
// 0.09 (interleaved), 135 and 158 of 200 self-queries without their own
// row; the same data without copies measures 0.998. Checked with the
// copies inserted after the other rows (a bulk load, or CREATE INDEX over
// it) and interleaved with them, for L2 on floats, Cosine, and L2 on SQ8
// codes.
func TestRecallDuplicates(t *testing.T) {
	const (
		n, ndup, dims, k, ef, queries = 5000, 2000, 16, 10, 40, 200
		minRecall                     = 0.95
	)
	if raceEnabled {
		t.Skip("-race: recall builds are too slow instrumented")
	}
	qs := uniform(queries, dims, 12)
	for _, tc := range []struct {
		order  string
		metric Metric
		quant  Quantization
	}{
		{"appended", L2, QuantAuto},
		{"interleaved", L2, QuantAuto},
		{"interleaved", Cosine, QuantAuto},
		{"appended", L2, QuantSQ8},
	} {
		name := tc.order + "/" + tc.metric.String()
		if tc.quant == QuantSQ8 {
			name += "/sq8"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, keys := dupData(n, ndup, dims, tc.order)
			h := insertKeys(t, Config{Dims: dims, M: 16, EfConstruction: 64, Metric: tc.metric, Seed: 1, Quantization: tc.quant}, data, keys)
			var rq, rs float64
			selfMiss := 0
			for i, q := range qs {
				got := h.Search(q, k, ef, nil)
				checkSorted(t, got)
				rq += recallTies(got, bruteForce(tc.metric, data, q, k, nil))
				self := (i * 25) % n // 200 rows that are not copies
				got = h.Search(data[self], k, ef, nil)
				rs += recallTies(got, bruteForce(tc.metric, data, data[self], k, nil))
				if !slices.ContainsFunc(got, func(r Result) bool { return r.Key == uint64(self) }) {
					selfMiss++
				}
			}
			rq, rs = rq/queries, rs/queries
			t.Logf("recall@%d random queries %.4f, self-queries %.4f, %d/%d self-queries without their row (ef_search %d)",
				k, rq, rs, selfMiss, queries, ef)
			if rq < minRecall || rs < minRecall {
				t.Errorf("recall@%d = %.4f (random), %.4f (self), want >= %.2f", k, rq, rs, minRecall)
			}
			for _, kk := range []int{k, ef} {
				got := h.Search(data[n], kk, ef, nil)
				if c := dupHits(got, n, 1e-6); c != kk {
					t.Errorf("query at the shared vector, k = %d: %d of %d results are copies at distance 0", kk, c, len(got))
				}
			}
		})
	}
}

// TestDuplicatesDeleteCompact (synthetic data): deleting the original of
// the shared vector and most copies, then compacting, leaves a searchable
// graph: a query at the shared vector returns k live copies, recall holds,
// and a surviving copy became the original.
func TestDuplicatesDeleteCompact(t *testing.T) {
	n, ndup, dims, k, ef := 2000, 400, 8, 10, 40
	if raceEnabled {
		n, ndup = 500, 100
	}
	data, keys := dupData(n, ndup, dims, "interleaved")
	h := insertKeys(t, Config{Dims: dims, M: 8, EfConstruction: 32, Metric: L2, Seed: 2}, data, keys)
	h.SetCompactThreshold(0)
	var orig uint32
	copies := 0
	for key := n; key < n+ndup; key++ {
		id := uint32(key)
		if h.isCopy(id) {
			copies++
		} else {
			orig = id
		}
	}
	if copies != ndup-1 {
		t.Fatalf("%d of %d rows at the shared vector are flagged copies, want all but the original", copies, ndup)
	}
	h.Delete(h.key(orig))
	deleted := map[uint64]bool{h.key(orig): true}
	for key := n; key < n+ndup; key += 4 {
		h.Delete(uint64(key))
		deleted[uint64(key)] = true
	}
	if freed := h.Compact(); freed != len(deleted) {
		t.Fatalf("Compact freed %d slots, want %d", freed, len(deleted))
	}
	originals := 0
	for key := n; key < n+ndup; key++ {
		if id := uint32(key); !h.isDead(id) && !h.isCopy(id) {
			originals++
		}
	}
	if originals != 1 {
		t.Errorf("%d live originals of the shared vector after Compact, want 1 (a promoted copy)", originals)
	}
	got := h.Search(data[n], k, ef, nil)
	if c := dupHits(got, n, 0); c != k {
		t.Errorf("query at the shared vector: %d of %d results are copies at distance 0", c, len(got))
	}
	for _, r := range got {
		if deleted[r.Key] {
			t.Errorf("deleted key %d returned", r.Key)
		}
	}
	live := func(key uint64) bool { return !deleted[key] }
	var sum float64
	qs := uniform(100, dims, 14)
	for _, q := range qs {
		sum += recallTies(h.Search(q, k, ef, nil), bruteForce(L2, data, q, k, live))
	}
	if r := sum / float64(len(qs)); r < 0.95 {
		t.Errorf("recall@%d after Compact = %.4f, want >= 0.95", k, r)
	}
	// New copies link to the promoted original.
	if err := h.Insert(uint64(n+ndup), data[n]); err != nil {
		t.Fatal(err)
	}
	if !h.isCopy(uint32(n + ndup)) {
		t.Error("a row inserted at the shared vector after Compact is not a copy")
	}
}

// TestDuplicatesPersist: copy flags survive a checkpoint (version 3), a
// version-2 checkpoint loads with its copies as ordinary nodes, and the
// copy flag in a version-2 checkpoint, or on a reclaimed slot, is refused
// as corrupt.
func TestDuplicatesPersist(t *testing.T) {
	data, keys := dupData(300, 100, 4, "interleaved")
	h := insertKeys(t, Config{Dims: 4, M: 4, EfConstruction: 16, Metric: L2, Seed: 3}, data, keys)
	h.Delete(300) // a tombstoned copy or original keeps its flag too
	raw := checkpointOf(t, h)
	g, err := ReadFrom(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	copies := 0
	for id := range h.n.Load() {
		if h.isCopy(id) != g.isCopy(id) {
			t.Fatalf("node %d: copy flag %v, loaded %v", id, h.isCopy(id), g.isCopy(id))
		}
		if h.isCopy(id) {
			copies++
		}
	}
	if copies < 98 {
		t.Fatalf("%d copies flagged, want at least 98 of 100 rows at one vector", copies)
	}
	if got := g.Search(data[300], 10, 40, nil); dupHits(got, 300, 0) != 10 {
		t.Errorf("loaded index, query at the shared vector: %v", got)
	}
	offs := nodeFlagOffsets(t, g, raw)
	resum := func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(b[:len(b)-4], castagnoli))
		return b
	}
	freeCopy := bytes.Clone(raw)
	freeCopy[offs[0]] = diskFree | diskCopy
	if _, err := ReadFrom(bytes.NewReader(resum(freeCopy))); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "flags 0x6") {
		t.Errorf("reclaimed slot flagged copy: %v, want ErrCorrupt for flags 0x6", err)
	}
	// Rewrite as version 2: flags 4 refused; without them it loads.
	v2 := func(keepCopy bool) []byte {
		b := bytes.Clone(raw)
		binary.LittleEndian.PutUint32(b[8:], 2)
		for _, off := range offs {
			if !keepCopy {
				b[off] &^= diskCopy
			}
		}
		return resum(b)
	}
	if _, err := ReadFrom(bytes.NewReader(v2(true))); !errors.Is(err, ErrCorrupt) {
		t.Errorf("version 2 with copy flags: %v, want ErrCorrupt", err)
	}
	old, err := ReadFrom(bytes.NewReader(v2(false)))
	if err != nil {
		t.Fatalf("version 2: %v", err)
	}
	for id := range old.n.Load() {
		if old.isCopy(id) {
			t.Fatalf("version 2: node %d flagged copy", id)
		}
	}
	if got := old.Search(data[300], 10, 40, nil); len(got) != 10 {
		t.Errorf("version 2: %d results", len(got))
	}
}

// nodeFlagOffsets returns the offset of each node record's flags byte in
// raw, a checkpoint of h without an SQ8 block (persist.go).
func nodeFlagOffsets(t *testing.T, h *HNSW, raw []byte) []int {
	t.Helper()
	off := len(checkpointMagic) + 4*4 + 4 + 8 + 8 + 4*4
	var out []int
	for range h.n.Load() {
		level := int(raw[off+8])
		out = append(out, off+9)
		off += 12 + 4*h.cfg.Dims + 4*(1+h.m0) + level*4*(1+h.m)
	}
	if off != len(raw)-4 {
		t.Fatalf("node records end at %d, trailer at %d", off, len(raw)-4)
	}
	return out
}

// TestConcurrentDuplicates: copies and distinct rows inserted from
// several goroutines while others search at the shared vector (run with
// -race); afterwards a query there returns k copies.
func TestConcurrentDuplicates(t *testing.T) {
	n, ndup := 1500, 1500
	if raceEnabled {
		n, ndup = 300, 300
	}
	data, keys := dupData(n, ndup, 8, "interleaved")
	h, err := New(Config{Dims: 8, M: 8, EfConstruction: 32, Metric: L2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	vecs := make([][]float32, len(keys))
	ukeys := make([]uint64, len(keys))
	for i, key := range keys {
		ukeys[i], vecs[i] = uint64(key), data[key]
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				for _, r := range h.Search(data[n], 10, 40, nil) {
					if r.Key >= uint64(n) && r.Dist != 0 {
						t.Errorf("copy %d at distance %v", r.Key, r.Dist)
					}
				}
			}
		}()
	}
	if err := h.InsertBatch(ukeys, vecs, 4); err != nil {
		t.Error(err)
	}
	close(done)
	wg.Wait()
	if got := h.Search(data[n], 10, 40, nil); dupHits(got, n, 0) != 10 {
		t.Errorf("query at the shared vector: %v", got)
	}
}

// TestDuplicatesNoAlloc: a warm search of an index with copies allocates
// only its result slice, at the shared vector and elsewhere, on floats and
// with SQ8 (whose re-ranking collects the copies among the results).
func TestDuplicatesNoAlloc(t *testing.T) {
	if raceEnabled {
		t.Skip("-race: sync.Pool drops scratch on purpose")
	}
	data, keys := dupData(1000, 300, 8, "interleaved")
	for _, quant := range []Quantization{QuantAuto, QuantSQ8} {
		h := insertKeys(t, Config{Dims: 8, M: 8, EfConstruction: 32, Metric: L2, Seed: 5, Quantization: quant}, data, keys)
		for _, q := range [][]float32{data[1000], data[0]} {
			h.Search(q, 10, 40, nil)
			if a := testing.AllocsPerRun(50, func() { h.Search(q, 10, 40, nil) }); a > 1 {
				t.Errorf("quantization %d: %.1f allocations per search, want 1", quant, a)
			}
		}
	}
}
