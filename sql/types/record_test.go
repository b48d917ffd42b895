package types

import (
	"bytes"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestRecordTextRoundTrip(t *testing.T) {
	ts := []Type{Int4, Text, Text, Text}
	names := []string{"a", "b", "c", "d"}
	r := Record{Names: names, Types: ts, Values: []any{int64(1), "a b", nil, `q"\(`}}
	got := string(AppendRecordText(nil, r))
	if want := `(1,"a b",,"q""\\(")`; got != want {
		t.Fatalf("text %s, want %s", got, want)
	}
	back, err := ParseRecord(got, names, ts)
	if err != nil || Compare(back, r) != 0 {
		t.Fatalf("parse %q: %v %v", got, back, err)
	}
	empty := Record{Names: names[:1], Types: ts[1:2], Values: []any{""}}
	if got := string(AppendRecordText(nil, empty)); got != `("")` {
		t.Fatalf("empty string field %s", got)
	}
}

func TestParseRecordErrors(t *testing.T) {
	ts := []Type{Int4, Text}
	for s, detail := range map[string]string{
		"1,2)":    "Missing left parenthesis.",
		"(1)":     "Too few columns.",
		"(1,2,3)": "Too many columns.",
		`(1,"ab`:  "Unexpected end of input.",
		"(1,2) x": "Junk after right parenthesis.",
		"(1,2":    "Unexpected end of input.",
	} {
		_, err := ParseRecord(s, []string{"a", "b"}, ts)
		e, ok := err.(*pgerror.Error)
		if !ok || e.Code != pgerror.InvalidTextRepresentation || e.Detail != detail {
			t.Errorf("%q: %v (%#v), want %s", s, err, e, detail)
		}
	}
	if r, err := ParseRecord(" ( 5 ,) ", []string{"a", "b"}, ts); err != nil || r.Values[0] != int64(5) || r.Values[1] != nil {
		t.Errorf("spaces around the record: %v %v", r, err)
	}
}

func TestRecordBinaryRoundTrip(t *testing.T) {
	ts := []Type{Int4, Text}
	r := Record{Names: []string{"a", "b"}, Types: ts, Values: []any{int64(7), nil}}
	b := AppendRecordBinary(nil, r)
	want := []byte{0, 0, 0, 2, 0, 0, 0, 23, 0, 0, 0, 4, 0, 0, 0, 7, 0, 0, 0, 25, 0xff, 0xff, 0xff, 0xff}
	if !bytes.Equal(b, want) {
		t.Fatalf("binary % x", b)
	}
	back, err := DecodeRecordBinary(b, r.Names, ts)
	if err != nil || Compare(back, r) != 0 {
		t.Fatalf("decode: %v %v", back, err)
	}
}
