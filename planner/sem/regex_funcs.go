package sem

import (
	"regexp"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// regexFuncs are regexp_replace(string, pattern, replacement [, flags])
// and regexp_match(string, pattern [, flags]) (PostgreSQL docs 9.7.3,
// Table 9.10), with patterns compiled as the ~ operators' (compileRegex:
// RE2's subset of PostgreSQL's advanced expressions). regexp_replace
// replaces the first match, every one with flag g; in the replacement \1
// to \9 are the groups, \& the whole match, \\ a backslash. regexp_match
// is the first match's groups as text[] (the whole match when there are
// none; an unmatched group is NULL), NULL when none. Flags: g, i
// (case-insensitive) and c (case-sensitive, the default); PostgreSQL's
// other flags (b e m n p q s t w x) are refused with 0A000, an unknown
// letter with 22023 as PostgreSQL; g in regexp_match with 22023 and its
// hint.
var regexFuncs = []Func{
	{Name: "regexp_replace", Args: []types.Type{types.Text, types.Text, types.Text}, Ret: types.Text, Strict: true,
		Fn: regexpReplace},
	{Name: "regexp_replace", Args: []types.Type{types.Text, types.Text, types.Text, types.Text}, Ret: types.Text, Strict: true,
		Fn: regexpReplace},
	{Name: "regexp_match", Args: []types.Type{types.Text, types.Text}, Ret: textArray, Strict: true, Fn: regexpMatch},
	{Name: "regexp_match", Args: []types.Type{types.Text, types.Text, types.Text}, Ret: textArray, Strict: true, Fn: regexpMatch},
}

// regexFlags reads a flags argument: whether g and i are in effect.
func regexFlags(flags string) (global, fold bool, err error) {
	for _, c := range flags {
		switch c {
		case 'g':
			global = true
		case 'i':
			fold = true
		case 'c':
			fold = false
		case 'b', 'e', 'm', 'n', 'p', 'q', 's', 't', 'w', 'x':
			return false, false, pgerror.NotSupported("regular expression option \"" + string(c) + "\"")
		default:
			return false, false, pgerror.Errorf(pgerror.InvalidParameterValue, "invalid regular expression option: \"%c\"", c)
		}
	}
	return global, fold, nil
}

// regexpArgs compiles a[1] under the flags in a[2], if given.
func regexpArgs(a []any, flagAt int) (*regexp.Regexp, bool, error) {
	flags := ""
	if len(a) > flagAt {
		flags = a[flagAt].(string)
	}
	global, fold, err := regexFlags(flags)
	if err != nil {
		return nil, false, err
	}
	re, err := compileRegex(a[1].(string), fold)
	return re, global, err
}

func regexpReplace(_ Context, a []any) (any, error) {
	re, global, err := regexpArgs(a, 3)
	if err != nil {
		return nil, err
	}
	s, repl := a[0].(string), a[2].(string)
	n := 1
	if global {
		n = -1
	}
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, n) {
		b.WriteString(s[last:m[0]])
		expandReplacement(&b, s, repl, m)
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String(), nil
}

// expandReplacement writes repl for match m of s: \N group N (nothing
// when it did not take part), \& the whole match, \\ one backslash; any
// other backslash is kept.
func expandReplacement(b *strings.Builder, s, repl string, m []int) {
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c != '\\' || i+1 == len(repl) {
			b.WriteByte(c)
			continue
		}
		d := repl[i+1]
		switch {
		case d >= '1' && d <= '9':
			if g := int(d - '0'); 2*g+1 < len(m) && m[2*g] >= 0 {
				b.WriteString(s[m[2*g]:m[2*g+1]])
			}
			i++
		case d == '&':
			b.WriteString(s[m[0]:m[1]])
			i++
		case d == '\\':
			b.WriteByte('\\')
			i++
		default:
			b.WriteByte(c)
		}
	}
}

func regexpMatch(_ Context, a []any) (any, error) {
	re, global, err := regexpArgs(a, 2)
	if err != nil {
		return nil, err
	}
	if global {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "regexp_match() does not support the \"global\" option").
			WithHint("Use the regexp_matches function instead.")
	}
	s := a[0].(string)
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return nil, nil
	}
	if len(m) == 2 {
		return types.Array{s[m[0]:m[1]]}, nil
	}
	out := make(types.Array, 0, len(m)/2-1)
	for g := 1; 2*g < len(m); g++ {
		if m[2*g] < 0 {
			out = append(out, nil)
			continue
		}
		out = append(out, s[m[2*g]:m[2*g+1]])
	}
	return out, nil
}
