package sem

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// stringMoreFuncs are more of PostgreSQL 15's string functions (docs 9.4,
// Tables 9.9 and 9.10), checked against PostgreSQL 15: replace (every
// occurrence; an empty search string changes nothing), translate (each
// character of from becomes the one at its place in to, or is dropped
// past to's end), position(substring IN string) (strpos with its
// arguments swapped, as the grammar passes them), overlay(string PLACING
// new FROM start [FOR count]) (count defaults to new's length; 22011 for
// a start below 1 or a negative count), and concat_ws(sep, x, ...) (the
// non-NULL arguments' text joined by sep; NULL when sep is NULL).
var stringMoreFuncs = []Func{
	{Name: "replace", Args: []types.Type{types.Text, types.Text, types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			if a[1].(string) == "" {
				return a[0], nil
			}
			return strings.ReplaceAll(a[0].(string), a[1].(string), a[2].(string)), nil
		}},
	{Name: "translate", Args: []types.Type{types.Text, types.Text, types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			return translate(a[0].(string), a[1].(string), a[2].(string)), nil
		}},
	{Name: "position", Args: []types.Type{types.Text, types.Text}, Ret: types.Int4, Strict: true, Fn: strpos},
	{Name: "overlay", Args: []types.Type{types.Text, types.Text, types.Int4, types.Int4}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			return overlay(a[0].(string), a[1].(string), a[2].(int64), a[3].(int64))
		}},
	{Name: "overlay", Args: []types.Type{types.Text, types.Text, types.Int4}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			return overlay(a[0].(string), a[1].(string), a[2].(int64), int64(utf8.RuneCountInString(a[1].(string))))
		}},
	{Name: "concat_ws", Args: []types.Type{types.Text, Any}, Variadic: true, Ret: types.Text, Volatility: Stable,
		Specialize: concatWS},
}

// translate maps each character of s found in from to the character at
// the same place in to, dropping it when to is shorter; the first
// occurrence in from wins.
func translate(s, from, to string) string {
	f, t := []rune(from), []rune(to)
	var b strings.Builder
	for _, r := range s {
		i := -1
		for j, c := range f {
			if c == r {
				i = j
				break
			}
		}
		switch {
		case i < 0:
			b.WriteRune(r)
		case i < len(t):
			b.WriteRune(t[i])
		}
	}
	return b.String()
}

// overlay replaces count characters of s from start (1-based) by repl,
// as PostgreSQL's text_overlay: s's characters before start, repl, then
// s from start + count on (all of s when that is before its first
// character, so a negative count repeats characters). Errors: 22011
// negative substring length not allowed, for start < 1; 22003 integer
// out of range when start + count passes int4.
func overlay(s, repl string, start, count int64) (any, error) {
	if start < 1 {
		return nil, pgerror.New(pgerror.SubstringError, "negative substring length not allowed")
	}
	end := start + count
	if end > math.MaxInt32 || end < math.MinInt32 {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
	}
	r := []rune(s)
	head := min(start-1, int64(len(r)))
	tail := min(max(end-1, 0), int64(len(r)))
	return string(r[:head]) + repl + string(r[tail:]), nil
}

// concatWS is concat_ws's implementation for arguments of types ts (the
// separator first).
func concatWS(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		if a[0] == nil {
			return nil, nil
		}
		sep, _ := a[0].(string)
		var sb []byte
		first := true
		for i := 1; i < len(a); i++ {
			if a[i] == nil {
				continue
			}
			if !first {
				sb = append(sb, sep...)
			}
			first = false
			sb = types.AppendText(sb, ts[i], a[i])
		}
		return string(sb), nil
	}
}
