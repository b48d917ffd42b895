package types

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestDriverTypesText checks input then output against PostgreSQL 15
// (DateStyle ISO, TimeZone UTC, bytea_output hex).
func TestDriverTypesText(t *testing.T) {
	tests := []struct {
		t       Type
		in, out string
	}{
		{Bytea, `\x0102FF`, `\x0102ff`},
		{Bytea, `\x 01 02`, `\x0102`},
		{Bytea, `ab\\c\001`, `\x61625c6301`},
		{Bytea, ``, `\x`},
		{Date, "2024-01-02", "2024-01-02"},
		{Date, "2024-01-02 10:11:12", "2024-01-02"},
		{Date, "2000-02-29", "2000-02-29"},
		{Date, "1999-12-31", "1999-12-31"},
		{Date, "0001-01-01 BC", "0001-01-01 BC"},
		{Date, " infinity ", "infinity"},
		{Date, "-Infinity", "-infinity"},
		{Date, "epoch", "1970-01-01"},
		{Timestamp, "2024-01-02 03:04:05.123456", "2024-01-02 03:04:05.123456"},
		{Timestamp, "2024-01-02T03:04:05.1", "2024-01-02 03:04:05.1"},
		{Timestamp, "2024-01-02 03:04:05+05", "2024-01-02 03:04:05"},
		{Timestamp, "1999-12-31 23:59:59.9999995", "2000-01-01 00:00:00"},
		{Timestamp, "1900-03-01 00:00", "1900-03-01 00:00:00"},
		{Timestamp, "294276-12-31 23:59:59.999999", "294276-12-31 23:59:59.999999"},
		{Timestamptz, "2024-01-02 03:04:05+02", "2024-01-02 01:04:05+00"},
		{Timestamptz, "2024-01-02 03:04:05-0330", "2024-01-02 06:34:05+00"},
		{Timestamptz, "2024-01-02T03:04:05Z", "2024-01-02 03:04:05+00"},
		{Timestamptz, "2024-01-02 03:04:05 UTC", "2024-01-02 03:04:05+00"},
		{Timestamptz, "0044-03-15 12:00:00 BC", "0044-03-15 12:00:00+00 BC"},
		{Type{KindTimestamp, 0}, "2024-01-02 03:04:05.5", "2024-01-02 03:04:06"},
		// Rounding is half away from zero around 2000-01-01, as PostgreSQL's.
		{Type{KindTimestamp, 3}, "1999-12-31 23:59:59.9995", "1999-12-31 23:59:59.999"},
		{UUIDType, "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
		{UUIDType, "{a0eebc999c0b4ef8bb6d6bb9bd380a11}", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
		{JSONBType, ` {"b":1,"a" : [true,false,null],"aa":{}} `, `{"a": [true, false, null], "b": 1, "aa": {}}`},
		{JSONBType, `{"a":1,"a":2,"a":3}`, `{"a": 3}`},
		{JSONBType, `[1e3, 1.50, -0, 0.0001e2, 1E-3, -12.5e+1, 5e-1]`, `[1000, 1.50, 0, 0.01, 0.001, -125, 0.5]`},
		{JSONBType, `"a\"\\\/\b\f\n\r\t\u0001\u00e9\ud83d\ude00"`, `"a\"\\/\b\f\n\r\t\u0001é😀"`},
		{JSONBType, `[]`, `[]`},
	}
	for _, tc := range tests {
		d, err := ParseText(tc.t, tc.in)
		if err != nil {
			t.Errorf("%s %q: %v", tc.t.Name(), tc.in, err)
			continue
		}
		if got := string(AppendText(nil, tc.t, d)); got != tc.out {
			t.Errorf("%s %q -> %q, want %q", tc.t.Name(), tc.in, got, tc.out)
		}
	}
}

func TestDriverTypesTextErrors(t *testing.T) {
	tests := []struct {
		t    Type
		in   string
		code pgerror.Code
		msg  string
	}{
		{Bytea, `\x0g`, pgerror.InvalidParameterValue, `invalid hexadecimal digit: "g"`},
		{Bytea, `\x012`, pgerror.InvalidParameterValue, "invalid hexadecimal data: odd number of digits"},
		{Bytea, `a\9`, pgerror.InvalidTextRepresentation, "invalid input syntax for type bytea"},
		{Date, "2023-02-29", "22008", `date/time field value out of range: "2023-02-29"`},
		{Date, "2024/01/02x", pgerror.InvalidDatetimeFormat, `invalid input syntax for type date: "2024/01/02x"`},
		{Timestamp, "2024-01-02 24:00:01", "22008", `date/time field value out of range: "2024-01-02 24:00:01"`},
		{Timestamp, "2024-01-02 03:04:05 nowhere", pgerror.InvalidDatetimeFormat, `invalid input syntax for type timestamp: "2024-01-02 03:04:05 nowhere"`},
		{Timestamptz, "2024-01-02 03:04:05+16", "22009", `time zone displacement out of range: "2024-01-02 03:04:05+16"`},
		{Timestamp, "294277-01-01", "22008", `timestamp out of range: "294277-01-01"`},
		{UUIDType, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1", pgerror.InvalidTextRepresentation, `invalid input syntax for type uuid: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1"`},
		{UUIDType, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-", pgerror.InvalidTextRepresentation, `invalid input syntax for type uuid: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-"`},
		{JSONBType, `{"a" 1}`, pgerror.InvalidTextRepresentation, "invalid input syntax for type json"},
		{JSONBType, `01`, pgerror.InvalidTextRepresentation, "invalid input syntax for type json"},
		{JSONBType, `"\u0000"`, "22P05", "unsupported Unicode escape sequence"},
		{JSONBType, `1e-20000`, pgerror.NumericValueOutOfRange, "value overflows numeric format"},
	}
	for _, tc := range tests {
		_, err := ParseText(tc.t, tc.in)
		pe, ok := err.(*pgerror.Error)
		if !ok || pe.Code != tc.code || pe.Message != tc.msg {
			t.Errorf("%s %q: %v, want %s %s", tc.t.Name(), tc.in, err, tc.code, tc.msg)
		}
	}
}

// TestDriverTypesBinary checks send and receive against PostgreSQL's
// binary forms.
func TestDriverTypesBinary(t *testing.T) {
	tests := []struct {
		t    Type
		text string
		hex  string
	}{
		{Bytea, `\x00ff`, "00ff"},
		{Date, "2000-01-02", "00000001"},
		{Date, "1999-12-31", "ffffffff"},
		{Date, "infinity", "7fffffff"},
		{Timestamp, "2000-01-01 00:00:01.5", "000000000016e360"},
		{Timestamptz, "1999-12-31 23:59:59+00", "fffffffffff0bdc0"},
		{Timestamp, "-infinity", "8000000000000000"},
		{UUIDType, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc999c0b4ef8bb6d6bb9bd380a11"},
		{JSONBType, `{"a": [1, "x"]}`, "01" + hex.EncodeToString([]byte(`{"a": [1, "x"]}`))},
	}
	for _, tc := range tests {
		d, err := ParseText(tc.t, tc.text)
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		bin := AppendBinary(nil, tc.t, d)
		if got := hex.EncodeToString(bin); got != tc.hex {
			t.Errorf("%s %q sends %s, want %s", tc.t.Name(), tc.text, got, tc.hex)
		}
		back, err := DecodeBinary(tc.t, bin)
		if err != nil || Compare(back, d) != 0 {
			t.Errorf("%s %q: receive %v, %v", tc.t.Name(), tc.text, back, err)
		}
	}
	for _, bad := range []struct {
		t    Type
		hex  string
		code pgerror.Code
	}{
		{Date, "000001", pgerror.ProtocolViolation},
		{Timestamp, "7ffffffffffffffe", "22008"},
		{UUIDType, "00", pgerror.ProtocolViolation},
		{UUIDType, "a0eebc999c0b4ef8bb6d6bb9bd380a1100", pgerror.InvalidBinaryRepresentation},
		{JSONBType, "027b7d", pgerror.InvalidParameterValue},
		{JSONBType, "017b", pgerror.InvalidTextRepresentation},
	} {
		b, _ := hex.DecodeString(bad.hex)
		_, err := DecodeBinary(bad.t, b)
		if pe, ok := err.(*pgerror.Error); !ok || pe.Code != bad.code {
			t.Errorf("%s %s: %v, want %s", bad.t.Name(), bad.hex, err, bad.code)
		}
	}
}

func TestDriverTypesCompareAndCast(t *testing.T) {
	parse := func(typ Type, s string) any {
		d, err := ParseText(typ, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	ordered := []struct {
		t    Type
		vals []string
	}{
		{Bytea, []string{`\x`, `\x00`, `\x0001`, `\x01`, `\xff`}},
		{UUIDType, []string{"00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-0000000000ff", "0a000000-0000-0000-0000-000000000000"}},
		{Date, []string{"-infinity", "0001-01-01 BC", "1999-12-31", "2000-01-01", "infinity"}},
		{Timestamptz, []string{"-infinity", "2024-01-02 03:00:00+02", "2024-01-02 02:00:00", "infinity"}},
		// jsonb's B-tree order, checked against PostgreSQL 15.
		{JSONBType, []string{`[]`, `null`, `""`, `"a"`, `"b"`, `-1`, `1`, `1.5`, `2`, `false`, `true`, `[null]`, `[1]`, `[1, 2]`, `{}`, `{"aa": 1}`, `{"b": 1}`, `{"a": 1, "b": 1}`}},
	}
	for _, o := range ordered {
		for i := range o.vals {
			for j := range o.vals {
				want := compareOrdered(int64(i), int64(j))
				if got := Compare(parse(o.t, o.vals[i]), parse(o.t, o.vals[j])); got != want {
					t.Errorf("%s: Compare(%s, %s) = %d, want %d", o.t.Name(), o.vals[i], o.vals[j], got, want)
				}
			}
		}
	}
	if Compare(parse(JSONBType, `[1.0, {"a": 2.50}]`), parse(JSONBType, `[1, {"a": 2.5}]`)) != 0 {
		t.Error("jsonb numbers should compare by value")
	}
	casts := []struct {
		from, to Type
		in, out  string
	}{
		{Date, Timestamp, "2024-01-02", "2024-01-02 00:00:00"},
		{Date, Timestamptz, "infinity", "infinity"},
		{Timestamp, Date, "1999-12-31 23:59:59", "1999-12-31"},
		{Timestamptz, Date, "2000-01-01 00:30:00+01", "1999-12-31"},
		{Timestamp, Timestamptz, "2024-01-02 03:04:05", "2024-01-02 03:04:05+00"},
		{Timestamptz, Type{KindTimestamp, 1}, "2024-01-02 03:04:05.25", "2024-01-02 03:04:05.3"},
		{UUIDType, Text, "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
		{Bytea, Text, `\xdead`, `\xdead`},
		{JSONBType, Text, `{"b":1,"a":2}`, `{"a": 2, "b": 1}`},
	}
	for _, c := range casts {
		d, err := Cast(parse(c.from, c.in), c.from, c.to, false)
		if c.to.Kind == KindText {
			d, err = Cast(parse(c.from, c.in), c.from, c.to, true)
		}
		if err != nil || string(AppendText(nil, c.to, d)) != c.out {
			t.Errorf("%s -> %s of %q: %v, %v; want %q", c.from.Name(), c.to.Name(), c.in, d, err, c.out)
		}
	}
	if d, err := Cast("2024-01-02", Text, Date, true); err != nil || d != int64(8767) {
		t.Errorf("text -> date: %v, %v", d, err)
	}
	if _, err := Cast(parse(UUIDType, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), UUIDType, Bytea, true); err == nil {
		t.Error("uuid -> bytea should be 42846")
	}
}

func TestJSONBOperators(t *testing.T) {
	j := func(s string) JSONB {
		v, err := ParseJSONB(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	contains := []struct {
		a, b string
		want bool
	}{
		{`{"a": 1, "b": [1, 2, {"c": 3}]}`, `{"b": [{"c": 3}]}`, true},
		{`{"a": 1}`, `{"a": 1.0}`, true},
		{`{"a": 1}`, `{}`, true},
		{`{"a": 1}`, `{"a": 2}`, false},
		{`[1, 2]`, `1`, true},
		{`[1, 2]`, `[2, 2, 1]`, true},
		{`1`, `[1]`, false},
		{`"a"`, `"a"`, true},
		{`{"a": [1]}`, `{"a": 1}`, false},
		{`[[1, 2]]`, `[[2]]`, true},
		{`[[1, 2]]`, `[2]`, false},
		{`[{"a": 1}]`, `[[]]`, false},
		{`{"a": 1}`, `[]`, false},
		{`[]`, `{}`, false},
		{`[1, [2]]`, `[[2]]`, true},
	}
	for _, c := range contains {
		if got := j(c.a).Contains(j(c.b)); got != c.want {
			t.Errorf("%s @> %s = %v", c.a, c.b, got)
		}
	}
	doc := j(`{"a": {"b": [10, "x", null]}, "s": "str"}`)
	b, _ := doc.Field("a")
	b, _ = b.Field("b")
	if e, ok := b.Index(-2); !ok || e.String() != `"x"` {
		t.Errorf("-> -2 = %v", e)
	}
	if e, ok := b.Index(2); !ok || e.Kind != JSONNull {
		t.Errorf("-> 2 = %v", e)
	} else if _, ok := e.Text(); ok {
		t.Error("->> of JSON null should be SQL NULL")
	}
	if _, ok := b.Index(3); ok {
		t.Error("-> 3 should be absent")
	}
	if s, ok := doc.Text(); !ok || s != `{"a": {"b": [10, "x", null]}, "s": "str"}` {
		t.Errorf("->> of object = %q", s)
	}
	if e, _ := doc.Field("s"); e.Str != "str" {
		t.Errorf("->> s = %v", e)
	}
	for _, c := range []struct {
		doc, key string
		want     bool
	}{{`{"a": 1}`, "a", true}, {`{"a": 1}`, "b", false}, {`["a", 1]`, "a", true}, {`["1"]`, "1", true}, {`[1]`, "1", false}, {`"a"`, "a", true}, {`{"x": {"a": 1}}`, "a", false}} {
		if got := j(c.doc).Exists(c.key); got != c.want {
			t.Errorf("%s ? %s = %v", c.doc, c.key, got)
		}
	}
	if !bytes.Equal(AppendBinary(nil, JSONBType, j(`[]`)), []byte{1, '[', ']'}) {
		t.Error("jsonb send")
	}
}
