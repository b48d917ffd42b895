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
