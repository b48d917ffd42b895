package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// mathFuncs are PostgreSQL 15's mathematical functions beyond abs and
// rounding (docs 9.3, Table 9.5), one entry per pg_proc signature, with
// their errors as PostgreSQL's (checked against PostgreSQL 15): exp, ln,
// log (base 10; log(b, x) on numeric), sqrt and power of double precision
// and of numeric (numeric_math.go), cbrt, degrees, radians and pi of
// double precision, sign of both, mod of each integer type and numeric,
// div of numeric. An integer or untyped argument takes the double
// precision form (the preferred numeric type), a numeric one the numeric
// form.
var mathFuncs = []Func{
	floatMath("exp", expFloat), numericMath("exp", ExpNumeric),
	floatMath("ln", func(x float64) (float64, error) { return logFloat(x, math.Log) }), numericMath("ln", LnNumeric),
	floatMath("log", func(x float64) (float64, error) { return logFloat(x, math.Log10) }), numericMath("log", log10Numeric),
	{Name: "log", Args: []types.Type{types.Numeric, types.Numeric}, Ret: types.Numeric, Strict: true,
		Fn: numeric2(LogNumeric)},
	floatMath("sqrt", sqrtFloat), numericMath("sqrt", SqrtNumeric),
	floatMath("cbrt", func(x float64) (float64, error) { return math.Cbrt(x), nil }),
	{Name: "power", Args: []types.Type{types.Float8, types.Float8}, Ret: types.Float8, Strict: true, Fn: float2(PowerFloat)},
	{Name: "power", Args: []types.Type{types.Numeric, types.Numeric}, Ret: types.Numeric, Strict: true, Fn: numeric2(PowerNumeric)},
	floatMath("degrees", func(x float64) (float64, error) { return checkFloat(x * (180 / math.Pi)) }),
	floatMath("radians", func(x float64) (float64, error) { return x * (math.Pi / 180), nil }),
	{Name: "pi", Ret: types.Float8, Fn: func(Context, []any) (any, error) { return math.Pi, nil }},
	floatMath("sign", signFloat), numericMath("sign", SignNumeric),
	modInt(types.Int2), modInt(types.Int4), modInt(types.Int8),
	{Name: "mod", Args: []types.Type{types.Numeric, types.Numeric}, Ret: types.Numeric, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return NumericArith("%", a[0], a[1]) }},
	{Name: "div", Args: []types.Type{types.Numeric, types.Numeric}, Ret: types.Numeric, Strict: true, Fn: numeric2(DivNumeric)},
}

// powerOperators are ^ on double precision and on numeric (dpow,
// numeric_power), the same functions as power; as the other operators'
// (operators.go), their operands come unconverted (toFloat, AsNumeric).
var powerOperators = []Func{
	{Name: "^", Args: []types.Type{types.Float8, types.Float8}, Ret: types.Float8, Strict: true, Fn: float2(PowerFloat)},
	{Name: "^", Args: []types.Type{types.Numeric, types.Numeric}, Ret: types.Numeric, Strict: true, Fn: numeric2(PowerNumeric)},
}

func floatMath(name string, fn func(float64) (float64, error)) Func {
	return Func{Name: name, Args: []types.Type{types.Float8}, Ret: types.Float8, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(ToFloat(a[0])) }}
}

func float2(fn func(x, y float64) (float64, error)) Impl {
	return func(_ Context, a []any) (any, error) { return fn(ToFloat(a[0]), ToFloat(a[1])) }
}

func numericMath(name string, fn func(types.Decimal) (types.Decimal, error)) Func {
	return Func{Name: name, Args: []types.Type{types.Numeric}, Ret: types.Numeric, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			return fn(n)
		}}
}

func numeric2(fn func(x, y types.Decimal) (types.Decimal, error)) Impl {
	return func(_ Context, a []any) (any, error) {
		x, _ := types.AsNumeric(a[0])
		y, _ := types.AsNumeric(a[1])
		return fn(x, y)
	}
}

// Errors of the float functions, as PostgreSQL's float.c.
var (
	errFloatOverflow  = pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	errFloatUnderflow = pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
	errLogZero        = pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of zero")
	errLogNegative    = pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of a negative number")
	errSqrtNegative   = pgerror.New(pgerror.InvalidArgumentForPower, "cannot take square root of a negative number")
	errZeroNegPower   = pgerror.New(pgerror.InvalidArgumentForPower, "zero raised to a negative power is undefined")
	errComplexPower   = pgerror.New(pgerror.InvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result")
)

// checkFloat is 22003 overflow for an infinite result (of finite
// arguments).
func checkFloat(v float64) (float64, error) {
	if math.IsInf(v, 0) {
		return 0, errFloatOverflow
	}
	return v, nil
}

// expFloat is dexp: overflow and underflow (a zero result of a finite
// argument) are 22003; exp(-Infinity) is 0, exp(Infinity) Infinity.
func expFloat(x float64) (float64, error) {
	v := math.Exp(x)
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x):
		return v, nil
	case math.IsInf(v, 0):
		return 0, errFloatOverflow
	case v == 0:
		return 0, errFloatUnderflow
	}
	return v, nil
}

// logFloat is dlog1 or dlog10: 2201E for zero and negative numbers.
func logFloat(x float64, fn func(float64) float64) (float64, error) {
	switch {
	case x == 0:
		return 0, errLogZero
	case x < 0:
		return 0, errLogNegative
	}
	return fn(x), nil
}

func sqrtFloat(x float64) (float64, error) {
	if x < 0 {
		return 0, errSqrtNegative
	}
	return math.Sqrt(x), nil
}

// PowerFloat is dpow: 2201F for zero to a negative power and a negative
// number to a non-integer power, 22003 when a finite result overflows
// or underflows to zero.
func PowerFloat(x, y float64) (float64, error) {
	switch {
	case x == 0 && y < 0:
		return 0, errZeroNegPower
	case x < 0 && y != math.Trunc(y) && !math.IsInf(y, 0):
		return 0, errComplexPower
	}
	v := math.Pow(x, y)
	finite := !math.IsInf(x, 0) && !math.IsInf(y, 0) && !math.IsNaN(x) && !math.IsNaN(y)
	switch {
	case finite && math.IsInf(v, 0):
		return 0, errFloatOverflow
	case finite && v == 0 && x != 0:
		return 0, errFloatUnderflow
	}
	return v, nil
}

func signFloat(x float64) (float64, error) {
	switch {
	case x > 0:
		return 1, nil
	case x < 0:
		return -1, nil
	}
	return 0, nil
}

// modInt is mod of integer type t (int2mod ...): 22012 for a zero
// divisor.
func modInt(t types.Type) Func {
	return Func{Name: "mod", Args: []types.Type{t, t}, Ret: t, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return IntArith("%", a[0].(int64), a[1].(int64), t) }}
}
