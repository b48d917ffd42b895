package sem

import (
	"crypto/md5"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// stringFuncs are PostgreSQL 15's string functions (docs 9.4, Tables 9.9
// and 9.10), counted in characters, with their errors as PostgreSQL's
// (checked against PostgreSQL 15): left and right (a negative count drops
// that many from the other end), lpad and rpad (filled with spaces or the
// fill text, truncated to the length; a length below 1 gives ”), btrim,
// ltrim and rtrim (of spaces or of the given characters), split_part (a
// negative field counts from the end; 22023 for field 0), starts_with,
// strpos (1-based, 0 when absent), reverse, md5 of text or bytea
// (lower-case hex), to_hex of integer and bigint (two's complement of
// negative numbers), chr (22023 for a negative number, 54000 for 0,
// a surrogate or past U+10FFFF), ascii (the first character's code point, 0 for ”), and
// initcap (each run of letters and digits capitalised, the rest lower
// case).
var stringFuncs = []Func{
	textInt("left", func(s []rune, n int64) string { return string(s[:cutAt(len(s), n)]) }),
	textInt("right", func(s []rune, n int64) string { return string(s[len(s)-cutAt(len(s), n):]) }),
	pad("lpad", false), pad("rpad", false), pad("lpad", true), pad("rpad", true),
	trim("btrim", true, true), trim("ltrim", true, false), trim("rtrim", false, true),
	trimSpaces("btrim", true, true), trimSpaces("ltrim", true, false), trimSpaces("rtrim", false, true),
	{Name: "split_part", Args: []types.Type{types.Text, types.Text, types.Int4}, Ret: types.Text, Strict: true, Fn: splitPart},
	{Name: "starts_with", Args: []types.Type{types.Text, types.Text}, Ret: types.Bool, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return strings.HasPrefix(a[0].(string), a[1].(string)), nil }},
	{Name: "strpos", Args: []types.Type{types.Text, types.Text}, Ret: types.Int4, Strict: true, Fn: strpos},
	textFunc("reverse", func(s string) string {
		r := []rune(s)
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		return string(r)
	}),
	textFunc("md5", func(s string) string { h := md5.Sum([]byte(s)); return hex.EncodeToString(h[:]) }),
	{Name: "md5", Args: []types.Type{types.Bytea}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			h := md5.Sum(a[0].([]byte))
			return hex.EncodeToString(h[:]), nil
		}},
	toHex(types.Int4, 32), toHex(types.Int8, 64),
	{Name: "chr", Args: []types.Type{types.Int4}, Ret: types.Text, Strict: true, Fn: chr},
	{Name: "ascii", Args: []types.Type{types.Text}, Ret: types.Int4, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			r, n := utf8.DecodeRuneInString(a[0].(string))
			if n == 0 {
				return int64(0), nil
			}
			return int64(r), nil
		}},
	textFunc("initcap", initcap),
}

func textFunc(name string, fn func(string) string) Func {
	return Func{Name: name, Args: []types.Type{types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(a[0].(string)), nil }}
}

func textInt(name string, fn func(s []rune, n int64) string) Func {
	return Func{Name: name, Args: []types.Type{types.Text, types.Int4}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn([]rune(a[0].(string)), a[1].(int64)), nil }}
}

// cutAt is how many of length characters left(s, n) keeps: n, or all
// but -n for a negative n, within [0, length].
func cutAt(length int, n int64) int {
	if n < 0 {
		n += int64(length)
	}
	return int(min(max(n, 0), int64(length)))
}

// pad is lpad or rpad, with the fill text as a third argument (withFill)
// or spaces.
func pad(name string, withFill bool) Func {
	args := []types.Type{types.Text, types.Int4}
	if withFill {
		args = append(args, types.Text)
	}
	return Func{Name: name, Args: args, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			fill := " "
			if withFill {
				fill = a[2].(string)
			}
			return padText(a[0].(string), a[1].(int64), fill, name == "lpad")
		}}
}

// maxTextBytes is PostgreSQL's limit on a text value (1 GB - 1).
const maxTextBytes = 1<<30 - 1

