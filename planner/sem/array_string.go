package sem

import "github.com/vecgres/vecgres/sql/types"

// arrayStringFuncs are array_to_string(a, delimiter [, null_string])
// (PostgreSQL docs 9.19, Table 9.54; array_to_text): the elements' output
// function text joined by delimiter; NULL elements are left out, or
// written as null_string when it is given and not NULL. NULL a or
// delimiter gives NULL. int2vector and oidvector are arrays here.
var arrayStringFuncs = []Func{
	{Name: "array_to_string", Args: []types.Type{AnyArray, types.Text}, Ret: types.Text, Strict: true,
		Specialize: arrayToString},
	{Name: "array_to_string", Args: []types.Type{AnyArray, types.Text, types.Text}, Ret: types.Text,
		Specialize: arrayToString},
}

// arrayToString is array_to_string's implementation for argument types ts.
func arrayToString(ts []types.Type) Impl {
	et, _ := types.ElemType(ts[0])
	return func(_ Context, a []any) (any, error) {
		if a[0] == nil || a[1] == nil {
			return nil, nil
		}
		elems, _ := types.AsArray(a[0])
		delim, _ := a[1].(string)
		null, hasNull := "", len(a) > 2 && a[2] != nil
		if hasNull {
			null, _ = a[2].(string)
		}
		var out []byte
		first := true
		for _, e := range elems {
			if e == nil && !hasNull {
				continue
			}
			if !first {
				out = append(out, delim...)
			}
			first = false
			if e == nil {
				out = append(out, null...)
				continue
			}
			out = types.AppendText(out, et, e)
		}
		return string(out), nil
	}
}
