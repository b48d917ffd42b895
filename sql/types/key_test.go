package types

import (
	"bytes"
	"testing"
)

// TestAppendKeyMatchesCompare checks, for values of every type and every
// array type, that two values have equal keys exactly when Compare says
// they are equal, including the pairs equal without being identical
// (1.5 = 1.50, -0 = 0, NaN = NaN, jsonb 1.0 = 1).
func TestAppendKeyMatchesCompare(t *testing.T) {
	inputs := map[string][]string{
		"bool":        {"t", "f", "true"},
		"int2":        {"1", "-1", "0", "32767"},
		"int4":        {"1", "01", "-2147483648"},
		"int8":        {"1", "2", "9223372036854775807"},
		"float4":      {"0", "-0", "NaN", "1.5", "Infinity", "-Infinity"},
		"float8":      {"0", "-0", "NaN", "-NaN", "1.5", "1.50", "1e300"},
		"numeric":     {"1.5", "1.50", "1.500", "2", "2.0", "0", "0.00", "-0.0", "NaN", "Infinity", "-Infinity", "15"},
		"text":        {"", "a", "ab", "a\x01b"},
		"varchar":     {"x", "x ", "y"},
		"bpchar":      {"x", "x ", "yy"},
		"bytea":       {`\x`, `\x00`, `\x0000`, `\xff`},
		"date":        {"2020-01-01", "2020-01-02", "infinity"},
		"timestamp":   {"2020-01-01 00:00:00", "2020-01-01 00:00:00.000001"},
		"timestamptz": {"2020-01-01 00:00:00+00", "2020-01-01 01:00:00+01", "2020-01-01 00:00:01+00"},
		"uuid":        {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "00000000-0000-0000-0000-000000000000"},
		"jsonb": {`1`, `1.0`, `1.10`, `1.1`, `[1]`, `[1.00]`, `"1"`, `null`, `true`, `false`, `[]`, `{}`,
			`{"a":1}`, `{"a":1.0}`, `{"a":"1"}`, `{"a":1,"b":2}`, `{"b":2,"a":1.00}`, `[[1],2]`, `[1,[2]]`, `0.0`, `-0`, `0`},
		"vector": {"[1,2]", "[1.0,2.00]", "[0]", "[-0]", "[1,2,3]", "[2,1]"},
	}
	arrays := map[string][]string{
		"bool":        {"{t,f}", "{t,NULL}", "{}", "{NULL}"},
		"int2":        {"{1,2}", "{1,NULL}", "{}"},
		"int4":        {"{1,2}", "{01,2}", "{2,1}", "{NULL}"},
		"int8":        {"{1}", "{1,1}", "{}"},
		"float4":      {"{0}", "{-0}", "{NaN}", "{1.5,NULL}"},
		"float8":      {"{0,1}", "{-0,1}", "{NaN}", "{1}"},
		"numeric":     {"{1.5,2}", "{1.50,2.0}", "{1.5}", "{NULL,1}"},
		"text":        {`{a,b}`, `{ab}`, `{"a,b"}`, `{NULL}`, `{""}`, `{}`},
		"varchar":     {`{a}`, `{b}`},
		"bpchar":      {`{a}`, `{b}`},
		"bytea":       {`{"\\x00"}`, `{"\\x0000"}`, `{"\\x"}`},
		"date":        {"{2020-01-01}", "{2020-01-02}"},
		"timestamp":   {`{"2020-01-01 00:00:00"}`, `{"2020-01-01 00:00:01"}`},
		"timestamptz": {`{"2020-01-01 00:00:00+00"}`, `{"2020-01-01 01:00:00+01"}`},
		"uuid":        {"{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}", "{00000000-0000-0000-0000-000000000000}"},
		"jsonb":       {`{"1","1.0"}`, `{"1.00","1"}`, `{"[1]"}`, `{"{\"a\":1}"}`, `{"{\"a\":1.0}"}`},
		"vector":      {`{"[1,2]"}`, `{"[1.0,2]"}`, `{"[-0]"}`, `{"[0]"}`},
	}
	for name, texts := range inputs {
		checkKeys(t, name, texts)
		checkKeys(t, name+"[]", arrays[name])
	}
}

// checkKeys parses texts as type name and compares keys pairwise.
func checkKeys(t *testing.T, name string, texts []string) {
	t.Helper()
	typ, err := LookupType(name, nil)
	if err != nil {
		t.Fatalf("type %s: %v", name, err)
	}
	vals := make([]any, len(texts))
	for i, s := range texts {
		if vals[i], err = ParseText(typ, s); err != nil {
			t.Fatalf("%s %q: %v", name, s, err)
		}
	}
	for i, a := range vals {
		for j, b := range vals {
			eq := Compare(a, b) == 0
			same := bytes.Equal(AppendKey(nil, a), AppendKey(nil, b))
			if eq != same {
				t.Errorf("%s: %q vs %q: Compare equal %v, keys equal %v", name, texts[i], texts[j], eq, same)
			}
		}
	}
}

// TestAppendKeyConcatenation checks that keys of value sequences (rows)
// do not collide by shifting bytes from one value into the next.
func TestAppendKeyConcatenation(t *testing.T) {
	rows := [][]any{
		{"ab", "c"}, {"a", "bc"}, {"abc", nil}, {nil, "abc"},
		{[]byte("a"), []byte("")}, {[]byte(""), []byte("a")},
		{Array{"a", "b"}, Array{}}, {Array{"a"}, Array{"b"}}, {Array{}, Array{"a", "b"}},
	}
	seen := map[string]int{}
	for i, r := range rows {
		var k []byte
		for _, v := range r {
			k = AppendKey(k, v)
		}
		if j, dup := seen[string(k)]; dup {
			t.Errorf("rows %v and %v share a key", rows[j], r)
		}
		seen[string(k)] = i
	}
}

// TestAppendKeyJSONZero checks a jsonb negative zero built outside the
// parser (which drops the sign): Compare calls it 0, so must the key.
func TestAppendKeyJSONZero(t *testing.T) {
	a, b := JSONB{Kind: JSONNumber, Str: "-0.0"}, JSONB{Kind: JSONNumber, Str: "0"}
	if Compare(a, b) != 0 || !bytes.Equal(AppendKey(nil, a), AppendKey(nil, b)) {
		t.Errorf("-0.0 and 0: Compare %d, keys %q %q", Compare(a, b), AppendKey(nil, a), AppendKey(nil, b))
	}
}
