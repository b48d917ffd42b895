package sem

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// The arithmetic of the operators (operators.go) on numbers and
// vectors. Implicit casts between numbers are not applied to the values:
// an integer operand of a float or numeric operator is converted here
// (toFloat, types.AsNumeric), exactly for numeric.

// NumericArith is + - * / % on numeric (an integer operand is converted
// exactly), with PostgreSQL's result scales (types.NumericArith).
func NumericArith(op string, l, r any) (any, error) {
	x, _ := types.AsNumeric(l)
	y, _ := types.AsNumeric(r)
	v, err := types.NumericArith(op, x, y)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// FloatArith is + - * / % on floats (float4 values held as float64,
// rounded to float32 when t is real): 22012 `division by zero`, 22003
// `value out of range: overflow` for an infinite result of finite
// operands and `value out of range: underflow` for a zero product or
// quotient of non-zero operands (PostgreSQL's float.c checks).
func FloatArith(op string, x, y float64, t types.Type) (any, error) {
	var v float64
	switch op {
	case "+":
		v = x + y
	case "-":
		v = x - y
	case "*":
		v = x * y
	case "/":
		if y == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		v = x / y
	default:
		if y == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		v = math.Mod(x, y)
	}
	if t.Kind == types.KindFloat4 {
		v = float64(float32(v)) // float4 arithmetic: over- and underflow at float32's range
	}
	if math.IsInf(v, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	}
	if v == 0 && underflows(op, x, y) {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
	}
	return v, nil
}

// underflows reports whether a zero result of x op y is an underflow, as
// PostgreSQL's float8_mul / float8_div check it (float.c): a product of
// two non-zero values, a quotient of a non-zero value by a finite one.
func underflows(op string, x, y float64) bool {
	switch op {
	case "*":
		return x != 0 && y != 0
	case "/":
		return x != 0 && !math.IsInf(y, 0)
	}
	return false
}

// intRange gives the bounds and name of each integer kind.
func intRange(k types.Kind) (lo, hi int64, name string) {
	switch k {
	case types.KindInt2:
		return math.MinInt16, math.MaxInt16, "smallint"
	case types.KindInt4:
		return math.MinInt32, math.MaxInt32, "integer"
	}
	return math.MinInt64, math.MaxInt64, "bigint"
}

// IntArith is + - * / % on integers with a result of type t: 22003
// `integer out of range` (smallint, bigint) outside t's range, minimum /
// -1 included; 22012 `division by zero`.
func IntArith(op string, x, y int64, t types.Type) (any, error) {
	lo, hi, name := intRange(t.Kind)
	var v int64
	switch op {
	case "+":
		v = x + y
		if (y > 0 && v < x) || (y < 0 && v > x) {
			return nil, intOverflow(name)
		}
	case "-":
		v = x - y
		if (y < 0 && v < x) || (y > 0 && v > x) {
			return nil, intOverflow(name)
		}
	case "*":
		v = x * y
		if x != 0 && (v/x != y || (x == -1 && y == math.MinInt64)) {
			return nil, intOverflow(name)
		}
	case "/", "%":
		if y == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		switch {
		case y == -1 && op == "%":
			v = 0
		case y == -1 && x == math.MinInt64:
			return nil, intOverflow(name)
		case y == -1:
			v = -x // the range check below catches int4/int2 minimum / -1
		case op == "/":
			v = x / y
		default:
			v = x % y
		}
	}
	if v < lo || v > hi {
		return nil, intOverflow(name)
	}
	return v, nil
}

// intOverflow is 22003 `NAME out of range`, made only when an operation
// overflows: a result in range allocates no error.
func intOverflow(name string) error {
	return pgerror.Errorf(pgerror.NumericValueOutOfRange, "%s out of range", name)
}

// Negate is unary minus on a number of type t (22003 for the most
// negative integer of t).
func Negate(v any, t types.Type) (any, error) {
	switch x := v.(type) {
	case int64:
		return IntArith("-", 0, x, t)
	case types.Decimal:
		return types.NegNumeric(x), nil
	case types.Interval:
		return types.NegateInterval(x)
	}
	return -v.(float64), nil
}

// ToFloat reads a number of any numeric kind (int64, types.Decimal,
// float64) as float64.
func ToFloat(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case types.Decimal:
		return types.NumericToFloat64(x)
	}
	return v.(float64)
}

// VectorArith applies + - * element-wise (float32, as pgvector's
// vector_add, vector_sub, vector_mul): an infinite element is 22003
// `value out of range: overflow`; for *, a zero product of non-zero
// elements is 22003 `value out of range: underflow` (a subnormal is not).
func VectorArith(op string, a, b types.Vector) (types.Vector, error) {
	if err := CheckSameDims(a, b); err != nil {
		return nil, err
	}
	out := make(types.Vector, len(a))
	for i := range a {
		switch op {
		case "+":
			out[i] = a[i] + b[i]
		case "-":
			out[i] = a[i] - b[i]
		default:
			out[i] = a[i] * b[i]
		}
		if math.IsInf(float64(out[i]), 0) {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
		if op == "*" && out[i] == 0 && a[i] != 0 && b[i] != 0 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
		}
	}
	return out, nil
}

// VectorConcat is pgvector's vector_concat: 54000 past MaxVectorDims.
func VectorConcat(a, b types.Vector) (types.Vector, error) {
	if len(a)+len(b) > MaxVectorDims {
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "vector cannot have more than %d dimensions", MaxVectorDims)
	}
	out := make(types.Vector, 0, len(a)+len(b))
	return append(append(out, a...), b...), nil
}

// MaxVectorDims is pgvector's VECTOR_MAX_DIM.
const MaxVectorDims = 16000
