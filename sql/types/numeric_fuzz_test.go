package types

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

func FuzzNumericText(f *testing.F) {
	for _, s := range []string{"1.50", "10.000", "1e3", "  2.5 ", "-0.00", ".5", "5.", "1.5e-3", "NaN", "-inf",
		"x", "1e", "1e131071", "1e-16384", "99999999999999999999.99", "-0.0000000001", "+1E+2", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseNumeric(s)
		requirePGError(t, err)
		if err != nil {
			return
		}
		text := n.String()
		if n.IsFinite() {
			_, frac, _ := strings.Cut(text, ".")
			if len(frac) != n.Scale() {
				t.Fatalf("%q prints %q with %d digits after the point, scale %d", s, text, len(frac), n.Scale())
			}
		}
		back, err := ParseNumeric(text)
		if err != nil || back.String() != text || CmpNumeric(back, n) != 0 {
			t.Fatalf("%q -> %q -> %v, %v", s, text, back, err)
		}
		wire := AppendNumericBinary(nil, n)
		fromWire, err := DecodeNumericBinary(wire)
		if err != nil || fromWire.String() != text {
			t.Fatalf("%q binary %x -> %v, %v", s, wire, fromWire, err)
		}
	})
}

func FuzzNumericBinary(f *testing.F) {
	for _, h := range []string{"000200000000000200011388", "0001ffff40000004000f", "00000000d0000020",
		"0002 0000 0000 0001 0001 13eb", "0001 7fff 0000 0000 0001", "0001 0000 0000 0000 2710", "0000 0000 0000 4000"} {
		b, err := hex.DecodeString(strings.ReplaceAll(h, " ", ""))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := DecodeNumericBinary(b)
		requirePGError(t, err)
		if err != nil {
			return
		}
		wire := AppendNumericBinary(nil, n)
		back, err := DecodeNumericBinary(wire)
		if err != nil || back.String() != n.String() {
			t.Fatalf("%x -> %s -> %x -> %v, %v", b, n, wire, back, err)
		}
		if again := AppendNumericBinary(nil, back); !bytes.Equal(again, wire) {
			t.Fatalf("%x re-encodes as %x then %x", b, wire, again)
		}
		if text, err := ParseNumeric(n.String()); err != nil || text.String() != n.String() {
			t.Fatalf("%x text round trip: %v, %v", b, text, err)
		}
	})
}
