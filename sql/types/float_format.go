package types

import (
	"math"
	"math/big"
	"strconv"
)

// Plain-notation limits of float output: a value prints without an exponent
// when its decimal exponent e satisfies -4 <= e < limit (PostgreSQL
// float_to_shortest_decimal_bufn / double_to_shortest_decimal_bufn).
const (
	float4PlainLimit = 6
	float8PlainLimit = 15
	minPlainExp      = -4
)

// FormatFloat4 prints f as PostgreSQL's float4out does (extra_float_digits
// = 1): the shortest decimal that reads back to f, never a decimal lying
// exactly on the midpoint between f and a neighbouring float4 (PostgreSQL's
// Ryu excludes the interval bounds), plain for 1e-4 <= |f| < 1e6, else
// exponent form ("1e-05", "1.2345679e+08"); "NaN", "Infinity", "-0".
func FormatFloat4(f float32) string { return string(AppendFloat4(nil, f)) }

// FormatFloat8 prints f as PostgreSQL's float8out does: shortest round-trip
// digits, plain for decimal exponents -4 <= e < 15, else exponent form.
func FormatFloat8(f float64) string { return string(AppendFloat8(nil, f)) }

// maxPlainInt4 bounds the integers AppendFloat4 prints by their digits:
// below 10^float4PlainLimit a float4 integer prints plain, and exactly.
const maxPlainInt4 = 1e6

// AppendFloat4 appends FormatFloat4(f) to buf, with no allocation. An
// integer below 10^6 in magnitude (pixel data) is its digits: exact, so
// the shortest form and no midpoint.
func AppendFloat4(buf []byte, f float32) []byte {
	if special, ok := specialFloat(float64(f)); ok {
		return append(buf, special...)
	}
	if i := int32(f); float32(i) == f && i > -maxPlainInt4 && i < maxPlainInt4 {
		return strconv.AppendInt(buf, int64(i), 10)
	}
	if f < 0 {
		buf = append(buf, '-')
		f = -f
	}
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], float64(f), 'e', -1, 32)
	for prec := mantissaDigits(s) + 1; isMidpoint32(f, s) && prec < 17; prec++ {
		s = strconv.AppendFloat(tmp[:0], float64(f), 'e', prec, 32)
		s = trimMantissaZeros(s)
	}
	return appendPGDecimal(buf, s, float4PlainLimit)
}

// AppendFloat8 appends FormatFloat8(f) to buf.
func AppendFloat8(buf []byte, f float64) []byte {
	if special, ok := specialFloat(f); ok {
		return append(buf, special...)
	}
	if f < 0 {
		buf = append(buf, '-')
		f = -f
	}
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64)
	for prec := mantissaDigits(s) + 1; isMidpoint64(f, s) && prec < 17; prec++ {
		s = strconv.AppendFloat(tmp[:0], f, 'e', prec, 64)
		s = trimMantissaZeros(s)
	}
	return appendPGDecimal(buf, s, float8PlainLimit)
}

// isMidpoint64 reports whether the decimal s (an 'e'-format string of
// f > 0) equals exactly the midpoint between f and one of its float64
// neighbours, which PostgreSQL's Ryu never prints (Go's shortest form may).
// A midpoint is a dyadic rational, so a decimal that is not one (almost
// every fraction) is ruled out without big arithmetic.
func isMidpoint64(f float64, s []byte) bool {
	if !dyadicDecimal(s) {
		return false
	}
	var r big.Rat
	if _, ok := r.SetString(string(s)); !ok {
		return false
	}
	x := new(big.Rat).SetFloat64(f)
	for _, dir := range []float64{0, math.Inf(1)} {
		var nb big.Rat
		if n := math.Nextafter(f, dir); math.IsInf(n, 1) {
			nb.SetInt(new(big.Int).Lsh(big.NewInt(1), 1024))
		} else {
			nb.SetFloat64(n)
		}
		nb.Add(&nb, x)
		nb.Quo(&nb, big.NewRat(2, 1))
		if r.Cmp(&nb) == 0 {
			return true
		}
	}
	return false
}

// dyadicDecimal reports whether the 'e'-format decimal s = D × 10^E (D its
// digits as an integer) is a multiple of a power of two: E >= 0, or
// 5^-E divides D.
func dyadicDecimal(s []byte) bool {
	var d uint64
	nd, i := 0, 0
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] != '.' {
			d = d*10 + uint64(s[i]-'0')
			nd++
		}
	}
	exp, err := strconv.Atoi(string(s[min(i+1, len(s)):]))
	if err != nil {
		return false
	}
	e := exp - (nd - 1)
	for ; e < 0; e++ {
		if d%5 != 0 {
			return false
		}
		d /= 5
	}
	return true
}

