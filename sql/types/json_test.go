package types

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestParseJSONErrors pins json_in's DETAIL and CONTEXT lines, as
// PostgreSQL 15 gives them.
func TestParseJSONErrors(t *testing.T) {
	tests := []struct{ in, detail, context string }{
		{`{"a" 1}`, `Expected ":", but found "1".`, `JSON data, line 1: {"a" 1...`},
		{`{"a":1} x`, `Token "x" is invalid.`, `JSON data, line 1: {"a":1} x`},
		{"[1,\n 2,\n 3 x]", `Token "x" is invalid.`, `JSON data, line 3:  3 x...`},
		{"[\"a\tb\"]", `Character with value 0x09 must be escaped.`, `JSON data, line 1: ["a...`},
		{`["abc" "def"]`, `Expected "," or "]", but found ""def"".`, `JSON data, line 1: ["abc" "def"...`},
		{`[1 -]`, `Token "-" is invalid.`, `JSON data, line 1: [1 -...`},
		{`{"a":1 true}`, `Expected "," or "}", but found "true".`, `JSON data, line 1: {"a":1 true...`},
		{`[1 "abc]`, `Token ""abc]" is invalid.`, `JSON data, line 1: [1 "abc]`},
		{`{"aaaaaaaaaa": 1, "bbbbbbbbbbbbbbbbbb": 2, "cccccccccccccccccc": 3, "dddd": x}`, `Token "x" is invalid.`,
			`JSON data, line 1: ...bbbbbbbbb": 2, "cccccccccccccccccc": 3, "dddd": x...`},
		{`"\u12"`, `"\u" must be followed by four hexadecimal digits.`, `JSON data, line 1: "\u12"`},
		{``, `The input string ended unexpectedly.`, `JSON data, line 1: `},
	}
	for _, tt := range tests {
		_, err := ParseJSON(tt.in)
		pe, ok := err.(*pgerror.Error)
		if !ok || pe.Code != pgerror.InvalidTextRepresentation || pe.Detail != tt.detail || pe.Context != tt.context {
			t.Errorf("ParseJSON(%q) = %#v, want 22P02 %q %q", tt.in, err, tt.detail, tt.context)
		}
	}
}

// TestParseJSONKeepsText checks that json keeps its input verbatim and
// takes what only jsonb refuses.
func TestParseJSONKeepsText(t *testing.T) {
	for _, in := range []string{` {"b" : 1, "b": 2} `, `1e1000000`, `"\u0000"`, `"\ud800"`, `[]`} {
		if got, err := ParseJSON(in); err != nil || got != in {
			t.Errorf("ParseJSON(%q) = %q, %v", in, got, err)
		}
	}
	j, err := ParseJSONTree(`{"a" : [1, 2 ], "a": "x\u0041"}`)
	if err != nil || len(j.Keys) != 2 || j.Elems[0].Raw != "[1, 2 ]" {
		t.Fatalf("tree = %#v, %v", j, err)
	}
	if v, ok := JSONField(j, "a"); !ok || v.Raw != `"x\u0041"` {
		t.Errorf("JSONField = %#v", v)
	}
	if s, ok, err := JSONText(j.Elems[1]); !ok || err != nil || s != "xA" {
		t.Errorf("JSONText = %q %v %v", s, ok, err)
	}
}

// FuzzParseJSON checks that json_in never panics, that what it takes it
// keeps verbatim and parses as a tree, and that jsonb takes no text json
// refuses.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2.5e3, "x\u0041"], "b": null}`, `[1,]`, `"\ud800\udc00"`, "\"a\tb\"", `{"a" 1}`, `-`, `01`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseJSON(s)
		if err != nil {
			if _, jerr := ParseJSONB(s); jerr == nil {
				t.Fatalf("jsonb takes %q, json refuses it: %v", s, err)
			}
			return
		}
		if got != s {
			t.Fatalf("ParseJSON(%q) = %q", s, got)
		}
		if _, err := ParseJSONTree(s); err != nil {
			t.Fatalf("tree of %q: %v", s, err)
		}
		if j, err := ParseJSONEscaped(s); err == nil {
			walkJSONText(t, j)
		}
	})
}

// walkJSONText reads the text of every value of a de-escaped tree, which
// cannot fail.
func walkJSONText(t *testing.T, j JSONB) {
	if _, _, err := JSONText(j); err != nil {
		t.Fatalf("JSONText(%q): %v", j.Raw, err)
	}
	for _, e := range j.Elems {
		walkJSONText(t, e)
	}
}
