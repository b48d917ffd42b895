package types

import (
	"math"
	"strconv"
)

// pow10f32 are the powers of ten a float32 holds exactly (5^10 < 2^24).
var pow10f32 = [...]float32{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}

// Bounds of the exact fast path: a mantissa a float32 holds exactly and a
// power of ten in pow10f32.
const (
	maxExactMantissa32 = 1 << 24
	maxExactPow10f32   = len(pow10f32) - 1
)

// plainDecimal is a number scanned by scanPlainDecimal: m × 10^exp, exact
// when m and exp stayed within the fast path's bounds.
type plainDecimal struct {
	n     int // length of the number in the text
	neg   bool
	m     uint64
	exp   int
	exact bool // m ≤ 2^24 and |exp| ≤ 10
}

// scanPlainDecimal scans the plain decimal number at the start of s
// ([+-]digits[.digits][e[+-]digits], at least one digit) when it ends s
// or is followed by C whitespace, ',' or ']'; n is 0 for anything else
// (hexadecimal, inf, nan, "1e" without exponent digits, junk after it),
// which only strtof's full grammar (scanFloat) reads.
func scanPlainDecimal(s string) (d plainDecimal) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		d.neg = s[i] == '-'
		i++
	}
	digits, big := 0, false
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
		if d.m = d.m*10 + uint64(s[i]-'0'); d.m > maxExactMantissa32 {
			big, d.m = true, 0 // keep scanning; the slow way reads the value
		}
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
			digits++
			d.exp--
			if d.m = d.m*10 + uint64(s[i]-'0'); d.m > maxExactMantissa32 {
				big, d.m = true, 0
			}
		}
	}
	if digits == 0 {
		return plainDecimal{}
	}
	// An e without exponent digits ("1e") is not part of the number, as
	// strtof reads it; the check below then declines the e after it.
	if en := scanExponent(s[i:], 'e'); en > 0 {
		e, small := exponentValue(s[i+1 : i+en])
		d.exp += e
		big = big || !small
		i += en
	}
	if i < len(s) && !isCSpace(s[i]) && s[i] != ',' && s[i] != ']' {
		return plainDecimal{}
	}
	d.n = i
	d.exact = !big && (d.m == 0 || -maxExactPow10f32 <= d.exp && d.exp <= maxExactPow10f32)
	return d
}

// float32 returns the value of d as strtof rounds it, given its text
// tok: exactly by one IEEE multiplication or division of two exact
// float32 values when d.exact (Clinger, "How to Read Floating Point
// Numbers Accurately", PLDI 1990: the fast path), else by
// strconv.ParseFloat (Eisel-Lemire with a correct fallback). overflow is
// set when the value is beyond float32 (strtof's ERANGE with ±HUGE_VALF).
func (d plainDecimal) float32(tok string) (f float32, overflow bool) {
	if !d.exact {
		v, err := strconv.ParseFloat(tok, 32)
		return float32(v), err != nil && math.IsInf(v, 0)
	}
	switch {
	case d.m == 0:
	case d.exp < 0:
		f = float32(d.m) / pow10f32[-d.exp]
	default:
		f = float32(d.m) * pow10f32[d.exp]
	}
	if d.neg {
		f = -f
	}
	return f, false
}

// exponentValue is the value of an exponent's sign and digits, as
// scanExponent found them after the e; small is false past four digits,
// whose value it does not compute.
func exponentValue(s string) (e int, small bool) {
	sign := 1
	if s[0] == '-' || s[0] == '+' {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	if len(s) > 4 {
		return 0, false
	}
	for i := range len(s) {
		e = e*10 + int(s[i]-'0')
	}
	return sign * e, true
}
