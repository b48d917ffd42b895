package types

import "strconv"

// castSparse is pgvector's casts involving sparsevec: sparsevec(n)'s
// typmod (22000 `expected 3 dimensions, not 4`), vector and halfvec to
// sparsevec (implicit) and sparsevec to vector and halfvec (assignment;
// 54000 beyond 16000 dimensions), and the numeric arrays to sparsevec (assignment, through
// vector's array cast). ok is false when neither type is sparsevec.
func castSparse(d any, from, to Type) (v any, ok bool, err error) {
	switch {
	case from.Kind == KindSparsevec && to.Kind == KindSparsevec:
		s, _ := d.(SparseVec)
		return s, true, checkExpectedDims(to.Typmod, int(s.Dim))
	case from.Kind == KindSparsevec && to.Kind == KindVector:
		s, _ := d.(SparseVec)
		out, err := SparseToVector(s)
		if err == nil {
			err = CheckDims(to, out)
		}
		return out, true, err
	case from.Kind == KindSparsevec && to.Kind == KindHalfvec:
		s, _ := d.(SparseVec)
		if err := checkDimCountOf(halfvecName, int(s.Dim)); err != nil {
			return nil, true, err
		}
		vec, _ := SparseToVector(s)
		out, err := castToHalfvec(vec, VectorOf(NoTypmod), to)
		return out, true, err
	case to.Kind == KindSparsevec && from.Kind == KindHalfvec:
		h, _ := d.(HalfVec)
		vec := HalfvecFloats(h)
		if err := checkExpectedDims(to.Typmod, len(vec)); err != nil {
			return nil, true, err
		}
		s, err := VectorToSparse(vec)
		return s, true, err
	case to.Kind == KindSparsevec && (from.Kind == KindVector || IsArray(from.Kind)):
		vec, isVec := d.(Vector)
		if !isVec && !isNumber(elementKind(from.Kind)) {
			return nil, true, cannotCast(from, to)
		}
		if !isVec {
			x, err := castToVector(d, from, VectorOf(NoTypmod))
			if err != nil {
				return nil, true, err
			}
			vec = x.(Vector)
		}
		if err := checkExpectedDims(to.Typmod, len(vec)); err != nil {
			return nil, true, err
		}
		s, err := VectorToSparse(vec)
		return s, true, err
	}
	return nil, false, nil
}

func appendInt(buf []byte, i int64) []byte { return strconv.AppendInt(buf, i, 10) }
