package types

import (
	"encoding/hex"
	"slices"
	"strings"
	"testing"
)

// arrayFuzzTypes are the array types the array fuzz targets exercise.
var arrayFuzzTypes = []Type{
	{KindTextArray, NoTypmod}, {KindInt8Array, NoTypmod}, {KindBoolArray, NoTypmod},
	{KindFloat8Array, NoTypmod}, {KindByteaArray, NoTypmod}, {KindUUIDArray, NoTypmod},
	{KindJSONBArray, NoTypmod}, {KindVectorArray, NoTypmod}, {KindDateArray, NoTypmod},
	{KindVarcharArray, 3},
}

// FuzzParseArrayText parses array literals; what parses must print and
// parse back to the same text, and survive the binary format.
func FuzzParseArrayText(f *testing.F) {
	seeds := []string{`{a,"b c",NULL,"","NULL"}`, ` { a b , c } `, `{\NULL}`, `{a\,b}`, `{"a\"b"}`,
		`{1,,2}`, `{`, `{1}x`, `{"a"b}`, `{{1},{2}}`, `{}`, `{ }`, `{1,NULL,-3}`, `{t,f}`, `{"\\x01"}`,
		`{"[1,2]","[3]"}`, `{"{\"a\": 1}"}`, `{2024-01-02}`, `[1:2]={1,2}`, `{a,  }`,
		`{{1,2},{3,4}}`, `[0:1][-2:-1]={{a,b},{c,NULL}}`, ` [2] = { {x} , {"y"} } `, `{{{1}},{{2}}}`, `{{1},{2,3}}`,
		`{{1},{{2}}}`, `{{{1}},{2}}`, `[1:2][3:3]={{1},{2}}`, `[-1-:+2]={1,2,3,4}`, `{{"a"},{b}}`}
	for _, s := range seeds {
		for i := range arrayFuzzTypes {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, s string) {
		typ := arrayFuzzTypes[int(k)%len(arrayFuzzTypes)]
		d, err := ParseText(typ, s)
		requirePGError(t, err)
		if err != nil {
			return
		}
		text := string(AppendText(nil, typ, d))
		back, err := ParseText(typ, text)
		if err != nil || string(AppendText(nil, typ, back)) != text {
			t.Fatalf("%s %q -> %q -> %#v, %v", typ.Name(), s, text, back, err)
		}
		back, err = DecodeBinary(typ, AppendBinary(nil, typ, d))
		if err != nil || string(AppendText(nil, typ, back)) != text {
			t.Fatalf("%s %q binary round trip: %#v, %v", typ.Name(), s, back, err)
		}
	})
}

// FuzzDecodeArrayBinary decodes array_send bytes; what decodes must encode
// and decode to the same value.
func FuzzDecodeArrayBinary(f *testing.F) {
	f.Add(uint8(0), mustHexF("00000001 00000001 00000019 00000003 00000001 00000001 61 ffffffff 00000000"))
	f.Add(uint8(1), mustHexF("00000001 00000000 00000014 00000001 00000001 00000008 0000000000000001"))
	f.Add(uint8(1), mustHexF("00000000 00000000 00000014"))
	f.Add(uint8(7), mustHexF("00000001 00000000 00004001 00000001 00000001 0000000c 0002 0000 3f800000 40000000"))
	f.Add(uint8(1), mustHexF("00000001 00000000 00000014 ffffffff 00000001"))
	f.Add(uint8(2), mustHexF("00000001 00000000 00000010 00000002 00000000 00000001 01 00000001 00"))
	f.Add(uint8(1), mustHexF("00000002 00000001 00000014 00000002 00000000 00000001 00000005 00000008 0000000000000001 ffffffff"))
	f.Add(uint8(1), mustHexF("00000002 00000000 00000014 00000000 00000001 00000003 00000001"))
	f.Fuzz(func(t *testing.T, k uint8, b []byte) {
		typ := arrayFuzzTypes[int(k)%len(arrayFuzzTypes)]
		d, err := DecodeBinary(typ, b)
		requirePGError(t, err)
		if err != nil {
			return
		}
		bin := AppendBinary(nil, typ, d)
		back, err := DecodeBinary(typ, bin)
		if err != nil || !sameArray(d, back) {
			t.Fatalf("%s %x -> %x: %#v, %v; want %#v", typ.Name(), b, bin, back, err, d)
		}
	})
}

// sameArray compares two arrays' shapes and elements (NaN equals NaN).
func sameArray(a, b any) bool {
	da, la, x, _ := ArrayShape(a)
	db, lb, y, _ := ArrayShape(b)
	if len(x) != len(y) || !slices.Equal(da, db) || !slices.Equal(la, lb) {
		return false
	}
	for i := range x {
		if (x[i] == nil) != (y[i] == nil) {
			return false
		}
		if x[i] != nil && !sameDatum(x[i], y[i]) && Compare(x[i], y[i]) != 0 {
			return false
		}
	}
	return true
}

// mustHexF decodes spaced hex for fuzz seeds (panics on bad input).
func mustHexF(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}
