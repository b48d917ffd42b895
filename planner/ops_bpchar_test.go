package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestBpcharComparer checks PostgreSQL 15's answers for = and < between
// character(n) and the other string types (results taken from a
// PostgreSQL 15 server).
func TestBpcharComparer(t *testing.T) {
	bp := types.Type{Kind: types.KindBpchar, Typmod: 5}
	vc := types.Type{Kind: types.KindVarchar, Typmod: types.NoTypmod}
	tests := []struct {
		a    types.Type
		x    string
		b    types.Type
		y    string
		want int
	}{
		{bp, "abc  ", types.Text, "abc", 0},    // 'abc'::char(5) = 'abc'::text
		{types.Text, "abc  ", bp, "abc  ", 1},  // 'abc  '::text = 'abc'::char(5) is false
		{bp, "abc  ", types.Text, "abc ", -1},  // 'abc'::char(5) > 'abc '::text is false
		{bp, "abc  ", types.Unknown, "abc", 0}, // 'abc'::char(5) = 'abc'
		{bp, "abc  ", vc, "abc  ", 0},          // 'abc'::char(5) = 'abc  '::varchar
		{vc, "abc  ", bp, "abc", 0},            // 'abc  '::varchar = 'abc'::char(3)
		{bp, "abc  ", bp, "abc", 0},            // 'abc'::char(5) = 'abc'::char(3)
		{bp, "ab   ", bp, "abc", -1},
	}
	for _, tt := range tests {
		cmp, ok := comparerFor(tt.a, tt.b)
		if !ok {
			t.Errorf("%s vs %s: no comparison", tt.a.Name(), tt.b.Name())
			continue
		}
		if got := cmp(tt.x, tt.y); got != tt.want {
			t.Errorf("%s %q vs %s %q = %d, want %d", tt.a.Name(), tt.x, tt.b.Name(), tt.y, got, tt.want)
		}
	}
	if cmp, ok := comparerFor(types.Text, vc); !ok || cmp("abc ", "abc") == 0 {
		t.Error("text vs varchar took the bpchar comparison")
	}
}

// TestBpcharKey checks the B-tree key of a character(n) column: only =
// with a bpchar-compared operand uses the index, through the operand
// padded to n characters.
func TestBpcharKey(t *testing.T) {
	col := types.Type{Kind: types.KindBpchar, Typmod: 5}
	str := func(s string, t types.Type) expr { return &constExpr{t: t, v: s} }
	for _, tt := range []struct {
		col  types.Type
		v    expr
		op   string
		ok   bool
		want any
	}{
		{col, str("abc", types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}), "=", true, "abc  "},
		{col, str("abc   ", types.Type{Kind: types.KindVarchar, Typmod: types.NoTypmod}), "=", true, "abc  "},
		{col, str("abcdef", types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}), "=", true, "abcdef"},
		{col, str("é", types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}), "=", true, "é    "},
		{col, &constExpr{t: col}, "=", true, nil},
		{col, str("abc", types.Text), "=", false, nil},
		{col, str("abc", types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}), "<", false, nil},
		{types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}, str("abc", types.Text), "=", false, nil},
		{types.Text, str("abc", types.Text), "<", true, "abc"},
	} {
		key, ok := bpcharKey(tt.col, tt.v, tt.op)
		if ok != tt.ok {
			t.Errorf("%s %s %v: ok %v, want %v", tt.col.Name(), tt.op, tt.v, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		got, err := key.Eval(&env{})
		if err != nil || got != tt.want {
			t.Errorf("%s %s %v: key %#v, %v; want %#v", tt.col.Name(), tt.op, tt.v, got, err, tt.want)
		}
	}
}
