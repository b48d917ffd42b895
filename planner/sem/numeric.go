package sem

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// numericFuncs are PostgreSQL's mathematical functions vecgres serves
// (docs 9.3, Table 9.5). abs has one signature per numeric type and
// returns its argument's type (int2abs ... numeric_abs, which keeps the
// scale); double precision comes first so that an untyped argument ($1,
// '...', NULL) takes it, as PostgreSQL's preferred numeric type
// (func_select_candidate). round, trunc, ceil, ceiling and floor take
// double precision or numeric, round and trunc also (numeric, integer):
// integers and untyped literals take the double precision form, and
// round(float8, int) does not exist (42883; float8 to numeric is not an
// implicit cast). round(numeric, int) rounds half away from zero to the
// given scale (negative: left of the point).
var numericFuncs = []Func{
	absFloat(types.Float8), absNumeric, absInt(types.Int2), absInt(types.Int4), absInt(types.Int8), absFloat(types.Float4),
	float8Func("round", math.RoundToEven), numericFunc("round", func(n types.Decimal) types.Decimal { return types.RoundNumeric(n, 0) }),
	numericScaleFunc("round", types.RoundNumeric),
	float8Func("trunc", math.Trunc), numericFunc("trunc", func(n types.Decimal) types.Decimal { return TruncNumeric(n, 0) }),
	numericScaleFunc("trunc", TruncNumeric),
	float8Func("ceil", math.Ceil), numericFunc("ceil", CeilNumeric),
	float8Func("ceiling", math.Ceil), numericFunc("ceiling", CeilNumeric),
	float8Func("floor", math.Floor), numericFunc("floor", FloorNumeric),
}

func float8Func(name string, fn func(float64) float64) Func {
	return Func{Name: name, Args: []types.Type{types.Float8}, Ret: types.Float8, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(a[0].(float64)), nil }}
}

func numericFunc(name string, fn func(types.Decimal) types.Decimal) Func {
	return Func{Name: name, Args: []types.Type{types.Numeric}, Ret: types.Numeric, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			return fn(n), nil
		}}
}

func numericScaleFunc(name string, fn func(types.Decimal, int64) types.Decimal) Func {
	return Func{Name: name, Args: []types.Type{types.Numeric, types.Int4}, Ret: types.Numeric, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			s, _ := a[1].(int64)
			return fn(n, s), nil
		}}
}

var absNumeric = numericFunc("abs", types.AbsNumeric)

// absInt is abs of integer type t: the most negative value has no
// absolute value in t, 22003 `integer out of range` (smallint, bigint).
func absInt(t types.Type) Func {
	lo, _, name := intRange(t.Kind)
	return Func{Name: "abs", Args: []types.Type{t}, Ret: t, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			x := a[0].(int64)
			if x == lo {
				return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "%s out of range", name)
			}
			if x < 0 {
				x = -x
			}
			return x, nil
		}}
}

// absFloat is abs of float type t (float4 values are held as float64).
func absFloat(t types.Type) Func {
	return Func{Name: "abs", Args: []types.Type{t}, Ret: t, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return math.Abs(a[0].(float64)), nil }}
}

// TruncNumeric is trunc(numeric, int): digits after scale places dropped
// (toward zero), the result with scale max(scale, 0) as PostgreSQL's
// numeric_trunc; a negative scale zeroes digits left of the point.
func TruncNumeric(n types.Decimal, scale int64) types.Decimal {
	s := string(types.AppendNumericText(nil, n))
	if s == "NaN" || strings.Contains(s, "Infinity") {
		return n
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	ip, fp, _ := strings.Cut(s, ".")
	switch {
	case scale >= 0:
		fp = (fp + strings.Repeat("0", int(min(scale, 2000))))[:min(scale, 2000)]
	case int(-scale) >= len(ip):
		ip, fp = "0", ""
	default:
		ip, fp = ip[:len(ip)+int(scale)]+strings.Repeat("0", int(-scale)), ""
	}
	out := ip
	if fp != "" {
		out += "." + fp
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	r, err := types.ParseNumeric(out)
	if err != nil {
		return n
	}
	return r
}

// CeilNumeric and FloorNumeric round toward +/- infinity to scale 0.
func CeilNumeric(n types.Decimal) types.Decimal  { return stepNumeric(n, 1) }
func FloorNumeric(n types.Decimal) types.Decimal { return stepNumeric(n, -1) }

// stepNumeric truncates n and moves one toward dir when that dropped a
// fraction on dir's side of zero.
func stepNumeric(n types.Decimal, dir int64) types.Decimal {
	t := TruncNumeric(n, 0)
	c := types.CmpNumeric(n, t)
	if c == 0 || int64(c) != dir {
		return t
	}
	r, err := types.NumericArith("+", t, types.NumericFromInt64(dir))
	if err != nil {
		return t
	}
	return r
}
