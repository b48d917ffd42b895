package types

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestNULRejected checks that a 0x00 byte in text arriving from a client
// is PostgreSQL 15's 22021 `invalid byte sequence for encoding "UTF8":
// 0x00` for every string type, in text and binary input, inside binary
// arrays and in binary jsonb (whose text is checked before it is parsed).
func TestNULRejected(t *testing.T) {
	const msg = `invalid byte sequence for encoding "UTF8": 0x00`
	textArr := Type{KindTextArray, NoTypmod}
	// array_send form: 1 dimension, no NULLs, element OID 25, 1 element
	// from 1, one element of 3 bytes "a\0b".
	arrayWire := "00000001 00000000 00000019 00000001 00000001 00000003 610062"
	tests := []struct {
		typ    Type
		binary bool
		input  string // raw bytes (text input) or hex (binary input)
	}{
		{Text, false, "a\x00b"},
		{Type{KindVarchar, 5}, false, "\x00"},
		{Type{KindBpchar, 3}, false, "ab\x00"},
		{Unknown, true, "610062"},
		{Text, true, "610062"},
		{Text, true, "00"},
		{Type{KindVarchar, 5}, true, "610062"},
		{Type{KindBpchar, 3}, true, "610062"},
		{Type{KindVarchar, NoTypmod}, true, "e282ac00"}, // after a valid 3-byte character
		{textArr, true, arrayWire},
		{Type{KindVarcharArray, NoTypmod}, true, strings.Replace(arrayWire, "00000019", "00000413", 1)},
		{JSONBType, true, "01 22 61 00 62 22"}, // version 1, then "a<NUL>b" quoted
		{JSONBType, true, "01 7b7d 00"},        // {} then a NUL
	}
	for _, tt := range tests {
		var err error
		if tt.binary {
			_, err = DecodeBinary(tt.typ, mustHex(t, tt.input))
		} else {
			_, err = ParseText(tt.typ, tt.input)
		}
		wantError(t, tt.typ.Name()+" "+tt.input, err, pgerror.CharacterNotInRepertoire, msg, "")
	}
}

// TestTextWithoutNULAccepted guards the other side: the checks above must
// not refuse valid text, nor a \u0000-free escape in jsonb.
func TestTextWithoutNULAccepted(t *testing.T) {
	for _, tt := range []struct {
		typ  Type
		hex  string
		want any
	}{
		{Text, "", ""},
		{Text, "61e282ac62", "a€b"},
		{Type{KindBpchar, 3}, "61", "a  "},
		{JSONBType, "01 22 61 5c7530303031 22", nil}, // "a\u0001": a control character, escaped
	} {
		d, err := DecodeBinary(tt.typ, mustHex(t, tt.hex))
		if err != nil {
			t.Errorf("%s %s: %v", tt.typ.Name(), tt.hex, err)
			continue
		}
		if tt.want != nil && d != tt.want {
			t.Errorf("%s %s: got %#v, want %#v", tt.typ.Name(), tt.hex, d, tt.want)
		}
	}
}
