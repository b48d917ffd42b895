package types

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Numeric binary format (PostgreSQL numeric_recv / numeric_send), big-endian:
// int16 ndigits, int16 weight, uint16 sign, int16 dscale, then ndigits int16
// base-10000 digits; value = sum digit[i] × 10000^(weight-i). vecgres holds
// numeric as float64, so decoding rounds to the nearest float64.
const (
	numericPos      = 0x0000
	numericNeg      = 0x4000
	numericNaN      = 0xC000
	numericPInf     = 0xD000
	numericNInf     = 0xF000
	numericNBase    = 10000
	numericDecDigit = 4 // decimal digits per base-10000 digit
	numericDscale   = 0x3FFF
)

func invalidExternalNumeric(what string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "invalid %s in external \"numeric\" value", what)
}

// decodeNumeric is numeric_recv, with its checks in its order (22P03 for a
// bad length, sign, scale or digit).
func decodeNumeric(b []byte) (any, error) {
	r := reader{b: b}
	var hdr [4]int16
	for i := range hdr {
		v, err := r.int16()
		if err != nil {
			return nil, err
		}
		hdr[i] = v
	}
	ndigits, weight, sign, dscale := int(hdr[0]), int(hdr[1]), uint16(hdr[2]), int(hdr[3])
	if ndigits < 0 || ndigits > numericMaxPrecision {
		return nil, invalidExternalNumeric("length")
	}
	switch sign {
	case numericPos, numericNeg, numericNaN, numericPInf, numericNInf:
	default:
		return nil, invalidExternalNumeric("sign")
	}
	if dscale&numericDscale != dscale {
		return nil, invalidExternalNumeric("scale")
	}
	var sb strings.Builder
	sb.WriteString("0.")
	for range ndigits {
		d, err := r.int16()
		if err != nil {
			return nil, err
		}
		if d < 0 || d >= numericNBase {
			return nil, invalidExternalNumeric("digit")
		}
		s := strconv.Itoa(int(d))
		sb.WriteString("0000"[len(s):])
		sb.WriteString(s)
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	switch sign {
	case numericNaN:
		return math.NaN(), nil
	case numericPInf:
		return math.Inf(1), nil
	case numericNInf:
		return math.Inf(-1), nil
	}
	if ndigits == 0 {
		return 0.0, nil
	}
	sb.WriteString("e")
	sb.WriteString(strconv.Itoa((weight + 1) * numericDecDigit))
	v, err := strconv.ParseFloat(sb.String(), 64)
	if err != nil {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	}
	if sign == numericNeg {
		v = -v
	}
	return v, nil
}

// appendNumericBinary is numeric_send of f's shortest decimal form.
func appendNumericBinary(buf []byte, f float64) []byte {
	var ndigits, weight int
	var sign uint16
	var dscale int
	var digits []int16
	switch {
	case math.IsNaN(f):
		sign = numericNaN
	case math.IsInf(f, 1):
		sign = numericPInf
	case math.IsInf(f, -1):
		sign = numericNInf
	default:
		if f < 0 {
			sign = numericNeg
			f = -f
		}
		digits, weight, dscale = numericDigits(f)
		ndigits = len(digits)
		if ndigits == 0 {
			sign, weight = numericPos, 0
		}
	}
	buf = binary.BigEndian.AppendUint16(buf, uint16(ndigits))
	buf = binary.BigEndian.AppendUint16(buf, uint16(int16(weight)))
	buf = binary.BigEndian.AppendUint16(buf, sign)
	buf = binary.BigEndian.AppendUint16(buf, uint16(dscale))
	for _, d := range digits {
		buf = binary.BigEndian.AppendUint16(buf, uint16(d))
	}
	return buf
}

// numericDigits splits f >= 0 (finite) into base-10000 digits without
// leading or trailing zero digits, the weight of the first, and the number
// of decimal digits after the point.
func numericDigits(f float64) (digits []int16, weight, dscale int) {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	dscale = len(frac)
	if pad := len(intPart) % numericDecDigit; pad != 0 {
		intPart = "0000"[pad:] + intPart
	}
	if pad := len(frac) % numericDecDigit; pad != 0 {
		frac += "0000"[pad:]
	}
	all := intPart + frac
	weight = len(intPart)/numericDecDigit - 1
	for i := 0; i < len(all); i += numericDecDigit {
		d, _ := strconv.Atoi(all[i : i+numericDecDigit])
		digits = append(digits, int16(d))
	}
	for len(digits) > 0 && digits[0] == 0 {
		digits = digits[1:]
		weight--
	}
	for len(digits) > 0 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	return digits, weight, dscale
}
