package types

import (
	"testing"
)

// roundTrip checks that text output parses back to an equal value and
// that the binary form decodes to an equal value.
func roundTrip(t *testing.T, typ Type, in string, d any) {
	t.Helper()
	text := string(AppendText(nil, typ, d))
	back, err := ParseText(typ, text)
	if err != nil || Compare(back, d) != 0 {
		t.Fatalf("%s %q -> %q -> %v, %v", typ.Name(), in, text, back, err)
	}
	if again := string(AppendText(nil, typ, back)); again != text {
		t.Fatalf("%s %q: output %q then %q", typ.Name(), in, text, again)
	}
	bin, err := DecodeBinary(typ, AppendBinary(nil, typ, d))
	if err != nil || Compare(bin, d) != 0 {
		t.Fatalf("%s %q: binary round trip %v, %v", typ.Name(), in, bin, err)
	}
}

func fuzzText(f *testing.F, typ Type, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseText(typ, s)
		requirePGError(t, err)
		if err == nil {
			roundTrip(t, typ, s, d)
		}
	})
}

func FuzzParseJSONB(f *testing.F) {
	fuzzText(f, JSONBType, []string{`{"b":1,"a":[true,null,"x"]}`, `[1e3, -0.50, 1E-2]`, `"\ud83d\ude00\u00e9\n"`, `{"a":1,"a":2}`,
		`01`, `[1,`, `{"a" 1}`, `"\u0000"`, `1e-20000`, `"\ud800"`, `tru`, ``, ` [ ] `, `{"":{}}`})
}

func FuzzParseTimestamp(f *testing.F) {
	fuzzText(f, Timestamp, []string{"2024-01-02 03:04:05.123456", "2024-01-02T03:04:05Z", "0044-03-15 BC", "infinity",
		"2024-01-02 24:00:00", "294276-12-31 23:59:59.999999", "4714-11-24 00:00:00 BC", "2024-13-01", "epoch"})
}

func FuzzParseTimestamptz(f *testing.F) {
	fuzzText(f, Timestamptz, []string{"2024-01-02 03:04:05+02", "2024-01-02 03:04:05-05:30", "2024-01-02 03:04:05.5 UTC",
		"2024-01-02 03:04:05+1559", "-infinity", "2024-01-02 03:04:05+16"})
}

func FuzzParseDate(f *testing.F) {
	fuzzText(f, Date, []string{"2024-01-02", "2024-02-30", "0001-01-01 BC", "5874897-12-31", "infinity", "2024-01-02 10:00"})
}

func FuzzParseUUID(f *testing.F) {
	fuzzText(f, UUIDType, []string{"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "{A0EEBC999C0B4EF8BB6D6BB9BD380A11}",
		"a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1-", "g0eebc999c0b4ef8bb6d6bb9bd380a11"})
}

func FuzzParseBytea(f *testing.F) {
	fuzzText(f, Bytea, []string{`\x0102ff`, `\x 01 0A`, `ab\\c\001`, `\x0g`, `\x012`, `a\9`, `\\`})
}

// FuzzDecodeDriverBinary feeds arbitrary bytes to each receive function.
func FuzzDecodeDriverBinary(f *testing.F) {
	f.Add(uint8(0), []byte{1, '{', '}'})
	f.Add(uint8(1), []byte{0, 0, 0, 1})
	f.Add(uint8(2), []byte{0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe})
	f.Add(uint8(4), []byte("0123456789abcdef"))
	f.Add(uint8(0), []byte{1, '"', 'a', 0, '"'})
	kinds := []Type{JSONBType, Date, Timestamp, Timestamptz, UUIDType, Bytea}
	f.Fuzz(func(t *testing.T, k uint8, b []byte) {
		typ := kinds[int(k)%len(kinds)]
		d, err := DecodeBinary(typ, b)
		requirePGError(t, err)
		if err == nil {
			roundTrip(t, typ, string(b), d)
		}
	})
}
