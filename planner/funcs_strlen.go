package planner

import (
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/types"
)

// String length functions (PostgreSQL docs 9.4, Table 9.9, and 9.5 for
// bytea): char_length and character_length are length (characters of
// the text, so a character(n) value counts without its trailing spaces);
// octet_length counts bytes, of a character(n) value with its padding
// (bpcharoctetlen), so octet_length('abc'::char(5)) is 5 while
// length('abc'::char(5)) is 3; bit_length is 8 × the octet_length of
// text (a character(n) value converts to text first) or bytea.
func init() {
	charLength := funcDef{args: []types.Type{types.Text}, ret: types.Int4, strict: true,
		fn: func(_ *env, a []any) (any, error) { return int64(utf8.RuneCountInString(a[0].(string))), nil }}
	funcs["char_length"] = charLength
	funcs["character_length"] = charLength
	octets := func(t types.Type, bits int64) funcDef {
		return funcDef{args: []types.Type{t}, ret: types.Int4, strict: true,
			fn: func(_ *env, a []any) (any, error) {
				switch v := a[0].(type) {
				case string:
					return int64(len(v)) * bits, nil
				case []byte:
					return int64(len(v)) * bits, nil
				}
				return nil, nil
			}}
	}
	bpchar := types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}
	overloads["octet_length"] = []funcDef{octets(types.Text, 1), octets(bpchar, 1), octets(types.Bytea, 1)}
	overloads["bit_length"] = []funcDef{octets(types.Text, 8), octets(types.Bytea, 8)}
}
