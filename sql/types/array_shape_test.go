package types

import (
	"encoding/hex"
	"reflect"
	"testing"
)

// TestArrayShapes parses literals of several dimensions and lower bounds
// and checks the value, array_out's text (as PostgreSQL 15 prints it),
// array_dims and the binary form's header.
func TestArrayShapes(t *testing.T) {
	i4a := arrayType(KindInt4Array)
	tests := []struct {
		in, out, dims string
		want          any
		header        string // ndim, flags, OID, then (dim, lb) per dimension
	}{
		{`{{1,2},{3,4}}`, `{{1,2},{3,4}}`, `[1:2][1:2]`,
			ShapedArray{[]int32{2, 2}, []int32{1, 1}, Array{int64(1), int64(2), int64(3), int64(4)}},
			"00000002 00000000 00000017 00000002 00000001 00000002 00000001"},
		{`[0:1]={1,2}`, `[0:1]={1,2}`, `[0:1]`,
			ShapedArray{[]int32{2}, []int32{0}, Array{int64(1), int64(2)}},
			"00000001 00000000 00000017 00000002 00000000"},
		{` [1:2] [1:1] = { {1} , {NULL} } `, `{{1},{NULL}}`, `[1:2][1:1]`,
			ShapedArray{[]int32{2, 1}, []int32{1, 1}, Array{int64(1), nil}},
			"00000002 00000001 00000017 00000002 00000001 00000001 00000001"},
		{`[-2:-1][+1:1-]={{5},{6}}`, `[-2:-1][1:1]={{5},{6}}`, `[-2:-1][1:1]`,
			ShapedArray{[]int32{2, 1}, []int32{-2, 1}, Array{int64(5), int64(6)}},
			"00000002 00000000 00000017 00000002 fffffffe 00000001 00000001"},
		{`[3]={7,8,9}`, `{7,8,9}`, `[1:3]`, Array{int64(7), int64(8), int64(9)},
			"00000001 00000000 00000017 00000003 00000001"},
		{`{{{1},{2}}}`, `{{{1},{2}}}`, `[1:1][1:2][1:1]`,
			ShapedArray{[]int32{1, 2, 1}, []int32{1, 1, 1}, Array{int64(1), int64(2)}},
			"00000003 00000000 00000017 00000001 00000001 00000002 00000001 00000001 00000001"},
	}
	for _, tt := range tests {
		d, err := ParseText(i4a, tt.in)
		if err != nil || !reflect.DeepEqual(d, tt.want) {
			t.Errorf("%q: %#v, %v; want %#v", tt.in, d, err, tt.want)
			continue
		}
		if got := string(AppendText(nil, i4a, d)); got != tt.out {
			t.Errorf("%q prints %q, want %q", tt.in, got, tt.out)
		}
		if dims, lbs, _, _ := ArrayShape(d); FormatDims(dims, lbs) != tt.dims {
			got := FormatDims(dims, lbs)
			t.Errorf("%q: array_dims %q, want %q", tt.in, got, tt.dims)
		}
		bin := AppendBinary(nil, i4a, d)
		if h := hex.EncodeToString(bin[:len(mustHex(t, tt.header))]); h != hex.EncodeToString(mustHex(t, tt.header)) {
			t.Errorf("%q: binary header %s, want %s", tt.in, h, tt.header)
		}
		if back, err := DecodeBinary(i4a, bin); err != nil || !reflect.DeepEqual(back, d) {
			t.Errorf("%q: binary round trip %#v, %v", tt.in, back, err)
		}
	}
}

// TestShapedCompare checks array_cmp's order and array_eq: elements
// first, then the element count, the number of dimensions, the
// dimensions and the lower bounds; keys agree with equality.
func TestShapedCompare(t *testing.T) {
	i4a := arrayType(KindInt4Array)
	v := func(s string) any {
		d, err := ParseText(i4a, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	tests := []struct {
		a, b string
		want int
	}{
		{`{{1,2},{3,4}}`, `{{1,2},{3,4}}`, 0},
		{`{{1,2},{3,4}}`, `{1,2,3,4}`, 1},
		{`{{1,2},{3,4}}`, `{1,2,3,5}`, -1},
		{`{{1,2},{3,4}}`, `{{1,2,3,4}}`, 1},
		{`{{1,2},{3,4}}`, `{{1},{2},{3},{4}}`, -1},
		{`[0:1]={1,2}`, `{1,2}`, -1},
		{`[0:1]={1,2}`, `[0:1]={1,2}`, 0},
		{`{{1,2}}`, `{1,2,3}`, -1},
		{`{{1,NULL}}`, `{{1,2}}`, 1},
	}
	for _, tt := range tests {
		a, b := v(tt.a), v(tt.b)
		if got := Compare(a, b); got != tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Compare(b, a); got != -tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
		if sameKey := string(AppendKey(nil, a)) == string(AppendKey(nil, b)); sameKey != (tt.want == 0) {
			t.Errorf("keys of %s and %s equal: %v", tt.a, tt.b, sameKey)
		}
	}
}
