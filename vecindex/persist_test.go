package vecindex

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"testing"
)

// checkpointOf serializes h.
func checkpointOf(t testing.TB, h *HNSW) []byte {
	t.Helper()
	var b bytes.Buffer
	n, err := h.WriteTo(&b)
	if err != nil || n != int64(b.Len()) {
		t.Fatalf("WriteTo = %d, %v; buffer holds %d", n, err, b.Len())
	}
	return b.Bytes()
}

// TestCheckpointRoundTrip: after WriteTo and ReadFrom, every metric's
// index answers exactly as before (keys and distances, filtered too), keeps
// tombstones, reclaimed slots and counts, and writes the same bytes again.
func TestCheckpointRoundTrip(t *testing.T) {
	data := gaussian(1500, 12, 61)
	qs := gaussian(30, 12, 62)
	for _, m := range []Metric{L2, InnerProduct, Cosine, L1} {
		t.Run(m.String(), func(t *testing.T) {
			h := build(t, Config{Dims: 12, M: 6, EfConstruction: 24, Metric: m, Seed: 3}, data)
			h.SetCompactThreshold(0)
			for k := uint64(0); k < 300; k += 2 {
				h.Delete(k)
			}
			if freed := h.Compact(); freed == 0 {
				t.Fatal("Compact freed nothing")
			}
			for k := uint64(1); k < 200; k += 2 {
				h.Delete(k) // tombstones that stay tombstones
			}
			raw := checkpointOf(t, h)
			g, err := ReadFrom(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if g.Config() != h.Config() || g.Len() != h.Len() || g.Live() != h.Live() {
				t.Fatalf("loaded Config/Len/Live %+v %d %d, want %+v %d %d", g.Config(), g.Len(), g.Live(), h.Config(), h.Len(), h.Live())
			}
			odd := func(k uint64) bool { return k%3 == 1 }
			for _, q := range qs {
				for _, acc := range []func(uint64) bool{nil, odd} {
					if a, b := h.Search(q, 10, 30, acc), g.Search(q, 10, 30, acc); !slices.Equal(a, b) {
						t.Fatalf("results differ after load:\n%v\n%v", a, b)
					}
				}
			}
			if again := checkpointOf(t, g); !bytes.Equal(again, raw) {
				t.Error("re-written checkpoint differs")
			}
			// Reclaimed keys take vectors again in the loaded index; a
			// tombstone takes only its own.
			if err := g.Insert(0, data[5]); err != nil || g.n.Load() != h.n.Load() {
				t.Errorf("insert at a reclaimed key after load: %v; nodes %d, want %d", err, g.n.Load(), h.n.Load())
			}
			if err := g.Insert(1, data[5]); !errors.Is(err, ErrTombstoned) {
				t.Errorf("insert at a tombstone with another vector: %v, want ErrTombstoned", err)
			}
			if err := g.Insert(1, data[1]); err != nil || g.Live() != h.Live()+2 {
				t.Errorf("revive: %v; %d live, want %d", err, g.Live(), h.Live()+2)
			}
		})
	}
}

// TestCheckpointDamage: flipped bytes, truncation, a wrong magic and a wrong
// version are refused with ErrCorrupt or io.ErrUnexpectedEOF, never loaded.
func TestCheckpointDamage(t *testing.T) {
	h := build(t, Config{Dims: 4, M: 4, EfConstruction: 8}, gaussian(50, 4, 63))
	raw := checkpointOf(t, h)
	if _, err := ReadFrom(bytes.NewReader(raw)); err != nil {
		t.Fatalf("intact: %v", err)
	}
	mutate := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(raw)) }
	tests := []struct {
		name string
		raw  []byte
		want error
	}{
		{"empty", nil, io.ErrUnexpectedEOF},
		{"truncated", raw[:len(raw)-7], io.ErrUnexpectedEOF},
		{"no trailer", raw[:len(raw)-4], io.ErrUnexpectedEOF},
		{"magic", mutate(func(b []byte) []byte { b[0] = 'X'; return b }), ErrCorrupt},
		{"version", mutate(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[8:], 9); return b }), ErrCorrupt},
		{"vector bit flip", mutate(func(b []byte) []byte { b[len(b)/2] ^= 0x10; return b }), ErrCorrupt},
		{"crc", mutate(func(b []byte) []byte { b[len(b)-1] ^= 1; return b }), ErrCorrupt},
		{"dims 0", mutate(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 0); return b }), ErrCorrupt},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ReadFrom(bytes.NewReader(tc.raw))
			if g != nil || !errors.Is(err, tc.want) {
				t.Errorf("ReadFrom = %v, %v; want nil, %v", g, err, tc.want)
			}
		})
	}
}

// TestCheckpointEmbedded: ReadFrom stops at the trailer, leaving what
// follows in the stream.
func TestCheckpointEmbedded(t *testing.T) {
	h, _ := New(Config{Dims: 3, M: 4, EfConstruction: 8})
	raw := append(checkpointOf(t, h), "tail"...)
	r := bytes.NewReader(raw)
	if g, err := ReadFrom(r); err != nil || g.Len() != 0 {
		t.Fatalf("empty index: %v, %v", g, err)
	}
	if rest, _ := io.ReadAll(r); string(rest) != "tail" {
		t.Errorf("left %q in the stream, want \"tail\"", rest)
	}
}

// FuzzReadFrom: no input panics ReadFrom; an accepted one yields an index
// that searches, inserts and re-serializes to the same bytes.
func FuzzReadFrom(f *testing.F) {
	h := build(f, Config{Dims: 3, M: 2, EfConstruction: 4, Metric: Cosine}, gaussian(40, 3, 64))
	h.Delete(5)
	f.Add(checkpointOf(f, h))
	e, _ := New(Config{Dims: 2, M: 3, EfConstruction: 5})
	f.Add(checkpointOf(f, e))
	c := build(f, Config{Dims: 4, M: 2, EfConstruction: 4}, byteVectors(30, 4, 65)) // code-only L2
	c.Delete(3)
	f.Add(checkpointOf(f, c))
	data, keys := dupData(30, 20, 3, "interleaved") // copies: flags 4 (dup.go)
	f.Add(checkpointOf(f, insertKeys(f, Config{Dims: 3, M: 2, EfConstruction: 4}, data, keys)))
	f.Add([]byte(checkpointMagic))
	f.Fuzz(func(t *testing.T, raw []byte) {
		g, err := ReadFrom(bytes.NewReader(raw))
		if err != nil {
			return
		}
		g.Search(make([]float32, g.Config().Dims), 3, 8, nil)
		current := binary.LittleEndian.Uint32(raw[8:]) == checkpointVersion // older ones are rewritten as current
		if again := checkpointOf(t, g); current && !bytes.Equal(again, raw[:len(again)]) {
			t.Fatal("accepted checkpoint does not re-serialize to itself")
		}
		_ = g.Insert(uint64(g.n.Load()), make([]float32, g.Config().Dims))
	})
}
