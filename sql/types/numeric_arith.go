package types

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Decimal arithmetic with PostgreSQL 15's result scales (numeric.c):
// + and - keep the larger operand scale, * adds the scales (capped at
// 16383), / uses select_div_scale, % keeps the larger scale. Results are
// exact except for / (rounded half away from zero at its scale). NaN and
// infinities follow numeric.c's special-value rules.

func errDivisionByZero() *pgerror.Error {
	return pgerror.New(pgerror.DivisionByZero, "division by zero")
}

// CmpNumeric orders a and b as PostgreSQL's cmp_numerics: -Infinity <
// finite values < Infinity < NaN, NaN equal to NaN; scale is ignored
// (1.0 = 1.00).
func CmpNumeric(a, b Decimal) int {
	ra, rb := numericRank(a), numericRank(b)
	if ra != rb || ra != 1 {
		return compareOrdered(int64(ra), int64(rb))
	}
	return a.d.Cmp(&b.d)
}

func numericRank(n Decimal) int {
	switch {
	case n.IsNaN():
		return 3
	case n.IsInf() > 0:
		return 2
	case n.IsInf() < 0:
		return 0
	}
	return 1
}

// NegNumeric is unary minus (numeric_uminus); zero stays positive.
func NegNumeric(a Decimal) Decimal {
	if a.IsNaN() {
		return a
	}
	var r Decimal
	r.d.Neg(&a.d)
	if r.d.IsZero() {
		r.d.Negative = false
	}
	return r
}

// AbsNumeric is abs(numeric), keeping the scale.
func AbsNumeric(a Decimal) Decimal {
	var r Decimal
	r.d.Abs(&a.d)
	return r
}

// NumericArith applies op ("+", "-", "*", "/", "%") to a and b. Errors:
// 22012 division by zero (also for an infinite dividend), 22003 when the
// result passes numeric's limits.
func NumericArith(op string, a, b Decimal) (Decimal, error) {
	if a.IsNaN() || b.IsNaN() {
		return NumericNaN, nil
	}
	switch op {
	case "+", "-":
		return addNumeric(a, b, op == "-")
	case "*":
		return mulNumeric(a, b)
	case "/":
		return divNumeric(a, b)
	}
	return modNumeric(a, b)
}

func addNumeric(a, b Decimal, sub bool) (Decimal, error) {
	if sub {
		b = NegNumeric(b)
	}
	if ia, ib := a.IsInf(), b.IsInf(); ia != 0 || ib != 0 {
		switch {
		case ia != 0 && ib != 0 && ia != ib:
			return NumericNaN, nil
		case ia != 0:
			return a, nil
		}
		return b, nil
	}
	// On the coefficients at the larger scale: apd's own Add refuses
	// results past 10^100000, below numeric's 10^131072.
	scale := max(a.Scale(), b.Scale())
	x, y := signedCoeff(a, scale), signedCoeff(b, scale)
	sum := new(apd.BigInt).Add(x, y)
	return checkNumeric(newNumeric(new(apd.BigInt).Abs(sum), sum.Sign() < 0, scale))
}

func mulNumeric(a, b Decimal) (Decimal, error) {
	if ia, ib := a.IsInf(), b.IsInf(); ia != 0 || ib != 0 {
		sa, sb := a.Sign(), b.Sign()
		if sa == 0 || sb == 0 {
			return NumericNaN, nil
		}
		if sa*sb < 0 {
			return NumericNegInf, nil
		}
		return NumericPosInf, nil
	}
	if limit := int64(numericMaxIntDigits) + 1; !a.d.IsZero() && !b.d.IsZero() && a.intDigits()+b.intDigits() > limit {
		return Decimal{}, errNumericOverflow() // before computing a product that cannot be stored
	}
	prod := new(apd.BigInt).Mul(&a.d.Coeff, &b.d.Coeff)
	r := newNumeric(prod, a.d.Negative != b.d.Negative, a.Scale()+b.Scale())
	if r.Scale() > numericDscale {
		r = roundNumeric(r, numericDscale)
	}
	return checkNumeric(r)
}

func divNumeric(a, b Decimal) (Decimal, error) {
	if b.IsFinite() && b.d.IsZero() {
		return Decimal{}, errDivisionByZero()
	}
	ia, ib := a.IsInf(), b.IsInf()
	switch {
	case ia != 0 && ib != 0:
		return NumericNaN, nil
	case ia != 0:
		if ia*b.Sign() < 0 {
			return NumericNegInf, nil
		}
		return NumericPosInf, nil
	case ib != 0:
		return NumericFromInt64(0), nil
	}
	return divRound(a, b, selectDivScale(a, b))
}

// divRound is a/b (b nonzero, both finite) rounded half away from zero to
// scale digits: the quotient truncated to scale+1 digits, then rounded.
func divRound(a, b Decimal, scale int) (Decimal, error) {
	// a/b × 10^(scale+1) = ca × 10^(sb - sa + scale + 1) / cb
	shift := b.Scale() - a.Scale() + scale + 1
	num, den := new(apd.BigInt).Set(&a.d.Coeff), new(apd.BigInt).Set(&b.d.Coeff)
	if shift >= 0 {
		num.Mul(num, pow10(shift))
	} else {
		den.Mul(den, pow10(-shift))
	}
	q := new(apd.BigInt).Quo(num, den)
	q = roundLastDigit(q)
	return checkNumeric(newNumeric(q, a.d.Negative != b.d.Negative, scale))
}

