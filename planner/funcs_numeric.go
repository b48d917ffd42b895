package planner

import (
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Numeric functions (PostgreSQL docs 9.3, Table 9.5): abs has one
// signature per numeric type and returns its argument's type (int2abs ...
// numeric_abs, which keeps the scale); double precision comes first so
// that an untyped argument ($1, '...', NULL) takes it, as PostgreSQL's
// preferred numeric type (func_select_candidate). round, trunc, ceil and
// floor have several signatures (funcs_overload.go); round(numeric, int)
// rounds half away from zero to the given scale (negative: left of the
// point).
func init() {
	absNumeric := funcDef{args: []types.Type{types.Numeric}, ret: types.Numeric, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			return types.AbsNumeric(n), nil
		}}
	overloads["abs"] = []funcDef{absFloat(types.Float8), absNumeric, absInt(types.Int2), absInt(types.Int4),
		absInt(types.Int8), absFloat(types.Float4)}
}

// absInt is abs of integer type t: the most negative value has no
// absolute value in t, 22003 `integer out of range` (smallint, bigint).
func absInt(t types.Type) funcDef {
	return funcDef{args: []types.Type{t}, ret: t, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			x := a[0].(int64)
			if lo, _, name := intRange(t.Kind); x == lo {
				return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "%s out of range", name)
			}
			if x < 0 {
				x = -x
			}
			return x, nil
		}}
}

// absFloat is abs of float type t (float4 values are held as float64).
func absFloat(t types.Type) funcDef {
	return funcDef{args: []types.Type{t}, ret: t, strict: true,
		fn: func(_ *env, a []any) (any, error) { return math.Abs(a[0].(float64)), nil }}
}
