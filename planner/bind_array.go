package planner

import (
	"slices"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// ARRAY[...] constructors (PostgreSQL transformArrayExpr, docs 4.2.12).
// The array's type comes from the context when that is an array type
// (ARRAY['1','2']::real[], id = ANY (ARRAY[$1, $2])), else from the
// elements as select_common_type does: numbers take the highest-ranked
// number type (integer, bigint, numeric, real, double precision), string
// types give text, other types must all be the same, and untyped literals
// alone give text[]. NULL elements are kept (a cast to vector refuses
// them with pgvector's 22004).

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
	if types.IsArray(c.Type.Kind) {
		hint = c.Type
	}
	inner, err := b.bindArrayAs(a, hint, true)
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
// type if every typed element converts to it implicitly (bindElems). A
// constructor of constants is folded into a constant.
func (b *binder) bindArray(a *sql.ArrayExpr, hint types.Type) (expr, error) {
	return b.bindArrayAs(a, hint, false)
}

// bindArrayAs is bindArray; cast says hint is the type of an explicit
// cast of the constructor, which every element takes (PostgreSQL's
// transformArrayExpr coerces each element to a cast's element type).
func (b *binder) bindArrayAs(a *sql.ArrayExpr, hint types.Type, cast bool) (expr, error) {
	elems, elemT, err := b.bindElems(a, hint, cast)
	if err != nil {
		return nil, err
	}
	at, ok := types.ArrayOf(elemT)
	build := func(_ *env, vals []any) (any, error) { return buildArray(vals, elems, elemT) }
	if types.IsArray(elemT.Kind) { // sub-arrays: one more dimension
		at, ok = elemT, true
		build = func(_ *env, vals []any) (any, error) { return buildMultiArray(vals, elems, at) }
	}
	if !ok {
		return nil, pgerror.NotSupported("arrays of type " + elemT.Name()).WithPosition(a.P + 1)
	}
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
	return &constExpr{t: at, v: v, ctor: true}, nil
}

// bindElems binds the elements and chooses their common type: the
// hint's element type for a cast, or when every typed element converts
// to it implicitly (sem.ImplicitCast: ARRAY[1] where a bigint[] is wanted);
// else their own common type, as PostgreSQL's ARRAY[2.5] is numeric[]
// whatever the other operand (vecgres took the other operand's type and
// cast 2.5 to integer 3 in ARRAY[1] || ARRAY[2.5]).
func (b *binder) bindElems(a *sql.ArrayExpr, hint types.Type, cast bool) ([]expr, types.Type, error) {
	elemT := types.Unknown
	if et, ok := types.ElemType(hint); ok {
		elemT = et
		if hasSubArrays(a) { // ARRAY[[1,2],[3,4]]::real[]: real[] sub-arrays
			elemT = hint
		}
	}
	bindHint := types.Unknown
	if cast {
		bindHint = noTypmod(elemT)
	}
	elems := make([]expr, len(a.Elems))
	for i, e := range a.Elems {
		if (elemT.Kind == types.KindUnknown || !cast) && b.untyped(e) {
			continue // typed from the others or the hint below
		}
		x, err := b.bind(e, bindHint)
		if err != nil {
			return nil, types.Type{}, err
		}
		elems[i] = x
	}
	if !cast && !elemsConvert(elems, elemT) {
		elemT = types.Unknown
	}
	var err error
	if elemT.Kind == types.KindUnknown {
		if elemT, err = commonElemType(a, elems); err != nil {
			return nil, types.Type{}, err
		}
	}
	for i, e := range a.Elems {
		if elems[i] == nil {
			if elems[i], err = b.bind(e, noTypmod(elemT)); err != nil {
				return nil, types.Type{}, err
			}
		}
	}
	return elems, elemT, nil
}

// elemsConvert reports whether every bound element of elems (nil for an
// untyped one) is of type t or converts to it implicitly.
func elemsConvert(elems []expr, t types.Type) bool {
	for _, e := range elems {
		if e != nil && e.Type().Kind != t.Kind && !sem.ImplicitCast(e.Type().Kind, t.Kind) {
			return false
		}
	}
	return true
}

// commonElemType is the element type of an array whose context gives
// none (select_common_type; nil entries of elems are untyped): numbers
// the highest-ranked, string types text, else all the same type; only
// untyped elements give text. Errors: 42P18 for ARRAY[] alone, 42804
// "ARRAY types x and y cannot be matched".
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
		t, ok := commonPair(best, noTypmod(e.Type()))
		if !ok {
			return types.Type{}, pgerror.Errorf(pgerror.DatatypeMismatch, "ARRAY types %s and %s cannot be matched", best.Name(), noTypmod(e.Type()).Name()).
				WithPosition(leftmost(a.Elems[i]) + 1)
		}
		best = t
	}
	if best.Kind == types.KindUnknown {
		best = types.Text
	}
	return best, nil
}

