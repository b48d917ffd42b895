package catalog

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// TestFloat32sLittleEndianWords: appendFloat32s writes exactly the
// little-endian words of each float's bits (NaN payloads, -0 and the
// infinities included), after what b held, and readFloat32s reads them
// back bit for bit.
func TestFloat32sLittleEndianWords(t *testing.T) {
	v := []float32{0, float32(math.Copysign(0, -1)), 1.5, -3.25e-38, float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xff800123), math.SmallestNonzeroFloat32, math.MaxFloat32}
	want := []byte{9, 9}
	for _, f := range v {
		want = binary.LittleEndian.AppendUint32(want, math.Float32bits(f))
	}
	got := appendFloat32s([]byte{9, 9}, v)
	if !bytes.Equal(got, want) {
		t.Fatalf("appendFloat32s = % x, want % x", got, want)
	}
	back := make([]float32, len(v))
	readFloat32s(back, got[2:])
	for i := range v {
		if math.Float32bits(back[i]) != math.Float32bits(v[i]) {
			t.Errorf("element %d: bits %08x, want %08x", i, math.Float32bits(back[i]), math.Float32bits(v[i]))
		}
	}
	if out := appendFloat32s([]byte{1}, nil); !bytes.Equal(out, []byte{1}) {
		t.Errorf("empty vector appended % x", out)
	}
}
