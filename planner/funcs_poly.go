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

// arrayConcatCall binds array_append, array_prepend and array_cat as the
// array || operators they are (arrayConcatExpr: the operands' common
// element type, each converted to it); ok is false for other functions.
func arrayConcatCall(fn *sem.Func, args []expr) (expr, bool) {
	switch fn.Name {
	case "array_append", "array_prepend", "array_cat":
		return arrayConcatExpr(fn, args[0], args[1]), true
	}
	return nil, false
}

// untypedElemType is the type an untyped argument i of fn takes when its
// parameter is anyelement: the element type of fn's first anyarray
// argument ('x' in array_position(ARRAY[1], 'x') reads as an integer),
// as PostgreSQL's enforce_generic_type_consistency; Unknown otherwise.
func untypedElemType(fn *sem.Func, i int, args []expr) types.Type {
	if fn.Param(i) != sem.AnyElement {
		return types.Unknown
	}
	for j, p := range fn.Args {
		if p == sem.AnyArray && args[j] != nil {
			if et, ok := types.ElemType(args[j].Type()); ok {
				return types.Type{Kind: et.Kind, Typmod: types.NoTypmod}
			}
		}
	}
	return types.Unknown
}