// padText pads s to n characters with fill (on the left when left),
// truncating a longer s; an empty fill pads nothing. Errors: 54000
// `requested length too large` past the 1 GB limit.
func padText(s string, n int64, fill string, left bool) (any, error) {
	if n <= 0 {
		return "", nil
	}
	if n*4 > maxTextBytes {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "requested length too large")
	}
	have := int64(utf8.RuneCountInString(s))
	if have >= n {
		return s[:runeOffset(s, int(n))], nil
	}
	fillRunes := int64(utf8.RuneCountInString(fill))
	if fillRunes == 0 {
		return s, nil
	}
	need := n - have // characters of padding: whole fills, then a prefix of one
	padding := strings.Repeat(fill, int(need/fillRunes)) + fill[:runeOffset(fill, int(need%fillRunes))]
	if left {
		return padding + s, nil
	}
	return s + padding, nil
}

// runeOffset is the byte offset of s's character k (len(s) past its
// last).
func runeOffset(s string, k int) int {
	for i := range s {
		if k == 0 {
			return i
		}
		k--
	}
	return len(s)
}

func trim(name string, left, right bool) Func {
	return Func{Name: name, Args: []types.Type{types.Text, types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			return trimChars(a[0].(string), a[1].(string), left, right), nil
		}}
}

func trimSpaces(name string, left, right bool) Func {
	return Func{Name: name, Args: []types.Type{types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return trimChars(a[0].(string), " ", left, right), nil }}
}

func trimChars(s, chars string, left, right bool) string {
	in := func(r rune) bool { return strings.ContainsRune(chars, r) }
	if left {
		s = strings.TrimLeftFunc(s, in)
	}
	if right {
		s = strings.TrimRightFunc(s, in)
	}
	return s
}

// splitPart is split_part(s, delim, n): the n-th field (from the end for
// a negative n), ” past the last; an empty delimiter makes s one field.
// Errors: 22023 for n = 0.
func splitPart(_ Context, a []any) (any, error) {
	s, delim, n := a[0].(string), a[1].(string), a[2].(int64)
	if n == 0 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "field position must not be zero")
	}
	fields := []string{s}
	if delim != "" && s != "" {
		fields = strings.Split(s, delim)
	}
	if s == "" {
		return "", nil
	}
	if n < 0 {
		n += int64(len(fields)) + 1
	}
	if n < 1 || n > int64(len(fields)) {
		return "", nil
	}
	return fields[n-1], nil
}

// strpos is the 1-based character position of the first occurrence of
// the substring, 0 when there is none (1 for ”).
func strpos(_ Context, a []any) (any, error) {
	s, sub := a[0].(string), a[1].(string)
	i := strings.Index(s, sub)
	if i < 0 {
		return int64(0), nil
	}
	return int64(utf8.RuneCountInString(s[:i]) + 1), nil
}

// toHex is to_hex of an integer type of the given bits: lower-case hex,
// a negative number as its two's complement in that width.
func toHex(t types.Type, bits uint) Func {
	return Func{Name: "to_hex", Args: []types.Type{t}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			v := uint64(a[0].(int64))
			if bits == 32 {
				v &= 1<<32 - 1
			}
			return strconv.FormatUint(v, 16), nil
		}}
}

// chr is the character of a code point. Errors, as PostgreSQL's for
// UTF-8: 22023 for a negative number, 54000 for 0, surrogates and
// numbers past U+10FFFF.
func chr(_ Context, a []any) (any, error) {
	n := a[0].(int64)
	switch {
	case n < 0:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "character number must be positive")
	case n == 0:
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "null character not permitted")
	case n > unicode.MaxRune:
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "requested character too large for encoding: %d", n)
	case n >= 0xD800 && n <= 0xDFFF:
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "requested character not valid for encoding: %d", n)
	}
	return string(rune(n)), nil
}

// initcap upper-cases the first letter or digit of each run of letters
// and digits and lower-cases the rest.
func initcap(s string) string {
	var b strings.Builder
	inWord := false
	for _, r := range s {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case alnum && !inWord:
			b.WriteRune(unicode.ToUpper(r))
		case alnum:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
		inWord = alnum
	}
	return b.String()
}
