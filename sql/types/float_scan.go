package types

import (
	"math"
	"strconv"
	"strings"
)

// isCSpace is C's isspace in the C locale, which pgvector and PostgreSQL's
// numeric input functions skip.
func isCSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// trimCSpace trims isCSpace bytes from both ends of s.
func trimCSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isCSpace(s[i]) {
		i++
	}
	for j > i && isCSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHexDigit(c byte) bool {
	return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// scanFloat returns the length of the longest prefix of s that C's strtod
// reads as a number, 0 if none: an optional sign, then decimal digits with
// an optional point and exponent, hexadecimal "0x" digits with an optional
// point and "p" exponent, "inf", "infinity", "nan" or "nan(chars)", in any
// case (C11 7.22.1.3).
func scanFloat(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	rest := s[i:]
	switch {
	case hasPrefixFold(rest, "infinity"):
		return i + 8
	case hasPrefixFold(rest, "inf"):
		return i + 3
	case hasPrefixFold(rest, "nan"):
		return i + 3 + scanNaNChars(rest[3:])
	case len(rest) > 2 && rest[0] == '0' && rest[1]|0x20 == 'x':
		if n := scanMantissa(rest[2:], isHexDigit); n > 0 {
			return i + 2 + n + scanExponent(rest[2+n:], 'p')
		}
	}
	n := scanMantissa(rest, isDigit)
	if n == 0 {
		return 0
	}
	return i + n + scanExponent(rest[n:], 'e')
}

// scanMantissa returns the length of digits[.digits] (at least one digit).
func scanMantissa(s string, digit func(byte) bool) int {
	i, nd := 0, 0
	for i < len(s) && digit(s[i]) {
		i++
		nd++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && digit(s[i]) {
			i++
			nd++
		}
	}
	if nd == 0 {
		return 0
	}
	return i
}

// scanExponent returns the length of an exponent (mark, sign, digits) at
// the start of s, 0 when there is no complete one.
func scanExponent(s string, mark byte) int {
	if len(s) == 0 || s[0]|0x20 != mark {
		return 0
	}
	i := 1
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	start := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == start {
		return 0
	}
	return i
}

// scanNaNChars returns the length of "(n-char-sequence)" after "nan".
func scanNaNChars(s string) int {
	if len(s) == 0 || s[0] != '(' {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ')':
			return i + 1
		case isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'z' || c == '_':
		default:
			return 0
		}
	}
	return 0
}

// convResult is what strtod reports beside the value.
type convResult uint8

const (
	convOK        convResult = iota
	convOverflow             // finite input beyond the range: ±Inf (ERANGE)
	convUnderflow            // nonzero input that rounds to zero (ERANGE)
)

// convertFloat converts a token accepted by scanFloat to the nearest value
// of the given bit size (32 or 64), as strtof/strtod do.
func convertFloat(tok string, bitSize int) (float64, convResult) {
	body := tok
	neg := false
	if len(body) > 0 && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	var v float64
	switch {
	case hasPrefixFold(body, "inf"):
		v = math.Inf(1)
	case hasPrefixFold(body, "nan"):
		return math.NaN(), convOK
	default:
		if len(body) > 1 && body[1]|0x20 == 'x' && !strings.ContainsAny(body, "pP") {
			body += "p0" // Go requires the binary exponent C makes optional
		}
		var err error
		v, err = strconv.ParseFloat(body, bitSize)
		if err != nil && math.IsInf(v, 0) {
			return signed(v, neg), convOverflow
		}
		if v == 0 && hasNonzeroMantissa(body) {
			return signed(0, neg), convUnderflow
		}
	}
	return signed(v, neg), convOK
}

func signed(v float64, neg bool) float64 {
	if neg {
		return -v
	}
	return v
}

// hasNonzeroMantissa reports whether a numeric token has a nonzero digit
// before its exponent.
func hasNonzeroMantissa(body string) bool {
	start := 0
	if len(body) > 1 && body[1]|0x20 == 'x' {
		start = 2
	}
	for i := start; i < len(body); i++ {
		c := body[i]
		if c|0x20 == 'p' || (start == 0 && c|0x20 == 'e') {
			return false
		}
		if c != '0' && c != '.' {
			return true
		}
	}
	return false
}
