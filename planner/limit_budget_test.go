package planner

import (
	"math"
	"testing"
)

// TestScanBudget: LIMIT + OFFSET saturates instead of wrapping, so that
// LIMIT 9223372036854775807 OFFSET 1 asks an index scan for every row.
func TestScanBudget(t *testing.T) {
	for _, tc := range []struct {
		limit, offset int64
		want          int
	}{
		{10, 0, 10},
		{10, 5, 15},
		{0, 0, 0},
		{math.MaxInt64, 1, math.MaxInt},
		{1, math.MaxInt64, math.MaxInt},
		{math.MaxInt64, math.MaxInt64, math.MaxInt},
		{math.MaxInt64 - 1, 1, math.MaxInt},
	} {
		if got := scanBudget(tc.limit, tc.offset); got != tc.want {
			t.Errorf("scanBudget(%d, %d) = %d, want %d", tc.limit, tc.offset, got, tc.want)
		}
	}
}
