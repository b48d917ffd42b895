package sem

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// byteaFuncs are encode(bytea, format) and decode(text, format) for the
// formats hex, base64 and escape (PostgreSQL docs 9.5, Table 9.13;
// encode.c), and length(bytea) (its bytes). Errors as PostgreSQL 15's:
// 22023 unrecognized encoding, odd or bad hexadecimal digits, bad base64
// data. base64 output is wrapped at 76 characters as PostgreSQL's.
var byteaFuncs = []Func{
	{Name: "encode", Args: []types.Type{types.Bytea, types.Text}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return encodeBytes(a[0].([]byte), a[1].(string)) }},
	{Name: "decode", Args: []types.Type{types.Text, types.Text}, Ret: types.Bytea, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return decodeText(a[0].(string), a[1].(string)) }},
	octets("length", types.Bytea, 1),
	{Name: "factorial", Args: []types.Type{types.Int8}, Ret: types.Numeric, Strict: true, Fn: factorial},
}

func unrecognizedEncoding(format string) error {
	return pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized encoding: \"%s\"", format)
}

func encodeBytes(b []byte, format string) (any, error) {
	switch strings.ToLower(format) {
	case "hex":
		return hex.EncodeToString(b), nil
	case "base64":
		s := base64.StdEncoding.EncodeToString(b)
		var out strings.Builder
		for len(s) > 76 {
			out.WriteString(s[:76])
			out.WriteByte('\n')
			s = s[76:]
		}
		out.WriteString(s)
		return out.String(), nil
	case "escape":
		var out strings.Builder
		for _, c := range b {
			switch {
			case c == 0 || c >= 0x80:
				fmt.Fprintf(&out, "\\%03o", c)
			case c == '\\':
				out.WriteString("\\\\")
			default:
				out.WriteByte(c)
			}
		}
		return out.String(), nil
	}
	return nil, unrecognizedEncoding(format)
}

func decodeText(s, format string) (any, error) {
	switch strings.ToLower(format) {
	case "hex":
		return decodeHex(s)
	case "base64":
		clean := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, s)
		b, err := base64.StdEncoding.DecodeString(clean)
		if err != nil {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid base64 end sequence").
				WithHint("Input data is missing padding, is truncated, or is otherwise corrupted.")
		}
		return b, nil
	case "escape":
		return decodeEscape(s)
	}
	return nil, unrecognizedEncoding(format)
}

// decodeHex reads pairs of hex digits, skipping whitespace between pairs.
func decodeHex(s string) (any, error) {
	out := make([]byte, 0, len(s)/2)
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		hi, ok := types.HexValue(c)
		if !ok {
			return nil, badHexDigit(s[i:])
		}
		if i+1 >= len(s) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal data: odd number of digits")
		}
		lo, ok := types.HexValue(s[i+1])
		if !ok {
			return nil, badHexDigit(s[i+1:])
		}
		out = append(out, hi<<4|lo)
		i += 2
	}
	return out, nil
}

func badHexDigit(rest string) error {
	r := []rune(rest)
	return pgerror.Errorf(pgerror.InvalidParameterValue, "invalid hexadecimal digit: \"%c\"", r[0])
}

// decodeEscape reads \\ and \ooo (three octal digits); any other
// backslash is 22P02, as PostgreSQL's esc_decode (types.ParseByteaEscape).
func decodeEscape(s string) (any, error) {
	b, err := types.ParseByteaEscape(s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// maxFactorial is the largest n whose n! fits numeric's 131,072 digits
// before the decimal point (PostgreSQL: 22003 past it).
const maxFactorial = 32177

// factorial is n! as numeric (PostgreSQL 15's numeric_fac). Errors:
// 22003 for a negative n (as PostgreSQL) and past maxFactorial.
func factorial(_ Context, a []any) (any, error) {
	n := a[0].(int64)
	if n < 0 {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "factorial of a negative number is undefined")
	}
	if n > maxFactorial {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")
	}
	f := new(big.Int).MulRange(1, max(n, 1))
	d, err := types.ParseNumeric(f.String())
	if err != nil {
		return nil, err
	}
	return d, nil
}
