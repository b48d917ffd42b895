package planner

import "github.com/vecgres/vecgres/catalog/types"

// Numeric functions (PostgreSQL docs 9.3): round(numeric, int) rounds half
// away from zero to the given scale (negative: left of the point) and
// abs(numeric) keeps the scale. Integer and float arguments are converted
// to numeric first, as the argument types say.
func init() {
	funcs["round"] = funcDef{args: []types.Type{types.Numeric, types.Int4}, ret: types.Numeric, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			s, _ := a[1].(int64)
			return types.RoundNumeric(n, s), nil
		}}
	funcs["abs"] = funcDef{args: []types.Type{types.Numeric}, ret: types.Numeric, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			n, _ := types.AsNumeric(a[0])
			return types.AbsNumeric(n), nil
		}}
}
