package types

// Subscripts of array values (PostgreSQL array_get_element and
// array_get_slice, docs 8.15.3), for an array of kind k: int2vector and
// oidvector count from 0, other plain arrays from 1, a ShapedArray from
// its own lower bounds.

// shapeOf is ArrayShape with k's lower bound for a plain array.
func shapeOf(k Kind, d any) (dims, lbs []int32, elems Array) {
	dims, lbs, elems, _ = ArrayShape(d)
	if _, shaped := d.(ShapedArray); !shaped && len(dims) == 1 {
		lbs = []int32{int32(LowerBound(k))}
	}
	return dims, lbs, elems
}

// ArrayElemAtN is a[i][j]...: the element at subscripts idx, nil when
// their number is not the array's number of dimensions or one is out of
// range (or the element is NULL).
func ArrayElemAtN(k Kind, d any, idx []int64) any {
	dims, lbs, elems := shapeOf(k, d)
	if len(idx) != len(dims) {
		return nil
	}
	off := int64(0)
	for i, x := range idx {
		x -= int64(lbs[i])
		if x < 0 || x >= int64(dims[i]) {
			return nil
		}
		off = off*int64(dims[i]) + x
	}
	return elems[off]
}

// SliceBound is one bracket of a slice: its bounds, each absent when
// omitted (a[:2], a[2:]).
type SliceBound struct {
	Lower, Upper       int64
	HasLower, HasUpper bool
}

// ArraySlice is a[lo:hi][...]: the sub-array of the given ranges (the
// dimensions past them whole), each range clipped to the array's bounds,
// with lower bounds 1; an empty array when the array has fewer
// dimensions than brackets or a range is empty.
func ArraySlice(k Kind, d any, bounds []SliceBound) any {
	dims, lbs, elems := shapeOf(k, d)
	if len(dims) < len(bounds) || len(dims) == 0 {
		return Array{}
	}
	lo, out := make([]int64, len(dims)), make([]int32, len(dims))
	for i := range dims {
		l, u := int64(lbs[i]), int64(lbs[i])+int64(dims[i])-1
		if i < len(bounds) {
			if b := bounds[i]; b.HasLower && b.Lower > l {
				l = b.Lower
			}
			if b := bounds[i]; b.HasUpper && b.Upper < u {
				u = b.Upper
			}
		}
		if l > u {
			return Array{}
		}
		lo[i], out[i] = l-int64(lbs[i]), int32(u-l+1)
	}
	res := make(Array, 0, productOf(out))
	res = appendSlice(res, elems, dims, lo, out)
	return NewArray(out, nil, res)
}

// appendSlice appends the elements of the sub-array starting at offsets
// lo with lengths n of the row-major elems of dims.
func appendSlice(res, elems Array, dims []int32, lo []int64, n []int32) Array {
	if len(dims) == 1 {
		return append(res, elems[lo[0]:lo[0]+int64(n[0])]...)
	}
	step := int64(len(elems)) / int64(dims[0])
	for i := lo[0]; i < lo[0]+int64(n[0]); i++ {
		res = appendSlice(res, elems[i*step:(i+1)*step], dims[1:], lo[1:], n[1:])
	}
	return res
}

func productOf(dims []int32) int {
	n := 1
	for _, d := range dims {
		n *= int(d)
	}
	return n
}
