package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestBitsDatum: bit strings of every length 0..17 survive the WAL and
// snapshot encoding exactly, and a record cut inside one fails to decode.
func TestBitsDatum(t *testing.T) {
	for n := range 18 {
		v := types.NewBits(n)
		for i := 0; i < n; i += 3 {
			v.SetBit(i, true)
		}
		b := appendDatum(nil, v)
		d := &decoder{b: b}
		got := d.datum()
		if d.err != nil || len(d.b) != 0 || types.Compare(got, v) != 0 {
			t.Fatalf("len %d: got %v, err %v, %d bytes left", n, got, d.err, len(d.b))
		}
		if n > 0 {
			d = &decoder{b: b[:len(b)-1]}
			if d.datum(); d.err == nil {
				t.Fatalf("len %d: a cut record decoded", n)
			}
		}
	}
}

// TestSparseDatum: sparsevec values survive the WAL and snapshot encoding
// exactly, and a record cut inside one fails to decode.
func TestSparseDatum(t *testing.T) {
	for _, s := range []string{"{}/1", "{1:1.5,3:-2}/5", "{1:1e-40,1000000000:3}/1000000000"} {
		v, err := types.ParseSparsevec(s, types.NoTypmod)
		if err != nil {
			t.Fatal(err)
		}
		b := appendDatum(nil, v)
		d := &decoder{b: b}
		if got := d.datum(); d.err != nil || len(d.b) != 0 || types.Compare(got, v) != 0 {
			t.Fatalf("%s: got %v, err %v", s, got, d.err)
		}
		d = &decoder{b: b[:len(b)-1]}
		if d.datum(); d.err == nil {
			t.Fatalf("%s: a cut record decoded", s)
		}
	}
}
