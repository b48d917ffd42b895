package catalog

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestArrayDatumRoundTrip encodes arrays of several element types (with
// NULL elements, empty, nested vectors) and decodes them back.
func TestArrayDatumRoundTrip(t *testing.T) {
	values := []types.Array{
		{},
		{int64(1), nil, int64(-3)},
		{"a", "", nil, "b c"},
		{true, false},
		{1.5, nil},
		{types.Vector{1, 2}, nil},
		{[]byte{0, 1}, types.UUID{1, 2, 3}},
		{types.Bits{Len: 3, Data: []byte{0xa0}}, nil, types.Bits{Len: 0}},
		{types.SparseVec{Dim: 3, Indices: []int32{0, 2}, Values: []float32{1, -2.5}}, nil},
	}
	for _, v := range values {
		checkDatumRoundTrip(t, v)
	}
	// A count larger than the bytes left is a short record, not a huge
	// allocation.
	bad := &decoder{b: []byte{tagArray, 0xff, 0xff, 0xff, 0xff, 0x0f}}
	if v := bad.datum(); v != nil || bad.err == nil {
		t.Errorf("oversized count: %v, %v", v, bad.err)
	}
	short := &decoder{b: []byte{tagArray, 2, tagNull}}
	if short.datum(); short.err == nil {
		t.Error("truncated array: no error")
	}
}

// TestShapedArrayDatumRoundTrip encodes arrays of several dimensions and
// other lower bounds and decodes them back; shapes that do not match
// their elements are corrupt records.
func TestShapedArrayDatumRoundTrip(t *testing.T) {
	values := []types.ShapedArray{
		{Dims: []int32{2, 2}, Lbounds: []int32{1, 1}, Elems: types.Array{int64(1), nil, int64(3), int64(4)}},
		{Dims: []int32{2}, Lbounds: []int32{-5}, Elems: types.Array{"a", "b"}},
		{Dims: []int32{1, 2, 1}, Lbounds: []int32{0, 1, 7}, Elems: types.Array{types.Vector{1}, nil}},
	}
	for _, v := range values {
		checkDatumRoundTrip(t, v)
	}
	for _, b := range [][]byte{
		{tagShapedArray, 2, 4, 2, 2, 2, tagArray, 1, tagNull}, // 2x1 dims, 1 element
		{tagShapedArray, 0, tagArray, 0},                      // no dimension
		{tagShapedArray, 1, 0, 2, tagArray, 0},                // a zero length
		{tagShapedArray, 1, 2, 2, tagInt, 2},                  // not an array
	} {
		d := &decoder{b: b}
		if v := d.datum(); v != nil || d.err == nil {
			t.Errorf("% x: %#v, %v; want an error", b, v, d.err)
		}
	}
}

// checkDatumRoundTrip encodes v followed by another datum and decodes
// both back.
func checkDatumRoundTrip(t *testing.T, v any) {
	t.Helper()
	d := &decoder{b: appendDatum(appendDatum(nil, v), int64(7))}
	if got := d.datum(); d.err != nil || !reflect.DeepEqual(got, v) {
		t.Errorf("%#v: decoded %#v, %v", v, got, d.err)
	}
	if i := d.datum(); i != int64(7) {
		t.Errorf("%#v: next datum %v", v, i)
	}
}
