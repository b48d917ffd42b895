package sem

import "github.com/vecgres/vecgres/sql/types"

// constraintFuncs are pg_get_constraintdef(oid) and
// pg_get_constraintdef(oid, pretty): a constraint's definition as
// PostgreSQL prints it, NULL for an OID that is no constraint.
var constraintFuncs = []Func{
	{Name: "pg_get_constraintdef", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: constraintDef},
	{Name: "pg_get_constraintdef", Args: []types.Type{types.OIDType, types.Bool}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: constraintDef},
}

func constraintDef(c Context, a []any) (any, error) {
	pretty := len(a) > 1 && a[1].(bool)
	if def, ok := c.ConstraintDef(uint32(a[0].(int64)), pretty); ok {
		return def, nil
	}
	return nil, nil
}