// roundLastDigit drops the last decimal digit of q >= 0, rounding half up.
func roundLastDigit(q *apd.BigInt) *apd.BigInt {
	ten := apd.NewBigInt(10)
	rem := new(apd.BigInt)
	q, rem = new(apd.BigInt).QuoRem(q, ten, rem)
	if rem.Cmp(apd.NewBigInt(5)) >= 0 {
		q.Add(q, apd.NewBigInt(1))
	}
	return q
}

// selectDivScale is PostgreSQL's select_div_scale: enough digits for
// NUMERIC_MIN_SIG_DIGITS significant digits of the quotient, estimated from
// the base-10000 weights and first digits, at least either operand's
// scale, at most NUMERIC_MAX_DISPLAY_SCALE.
func selectDivScale(a, b Decimal) int {
	w1, d1 := nbaseLead(a)
	w2, d2 := nbaseLead(b)
	qweight := w1 - w2
	if d1 <= d2 {
		qweight--
	}
	s := numericMinSigDigits - qweight*numericDecDigit
	s = max(s, a.Scale(), b.Scale(), 0)
	return min(s, numericMaxDisplayScale)
}

// nbaseLead returns the base-10000 weight and first digit of |n| (0, 0
// for zero).
func nbaseLead(n Decimal) (weight, first int) {
	if n.d.IsZero() {
		return 0, 0
	}
	digits := n.d.Coeff.Append(nil, 10)
	e := int(n.d.Exponent) + len(digits) - 1 // decimal exponent of the lead digit
	weight = floorDivInt(e, numericDecDigit)
	lead := e - weight*numericDecDigit + 1 // decimal digits in the first group, 1..4
	for i := range lead {
		first *= 10
		if i < len(digits) {
			first += int(digits[i] - '0')
		}
	}
	return weight, first
}

func floorDivInt(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func modNumeric(a, b Decimal) (Decimal, error) {
	if b.IsFinite() && b.d.IsZero() {
		return Decimal{}, errDivisionByZero()
	}
	switch {
	case a.IsInf() != 0:
		return NumericNaN, nil
	case b.IsInf() != 0:
		return a, nil
	}
	scale := max(a.Scale(), b.Scale())
	ca := scaledCoeff(a, scale)
	cb := scaledCoeff(b, scale)
	r := new(apd.BigInt).Rem(ca, cb)
	return checkNumeric(newNumeric(r, a.d.Negative, scale))
}

// signedCoeff is n × 10^scale as an integer (scale >= n.Scale()).
func signedCoeff(n Decimal, scale int) *apd.BigInt {
	c := scaledCoeff(n, scale)
	if n.d.Negative {
		c.Neg(c)
	}
	return c
}

// scaledCoeff is |n| × 10^scale as an integer (scale >= n.Scale()).
func scaledCoeff(n Decimal, scale int) *apd.BigInt {
	c := new(apd.BigInt).Set(&n.d.Coeff)
	if k := scale - n.Scale(); k > 0 {
		c.Mul(c, pow10(k))
	}
	return c
}

// roundNumeric rounds a finite n half away from zero to scale digits after
// the point (scale may be negative: round to tens, hundreds...); the result
// has scale max(scale, 0), as round_var. NaN and infinities are returned
// as they are.
func roundNumeric(n Decimal, scale int) Decimal {
	if !n.IsFinite() {
		return n
	}
	cur := n.Scale()
	if scale >= cur {
		return newNumeric(scaledCoeff(n, scale), n.d.Negative, scale)
	}
	// Keep one extra digit, then round it away.
	drop := cur - scale - 1
	q := new(apd.BigInt).Set(&n.d.Coeff)
	if drop > 0 {
		q.Quo(q, pow10(drop))
	}
	q = roundLastDigit(q)
	if scale < 0 {
		q.Mul(q, pow10(-scale))
		scale = 0
	}
	return newNumeric(q, n.d.Negative, scale)
}

// RoundNumeric is round(numeric, int): scale clamped to ±2000, negative
// scales round left of the point and give scale 0.
func RoundNumeric(n Decimal, scale int64) Decimal {
	s := int(max(min(scale, numericMaxResultScale), -numericMaxResultScale))
	return roundNumeric(n, s)
}

// compareNumeric orders a Decimal against a Decimal or an int64 exactly
// (PostgreSQL casts the integer to numeric) and against a float64 as
// float8 (PostgreSQL casts the numeric to float8); ok is false when
// neither is a Decimal.
func compareNumeric(a, b any) (int, bool) {
	na, okA := a.(Decimal)
	nb, okB := b.(Decimal)
	if !okA && !okB {
		return 0, false
	}
	if fa, ok := a.(float64); ok {
		return compareFloat(fa, NumericToFloat64(nb)), true
	}
	if fb, ok := b.(float64); ok {
		return compareFloat(NumericToFloat64(na), fb), true
	}
	if !okA {
		na, okA = AsNumeric(a)
	}
	if !okB {
		nb, okB = AsNumeric(b)
	}
	if !okA || !okB {
		return 0, false
	}
	return CmpNumeric(na, nb), true
}
