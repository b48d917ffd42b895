package vecindex

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"slices"
	"testing"
)

// byteData returns n vectors of dims whole numbers 0..255 (byte-valued,
// as Fashion-MNIST's pixels) from a fixed seed.
func byteData(n, dims int, seed uint64) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 2))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(r.IntN(256))
		}
		out[i] = v
	}
	return out
}

// TestHalfByteCodes: a Half L2 index of byte-valued vectors keeps byte
// codes beside its halves (3 bytes per dimension) and walks on them, with
// the recall@10 of the same index walking on halves only
// (DisableByteCodes) within 0.01 and each result's distance the exact one
// (at 64 dims every L2 distance is an integer below 2^24). A checkpoint
// round trip keeps the codes; the first vector that is not byte-valued
// drops them (2 bytes per dimension, plus SQ8 codes if QuantAuto's probe
// then takes them), and searches still answer exactly at ef >= Live().
func TestHalfByteCodes(t *testing.T) {
	const n, dims = 3000, 64
	data := byteData(n, dims, 5)
	qs := byteData(50, dims, 6)
	cfg := Config{Dims: dims, M: 8, EfConstruction: 40, Metric: L2, Seed: 1, Half: true}
	codes := build(t, cfg, data)
	halves, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	halves.DisableByteCodes()
	for i, v := range data {
		if err := halves.Insert(uint64(i), v); err != nil {
			t.Fatal(err)
		}
	}
	segs := int64((n + segSize - 1) / segSize)
	if got, _ := codes.MemoryBytes(); !codes.codesOn.Load() || got != 3*dims*segSize*segs {
		t.Fatalf("codes on %v, vector bytes %d, want %d (halves and codes)", codes.codesOn.Load(), got, 3*dims*segSize*segs)
	}
	if got, _ := halves.MemoryBytes(); got != 2*dims*segSize*segs {
		t.Fatalf("halves only: vector bytes %d, want %d", got, 2*dims*segSize*segs)
	}
	for _, r := range codes.Search(qs[0], 10, 40, nil) {
		if want := Distance(L2, qs[0], data[r.Key]); r.Dist != want {
			t.Fatalf("key %d: dist %v, want %v", r.Key, r.Dist, want)
		}
	}
	rc, rh := meanRecall(t, codes, data, qs, 10, 20, nil), meanRecall(t, halves, data, qs, 10, 20, nil)
	t.Logf("recall@10 at ef 20: byte codes %.4f, halves %.4f", rc, rh)
	if rc < rh-0.01 {
		t.Fatalf("recall@10 byte codes %.4f, halves %.4f", rc, rh)
	}
	var buf bytes.Buffer
	if _, err := codes.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFrom(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if c := back.Config(); !c.Half || !back.codesOn.Load() || back.codes(7) == nil || !slices.Equal(back.halves(7), codes.halves(7)) {
		t.Fatalf("after reload: config %+v, codes on %v", c, back.codesOn.Load())
	}
	if a, b := back.Search(qs[0], 10, 40, nil), codes.Search(qs[0], 10, 40, nil); !slices.Equal(a, b) {
		t.Fatalf("after reload %v, before %v", a, b)
	}
	odd := slices.Clone(data[0])
	odd[3] += 0.5
	data = append(data, odd)
	if err := codes.Insert(uint64(n), odd); err != nil {
		t.Fatal(err)
	}
	per := int64(2 * dims) // halves, plus SQ8 codes if the probe took them
	if codes.searchQuant() != nil {
		per += dims
	}
	if got, _ := codes.MemoryBytes(); codes.codesOn.Load() || got != per*segSize*segs {
		t.Fatalf("after a non-byte vector: codes on %v, vector bytes %d, want %d", codes.codesOn.Load(), got, per*segSize*segs)
	}
	for _, q := range append(qs[:5:5], odd) {
		if got, want := codes.Search(q, 10, n+1, nil), bruteForce(L2, data, q, 10, nil); !sameDists(got, want) {
			t.Fatalf("exact search %v, brute force %v", got, want)
		}
	}
}

// sameDists reports whether a and b hold the same distances in order.
func sameDists(a, b []Result) bool {
	return slices.EqualFunc(a, b, func(x, y Result) bool { return x.Dist == y.Dist })
}

// TestHalfSQAuto: on float data (gaussian rounded to halves, 64 dims) a
// Half index under QuantAuto trains SQ8 codes on its widened halves once
// it holds 1,000 vectors, keeps them beside the halves and walks its
// searches on them, with recall@10 within 0.01 of the same index under
// QuantNone (walks on halves) and distances to the stored halves; under
// QuantSQ8 inserts walk on them too.
func TestHalfSQAuto(t *testing.T) {
	if raceEnabled {
		t.Skip("-race: recall builds are too slow instrumented")
	}
	const n, dims, k, ef = 4000, 64, 10, 40
	data := halfData(n, dims, 11)
	qs := halfData(100, dims, 12)
	for _, m := range []Metric{L2, InnerProduct, Cosine} {
		t.Run(m.String(), func(t *testing.T) {
			t.Parallel()
			var rec [3]float64
			for i, q := range []Quantization{QuantNone, QuantAuto, QuantSQ8} {
				h := build(t, Config{Dims: dims, M: 16, EfConstruction: 64, Metric: m, Seed: 1, Half: true, Quantization: q}, data)
				if trained := h.searchQuant() != nil; trained != (q != QuantNone) {
					t.Fatalf("%v: quantizer trained %v", q, trained)
				}
				per := int64(2 * dims)
				if q != QuantNone {
					per += dims
				}
				segs := int64((n + segSize - 1) / segSize)
				if got, _ := h.MemoryBytes(); got < per*segSize*segs {
					t.Fatalf("%v: vector bytes %d, want at least %d", q, got, per*segSize*segs)
				}
				rec[i] = meanRecall(t, h, data, qs, k, ef, nil)
				pq := make([]float32, dims)
				h.prepare(pq, qs[0])
				for _, r := range h.Search(qs[0], k, ef, nil) {
					if want := h.distTo(pq, uint32(r.Key)); r.Dist != want {
						t.Fatalf("%v: key %d dist %v, want the halves' %v", q, r.Key, r.Dist, want)
					}
				}
			}
			t.Logf("%v recall@%d halves %.4f, auto %.4f, sq8 %.4f", m, k, rec[0], rec[1], rec[2])
			if rec[1] < rec[0]-0.01 || rec[2] < rec[0]-0.02 {
				t.Errorf("recall@%d halves %.4f, auto %.4f, sq8 %.4f", k, rec[0], rec[1], rec[2])
			}
		})
	}
}

// TestHalfCheckpointV5: a version 5 checkpoint of a halfvec index (its
// quantization byte 2, the QuantHalf of then, and no half byte) loads as
// Half with QuantAuto, and a v6 checkpoint's half byte above 1 is
// refused as corrupt.
func TestHalfCheckpointV5(t *testing.T) {
	data := byteData(300, 16, 9)
	h := build(t, Config{Dims: 16, M: 8, EfConstruction: 32, Metric: L2, Seed: 1, Half: true}, data)
	var buf bytes.Buffer
	if _, err := h.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	patch := func(version uint32, q, half byte) []byte {
		b := slices.Clone(buf.Bytes())
		binary.LittleEndian.PutUint32(b[8:], version)
		b[25], b[26] = q, half
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(b[:len(b)-4], castagnoli))
		return b
	}
	back, err := ReadFrom(bytes.NewReader(patch(checkpointV5, 2, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if c := back.Config(); !c.Half || c.Quantization != QuantAuto {
		t.Fatalf("v5 QuantHalf loaded as %+v", c)
	}
	if a, b := back.Search(data[3], 5, 50, nil), h.Search(data[3], 5, 50, nil); !slices.Equal(a, b) {
		t.Fatalf("after v5 load %v, before %v", a, b)
	}
	if _, err := ReadFrom(bytes.NewReader(patch(checkpointV6, 0, 2))); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("half byte 2: %v, want ErrCorrupt", err)
	}
	if _, err := ReadFrom(bytes.NewReader(patch(checkpointV5, 0, 1))); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("v5 with a half byte: %v, want ErrCorrupt", err)
	}
}
