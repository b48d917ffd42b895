package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Array subscripts (PostgreSQL docs 8.15.3, transformContainerSubscripts):
// a[i][j] is an element, NULL unless there is one subscript per dimension
// and each is in range; a[lo:hi][...] is a slice of the array's own type
// (a bracket without a colon in a slice is 1:i; an omitted bound is the
// array's). Subscripts count from the array's lower bounds (0 for
// int2vector and oidvector).

// subscriptExpr is a[...] over arr: upper holds each bracket's subscript
// (nil when omitted in a slice), lower each slice bracket's lower bound.
type subscriptExpr struct {
	arr          expr
	lower, upper []expr
	slice        bool
	t            types.Type
}

func (s *subscriptExpr) Type() types.Type { return s.t }

// children are the array and the bound subscripts, for walk.
func (s *subscriptExpr) children() []expr {
	out := []expr{s.arr}
	for i := range s.upper {
		for _, x := range []expr{s.lower[i], s.upper[i]} {
			if x != nil {
				out = append(out, x)
			}
		}
	}
	return out
}

func (s *subscriptExpr) Eval(e *env) (any, error) {
	a, err := s.arr.Eval(e)
	if err != nil || a == nil {
		return nil, err
	}
	lo, lok, err := evalSubscripts(e, s.lower)
	if err != nil || !lok {
		return nil, err
	}
	hi, hok, err := evalSubscripts(e, s.upper)
	if err != nil || !hok {
		return nil, err
	}
	k := s.arr.Type().Kind
	if !s.slice {
		idx := make([]int64, len(hi))
		for i, v := range hi {
			idx[i] = *v
		}
		return types.ArrayElemAtN(k, a, idx), nil
	}
	bounds := make([]types.SliceBound, len(hi))
	for i := range bounds {
		b := &bounds[i]
		if lo[i] != nil {
			b.Lower, b.HasLower = *lo[i], true
		}
		if hi[i] != nil {
			b.Upper, b.HasUpper = *hi[i], true
		}
	}
	return types.ArraySlice(k, a, bounds), nil
}

// evalSubscripts evaluates the present subscripts of xs (nil entries stay
// nil); ok is false when one is NULL (the result is NULL).
func evalSubscripts(e *env, xs []expr) ([]*int64, bool, error) {
	out := make([]*int64, len(xs))
	for i, x := range xs {
		if x == nil {
			continue
		}
		v, err := x.Eval(e)
		if err != nil || v == nil {
			return nil, false, err
		}
		n, _ := v.(int64)
		out[i] = &n
	}
	return out, true, nil
}

// bindNameSubscript binds n[i] of a name n: PostgreSQL's name is an
// array of 64 "char" indexed from 0, so n[i] is its byte i ("" past the
// name's end, NULL past 63); pg_dump reads typname[0] = '_'.
func (b *binder) bindNameSubscript(x *sql.Subscript, arr expr) (expr, error) {
	if x.Slice || len(x.Indices) != 1 {
		return nil, pgerror.NotSupported("slices and several subscripts of a name").WithPosition(x.P + 1)
	}
	idx, err := b.bindSubscriptIndex(x.Indices[0].Upper)
	if err != nil {
		return nil, err
	}
	return &funcExpr{name: "name subscript", args: []expr{arr, idx}, t: types.Text, strict: true,
		fn: func(_ *env, a []any) (any, error) {
			s, i := a[0].(string), a[1].(int64)
			switch {
			case i < 0 || i > 63:
				return nil, nil
			case i >= int64(len(s)):
				return "", nil
			}
			return s[i : i+1], nil
		}}, nil
}

// bindSubscript binds a[...]: each subscript an integer (42804 otherwise),
// a an array (42804 "cannot subscript type x because it does not support
// subscripting"); at most 6 brackets (54000).
func (b *binder) bindSubscript(x *sql.Subscript) (expr, error) {
	arr, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return nil, err
	}
	if arr.Type().Kind == types.KindName {
		return b.bindNameSubscript(x, arr)
	}
	et, ok := types.ElemType(arr.Type())
	if !ok {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "cannot subscript type %s because it does not support subscripting", arr.Type().Name()).
			WithPosition(x.X.Pos() + 1)
	}
	if len(x.Indices) > 6 {
		return nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (6)", len(x.Indices)).
			WithPosition(x.P + 1)
	}
	s := &subscriptExpr{arr: arr, slice: x.Slice, t: et,
		lower: make([]expr, len(x.Indices)), upper: make([]expr, len(x.Indices))}
	if x.Slice {
		s.t = arr.Type()
	}
	for i, ix := range x.Indices {
		if s.upper[i], err = b.bindSubscriptIndex(ix.Upper); err != nil {
			return nil, err
		}
		switch {
		case ix.Lower != nil:
			s.lower[i], err = b.bindSubscriptIndex(ix.Lower)
		case x.Slice && !ix.Colon:
			s.lower[i] = &constExpr{t: types.Int4, v: int64(1)} // a[1:2][3] is a[1:2][1:3]
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// bindSubscriptIndex binds one subscript (nil stays nil) as an integer:
// 42804 "array subscript must have type integer" otherwise.
func (b *binder) bindSubscriptIndex(x sql.Expr) (expr, error) {
	if x == nil {
		return nil, nil
	}
	idx, err := b.bind(x, types.Int4)
	if err != nil {
		return nil, err
	}
	if !isIntKind(idx.Type().Kind) {
		return nil, pgerror.New(pgerror.DatatypeMismatch, "array subscript must have type integer").WithPosition(x.Pos() + 1)
	}
	return idx, nil
}
