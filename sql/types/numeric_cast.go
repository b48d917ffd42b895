package types

import (
	"math"
	"strconv"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Conversions between numeric and the other number types, and numeric's
// type modifier (PostgreSQL numeric.c: numeric_int4, float8_numeric,
// numeric_float8, apply_typmod, make_numeric_typmod).

// numericHdrSize is VARHDRSZ, which PostgreSQL adds to numeric typmods.
const numericHdrSize = 4

// NumericTypmod encodes numeric(precision, scale) as PostgreSQL's
// atttypmod: ((precision << 16) | (scale & 0x7ff)) + 4.
func NumericTypmod(precision, scale int32) int32 {
	return (precision<<16 | scale&0x7ff) + numericHdrSize
}

// numericTypmodParts decodes a typmod from NumericTypmod; ok is false for
// NoTypmod (or any typmod below 4).
func numericTypmodParts(typmod int32) (precision, scale int32, ok bool) {
	if typmod < numericHdrSize {
		return 0, 0, false
	}
	t := typmod - numericHdrSize
	return (t >> 16) & 0xffff, ((t & 0x7ff) ^ 1024) - 1024, true
}

// ApplyNumericTypmod is apply_typmod: n rounded half away from zero to the
// typmod's scale, then checked against its precision. Errors: 22003
// "numeric field overflow" with PostgreSQL's DETAIL ("A field with
// precision 5, scale 2 must round to an absolute value less than 10^3.",
// or "... cannot hold an infinite value."). NaN passes.
func ApplyNumericTypmod(n Decimal, typmod int32) (Decimal, error) {
	p, s, ok := numericTypmodParts(typmod)
	if !ok || n.IsNaN() {
		return n, nil
	}
	if n.IsInf() != 0 {
		return Decimal{}, pgerror.New(pgerror.NumericValueOutOfRange, "numeric field overflow").
			WithDetail("A field with precision " + strconv.Itoa(int(p)) + ", scale " + strconv.Itoa(int(s)) + " cannot hold an infinite value.")
	}
	r := roundNumeric(n, int(s))
	maxDigits := int64(p) - int64(s)
	if !r.d.IsZero() && r.intDigits() > maxDigits {
		limit := "1"
		if maxDigits != 0 {
			limit = "10^" + strconv.FormatInt(maxDigits, 10)
		}
		return Decimal{}, pgerror.New(pgerror.NumericValueOutOfRange, "numeric field overflow").
			WithDetail("A field with precision " + strconv.Itoa(int(p)) + ", scale " + strconv.Itoa(int(s)) + " must round to an absolute value less than " + limit + ".")
	}
	return r, nil
}

// numericTypmodName is format_type's "numeric(p,s)".
func numericTypmodName(typmod int32) string {
	p, s, ok := numericTypmodParts(typmod)
	if !ok {
		return "numeric"
	}
	return "numeric(" + strconv.Itoa(int(p)) + "," + strconv.Itoa(int(s)) + ")"
}

// NumericFromFloat64 is float8_numeric (bits 64: the value printed with 15
// significant digits, "%.15g", then read as numeric) or float4_numeric
// (bits 32: 6 digits). NaN and infinities map to numeric's.
func NumericFromFloat64(f float64, bits int) Decimal {
	switch {
	case math.IsNaN(f):
		return NumericNaN
	case math.IsInf(f, 1):
		return NumericPosInf
	case math.IsInf(f, -1):
		return NumericNegInf
	}
	digits := 15 // DBL_DIG
	if bits == 32 {
		digits = 6 // FLT_DIG
	}
	n, err := ParseNumeric(strconv.FormatFloat(f, 'g', digits, 64))
	if err != nil { // cannot happen: %g of a finite float is valid numeric input
		return NumericNaN
	}
	return n
}

// AsNumeric reads a datum of kind numeric: a Decimal, or an int64 or
// float64 (a value held before numeric was exact: its shortest decimal).
func AsNumeric(d any) (Decimal, bool) {
	switch x := d.(type) {
	case Decimal:
		return x, true
	case int64:
		return NumericFromInt64(x), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return NumericFromFloat64(x, 64), true
		}
		n, err := ParseNumeric(strconv.FormatFloat(x, 'f', -1, 64))
		return n, err == nil
	}
	return Decimal{}, false
}

// NumericToFloat64 is numeric_float8 without its range check: the nearest
// float64 (±Inf past the range, NaN for NaN).
func NumericToFloat64(n Decimal) float64 {
	switch {
	case n.IsNaN():
		return math.NaN()
	case n.IsInf() != 0:
		return math.Inf(n.IsInf())
	}
	f, _ := convertFloat(n.String(), 64)
	return f
}

// numericToFloat is numeric_float8 (bits 64) or numeric_float4 (bits 32):
// the text read by float8in/float4in, whose range errors it keeps: 22003
// `"1e400" is out of range for type double precision`.
func numericToFloat(n Decimal, bits int) (float64, error) {
	if !n.IsFinite() {
		return NumericToFloat64(n), nil
	}
	s := n.String()
	f, res := convertFloat(s, bits)
	if res != convOK {
		name := "double precision"
		if bits == 32 {
			name = "real"
		}
		return 0, pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type %s", s, name)
	}
	return f, nil
}

// numericToInt is numeric_int2/int4/int8: rounded half away from zero, then
// range-checked (22003 "integer out of range"); NaN and infinity are 0A000
// "cannot convert NaN to integer".
func numericToInt(n Decimal, to Kind) (int64, error) {
	name := kinds[to].name
	switch {
	case n.IsNaN():
		return 0, pgerror.Errorf(pgerror.FeatureNotSupported, "cannot convert NaN to %s", name)
	case n.IsInf() != 0:
		return 0, pgerror.Errorf(pgerror.FeatureNotSupported, "cannot convert infinity to %s", name)
	}
	r := roundNumeric(n, 0)
	if r.d.NumDigits() > 19 {
		return 0, errIntOutOfRange(to)
	}
	v, err := strconv.ParseInt(r.String(), 10, 64)
	lo, hi := intRange(to)
	if err != nil || v < lo || v > hi {
		return 0, errIntOutOfRange(to)
	}
	return v, nil
}

// castNumeric converts between numeric and int2/int4/int8/float4/float8
// (either side numeric), applying to's numeric typmod.
func castNumeric(d any, from Kind, to Type) (any, error) {
	if to.Kind == KindNumeric {
		var n Decimal
		switch {
		case isInt(from):
			i, _ := asInt(d)
			n = NumericFromInt64(i)
		case from == KindFloat4 || from == KindFloat8:
			f, _ := asFloat(d)
			bits := 64
			if from == KindFloat4 {
				bits = 32
			}
			n = NumericFromFloat64(f, bits)
		default:
			var ok bool
			if n, ok = AsNumeric(d); !ok {
				return nil, cannotCast(Type{from, NoTypmod}, to)
			}
		}
		return ApplyNumericTypmod(n, to.Typmod)
	}
	n, ok := AsNumeric(d)
	if !ok {
		return nil, cannotCast(Type{from, NoTypmod}, to)
	}
	switch to.Kind {
	case KindInt2, KindInt4, KindInt8:
		return numericToInt(n, to.Kind)
	case KindFloat4:
		return numericToFloat(n, 32)
	}
	return numericToFloat(n, 64)
}
