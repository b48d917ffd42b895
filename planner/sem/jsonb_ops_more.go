package sem

import "github.com/vecgres/vecgres/sql/types"

// jsonbMoreOperators are PostgreSQL 15's other jsonb operators (docs
// 9.16, Tables 9.45 and 9.46): ?| and ?& (some / every key of a text[]
// exists, NULL elements ignored: jsonb_exists_any, jsonb_exists_all), #>
// and #>> (the value at a text[] path, as jsonb or as text), - (delete a
// key, the keys of a text[], or an array element by integer index), #-
// (delete at a path) and || (concatenation). Their errors are in
// jsonb_path.go.
var jsonbMoreOperators = []Func{
	jsonbOp("?|", TextArray, types.Bool, func(j types.JSONB, a any) any { return existsKeys(j, a, false) }),
	jsonbOp("?&", TextArray, types.Bool, func(j types.JSONB, a any) any { return existsKeys(j, a, true) }),
	jsonbOp("#>", TextArray, types.JSONBType, func(j types.JSONB, a any) any {
		v, ok := extractPath(j, types.Elems(a))
		return jsonbOut(v, ok, false)
	}),
	jsonbOp("#>>", TextArray, types.Text, func(j types.JSONB, a any) any {
		v, ok := extractPath(j, types.Elems(a))
		return jsonbOut(v, ok, true)
	}),
	jsonbOpErr("-", types.Text, func(j types.JSONB, a any) (any, error) { return deleteKeys(j, types.Array{a}) }),
	jsonbOpErr("-", TextArray, func(j types.JSONB, a any) (any, error) { return deleteKeys(j, types.Elems(a)) }),
	jsonbOpErr("-", types.Int4, func(j types.JSONB, a any) (any, error) { return deleteIndex(j, a.(int64)) }),
	jsonbOpErr("#-", TextArray, func(j types.JSONB, a any) (any, error) { return deletePath(j, types.Elems(a)) }),
	jsonbOp("||", types.JSONBType, types.JSONBType, func(j types.JSONB, a any) any { return concatJSONB(j, a.(types.JSONB)) }),
}

// jsonbOpErr is the entry of op on jsonb and right giving jsonb by fn,
// which may fail.
func jsonbOpErr(op string, right types.Type, fn func(j types.JSONB, arg any) (any, error)) Func {
	return Func{Name: op, Args: []types.Type{types.JSONBType, right}, Ret: types.JSONBType, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(a[0].(types.JSONB), a[1]) }}
}

// existsKeys is ?| (all false) and ?& (all true) of the non-NULL keys.
func existsKeys(j types.JSONB, keys any, all bool) bool {
	for _, k := range types.Elems(keys) {
		if k == nil {
			continue
		}
		if j.Exists(k.(string)) != all {
			return !all
		}
	}
	return all
}
