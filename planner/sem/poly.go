package sem

import "github.com/vecgres/vecgres/sql/types"

// polyFuncs take arguments of any type (PostgreSQL's "any" and anyarray,
// docs 9.19 and 9.26): array_length(a, dim) is the element count for dim
// dim and NULL for a dimension the array lacks or an empty array (an
// empty int2vector or oidvector has one dimension of 0); cardinality(a)
// is the element count of all dimensions (0 for an empty array); pg_typeof(x) is the regtype of x's type without modifiers
// (vector for a vector(3) column; unknown for an untyped literal or NULL;
// not strict); concat(x, ...) joins the text forms of its non-NULL
// arguments.
var polyFuncs = []Func{
	{Name: "array_length", Args: []types.Type{AnyArray, types.Int4}, Ret: types.Int4, Strict: true,
		Specialize: func(ts []types.Type) Impl {
			return func(_ Context, a []any) (any, error) {
				d, _ := a[1].(int64)
				if n, ok := arrayDimLength(ts[0], a[0], d); ok {
					return n, nil
				}
				return nil, nil
			}
		}},
	{Name: "cardinality", Args: []types.Type{AnyArray}, Ret: types.Int4, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			n, _ := types.ArrayLength(a[0])
			return int64(n), nil
		}},
	{Name: "pg_typeof", Args: []types.Type{Any}, Ret: types.Regtype, Volatility: Stable,
		Specialize: func(ts []types.Type) Impl {
			oid := int64(ts[0].OID())
			return func(Context, []any) (any, error) { return oid, nil }
		}},
	{Name: "concat", Args: []types.Type{Any}, Variadic: true, Ret: types.Text, Volatility: Stable, Specialize: concat},
}

// concat is concat's implementation for arguments of types ts.
func concat(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		var sb []byte
		for i, v := range a {
			if v != nil {
				sb = types.AppendText(sb, ts[i], v)
			}
		}
		return string(sb), nil
	}
}
