package types

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Decimal binary format (PostgreSQL numeric_recv / numeric_send), big-endian:
// uint16 ndigits, int16 weight, uint16 sign, uint16 dscale, then ndigits
// int16 base-10000 digits; value = sum digit[i] × 10000^(weight-i), shown
// with dscale digits after the point. Sent values have no leading or
// trailing zero digits; zero is ndigits 0, weight 0. Both directions are
// exact.
const (
	numericPos      = 0x0000
	numericNeg      = 0x4000
	numericNaN      = 0xC000
	numericPInf     = 0xD000
	numericNInf     = 0xF000
	numericNBase    = 10000
	numericDecDigit = 4      // decimal digits per base-10000 digit
	numericDscale   = 0x3FFF // NUMERIC_DSCALE_MASK, also NUMERIC_DSCALE_MAX
	// numericInfDscale is the dscale PostgreSQL 15 sends for ±Infinity (the
	// dscale bits of its 0xD000/0xF000 header read as a short numeric).
	numericInfDscale = 32
)

func invalidExternalNumeric(what string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "invalid %s in external \"numeric\" value", what)
}

// decodeNumeric is numeric_recv without a typmod, with its checks in its
// order (22P03 for a bad sign, scale or digit; 08P01 when b is short: like
// PostgreSQL 15, any ndigits and any weight are accepted). Digits hidden by
// dscale are truncated away, as trunc_var does.
func decodeNumeric(b []byte) (any, error) {
	n, err := DecodeNumericBinary(b)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// DecodeNumericBinary is numeric_recv (see decodeNumeric).
func DecodeNumericBinary(b []byte) (Decimal, error) {
	r := reader{b: b}
	var hdr [4]int16
	for i := range hdr {
		v, err := r.int16()
		if err != nil {
			return Decimal{}, err
		}
		hdr[i] = v
	}
	ndigits, weight, sign, dscale := int(uint16(hdr[0])), int(hdr[1]), uint16(hdr[2]), int(uint16(hdr[3]))
	switch sign {
	case numericPos, numericNeg, numericNaN, numericPInf, numericNInf:
	default:
		return Decimal{}, invalidExternalNumeric("sign")
	}
	if dscale&numericDscale != dscale {
		return Decimal{}, invalidExternalNumeric("scale")
	}
	var sb strings.Builder
	for range ndigits {
		d, err := r.int16()
		if err != nil {
			return Decimal{}, err
		}
		if d < 0 || d >= numericNBase {
			return Decimal{}, invalidExternalNumeric("digit")
		}
		s := strconv.Itoa(int(d))
		sb.WriteString("0000"[len(s):])
		sb.WriteString(s)
	}
	if err := r.done(); err != nil {
		return Decimal{}, err
	}
	switch sign {
	case numericNaN:
		return NumericNaN, nil
	case numericPInf:
		return NumericPosInf, nil
	case numericNInf:
		return NumericNegInf, nil
	}
	// The last digit's decimal exponent is (weight-ndigits+1)×4.
	natural := -(weight - ndigits + 1) * numericDecDigit
	digits := sb.String()
	if natural > dscale { // trunc_var: drop digits past dscale
		cut := len(digits) - (natural - dscale)
		digits = digits[:max(cut, 0)]
		natural = dscale
	}
	n, err := numericFromDigits(digits, sign == numericNeg, int64(natural))
	if err != nil {
		return Decimal{}, err
	}
	if pad := dscale - n.Scale(); pad > 0 {
		n = newNumeric(scaledCoeff(n, dscale), n.d.Negative, dscale)
	}
	return n, nil
}

// AppendNumericBinary appends numeric_send of n to buf.
func AppendNumericBinary(buf []byte, n Decimal) []byte {
	var sign uint16
	var digits []int16
	weight, dscale := 0, 0
	switch {
	case n.IsNaN():
		sign = numericNaN
	case n.IsInf() > 0:
		sign, dscale = numericPInf, numericInfDscale
	case n.IsInf() < 0:
		sign, dscale = numericNInf, numericInfDscale
	default:
		if n.d.Negative && !n.d.IsZero() {
			sign = numericNeg
		}
		dscale = n.Scale()
		digits, weight = nbaseDigits(&n.d.Coeff, dscale)
	}
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(digits)))
	buf = binary.BigEndian.AppendUint16(buf, uint16(int16(weight)))
	buf = binary.BigEndian.AppendUint16(buf, sign)
	buf = binary.BigEndian.AppendUint16(buf, uint16(dscale))
	for _, d := range digits {
		buf = binary.BigEndian.AppendUint16(buf, uint16(d))
	}
	return buf
}

// nbaseDigits splits coeff × 10^-scale (coeff >= 0, scale >= 0) into
// base-10000 digits without leading or trailing zero digits and the weight
// of the first (nil, 0 for zero).
func nbaseDigits(coeff *apd.BigInt, scale int) (digits []int16, weight int) {
	if coeff.Sign() == 0 {
		return nil, 0
	}
	s := string(coeff.Append(nil, 10))
	if pad := (numericDecDigit - scale%numericDecDigit) % numericDecDigit; pad > 0 {
		s += "0000"[:pad]
		scale += pad
	}
	intLen := len(s) - scale // may be negative: leading fraction zeros
	if intLen < 0 {
		s = strings.Repeat("0", -intLen) + s
		intLen = 0
	}
	if pad := (numericDecDigit - intLen%numericDecDigit) % numericDecDigit; pad > 0 {
		s = "0000"[:pad] + s
		intLen += pad
	}
	weight = intLen/numericDecDigit - 1
	for i := 0; i < len(s); i += numericDecDigit {
		d, _ := strconv.Atoi(s[i : i+numericDecDigit])
		digits = append(digits, int16(d))
	}
	for len(digits) > 0 && digits[0] == 0 {
		digits = digits[1:]
		weight--
	}
	for len(digits) > 0 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	return digits, weight
}
