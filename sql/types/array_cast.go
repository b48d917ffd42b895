package types

import "github.com/vecgres/vecgres/sql/pgerror"

// castToVector is pgvector's array_to_vector for integer[], real[], double
// precision[] and numeric[] (smallint[] and bigint[] too, which vecgres has
// always read as integer[]): 22000 for several dimensions, NULL elements 22004, then dims 1..16000 and
// the typmod's dims, then each element converted to float4 (a numeric
// through numeric_float4, whose range error comes first) and checked
// finite (a float8 beyond float4 becomes infinity and is refused as such).
func castToVector(d any, from, to Type) (any, error) {
	ek := elementKind(from.Kind)
	a, ok := asArray(d)
	if !ok || !isNumber(ek) {
		return nil, cannotCast(from, to)
	}
	if err := checkOneDim(d); err != nil {
		return nil, err
	}
	v, err := arrayFloats(a, ek, "vector", to.Typmod)
	if err != nil {
		return nil, err
	}
	for _, f := range v {
		if err := checkElement(f); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// castArray converts element by element (PostgreSQL array_map through the
// element cast), keeping the array's shape: NULL elements stay NULL; the element cast's rules apply
// (explicit or not) and its errors are returned, except that a missing
// element cast is reported for the array types (42846).
func castArray(d any, from, to Type, explicit bool, st *Style) (any, error) {
	a, ok := asArray(d)
	if !ok {
		return nil, cannotCast(from, to)
	}
	fe, _ := ElemType(from)
	te, _ := ElemType(to)
	out := make(Array, len(a))
	for i, e := range a {
		if e == nil {
			continue
		}
		c, err := CastStyle(e, fe, te, explicit, st)
		if err != nil {
			if pe, ok := err.(*pgerror.Error); ok && pe.Code == pgerror.CannotCoerce {
				return nil, cannotCast(from, to)
			}
			return nil, err
		}
		out[i] = c
	}
	if sh, ok := d.(ShapedArray); ok {
		return ShapedArray{Dims: sh.Dims, Lbounds: sh.Lbounds, Elems: out}, nil
	}
	return out, nil
}

// checkOneDim is pgvector's array_to_vector, array_to_halfvec and
// array_to_sparsevec check, before any other: 22000 "array must be 1-D"
// for an array of several dimensions (any lower bound is accepted).
func checkOneDim(d any) error {
	if sh, ok := d.(ShapedArray); ok && len(sh.Dims) > 1 {
		return pgerror.New(pgerror.DataException, "array must be 1-D")
	}
	return nil
}

// castToHalfvec is pgvector's vector_to_halfvec (IMPLICIT) and
// array_to_halfvec for integer[], real[], double precision[] and
// numeric[] (ASSIGNMENT): the array's checks as castToVector's, then each
// float4 rounded to a half (22003 beyond ±65504), then each half checked
// finite (22000).
func castToHalfvec(d any, from, to Type) (any, error) {
	var f Vector
	switch v := d.(type) {
	case Vector:
		if err := checkDimCountOf(halfvecName, len(v)); err != nil {
			return nil, err
		}
		if err := checkExpectedDims(to.Typmod, len(v)); err != nil {
			return nil, err
		}
		f = v
	default:
		ek := elementKind(from.Kind)
		a, ok := asArray(d)
		if !ok || !isNumber(ek) {
			return nil, cannotCast(from, to)
		}
		if err := checkOneDim(d); err != nil {
			return nil, err
		}
		x, err := arrayFloats(a, ek, halfvecName, to.Typmod)
		if err != nil {
			return nil, err
		}
		f = x
	}
	h, err := HalfvecFromFloats(f)
	if err != nil {
		return nil, err
	}
	return h, CheckHalfvec(h)
}

// arrayFloats converts the elements of a numeric array (element kind ek)
// to float4 as array_to_vector and array_to_halfvec do: NULL elements
// 22004, then dims 1..16000 and typmod, then each element (a numeric
// through numeric_float4, the others through float8).
func arrayFloats(a Array, ek Kind, name string, typmod int32) (Vector, error) {
	for _, e := range a {
		if e == nil {
			return nil, errArrayNulls()
		}
	}
	if err := checkDimCountOf(name, len(a)); err != nil {
		return nil, err
	}
	if err := checkExpectedDims(typmod, len(a)); err != nil {
		return nil, err
	}
	v := make(Vector, len(a))
	for i, e := range a {
		target := Float8
		if ek == KindNumeric {
			target = Float4
		}
		f, err := Cast(e, Type{ek, NoTypmod}, target, false)
		if err != nil {
			return nil, err
		}
		x, _ := asFloat(f)
		v[i] = float32(x)
	}
	return v, nil
}
