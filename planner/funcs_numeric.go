package planner

import "github.com/vecgres/vecgres/catalog/types"

// Numeric functions (PostgreSQL docs 9.3): abs(numeric) keeps the scale.
// Integer and float arguments are converted to numeric first, as the
// argument types say. round, trunc, ceil and floor have several
// signatures (funcs_overload.go); round(numeric, int) rounds half away
// from zero to the given scale (negative: left of the point).
func init() {
	funcs["abs"] = funcDef{args: []types.Type{types.Numeric}, ret: types.Numeric, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			return types.AbsNumeric(n), nil
		}}
}
