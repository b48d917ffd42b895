package planner

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// arithExpr is + - * / % on numbers, || on text, + - * || on vectors.
type arithExpr struct {
	op   string
	l, r expr
	t    types.Type
}

func (a *arithExpr) Type() types.Type { return a.t }
func (a *arithExpr) Eval(e *env) (any, error) {
	l, r, err := evalOperands(e, a.l, a.r)
	if err != nil || l == nil {
		return nil, err
	}
	switch a.t.Kind {
	case types.KindVector:
		if a.op == "||" {
			return vectorConcat(l.(types.Vector), r.(types.Vector))
		}
		return vectorArith(a.op, l.(types.Vector), r.(types.Vector))
	case types.KindText:
		return l.(string) + r.(string), nil
	case types.KindNumeric:
		return numericArith(a.op, l, r)
	case types.KindFloat4, types.KindFloat8:
		return floatArith(a.op, toFloat(l), toFloat(r), a.t)
	}
	return intArith(a.op, l.(int64), r.(int64), a.t)
}

// numericArith is + - * / % on numeric (an integer operand is converted
// exactly), with PostgreSQL's result scales (types.NumericArith).
func numericArith(op string, l, r any) (any, error) {
	x, _ := types.AsNumeric(l)
	y, _ := types.AsNumeric(r)
	v, err := types.NumericArith(op, x, y)
	if err != nil {
		return nil, err
	}
	return v, nil
}

func floatArith(op string, x, y float64, t types.Type) (any, error) {
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
	if math.IsInf(v, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
	}
	if t.Kind == types.KindFloat4 {
		v = float64(float32(v))
	}
	return v, nil
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

func intArith(op string, x, y int64, t types.Type) (any, error) {
	lo, hi, name := intRange(t.Kind)
	overflow := pgerror.Errorf(pgerror.NumericValueOutOfRange, "%s out of range", name)
	var v int64
	switch op {
	case "+":
		v = x + y
		if (y > 0 && v < x) || (y < 0 && v > x) {
			return nil, overflow
		}
	case "-":
		v = x - y
		if (y < 0 && v < x) || (y > 0 && v > x) {
			return nil, overflow
		}
	case "*":
		v = x * y
		if x != 0 && (v/x != y || (x == -1 && y == math.MinInt64)) {
			return nil, overflow
		}
	case "/", "%":
		if y == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		switch {
		case y == -1 && op == "%":
			v = 0
		case y == -1 && x == math.MinInt64:
			return nil, overflow
		case y == -1:
			v = -x // the range check below catches int4/int2 minimum / -1
		case op == "/":
			v = x / y
		default:
			v = x % y
		}
	}
	if v < lo || v > hi {
		return nil, overflow
	}
	return v, nil
}

// arithResultType gives the type of a numeric operation: integers widen to
// the wider operand (int2 with int2 stays int2, as in PostgreSQL); real with
// real stays real; numeric with numeric or an integer is numeric; any other
// mix is double precision (numeric with a float is float8, as PostgreSQL's
// implicit numeric -> float8 cast).
func arithResultType(a, b types.Type) types.Type {
	if isIntKind(a.Kind) && isIntKind(b.Kind) {
		if a.Kind == types.KindInt8 || b.Kind == types.KindInt8 {
			return types.Int8
		}
		if a.Kind == types.KindInt2 && b.Kind == types.KindInt2 {
			return types.Int2
		}
		return types.Int4
	}
	if a.Kind == types.KindFloat4 && b.Kind == types.KindFloat4 {
		return types.Float4
	}
	an, bn := a.Kind == types.KindNumeric, b.Kind == types.KindNumeric
	if (an || isIntKind(a.Kind)) && (bn || isIntKind(b.Kind)) {
		return types.Numeric
	}
	return types.Float8
}

// negExpr is unary minus.
type negExpr struct{ x expr }

func (n *negExpr) Type() types.Type { return n.x.Type() }
func (n *negExpr) Eval(e *env) (any, error) {
	v, err := n.x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	switch x := v.(type) {
	case int64:
		return intArith("-", 0, x, n.x.Type())
	case types.Decimal:
		return types.NegNumeric(x), nil
	}
	return -v.(float64), nil
}
