package types

import (
	"encoding/hex"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// parseBytea is PostgreSQL's byteain (docs 8.4): `\x` followed by pairs of
// hex digits (whitespace allowed between pairs), or the escape format where
// `\\` is a backslash, `\ooo` an octal byte (first digit 0-3) and any other
// byte stands for itself. Errors: 22023 "invalid hexadecimal digit: "z"" or
// "invalid hexadecimal data: odd number of digits"; 22P02 "invalid input
// syntax for type bytea" for a bad escape.
func parseBytea(s string) ([]byte, error) {
	if len(s) >= 2 && s[0] == '\\' && s[1] == 'x' {
		return parseByteaHex(s[2:])
	}
	return ParseByteaEscape(s)
}

// ParseByteaEscape reads bytea's escape format (PostgreSQL's esc_decode,
// also decode(s, 'escape')): `\\` is a backslash, `\ooo` an octal byte
// (first digit 0-3), any other byte stands for itself. Error: 22P02
// "invalid input syntax for type bytea" for any other backslash.
func ParseByteaEscape(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		switch {
		case i+1 < len(s) && s[i+1] == '\\':
			out = append(out, '\\')
			i++
		case i+3 < len(s) && s[i+1] >= '0' && s[i+1] <= '3' && isOctal(s[i+2]) && isOctal(s[i+3]):
			out = append(out, (s[i+1]-'0')<<6|(s[i+2]-'0')<<3|(s[i+3]-'0'))
			i += 3
		default:
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type bytea")
		}
	}
	return out, nil
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// parseByteaHex is hex_decode: pairs of hex digits, whitespace skipped
// before each pair.
func parseByteaHex(s string) ([]byte, error) {
	out := make([]byte, 0, len(s)/2)
	for i := 0; i < len(s); {
		if isSpaceByte(s[i]) {
			i++
			continue
		}
		hi, ok := HexValue(s[i])
		if !ok {
			return nil, badHexDigit(s[i:])
		}
		if i+1 >= len(s) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal data: odd number of digits")
		}
		lo, ok := HexValue(s[i+1])
		if !ok {
			if isSpaceByte(s[i+1]) {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal data: odd number of digits")
			}
			return nil, badHexDigit(s[i+1:])
		}
		out = append(out, hi<<4|lo)
		i += 2
	}
	return out, nil
}

// badHexDigit names the offending character (one UTF-8 sequence) as
// PostgreSQL's get_hex does.
func badHexDigit(s string) error {
	_, n := utf8.DecodeRuneInString(s) // 1 for an invalid byte
	return pgerror.Errorf(pgerror.InvalidParameterValue, "invalid hexadecimal digit: \"%s\"", s[:n])
}

// HexValue is the value of hexadecimal digit c (either case), false for
// any other byte.
func HexValue(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// appendBytea is byteaout with bytea_output = hex: `\x` and lower-case hex.
func appendBytea(buf, b []byte) []byte {
	buf = append(buf, '\\', 'x')
	return hex.AppendEncode(buf, b)
}
