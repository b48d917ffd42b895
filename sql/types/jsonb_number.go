package types

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// numeric's limits (PostgreSQL numeric.c): at most 131072 digits before
// the decimal point and 16383 after it.
const (
	numericMaxWeightDigits = 131072
	numericMaxDscale       = 16383
)

// number reads a JSON number (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?)
// and keeps it as numeric_out(numeric_in(text)) (raw mode: as written).
func (p *jsonParser) number() (JSONB, error) {
	start := p.i
	j := p.i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	intStart := j
	for j < len(p.s) && isDigit(p.s[j]) {
		j++
	}
	intPart := p.s[intStart:j]
	frac := ""
	ok := intPart != "" && (intPart == "0" || intPart[0] != '0')
	if ok && j < len(p.s) && p.s[j] == '.' {
		k := j + 1
		for k < len(p.s) && isDigit(p.s[k]) {
			k++
		}
		frac, ok, j = p.s[j+1:k], k > j+1, k
	}
	exp := int64(0)
	if ok && j < len(p.s) && (p.s[j] == 'e' || p.s[j] == 'E') {
		k := j + 1
		neg := k < len(p.s) && p.s[k] == '-'
		if k < len(p.s) && (p.s[k] == '+' || p.s[k] == '-') {
			k++
		}
		ds := k
		for k < len(p.s) && isDigit(p.s[k]) {
			if exp < 1e12 {
				exp = exp*10 + int64(p.s[k]-'0')
			}
			k++
		}
		ok, j = k > ds, k
		if neg {
			exp = -exp
		}
	}
	// The token as PostgreSQL's lexer delimits it.
	for j < len(p.s) && (isDigit(p.s[j]) || p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] == '.' || p.s[j] == '_') {
		j, ok = j+1, false
	}
	p.i = j
	if !ok {
		return JSONB{}, p.fail("Token \""+p.s[start:j]+"\" is invalid.", j)
	}
	if p.raw {
		return JSONB{Kind: JSONNumber, Str: p.s[start:j]}, nil
	}
	text, err := canonicalNumeric(p.s[start] == '-', intPart, frac, exp)
	if err != nil {
		return JSONB{}, err
	}
	return JSONB{Kind: JSONNumber, Str: text}, nil
}

// canonicalNumeric prints digits intPart.frac × 10^exp as numeric_out
// does: display scale max(0, len(frac) - exp), no exponent, no sign on
// zero. Error: 22003 `value overflows numeric format`.
func canonicalNumeric(neg bool, intPart, frac string, exp int64) (string, error) {
	digits := strings.TrimLeft(intPart+frac, "0")
	e10 := exp - int64(len(frac)) // value = digits × 10^e10
	dscale := max(0, -e10)
	overflow := pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")
	if dscale > numericMaxDscale {
		return "", overflow
	}
	if digits != "" && int64(len(digits))+e10 > numericMaxWeightDigits {
		return "", overflow
	}
	var b strings.Builder
	if neg && digits != "" {
		b.WriteByte('-')
	}
	if e10 >= 0 {
		if digits == "" {
			return "0", nil
		}
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", int(e10)))
		return b.String(), nil
	}
	n := int(-e10)
	if len(digits) <= n {
		digits = strings.Repeat("0", n-len(digits)+1) + digits
	}
	b.WriteString(digits[:len(digits)-n])
	b.WriteByte('.')
	b.WriteString(digits[len(digits)-n:])
	return b.String(), nil
}

// compareNumericText orders two canonical numeric texts by value.
func compareNumericText(a, b string) int {
	na, ia, fa := splitNumeric(a)
	nb, ib, fb := splitNumeric(b)
	za, zb := ia == "" && fa == "", ib == "" && fb == ""
	sa, sb := signOf(na, za), signOf(nb, zb)
	if sa != sb {
		return compareOrdered(int64(sa), int64(sb))
	}
	c := compareOrdered(int64(len(ia)), int64(len(ib)))
	if c == 0 {
		c = strings.Compare(ia, ib)
	}
	if c == 0 {
		c = strings.Compare(fa, fb)
	}
	return c * sa
}

func signOf(neg, zero bool) int {
	switch {
	case zero:
		return 0
	case neg:
		return -1
	}
	return 1
}

// splitNumeric returns the sign, the integer digits without leading zeros
// and the fraction digits without trailing zeros.
func splitNumeric(s string) (neg bool, ip, fp string) {
	s, neg = strings.CutPrefix(s, "-")
	ip, fp, _ = strings.Cut(s, ".")
	return neg, strings.TrimLeft(ip, "0"), strings.TrimRight(fp, "0")
}
