package types

import "math"

// pow10f64 are the powers of ten a float64 holds exactly (5^22 < 2^53).
var pow10f64 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// Bounds of the fast decimal paths.
const (
	maxFastDigits     = 19 // significant digits a uint64 holds
	maxFastExpDigits  = 4  // exponent digits read; more go the slow way
	maxExactPow10f64  = len(pow10f64) - 1
	maxExactMantissa  = 1 << 53 // float64 holds every integer up to here
	maxExactInt32     = 1 << 24 // float32 holds every integer up to here
	minNormalFloat32  = 0x1p-125
	float32LowBits    = 52 - 23 // float64 mantissa bits a float32 drops
	float32LowMask    = 1<<float32LowBits - 1
	float32Midpoint   = 1 << (float32LowBits - 1) // the dropped bits of a float32 midpoint
	float32MidpointTo = 8                         // float64 ulps around a midpoint left undecided
)

// fastDecimal is a plain decimal read by scanFastDecimal: ±m × 10^exp,
// ending at end.
type fastDecimal struct {
	m   uint64
	exp int
	end int
	neg bool
}

// scanFastDecimal scans the plain decimal at s[p:]
// ([+-]digits[.digits][e[+-]digits], at least one digit, at most 19
// significant digits and 4 exponent digits) when it ends s or is
// followed by C whitespace, ',', ']' or '}'. ok is false for anything
// else (hexadecimal, inf, nan, "1e" without exponent digits, junk after
// it, longer numbers), which only strtof's full grammar (scanFloat and
// convertFloat) reads: the fast path never decides a syntax error.
func scanFastDecimal(s string, p int) (d fastDecimal, ok bool) {
	i := p
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		d.neg = s[i] == '-'
		i++
	}
	digits, nd := 0, 0
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
		if d.m != 0 || s[i] != '0' {
			d.m = d.m*10 + uint64(s[i]-'0')
			nd++
		}
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
			digits++
			d.exp--
			if d.m != 0 || s[i] != '0' {
				d.m = d.m*10 + uint64(s[i]-'0')
				nd++
			}
		}
	}
	if digits == 0 || nd > maxFastDigits {
		return d, false
	}
	if i < len(s) && s[i]|0x20 == 'e' {
		e, n, ok := scanFastExponent(s[i+1:])
		if !ok {
			return d, false
		}
		d.exp += e
		i += 1 + n
	}
	if i < len(s) && !isCSpace(s[i]) && s[i] != ',' && s[i] != ']' && s[i] != '}' {
		return d, false
	}
	d.end = i
	return d, true
}

// scanFastExponent reads the sign and 1..4 digits of an exponent after
// its e: value and length; ok false otherwise.
func scanFastExponent(s string) (e, n int, ok bool) {
	neg := false
	if n < len(s) && (s[n] == '-' || s[n] == '+') {
		neg = s[n] == '-'
		n++
	}
	start := n
	for ; n < len(s) && isDigit(s[n]); n++ {
		e = e*10 + int(s[n]-'0')
	}
	if n == start || n-start > maxFastExpDigits {
		return 0, 0, false
	}
	if neg {
		e = -e
	}
	return e, n, true
}

// float32 returns d as strtof rounds it (round to nearest, ties to even)
// when it can decide cheaply; ok false leaves it to the slow path.
// Integers up to 2^24 convert exactly. Otherwise d is computed in
// float64 by Clinger's fast path (W. D. Clinger, "How to Read Floating
// Point Numbers Accurately", PLDI 1990: an exact power of ten ≤ 10^22 and
// one IEEE multiplication or division), which is within 2 float64 ulps of
// the decimal (one rounding of m beyond 2^53, one of the operation).
// Rounding that to float32 is then strtof's answer unless the float64
// lies within 8 ulps of a float32 midpoint, where a double rounding
// could differ, or outside float32's normal range (overflow, subnormals):
// those go the slow way.
func (d fastDecimal) float32() (f float32, ok bool) {
	switch {
	case d.m == 0:
	case d.exp == 0 && d.m <= maxExactInt32:
		f = float32(d.m)
	case d.exp < -maxExactPow10f64 || d.exp > maxExactPow10f64:
		return 0, false
	default:
		y := float64(d.m)
		if d.exp < 0 {
			y /= pow10f64[-d.exp]
		} else {
			y *= pow10f64[d.exp]
		}
		if y < minNormalFloat32 || y > math.MaxFloat32 {
			return 0, false
		}
		low := int64(math.Float64bits(y) & float32LowMask)
		if low-float32Midpoint <= float32MidpointTo && float32Midpoint-low <= float32MidpointTo {
			return 0, false
		}
		f = float32(y)
	}
	if d.neg {
		f = -f
	}
	return f, true
}

// float64 returns d as strtod rounds it when Clinger's fast path is
// exact (m ≤ 2^53, |exp| ≤ 22: one correctly rounded operation on exact
// operands); ok false leaves it to the slow path.
func (d fastDecimal) float64() (f float64, ok bool) {
	if d.m > maxExactMantissa || d.exp < -maxExactPow10f64 || d.exp > maxExactPow10f64 {
		return 0, false
	}
	f = float64(d.m)
	if d.exp < 0 {
		f /= pow10f64[-d.exp]
	} else {
		f *= pow10f64[d.exp]
	}
	if d.neg {
		f = -f
	}
	return f, true
}

// readFastFloat32 reads the element at s[p:] by the fast path: its
// float32 (as strtof gives it, never NaN, infinite or an underflow) and
// where it ends; ok false when the slow path must read it.
func readFastFloat32(s string, p int) (f float32, end int, ok bool) {
	d, ok := scanFastDecimal(s, p)
	if !ok {
		return 0, 0, false
	}
	if f, ok = d.float32(); !ok {
		return 0, 0, false
	}
	return f, d.end, true
}
