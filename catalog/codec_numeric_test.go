package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestNumericDatumRoundTrip checks that numeric values survive the WAL and
// snapshot value encoding exactly, scale included, next to other datums.
func TestNumericDatumRoundTrip(t *testing.T) {
	texts := []string{"1.50", "10.000", "0", "0.00", "-0.0000001", "0.1",
		"12345678901234567890.123456789012345678", "1e300", "NaN", "Infinity", "-Infinity"}
	var b []byte
	for _, s := range texts {
		n, err := types.ParseNumeric(s)
		if err != nil {
			t.Fatal(err)
		}
		b = appendDatum(b, n)
		b = appendDatum(b, int64(7))
	}
	d := &decoder{b: b}
	for _, s := range texts {
		want, _ := types.ParseNumeric(s)
		got, ok := d.datum().(types.Decimal)
		if !ok || got.String() != want.String() {
			t.Errorf("numeric %s decoded as %v", s, got)
		}
		if i := d.datum(); i != int64(7) {
			t.Fatalf("after %s: next datum %v", s, i)
		}
	}
	if d.err != nil || len(d.b) != 0 {
		t.Fatalf("decoder: %v, %d bytes left", d.err, len(d.b))
	}
	bad := &decoder{b: appendString([]byte{tagNumeric}, "\x00\x01\x00\x00\x12\x34\x00\x00\x00\x01")}
	if v := bad.datum(); v != nil || bad.err == nil {
		t.Errorf("bad numeric sign decoded as %v, error %v", v, bad.err)
	}
}
