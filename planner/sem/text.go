package sem

import (
	"strings"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// textFuncs are string and time functions (PostgreSQL docs 9.4, Table
// 9.9; 9.5 for bytea; 9.9.5). length, char_length and character_length
// count the characters of the text, so a character(n) value counts
// without its trailing spaces; octet_length counts bytes, of a
// character(n) value with its padding (bpcharoctetlen), so
// octet_length('abc'::char(5)) is 5 while length('abc'::char(5)) is 3;
// bit_length is 8 × the octet_length of text (a character(n) value
// converts to text first) or bytea. The current date and time functions
// are in clock.go.
var textFuncs = []Func{
	charCount("length"), charCount("char_length"), charCount("character_length"),
	{Name: "lower", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return strings.ToLower(a[0].(string)), nil }},
	{Name: "upper", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return strings.ToUpper(a[0].(string)), nil }},
	octets("octet_length", types.Text, 1), octets("octet_length", bpchar, 1), octets("octet_length", types.Bytea, 1),
	octets("bit_length", types.Text, 8), octets("bit_length", types.Bytea, 8),
	{Name: "repeat", Args: []types.Type{types.Text, types.Int4}, Ret: types.Text, Strict: true, Fn: repeatText},
}

var bpchar = types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}

func charCount(name string) Func {
	return Func{Name: name, Args: []types.Type{types.Text}, Ret: types.Int4, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return int64(utf8.RuneCountInString(a[0].(string))), nil }}
}

func octets(name string, t types.Type, bits int64) Func {
	return Func{Name: name, Args: []types.Type{t}, Ret: types.Int4, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			switch v := a[0].(type) {
			case string:
				return int64(len(v)) * bits, nil
			case []byte:
				return int64(len(v)) * bits, nil
			}
			return nil, nil
		}}
}

// maxRepeatBytes is PostgreSQL's limit on a text value (1 GB - 1).
const maxRepeatBytes = 1<<30 - 1

// repeatText is repeat(text, count): count < 1 gives the empty string.
// Errors: 54000 `requested length too large` past PostgreSQL's 1 GB value
// limit.
func repeatText(_ Context, a []any) (any, error) {
	s, n := a[0].(string), a[1].(int64)
	if n <= 0 || s == "" {
		return "", nil
	}
	if int64(len(s))*n > maxRepeatBytes {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "requested length too large")
	}
	return strings.Repeat(s, int(n)), nil
}
