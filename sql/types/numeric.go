package types

import (
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Decimal is the value (Datum) of a PostgreSQL numeric (the type itself is
// the Type Numeric): an exact decimal
// with its display scale, or NaN, Infinity or -Infinity (PostgreSQL 14+).
//
// It wraps an apd.Decimal (github.com/cockroachdb/apd/v3) by value. A finite
// Decimal always has Exponent <= 0, and -Exponent is PostgreSQL's dscale,
// the number of digits printed after the point: '1.50' is coefficient 150,
// exponent -2; '1e3' is 1000, exponent 0. Zero is never negative. Infinite
// values use apd.Infinite with Negative for -Infinity; NaN is apd.NaN and
// not negative. A Decimal is immutable: every function here returns a new
// one and never writes into its arguments, so copies may share the
// coefficient's storage. Compare with CmpNumeric, not ==.
//
// Limits are PostgreSQL's: at most 131072 digits before the point and 16383
// after (22003 "value overflows numeric format" beyond).
type Decimal struct{ d apd.Decimal }

// PostgreSQL numeric limits (src/include/utils/numeric.h, numeric.c).
const (
	numericMaxIntDigits     = 131072 // (NUMERIC_WEIGHT_MAX + 1) × DEC_DIGITS
	numericMaxDisplayScale  = 1000   // NUMERIC_MAX_DISPLAY_SCALE
	numericMinSigDigits     = 16     // NUMERIC_MIN_SIG_DIGITS
	numericMaxResultScale   = 2000   // NUMERIC_MAX_RESULT_SCALE (round's scale)
	numericMaxExponentInput = 1 << 30
)

// Special numeric values.
var (
	NumericNaN    = Decimal{apd.Decimal{Form: apd.NaN}}
	NumericPosInf = Decimal{apd.Decimal{Form: apd.Infinite}}
	NumericNegInf = Decimal{apd.Decimal{Form: apd.Infinite, Negative: true}}
)

func errNumericOverflow() *pgerror.Error {
	return pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")
}

// newNumeric builds a finite numeric from a non-negative coefficient, its
// sign and its scale (>= 0); a zero loses its sign.
func newNumeric(coeff *apd.BigInt, neg bool, scale int) Decimal {
	var n Decimal
	n.d.Coeff.Set(coeff)
	n.d.Exponent = int32(-scale)
	n.d.Negative = neg && coeff.Sign() != 0
	return n
}

// NumericFromInt64 returns i as a numeric of scale 0.
func NumericFromInt64(i int64) Decimal {
	var n Decimal
	n.d.SetInt64(i)
	return n
}

// IsNaN reports whether n is NaN.
func (n Decimal) IsNaN() bool { return n.d.Form == apd.NaN || n.d.Form == apd.NaNSignaling }

// IsInf returns 1 for Infinity, -1 for -Infinity and 0 otherwise.
func (n Decimal) IsInf() int {
	if n.d.Form != apd.Infinite {
		return 0
	}
	if n.d.Negative {
		return -1
	}
	return 1
}

// IsFinite reports whether n is neither NaN nor infinite.
func (n Decimal) IsFinite() bool { return n.d.Form == apd.Finite }

// Scale is the display scale (digits after the point) of a finite n, else 0.
func (n Decimal) Scale() int {
	if !n.IsFinite() || n.d.Exponent > 0 {
		return 0
	}
	return int(-n.d.Exponent)
}

// Sign returns -1, 0 or 1 (NaN is 0).
func (n Decimal) Sign() int {
	if n.IsNaN() {
		return 0
	}
	return n.d.Sign()
}

// APD returns a copy of n as an apd.Decimal.
func (n Decimal) APD() *apd.Decimal {
	return new(apd.Decimal).Set(&n.d)
}

// String is numeric_out: digits with exactly Scale() digits after the
// point, never an exponent; "NaN", "Infinity", "-Infinity".
func (n Decimal) String() string { return string(AppendNumericText(nil, n)) }

// AppendNumericText appends numeric_out of n to buf.
func AppendNumericText(buf []byte, n Decimal) []byte {
	switch n.IsInf() {
	case 1:
		return append(buf, "Infinity"...)
	case -1:
		return append(buf, "-Infinity"...)
	}
	if n.IsNaN() {
		return append(buf, "NaN"...)
	}
	if n.d.Negative && !n.d.IsZero() {
		buf = append(buf, '-')
	}
	digits := n.d.Coeff.Append(nil, 10)
	scale := n.Scale()
	if n.d.Exponent > 0 { // not produced here, but accepted
		return append(append(buf, digits...), strings.Repeat("0", int(n.d.Exponent))...)
	}
	if scale == 0 {
		return append(buf, digits...)
	}
	if len(digits) <= scale {
		buf = append(buf, "0."...)
		buf = append(buf, strings.Repeat("0", scale-len(digits))...)
		return append(buf, digits...)
	}
	cut := len(digits) - scale
	buf = append(buf, digits[:cut]...)
	buf = append(buf, '.')
	return append(buf, digits[cut:]...)
}

// ParseNumeric is PostgreSQL 15's numeric_in without a typmod: optional
// whitespace, an optional sign, decimal digits with an optional point and
// an optional exponent (e±digits), optional whitespace; or NaN (unsigned),
// Infinity or inf (signed), case-insensitive. The scale is the digits after
// the point minus the exponent, at least 0 ('1.50' -> 1.50, '1e3' -> 1000,
// '1.5e-3' -> 0.0015). Errors: 22P02 `invalid input syntax for type
// numeric: "x"`, 22003 "value overflows numeric format" past the limits.
func ParseNumeric(s string) (Decimal, error) {
	t := trimCSpace(s)
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 {
		return Decimal{}, syntaxError("numeric", s)
	}
	neg := strings.HasPrefix(t, "-")
	switch {
	case strings.EqualFold(body, "nan") && len(body) == len(t):
		return NumericNaN, nil
	case strings.EqualFold(body, "infinity"), strings.EqualFold(body, "inf"):
		if neg {
			return NumericNegInf, nil
		}
		return NumericPosInf, nil
	}
	m := scanMantissa(body, isDigit)
	if m == 0 || m+scanExponent(body[m:], 'e') != len(body) {
		return Decimal{}, syntaxError("numeric", s)
	}
	exp := int64(0)
	if m < len(body) {
		e, err := strconv.ParseInt(body[m+1:], 10, 64)
		if err != nil || e >= numericMaxExponentInput || e <= -numericMaxExponentInput {
			return Decimal{}, errNumericOverflow()
		}
		exp = e
	}
	intPart, frac, _ := strings.Cut(body[:m], ".")
	return numericFromDigits(intPart+frac, neg, int64(len(frac))-exp)
}

// numericFromDigits builds digits × 10^-scale (digits decimal, scale any
// sign), checking the limits before scaling up.
func numericFromDigits(digits string, neg bool, scale int64) (Decimal, error) {
	sig := strings.TrimLeft(digits, "0")
	if sig != "" && int64(len(sig))-scale > numericMaxIntDigits {
		return Decimal{}, errNumericOverflow()
	}
	if scale > numericDscale {
		return Decimal{}, errNumericOverflow()
	}
	if sig == "" {
		return newNumeric(new(apd.BigInt), false, int(max(scale, 0))), nil
	}
	var c apd.BigInt
	c.SetString(sig, 10)
	if scale < 0 {
		c.Mul(&c, pow10(int(-scale)))
		scale = 0
	}
	return newNumeric(&c, neg, int(scale)), nil
}

// pow10 returns 10^k (k >= 0).
func pow10(k int) *apd.BigInt {
	var p apd.BigInt
	return p.Exp(apd.NewBigInt(10), apd.NewBigInt(int64(k)), nil)
}

// intDigits is the count of digits before the point of a finite nonzero n
// (PostgreSQL's ddigits: 1 for 5.0, 0 for 0.5, -1 for 0.05).
func (n Decimal) intDigits() int64 { return int64(n.d.Exponent) + n.d.NumDigits() }

// checkNumeric applies PostgreSQL's storage limits to a computed result.
func checkNumeric(n Decimal) (Decimal, error) {
	if !n.IsFinite() {
		return n, nil
	}
	if n.Scale() > numericDscale || (!n.d.IsZero() && n.intDigits() > numericMaxIntDigits) {
		return Decimal{}, errNumericOverflow()
	}
	return n, nil
}

// Normalized returns n without trailing zeros after the point (1.500 ->
// 1.5, 2.00 -> 2): equal numerics (CmpNumeric 0) have equal Normalized
// text, which makes it a hash or grouping key (PostgreSQL's hash_numeric
// likewise ignores the scale).
func (n Decimal) Normalized() Decimal {
	if !n.IsFinite() || n.Scale() == 0 {
		return n
	}
	if n.d.IsZero() {
		return NumericFromInt64(0)
	}
	digits := n.d.Coeff.Append(nil, 10)
	scale := n.Scale()
	trim := 0
	for trim < scale && digits[len(digits)-1-trim] == '0' {
		trim++
	}
	if trim == 0 {
		return n
	}
	var c apd.BigInt
	c.SetString(string(digits[:len(digits)-trim]), 10)
	return newNumeric(&c, n.d.Negative, scale-trim)
}
