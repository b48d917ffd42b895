package sem

import (
	"errors"
	"math"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// The numeric forms of exp, ln, log, sqrt and power compute with apd and
// round half away from zero to the result scale PostgreSQL 15's numeric.c
// chooses (numeric_exp, numeric_ln, log_var, numeric_sqrt, power_var):
// at least NUMERIC_MIN_SIG_DIGITS (16) significant digits from an
// estimate of the result's decimal weight, at least the arguments'
// display scales, between 0 and NUMERIC_MAX_DISPLAY_SCALE (1000). NaN
// gives NaN; the unary functions take the infinities as PostgreSQL's,
// the binary ones refuse them (0A000).

const (
	minSigDigits    = 16   // NUMERIC_MIN_SIG_DIGITS
	maxDisplayScale = 1000 // NUMERIC_MAX_DISPLAY_SCALE
	maxResultWeight = 131072
	// maxLn is exp_var's and power_var's bound on the natural logarithm
	// of a result (NUMERIC_MAX_RESULT_SCALE * 3): past it the result
	// overflows, or is zero below -maxLn.
	maxLn = 6000
)

var errNumericOverflow = pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")

// numVal is a numeric argument in apd form with its display scale.
type numVal struct {
	d     apd.Decimal
	scale int
	text  string // "NaN", "Infinity", "-Infinity" for the special values
}

func toNum(n types.Decimal) numVal {
	s := string(types.AppendNumericText(nil, n))
	if s == "NaN" || strings.HasSuffix(s, "Infinity") {
		return numVal{text: s}
	}
	var v numVal
	_, _, _ = v.d.SetString(s) // numeric's own text: it parses
	if _, frac, ok := strings.Cut(s, "."); ok {
		v.scale = len(frac)
	}
	return v
}

func (v numVal) special() bool { return v.text != "" }

// weight is v's decimal weight: floor(log10(|v|)) (0 for zero).
func (v numVal) weight() int {
	if v.d.IsZero() {
		return 0
	}
	return int(v.d.Exponent) + int(v.d.NumDigits()) - 1
}

func (v numVal) float() float64 {
	f, _ := v.d.Float64()
	return f
}

func special(s string) (types.Decimal, error) { return types.ParseNumeric(s) }

// clampScale applies PostgreSQL's bounds to a result scale: at least
// each argument's scale, between 0 and 1000.
func clampScale(rscale int, args ...numVal) int {
	for _, a := range args {
		rscale = max(rscale, a.scale)
	}
	return min(max(rscale, 0), maxDisplayScale)
}

// compute runs fn with enough precision for rscale digits after the point
// of a result of decimal weight about w, and rounds the result to rscale.
func compute(rscale, w int, fn func(ctx *apd.Context, out *apd.Decimal) error) (types.Decimal, error) {
	if w > maxResultWeight {
		return types.Decimal{}, errNumericOverflow
	}
	ctx := apd.BaseContext.WithPrecision(uint32(max(w+1, 0) + rscale + 10))
	var out apd.Decimal
	if err := fn(ctx, &out); err != nil {
		return apdFailure(err, rscale)
	}
	q := apd.BaseContext.WithPrecision(uint32(max(w+1, 1) + rscale + 12))
	q.Rounding = apd.RoundHalfUp
	if _, err := q.Quantize(&out, &out, int32(-rscale)); err != nil {
		return types.Decimal{}, errNumericOverflow
	}
	return types.ParseNumeric(out.Text('f'))
}

// apdFailure maps an error of apd's computation, whose exponents are
// bounded at ±100000 (narrower than numeric's), to the answer: zero at
// rscale for an underflow (a result below 1e-100000 rounds to zero at
// any scale up to 1000), else 22003.
func apdFailure(err error, rscale int) (types.Decimal, error) {
	if msg := err.Error(); strings.Contains(msg, "underflow") || strings.Contains(msg, "subnormal") {
		return zeroAt(rscale)
	}
	return types.Decimal{}, errNumericOverflow
}

// zeroAt is 0 with rscale digits after the point.
func zeroAt(rscale int) (types.Decimal, error) {
	if rscale == 0 {
		return special("0")
	}
	return types.ParseNumeric("0." + strings.Repeat("0", rscale))
}

// ExpNumeric is numeric_exp: scale 16 - the result's estimated decimal
// weight (x × log10 e). Errors: 22003 past numeric's range.
func ExpNumeric(n types.Decimal) (types.Decimal, error) {
	x := toNum(n)
	switch x.text {
	case "NaN", "Infinity":
		return n, nil
	case "-Infinity":
		return special("0")
	}
	f := x.float()
	val := min(max(f*0.434294481903252, -2000), 2000) // the scale's estimate, bounded as numeric_exp's
	rscale := clampScale(minSigDigits-int(val), x)
	switch {
	case f >= maxLn:
		return types.Decimal{}, errNumericOverflow
	case f <= -maxLn:
		return zeroAt(rscale)
	}
	return compute(rscale, int(f*0.434294481903252)+1, func(ctx *apd.Context, out *apd.Decimal) error {
		_, err := ctx.Exp(out, &x.d)
		return err
	})
}

// lnWeight is estimate_ln_dweight: the decimal weight of ln(x), from
// x - 1 for x in [0.9, 1.1], else (int) log10(|ln x|).
func lnWeight(x numVal) int {
	f := x.float()
	if f >= 0.9 && f <= 1.1 {
		var d apd.Decimal
		_, _ = apd.BaseContext.WithPrecision(2000).Sub(&d, &x.d, apd.New(1, 0)) // exact for x near 1
		if d.IsZero() {
			return 0
		}
		return int(d.Exponent) + int(d.NumDigits()) - 1
	}
	lnv := math.Log(f)
	if math.IsInf(f, 0) || f == 0 {
		lnv = float64(x.weight()) * math.Ln10
	}
	return int(math.Log10(math.Abs(lnv)))
}

// checkLog is 2201E for a zero or negative logarithm argument.
func checkLog(x numVal) error {
	switch {
	case x.text == "-Infinity" || !x.special() && x.d.Negative && !x.d.IsZero():
		return errLogNegative
	case !x.special() && x.d.IsZero():
		return errLogZero
	}
	return nil
}

// LnNumeric is numeric_ln: scale 16 - the decimal weight of ln(x).
// Errors: 2201E for zero or a negative number.
func LnNumeric(n types.Decimal) (types.Decimal, error) {
	x := toNum(n)
	if err := checkLog(x); err != nil {
		return types.Decimal{}, err
	}
	if x.special() {
		return n, nil
	}
	return compute(clampScale(minSigDigits-lnWeight(x), x), lnWeight(x), func(ctx *apd.Context, out *apd.Decimal) error {
		_, err := ctx.Ln(out, &x.d)
		return err
	})
}

// log10Numeric is log(numeric): PostgreSQL's SQL function log(10, x),
// whose errors say so in their CONTEXT.
func log10Numeric(n types.Decimal) (types.Decimal, error) {
	ten, _ := types.ParseNumeric("10")
	v, err := LogNumeric(ten, n)
	var pe *pgerror.Error
	if errors.As(err, &pe) {
		return v, pe.WithContext(`SQL function "log" statement 1`)
	}
	return v, err
}

// LogNumeric is log(b, x), log_var: scale 16 - (lnWeight(x) -
// lnWeight(b)). Errors: 2201E for a zero or negative base or argument
// (the base checked first), 22012 for base 1, 0A000 for infinities.
func LogNumeric(bn, xn types.Decimal) (types.Decimal, error) {
	b, x := toNum(bn), toNum(xn)
	if b.text == "NaN" || x.text == "NaN" {
		return special("NaN")
	}
	if err := checkLog(b); err != nil {
		return types.Decimal{}, err
	}
	if err := checkLog(x); err != nil {
		return types.Decimal{}, err
	}
	if b.special() || x.special() {
		return types.Decimal{}, pgerror.NotSupported("log of an infinite numeric")
	}
	if b.d.Cmp(apd.New(1, 0)) == 0 {
		return types.Decimal{}, pgerror.New(pgerror.DivisionByZero, "division by zero")
	}
	w := lnWeight(x) - lnWeight(b)
	return compute(clampScale(minSigDigits-w, b, x), w, func(ctx *apd.Context, out *apd.Decimal) error {
		var lb, lx apd.Decimal
		ctx = ctx.WithPrecision(ctx.Precision + 10)
		if _, err := ctx.Ln(&lb, &b.d); err != nil {
			return err
		}
		if _, err := ctx.Ln(&lx, &x.d); err != nil {
			return err
		}
		_, err := ctx.Quo(out, &lx, &lb)
		return err
	})
}

// SqrtNumeric is numeric_sqrt: scale 16 - the result's weight in
// PostgreSQL's base-10000 digits ((weight + 1) × 4 / 2 - 1). Errors:
// 2201F for a negative number.
func SqrtNumeric(n types.Decimal) (types.Decimal, error) {
	x := toNum(n)
	if x.text == "-Infinity" || !x.special() && x.d.Negative && !x.d.IsZero() {
		return types.Decimal{}, errSqrtNegative
	}
	if x.special() {
		return n, nil
	}
	w4 := floorDiv(x.weight(), 4) // base-10000 weight
	sweight := (w4+1)*4/2 - 1
	return compute(clampScale(minSigDigits-sweight, x), x.weight()/2+1, func(ctx *apd.Context, out *apd.Decimal) error {
		_, err := ctx.Sqrt(out, &x.d)
		return err
	})
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// PowerNumeric is numeric_power: scale 16 - the result's estimated
// decimal weight (y × log10 |x|), and at least 16 and x's scale for an
// integer y (power_var_int's). Errors: 2201F for zero to a negative
// power and a negative number to a non-integer power, 22003 past
// numeric's range, 0A000 for infinities.
func PowerNumeric(xn, yn types.Decimal) (types.Decimal, error) {
	x, y := toNum(xn), toNum(yn)
	if x.text == "NaN" || y.text == "NaN" {
		return special("NaN")
	}
	if x.special() || y.special() {
		return types.Decimal{}, pgerror.NotSupported("power of an infinite numeric")
	}
	var frac apd.Decimal
	y.d.Modf(nil, &frac)
	switch {
	case x.d.IsZero() && y.d.Negative && !y.d.IsZero():
		return types.Decimal{}, errZeroNegPower
	case x.d.Negative && !x.d.IsZero() && !frac.IsZero():
		return types.Decimal{}, errComplexPower
	}
	w := 0
	if !x.d.IsZero() {
		var a apd.Decimal
		a.Abs(&x.d)
		f, _ := a.Float64()
		lf := math.Log10(f)
		if math.IsInf(f, 0) || f == 0 {
			lf = float64(x.weight())
		}
		est := 0.0 // |x| = 1: 1 whatever y, also an infinite float y
		if lf != 0 {
			est = min(max(y.float()*lf, -1e9), 1e9)
		}
		w = int(est)
	}
	rscale := clampScale(minSigDigits-min(max(w, -2000), 2000), x, y)
	isInt := frac.IsZero() && y.d.Cmp(apd.New(math.MaxInt32, 0)) <= 0 && y.d.Cmp(apd.New(math.MinInt32, 0)) >= 0
	switch {
	case isInt:
		rscale = clampScale(minSigDigits, x) // power_var_int's scale
		if w+1 < -rscale {
			return zeroAt(rscale) // power_var_int's underflow
		}
	case float64(w) > maxLn*0.434294481903252:
		return types.Decimal{}, errNumericOverflow // power_var's bounds
	case float64(w) < -maxLn*0.434294481903252:
		return zeroAt(maxDisplayScale)
	}
	return compute(rscale, w+1, func(ctx *apd.Context, out *apd.Decimal) error {
		if x.d.IsZero() {
			if y.d.IsZero() {
				out.SetInt64(1)
			} else {
				out.SetInt64(0)
			}
			return nil
		}
		_, err := ctx.Pow(out, &x.d, &y.d)
		return err
	})
}

// SignNumeric is numeric_sign: -1, 0 or 1 (scale 0; NaN for NaN).
func SignNumeric(n types.Decimal) (types.Decimal, error) {
	x := toNum(n)
	switch {
	case x.text == "NaN":
		return n, nil
	case x.text == "-Infinity" || !x.special() && x.d.Negative && !x.d.IsZero():
		return special("-1")
	case x.special() || !x.d.IsZero():
		return special("1")
	}
	return special("0")
}

// DivNumeric is div(x, y): the integer quotient truncated toward zero
// (scale 0). Errors: 22012 for a zero divisor, 0A000 for infinities.
func DivNumeric(xn, yn types.Decimal) (types.Decimal, error) {
	x, y := toNum(xn), toNum(yn)
	if x.text == "NaN" || y.text == "NaN" {
		return special("NaN")
	}
	if x.special() || y.special() {
		return types.Decimal{}, pgerror.NotSupported("div of an infinite numeric")
	}
	if y.d.IsZero() {
		return types.Decimal{}, pgerror.New(pgerror.DivisionByZero, "division by zero")
	}
	ctx := apd.BaseContext.WithPrecision(uint32(max(x.weight()-y.weight(), 0) + 5))
	var q apd.Decimal
	if _, err := ctx.QuoInteger(&q, &x.d, &y.d); err != nil {
		return types.Decimal{}, errNumericOverflow
	}
	return types.ParseNumeric(q.Text('f'))
}