// commonPair is the common type of best (so far) and t: the
// higher-ranked number, text for two string types, the array of the
// elements' common type for two arrays (integer[] and numeric[] give
// numeric[]); false when they cannot be matched.
func commonPair(best, t types.Type) (types.Type, bool) {
	switch {
	case best.Kind == types.KindUnknown, best == t:
		return t, true
	case numberRank[t.Kind] > 0 && numberRank[best.Kind] > 0:
		if numberRank[t.Kind] > numberRank[best.Kind] {
			return t, true
		}
		return best, true
	case classOf(t) == classString && classOf(best) == classString:
		return types.Text, true
	case types.IsArray(t.Kind) && types.IsArray(best.Kind):
		be, _ := types.ElemType(best)
		te, _ := types.ElemType(t)
		if c, ok := commonPair(be, te); ok {
			return types.ArrayOf(c)
		}
	}
	return best, false
}

// hasSubArrays reports whether a constructor has a nested one
// (ARRAY[[1,2],[3,4]]).
func hasSubArrays(a *sql.ArrayExpr) bool {
	for _, e := range a.Elems {
		if _, ok := e.(*sql.ArrayExpr); ok {
			return true
		}
	}
	return false
}

// buildMultiArray is ExecEvalArrayExpr for sub-arrays (each converted to
// at): one more dimension, of length the number of non-empty sub-arrays,
// lower bound 1, over the sub-arrays' shape. NULL and empty sub-arrays
// give an empty array when all are so. Errors: 2202E "multidimensional
// arrays must have array expressions with matching dimensions" for
// sub-arrays of different shapes or some empty; 54000 beyond 6
// dimensions.
func buildMultiArray(vals []any, elems []expr, at types.Type) (any, error) {
	var (
		dims, lbs []int32
		out       types.Array
		n         int32
		empty     bool
	)
	for i, v := range vals {
		if v != nil && elems[i].Type() != at {
			var err error
			if v, err = types.Cast(v, elems[i].Type(), at, true); err != nil {
				return nil, err
			}
		}
		d, l, e, _ := types.ArrayShape(v)
		if len(d) == 0 {
			empty = true
			continue
		}
		if n > 0 && (!slices.Equal(d, dims) || !slices.Equal(l, lbs)) {
			return nil, errSubArrayDims()
		}
		dims, lbs, n = d, l, n+1
		out = append(out, e...)
	}
	switch {
	case n == 0:
		return types.Array{}, nil
	case empty:
		return nil, errSubArrayDims()
	case len(dims) >= 6:
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (6)", len(dims)+1)
	}
	return types.NewArray(append([]int32{n}, dims...), append([]int32{1}, lbs...), out), nil
}

func errSubArrayDims() error {
	return pgerror.New(pgerror.ArraySubscriptError, "multidimensional arrays must have array expressions with matching dimensions")
}

// buildArray converts the element values to elemT (explicit casts, as
// for ARRAY[...]::type[]); NULL elements stay NULL.
func buildArray(vals []any, elems []expr, elemT types.Type) (any, error) {
	out := make(types.Array, len(vals))
	for i, v := range vals {
		if v == nil {
			continue
		}
		if from := elems[i].Type(); from != elemT {
			var err error
			if v, err = types.Cast(v, from, elemT, true); err != nil {
				return nil, err
			}
		}
		out[i] = v
	}
	return out, nil
}

// leftmost is the position PostgreSQL's exprLocation gives e: the leftmost
// of a cast's or an operator's own position and its first operand's.
func leftmost(e sql.Expr) int {
	switch x := e.(type) {
	case *sql.Cast:
		return min(x.P, leftmost(x.X))
	case *sql.BinaryExpr:
		return min(x.P, leftmost(x.L))
	}
	return e.Pos()
}

// bindArrayLiteral reads '{...}' as an array type with an element typmod
// (varchar(3)[]) as PostgreSQL does: array_in without the typmod (its
// errors positioned at the literal), then the typmod as a cast, whose
// errors carry no position.
func bindArrayLiteral(c *sql.Const, t types.Type) (expr, error) {
	v, err := types.ParseText(noTypmod(t), c.Text)
	if err != nil {
		return nil, withPos(err, c.P)
	}
	if v, err = types.Cast(v, noTypmod(t), t, false); err != nil {
		return nil, err
	}
	return &constExpr{t: t, v: v}, nil
}
