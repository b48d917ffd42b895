package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Array functions over anyarray (PostgreSQL docs 9.19), for one-dimensional
// arrays: array_length(a, dim) is the element count for dim 1 and NULL for
// any other dimension or an empty array; cardinality(a) is the element
// count (0 for an empty array).

// arrayFuncs are the array functions; their first argument is any array.
var arrayFuncs = map[string]func(a []any) any{
	"array_length": func(a []any) any {
		n, ok := types.ArrayLength(a[0])
		if d, _ := a[1].(int64); !ok || d != 1 {
			return nil
		}
		return int64(n)
	},
	"cardinality": func(a []any) any {
		n, _ := types.ArrayLength(a[0])
		return int64(n)
	},
}

// arrayFuncArgs is the number of arguments of each array function.
var arrayFuncArgs = map[string]int{"array_length": 2, "cardinality": 1}

// bindArrayFunc binds an array function call; ok is false when f is not
// one, or its arguments do not fit (then the caller reports 42883).
func (b *binder) bindArrayFunc(f *sql.FuncCall) (e expr, ok bool, err error) {
	fn, found := arrayFuncs[f.Name]
	if !found || len(f.Args) != arrayFuncArgs[f.Name] || f.Star {
		return nil, false, nil
	}
	args := make([]expr, len(f.Args))
	for i, a := range f.Args {
		hint := types.Int4
		if i == 0 {
			hint = types.Unknown
		}
		if args[i], err = b.bind(a, hint); err != nil {
			return nil, true, err
		}
	}
	if !types.IsArray(args[0].Type().Kind) || len(args) > 1 && !isIntKind(args[1].Type().Kind) {
		return nil, false, nil
	}
	call := func(_ *env, vals []any) (any, error) { return fn(vals), nil }
	return &funcExpr{name: f.Name, args: args, t: types.Int4, strict: true, fn: call}, true, nil
}
