package planner

import (
	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// ARRAY[...] constructors (PostgreSQL transformArrayExpr, docs 4.2.12).
// The array's type comes from the context when that is an array type
// (ARRAY['1','2']::real[]), else from the elements as select_common_type
// does for numbers: all integers give integer[], any numeric numeric[],
// any real real[], any double precision double precision[]. vecgres's
// arrays hold no NULL elements and only those four element types; the
// array's uses are the casts to vector (pgvector's integer[], real[],
// double precision[] and numeric[] casts) and output. numeric elements are
// float64, so {1.5,2.0} prints as {1.5,2} (PostgreSQL keeps the scale).

// arrayKinds maps the element kinds an array may have to the array kind.
var arrayKinds = map[types.Kind]types.Kind{
	types.KindInt2: types.KindInt4Array, types.KindInt4: types.KindInt4Array,
	types.KindNumeric: types.KindNumericArray, types.KindFloat4: types.KindFloat4Array,
	types.KindFloat8: types.KindFloat8Array,
}

// elemKinds maps array kinds to their element kinds.
var elemKinds = map[types.Kind]types.Kind{
	types.KindInt4Array: types.KindInt4, types.KindNumericArray: types.KindNumeric,
	types.KindFloat4Array: types.KindFloat4, types.KindFloat8Array: types.KindFloat8,
}

// numberRank orders number kinds by select_common_type's implicit casts:
// the common type of two elements is the one of higher rank.
var numberRank = map[types.Kind]int{
	types.KindInt2: 1, types.KindInt4: 2, types.KindInt8: 3,
	types.KindNumeric: 4, types.KindFloat4: 5, types.KindFloat8: 6,
}

// bindArrayCast binds ARRAY[...]::type: an array target type gives the
// elements their type (explicit casts of each, as PostgreSQL does); any
// other target (vector) casts the array built from its elements.
func (b *binder) bindArrayCast(a *sql.ArrayExpr, c *sql.Cast) (expr, error) {
	hint := types.Unknown
	if _, ok := elemKinds[c.Type.Kind]; ok {
		hint = c.Type
	}
	inner, err := b.bindArray(a, hint, c.Type.Kind == types.KindVector)
	if err != nil {
		return nil, err
	}
	if inner.Type() == c.Type {
		return inner, nil
	}
	// No position: PostgreSQL reports this cast's errors (dimensions,
	// element range) from constant folding, without one.
	return b.castOf(inner, c.Type, -1)
}

// bindArray binds ARRAY[...]; hint, when an array type, sets the element
// type. toVector selects pgvector's error for a NULL element (22004, the
// array is cast to vector); otherwise a NULL element is 0A000. A
// constructor of constants is folded into a constant.
func (b *binder) bindArray(a *sql.ArrayExpr, hint types.Type, toVector bool) (expr, error) {
	elems, elemT, err := b.bindElems(a, hint)
	if err != nil {
		return nil, err
	}
	at := types.Type{Kind: arrayKinds[elemT.Kind], Typmod: types.NoTypmod}
	build := func(_ *env, vals []any) (any, error) { return buildArray(vals, elems, elemT, toVector) }
	f := &funcExpr{name: "ARRAY", args: elems, t: at, fn: build}
	vals := make([]any, len(elems))
	for i, e := range elems {
		c, ok := e.(*constExpr)
		if !ok {
			return f, nil
		}
		vals[i] = c.v
	}
	v, err := build(nil, vals)
	if err != nil {
		return nil, err // no position, as PostgreSQL's constant folding
	}
	return &constExpr{t: at, v: v}, nil
}

// bindElems binds the elements and chooses their common type.
func (b *binder) bindElems(a *sql.ArrayExpr, hint types.Type) ([]expr, types.Type, error) {
	elemT := types.Unknown
	if k, ok := elemKinds[hint.Kind]; ok {
		elemT = types.Type{Kind: k, Typmod: types.NoTypmod}
	}
	elems := make([]expr, len(a.Elems))
	for i, e := range a.Elems {
		if elemT.Kind == types.KindUnknown && b.untyped(e) {
			continue // typed from the others below
		}
		x, err := b.bind(e, elemT)
		if err != nil {
			return nil, types.Type{}, err
		}
		elems[i] = x
	}
	if elemT.Kind == types.KindUnknown {
		var err error
		if elemT, err = commonElemType(a, elems); err != nil {
			return nil, types.Type{}, err
		}
		for i, e := range a.Elems {
			if elems[i] == nil {
				if elems[i], err = b.bind(e, elemT); err != nil {
					return nil, types.Type{}, err
				}
			}
		}
	}
	return elems, elemT, nil
}

// commonElemType is the element type of an array whose context gives
// none: the highest-ranked number type among the typed elements (nil
// entries of elems are untyped). Errors: 42P18 for ARRAY[] alone, 0A000
// for element types vecgres's arrays do not hold (text[], bigint[],
// vector[]...).
func commonElemType(a *sql.ArrayExpr, elems []expr) (types.Type, error) {
	if len(elems) == 0 {
		return types.Type{}, pgerror.New(pgerror.IndeterminateDatatype, "cannot determine type of empty array").
			WithHint("Explicitly cast to the desired type, for example ARRAY[]::integer[].").WithPosition(a.P + 1)
	}
	best := types.Unknown
	for i, e := range elems {
		if e == nil {
			continue
		}
		t := noTypmod(e.Type())
		if _, ok := numberRank[t.Kind]; !ok {
			return types.Type{}, pgerror.NotSupported("arrays of type " + t.Name()).WithPosition(a.Elems[i].Pos() + 1)
		}
		if numberRank[t.Kind] > numberRank[best.Kind] {
			best = t
		}
	}
	switch best.Kind {
	case types.KindUnknown:
		return types.Type{}, pgerror.NotSupported("arrays of type text").WithPosition(a.P + 1).
			WithHint("Give an element a number type, as in ARRAY[$1::real, $2].")
	case types.KindInt8:
		return types.Type{}, pgerror.NotSupported("arrays of type bigint").WithPosition(a.P + 1)
	case types.KindInt2:
		best = types.Int4
	}
	return best, nil
}

// buildArray converts the element values to elemT: []int64 for integer[],
// []float64 for the others.
func buildArray(vals []any, elems []expr, elemT types.Type, toVector bool) (any, error) {
	ints := elemT.Kind == types.KindInt4
	is, fs := make([]int64, 0, len(vals)), make([]float64, 0, len(vals))
	for i, v := range vals {
		if v == nil {
			return nil, nullElement(toVector)
		}
		if from := elems[i].Type(); from.Kind != elemT.Kind {
			var err error
			if v, err = types.Cast(v, from, elemT, true); err != nil {
				return nil, err
			}
		}
		if ints {
			n, _ := v.(int64)
			is = append(is, n)
		} else {
			f, _ := v.(float64)
			fs = append(fs, f)
		}
	}
	if ints {
		return is, nil
	}
	return fs, nil
}

// nullElement is the error for a NULL array element: pgvector's 22004 when
// the array becomes a vector, else 0A000 (vecgres's arrays hold no NULLs).
func nullElement(toVector bool) *pgerror.Error {
	if toVector {
		return pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
	}
	return pgerror.NotSupported("NULL array elements")
}
