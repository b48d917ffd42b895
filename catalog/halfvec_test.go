package catalog

import (
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestHalfvecDatum: a halfvec datum round-trips through the WAL encoding
// at 2 bytes per dimension (plus tag and count), and a cut-short one fails.
func TestHalfvecDatum(t *testing.T) {
	v := make(types.HalfVec, 300)
	for i := range v {
		v[i] = uint16(i*211) & 0x7bff
	}
	b := appendDatum(nil, v)
	if len(b) != 1+2+2*len(v) {
		t.Fatalf("encoded %d bytes, want %d", len(b), 3+2*len(v))
	}
	d := decoder{b: b}
	got := d.datum()
	if d.err != nil || !slices.Equal(got.(types.HalfVec), v) || len(d.b) != 0 {
		t.Fatalf("decoded %v, err %v", got, d.err)
	}
	short := decoder{b: b[:len(b)-1]}
	if short.datum(); short.err == nil {
		t.Fatal("a cut-short halfvec must fail")
	}
}
