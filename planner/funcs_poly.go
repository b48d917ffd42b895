package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// polyResult is the result type of a call of fn whose result is anyarray
// and whose parameters include anyelement (array_fill): the array type of
// that argument's type, as PostgreSQL's enforce_generic_type_consistency.
// Other functions keep fn.Ret. Errors: 42804 when the argument is untyped
// ('x', NULL), 42704 when its type has no array type.
func polyResult(fn *sem.Func, args []expr) (types.Type, error) {
	if fn.Ret != sem.AnyArray {
		return fn.Ret, nil
	}
	for i, p := range fn.Args {
		if p != sem.AnyElement {
			continue
		}
		et := args[i].Type()
		if et.Kind == types.KindUnknown {
			return types.Type{}, pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type because input has type unknown")
		}
		at, ok := types.ArrayOf(types.Type{Kind: et.Kind, Typmod: types.NoTypmod})
		if !ok {
			return types.Type{}, pgerror.Errorf(pgerror.UndefinedObject, "could not find array type for data type %s", et.Name())
		}
		return at, nil
	}
	return fn.Ret, nil
}
