package planner

import (
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// TestNumericResultTypes pins PostgreSQL's operator and aggregate result
// types for numeric: integers with numeric give numeric, floats with
// numeric double precision; sum(bigint), sum(numeric) and avg of integers
// or numeric are numeric.
func TestNumericResultTypes(t *testing.T) {
	arith := []struct{ a, b, want types.Type }{
		{types.Numeric, types.Numeric, types.Numeric}, {types.Int4, types.Numeric, types.Numeric},
		{types.Numeric, types.Int8, types.Numeric}, {types.Int2, types.Numeric, types.Numeric},
		{types.Numeric, types.Float8, types.Float8}, {types.Float4, types.Numeric, types.Float8},
		{types.Int4, types.Int8, types.Int8}, {types.Float4, types.Float4, types.Float4},
	}
	for _, tt := range arith {
		f, err := sem.Operators.Resolve("+", []types.Type{tt.a, tt.b})
		if err != nil || f.Ret != tt.want {
			t.Errorf("%s + %s: %v (%v), want %s", tt.a.Name(), tt.b.Name(), f, err, tt.want.Name())
		}
	}
	aggs := []struct {
		name string
		arg  types.Type
		want types.Type
	}{
		{"sum", types.Int2, types.Int8}, {"sum", types.Int4, types.Int8}, {"sum", types.Int8, types.Numeric},
		{"sum", types.Numeric, types.Numeric}, {"sum", types.Float8, types.Float8},
		{"avg", types.Int4, types.Numeric}, {"avg", types.Int8, types.Numeric}, {"avg", types.Numeric, types.Numeric},
		{"avg", types.Float4, types.Float8},
	}
	for _, tt := range aggs {
		f, err := sem.Builtins.Resolve(tt.name, []types.Type{tt.arg})
		if err != nil || f.Ret != tt.want {
			t.Errorf("%s(%s): resolved %v (%v), want %s", tt.name, tt.arg.Name(), f, err, tt.want.Name())
		}
	}
}

// TestNumericArithExpr evaluates numeric operators through the planner's
// expression nodes: exact decimal results with PostgreSQL's scales, an
// integer operand converted exactly, and unary minus keeping the scale.
func TestNumericArithExpr(t *testing.T) {
	num := func(s string) types.Decimal {
		n, err := types.ParseNumeric(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	tests := []struct {
		op   string
		l, r any
		want string
	}{
		{"+", num("0.1"), num("0.2"), "0.3"}, {"*", num("1.50"), int64(3), "4.50"},
		{"/", int64(1), num("3"), "0.33333333333333333333"}, {"%", num("10"), num("3.5"), "3.0"},
		{"-", int64(9223372036854775807), num("-1"), "9223372036854775808"},
	}
	for _, tt := range tests {
		v, err := sem.NumericArith(tt.op, tt.l, tt.r)
		if err != nil || v.(types.Decimal).String() != tt.want {
			t.Errorf("%v %s %v = %v, %v; want %s", tt.l, tt.op, tt.r, v, err, tt.want)
		}
	}
	neg := &negExpr{x: &constExpr{t: types.Numeric, v: num("1.50")}}
	if v, err := neg.Eval(nil); err != nil || v.(types.Decimal).String() != "-1.50" {
		t.Errorf("-(1.50) = %v, %v", v, err)
	}
}
