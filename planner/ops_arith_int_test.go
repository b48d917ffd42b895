package planner

import (
	"math"
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// TestIntArithRange: integer results outside the operand type's range are
// 22003 "<type> out of range", including minimum / -1, as in PostgreSQL.
func TestIntArithRange(t *testing.T) {
	for _, tc := range []struct {
		op   string
		x, y int64
		t    types.Type
		want any // int64, or the pgerror.Code of the error
	}{
		{"/", math.MinInt32, -1, types.Int4, pgerror.NumericValueOutOfRange},
		{"/", math.MinInt16, -1, types.Int2, pgerror.NumericValueOutOfRange},
		{"/", math.MinInt64, -1, types.Int8, pgerror.NumericValueOutOfRange},
		{"/", math.MinInt32 + 1, -1, types.Int4, int64(math.MaxInt32)},
		{"/", math.MinInt32, -1, types.Int8, int64(-math.MinInt32)},
		{"%", math.MinInt32, -1, types.Int4, int64(0)},
		{"%", math.MinInt64, -1, types.Int8, int64(0)},
		{"/", 7, -2, types.Int4, int64(-3)},
		{"%", -7, 2, types.Int4, int64(-1)},
		{"/", 1, 0, types.Int4, pgerror.DivisionByZero},
		{"%", 1, 0, types.Int8, pgerror.DivisionByZero},
		{"*", math.MaxInt32, 2, types.Int4, pgerror.NumericValueOutOfRange},
		{"+", math.MaxInt16, 1, types.Int2, pgerror.NumericValueOutOfRange},
		{"-", math.MinInt64, 1, types.Int8, pgerror.NumericValueOutOfRange},
	} {
		got, err := sem.IntArith(tc.op, tc.x, tc.y, tc.t)
		if code, isErr := tc.want.(pgerror.Code); isErr {
			if pe, ok := err.(*pgerror.Error); !ok || pe.Code != code {
				t.Errorf("%d %s %d (%v): got %v, %v; want %s", tc.x, tc.op, tc.y, tc.t, got, err, code)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%d %s %d (%v): got %v, %v; want %v", tc.x, tc.op, tc.y, tc.t, got, err, tc.want)
		}
	}
}