// specialFloat spells NaN, the infinities and the zeros as PostgreSQL does.
func specialFloat(f float64) (string, bool) {
	switch {
	case math.IsNaN(f):
		return "NaN", true
	case math.IsInf(f, 1):
		return "Infinity", true
	case math.IsInf(f, -1):
		return "-Infinity", true
	case f == 0 && math.Signbit(f):
		return "-0", true
	case f == 0:
		return "0", true
	}
	return "", false
}

// mantissaDigits counts the digits after the point of an 'e'-format string.
func mantissaDigits(s []byte) int {
	n, seen := 0, false
	for _, c := range s {
		switch {
		case c == 'e':
			return n
		case c == '.':
			seen = true
		case seen:
			n++
		}
	}
	return n
}

// trimMantissaZeros drops trailing zeros (and a bare point) of the mantissa
// of an 'e'-format string.
func trimMantissaZeros(s []byte) []byte {
	e := 0
	for e < len(s) && s[e] != 'e' {
		e++
	}
	end := e
	for end > 1 && s[end-1] == '0' {
		end--
	}
	if end > 0 && s[end-1] == '.' {
		end--
	}
	return append(s[:end], s[e:]...)
}

// isMidpoint32 reports whether the decimal s (an 'e'-format string of f > 0)
// equals exactly the midpoint between f and one of its float32 neighbours.
// A midpoint is a dyadic rational (dyadicDecimal rules out almost every
// fraction without parsing), and parses exactly as a float64, so a cheap
// float64 comparison settles all but the candidates, which are checked
// exactly.
func isMidpoint32(f float32, s []byte) bool {
	if !dyadicDecimal(s) {
		return false
	}
	v, err := strconv.ParseFloat(string(s), 64)
	if err != nil || v == float64(f) {
		return false
	}
	lo, hi := midpoints32(f)
	if v != lo && v != hi {
		return false
	}
	var r big.Rat
	if _, ok := r.SetString(string(s)); !ok {
		return false
	}
	var m big.Rat
	m.SetFloat64(v)
	return r.Cmp(&m) == 0
}

// midpoints32 returns the exact midpoints between f > 0 and its float32
// neighbours, as float64 (exact: a float32 midpoint needs 25 bits). Above
// the largest float32 the neighbour is taken as 2^128.
func midpoints32(f float32) (lo, hi float64) {
	below := float64(math.Nextafter32(f, 0))
	above := float64(math.Nextafter32(f, float32(math.Inf(1))))
	if math.IsInf(above, 1) {
		above = 0x1p128
	}
	x := float64(f)
	return (x + below) / 2, (x + above) / 2
}

// appendPGDecimal rewrites an 'e'-format string d[.ddd]e±XX in PostgreSQL's
// layout: plain notation when -4 <= exponent < plainLimit, else d[.ddd]e±XX
// with at least two exponent digits.
func appendPGDecimal(buf, s []byte, plainLimit int) []byte {
	if len(s) > 0 && s[0] == '-' {
		buf = append(buf, '-')
		s = s[1:]
	}
	var digits [24]byte
	nd := 0
	i := 0
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] != '.' {
			digits[nd] = s[i]
			nd++
		}
	}
	exp, _ := strconv.Atoi(string(s[i+1:]))
	d := digits[:nd]
	switch {
	case exp < minPlainExp || exp >= plainLimit:
		buf = append(buf, d[0])
		if nd > 1 {
			buf = append(buf, '.')
			buf = append(buf, d[1:]...)
		}
		buf = append(buf, 'e')
		if exp < 0 {
			buf = append(buf, '-')
			exp = -exp
		} else {
			buf = append(buf, '+')
		}
		if exp < 10 {
			buf = append(buf, '0')
		}
		return strconv.AppendInt(buf, int64(exp), 10)
	case exp < 0:
		buf = append(buf, "0."...)
		for j := 0; j < -exp-1; j++ {
			buf = append(buf, '0')
		}
		return append(buf, d...)
	case nd <= exp+1:
		buf = append(buf, d...)
		for j := nd; j < exp+1; j++ {
			buf = append(buf, '0')
		}
		return buf
	default:
		buf = append(buf, d[:exp+1]...)
		buf = append(buf, '.')
		return append(buf, d[exp+1:]...)
	}
}
