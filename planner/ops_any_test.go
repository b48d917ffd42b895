package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestAnyExprNulls checks op ANY/ALL's NULL rules (PostgreSQL
// ExecEvalScalarArrayOp) over constant operands.
func TestAnyExprNulls(t *testing.T) {
	i8a := types.Type{Kind: types.KindInt8Array, Typmod: types.NoTypmod}
	arr := func(v ...any) expr {
		if v == nil {
			return &constExpr{t: i8a}
		}
		return &constExpr{t: i8a, v: types.Array(v)}
	}
	num := func(v any) expr { return &constExpr{t: types.Int8, v: v} }
	empty := &constExpr{t: i8a, v: types.Array{}}
	tests := []struct {
		op   string
		all  bool
		x    any
		arr  expr
		want any
	}{
		{"=", false, int64(1), arr(int64(1), int64(2)), true},
		{"=", false, int64(3), arr(int64(1), int64(2)), false},
		{"=", false, int64(3), arr(int64(1), nil), nil},
		{"=", false, int64(1), arr(int64(1), nil), true},
		{"=", false, nil, arr(int64(1)), nil},
		{"=", false, nil, empty, false},    // empty: false even for NULL
		{"=", true, nil, empty, true},      // empty: true even for NULL
		{"=", false, int64(1), arr(), nil}, // NULL array
		{"<>", true, int64(3), arr(int64(1), int64(2)), true},
		{"<>", true, int64(3), arr(int64(1), nil), nil},
		{"<>", true, int64(1), arr(int64(1), nil), false},
		{"<", true, int64(0), arr(int64(1), int64(2)), true},
		{">=", false, int64(2), arr(int64(3), int64(2)), true},
		{">", false, int64(2), arr(int64(3), int64(4)), false},
	}
	for _, tt := range tests {
		e := &anyExpr{op: tt.op, x: num(tt.x), arr: tt.arr, all: tt.all, match: matcherFor(tt.op, types.Int8, types.Int8)}
		got, err := e.Eval(&env{})
		if err != nil || got != tt.want {
			t.Errorf("%v %s %s(%v) = %v, %v; want %v", tt.x, tt.op, map[bool]string{false: "ANY", true: "ALL"}[tt.all], tt.arr.(*constExpr).v, got, err, tt.want)
		}
	}
}

// TestSubscriptExpr checks a[i]: 1-based, NULL out of range.
func TestSubscriptExpr(t *testing.T) {
	a := &constExpr{t: types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}, v: types.Array{"x", nil, "z"}}
	for i, want := range map[int64]any{0: nil, 1: "x", 2: nil, 3: "z", 4: nil} {
		e := &subscriptExpr{arr: a, lower: []expr{nil}, upper: []expr{&constExpr{t: types.Int4, v: i}}, t: types.Text}
		if got, err := e.Eval(&env{}); err != nil || got != want {
			t.Errorf("a[%d] = %v, %v; want %v", i, got, err, want)
		}
	}
}

// TestSubscriptExprShaped checks a[i][j] and slices of a 2-D array with
// lower bounds 0 and 1: one subscript per dimension or NULL, slices
// clipped to the bounds, empty when a range is.
func TestSubscriptExprShaped(t *testing.T) {
	i4a := types.Type{Kind: types.KindInt4Array, Typmod: types.NoTypmod}
	v, err := types.ParseText(i4a, "[0:1][1:2]={{1,2},{3,4}}")
	if err != nil {
		t.Fatal(err)
	}
	a := &constExpr{t: i4a, v: v}
	c := func(n int64) expr { return &constExpr{t: types.Int4, v: n} }
	elem := func(idx ...int64) any {
		e := &subscriptExpr{arr: a, lower: make([]expr, len(idx)), t: types.Int4}
		for _, i := range idx {
			e.upper = append(e.upper, c(i))
		}
		got, err := e.Eval(&env{})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if elem(0, 1) != int64(1) || elem(1, 2) != int64(4) || elem(1) != nil || elem(2, 1) != nil || elem(0, 0) != nil {
		t.Errorf("elements: %v %v %v %v %v", elem(0, 1), elem(1, 2), elem(1), elem(2, 1), elem(0, 0))
	}
	slice := func(lower, upper []expr) string {
		e := &subscriptExpr{arr: a, lower: lower, upper: upper, slice: true, t: i4a}
		got, err := e.Eval(&env{})
		if err != nil {
			t.Fatal(err)
		}
		return string(types.AppendText(nil, i4a, got))
	}
	tests := []struct {
		lower, upper []expr
		want         string
	}{
		{[]expr{c(1)}, []expr{c(1)}, "{{3,4}}"},
		{[]expr{nil, c(2)}, []expr{nil, nil}, "{{2},{4}}"},
		{[]expr{c(-5), c(1)}, []expr{c(9), c(1)}, "{{1},{3}}"},
		{[]expr{c(1), c(2)}, []expr{c(0), c(2)}, "{}"},
		{[]expr{nil, nil, nil}, []expr{nil, nil, nil}, "{}"},
	}
	for _, tt := range tests {
		if got := slice(tt.lower, tt.upper); got != tt.want {
			t.Errorf("slice %v:%v = %s, want %s", tt.lower, tt.upper, got, tt.want)
		}
	}
}
