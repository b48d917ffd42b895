package types

import (
	"encoding/binary"
	"strconv"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// ShapedArray is an array value that a plain Array cannot hold: more than
// one dimension ('{{1,2},{3,4}}'), or one dimension whose lower bound is
// not 1 ('[0:1]={1,2}'). Dims are the dimensions' lengths, outermost
// first, Lbounds their lower bounds (PostgreSQL's ARR_DIMS, ARR_LBOUND),
// Elems the elements in row-major order (len = product of Dims). Every
// function that reads an array's elements (AsArray) sees Elems, as
// PostgreSQL's do (unnest, array_to_string, @>); the shape matters to
// output, comparison, subscripts and the array_dims family. Build one
// with NewArray, which keeps the common case an Array.
type ShapedArray struct {
	Dims    []int32
	Lbounds []int32
	Elems   Array
}

// NewArray is the array value of shape dims and lower bounds lbs over
// elems (row-major): an empty Array when there are no elements (PostgreSQL
// has no empty array of a dimension), an Array for one dimension from 1,
// else a ShapedArray. lbs may be nil for all 1.
func NewArray(dims, lbs []int32, elems Array) any {
	if len(elems) == 0 || len(dims) == 0 {
		return Array{}
	}
	if lbs == nil {
		lbs = make([]int32, len(dims))
		for i := range lbs {
			lbs[i] = 1
		}
	}
	if len(dims) == 1 && lbs[0] == 1 {
		return elems
	}
	return ShapedArray{Dims: dims, Lbounds: lbs, Elems: elems}
}

// ArrayShape returns the dimensions and lower bounds of an array value
// (none for an empty array) and its elements in row-major order; false
// when d is not an array.
func ArrayShape(d any) (dims, lbs []int32, elems Array, ok bool) {
	if s, ok := d.(ShapedArray); ok {
		return s.Dims, s.Lbounds, s.Elems, true
	}
	a, ok := asArray(d)
	if !ok || len(a) == 0 {
		return nil, nil, a, ok
	}
	return []int32{int32(len(a))}, []int32{1}, a, true
}

// FormatDims is array_dims' text: "[lb:ub]" per dimension.
func FormatDims(dims, lbs []int32) string { return string(appendDims(nil, dims, lbs)) }

// appendDims appends "[lb:ub]" for each dimension.
func appendDims(b []byte, dims, lbs []int32) []byte {
	for i, n := range dims {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(lbs[i]), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(lbs[i])+int64(n)-1, 10)
		b = append(b, ']')
	}
	return b
}

// checkArrayShape is ArrayGetNItems and ArrayCheckBounds: 54000 when the
// element count exceeds MaxArraySize or a dimension's lower bound plus
// its length overflows int32.
func checkArrayShape(dims, lbs []int32) error {
	n := int64(1)
	for i, d := range dims {
		if d < 0 || n*int64(d) > maxArraySize {
			return pgerror.Errorf(pgerror.ProgramLimitExceeded, "array size exceeds the maximum allowed (%d)", maxArraySize)
		}
		n *= int64(d)
		if int64(lbs[i])+int64(d) > 1<<31-1 {
			return pgerror.Errorf(pgerror.ProgramLimitExceeded, "array lower bound is too large: %d", lbs[i])
		}
	}
	return nil
}

// compareShapes breaks a tie of equal elements as array_cmp does: the
// element count, then the number of dimensions, then each dimension's
// length, then each lower bound.
func compareShapes(a, b any) int {
	da, la, ea, _ := ArrayShape(a)
	db, lb, eb, _ := ArrayShape(b)
	if c := compareOrdered(len(ea), len(eb)); c != 0 {
		return c
	}
	if c := compareOrdered(len(da), len(db)); c != 0 {
		return c
	}
	if c := compareSlices(da, db, compareOrdered[int32]); c != 0 {
		return c
	}
	return compareSlices(la, lb, compareOrdered[int32])
}

// compareAnyArrays is array_cmp over two array values of which at least
// one is shaped: elements first, then the shapes.
func compareAnyArrays(a, b any) int {
	_, _, ea, _ := ArrayShape(a)
	_, _, eb, _ := ArrayShape(b)
	if c := compareArrays(ea, eb); c != 0 {
		return c
	}
	return compareShapes(a, b)
}

// appendShapedKey is a ShapedArray's key: its dimensions and lower bounds,
// then its elements' keys (equal keys for arrays array_eq finds equal).
func appendShapedKey(b []byte, x ShapedArray) []byte {
	b = appendLen(append(b, keyShapedArray), len(x.Dims))
	for i, d := range x.Dims {
		b = binary.AppendVarint(binary.AppendVarint(b, int64(d)), int64(x.Lbounds[i]))
	}
	b = appendLen(b, len(x.Elems))
	for _, e := range x.Elems {
		b = AppendKey(b, e)
	}
	return b
}

// Elems is the elements of an array value in row-major order (nil for a
// value that is not an array): what functions that ignore the shape read,
// as PostgreSQL's deconstruct_array gives them.
func Elems(d any) Array {
	a, _ := asArray(d)
	return a
}

// SubArrays splits an array of several dimensions into its outermost
// level's sub-arrays (each of one dimension fewer, keeping its lower
// bounds); false for an array of at most one dimension.
func SubArrays(d any) ([]any, bool) {
	s, ok := d.(ShapedArray)
	if !ok || len(s.Dims) < 2 {
		return nil, false
	}
	out := make([]any, s.Dims[0])
	step := len(s.Elems) / int(s.Dims[0])
	for i := range out {
		out[i] = NewArray(s.Dims[1:], s.Lbounds[1:], s.Elems[i*step:(i+1)*step])
	}
	return out, true
}
