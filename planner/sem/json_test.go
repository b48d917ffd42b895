package sem

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestAppendJSON pins to_json's text of each kind of value, as
// PostgreSQL 15's datum_to_json writes it.
func TestAppendJSON(t *testing.T) {
	num := func(s string) any { v, _ := types.ParseText(types.Numeric, s); return v }
	tests := []struct {
		t    types.Type
		v    any
		want string
	}{
		{types.Int4, int64(-3), `-3`},
		{types.Float8, 1e20, `1e+20`},
		{types.Float8, 0.5, `0.5`},
		{types.Numeric, num("1.50"), `1.50`},
		{types.Numeric, num("NaN"), `"NaN"`},
		{types.Bool, true, `true`},
		{types.Text, "a\"b\n", `"a\"b\n"`},
		{types.JSONType, ` {"a" : 1} `, ` {"a" : 1} `},
		{types.Int4, nil, `null`},
		{types.Type{Kind: types.KindInt4Array, Typmod: types.NoTypmod}, types.Array{int64(1), nil}, `[1,null]`},
		{types.Timestamptz, int64(0), `"2000-01-01T00:00:00+00:00"`},
	}
	for _, tt := range tests {
		if got := string(appendJSON(nil, tt.t, tt.v)); got != tt.want {
			t.Errorf("appendJSON(%v, %v) = %s, want %s", tt.t, tt.v, got, tt.want)
		}
	}
	if got := string(appendJSONKey(nil, types.Int4, int64(7))); got != `"7"` {
		t.Errorf("key 7 = %s", got)
	}
	if got := string(appendJSONKey(nil, types.Text, "k")); got != `"k"` {
		t.Errorf("key k = %s", got)
	}
}

// TestJSONOperators checks -> and ->> on json keep the source text and
// take the last of duplicate keys.
func TestJSONOperators(t *testing.T) {
	doc := `{"a" : [1,  2], "a": {"b" : "x\u0041"}}`
	j, err := parseJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := jsonOut(types.JSONField(j, "a"))
	if v != `{"b" : "x\u0041"}` {
		t.Errorf("-> = %v", v)
	}
	p := types.Array{"a", "b"}
	if s, _ := jsonTextOut(jsonPath(j, p)); s != "xA" {
		t.Errorf("#>> = %v", s)
	}
	if s, _ := jsonOut(jsonPath(j, types.Array{"a", "z"})); s != nil {
		t.Errorf("absent path = %v", s)
	}
}
