package types

import (
	"math"
	"testing"
)

func TestCompare(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		a, b any
		want int
	}{
		{int64(1), int64(2), -1},
		{int64(2), int64(2), 0},
		{int64(math.MaxInt64), int64(math.MinInt64), 1},
		{1.5, 0.5, 1},
		{nan, nan, 0},
		{nan, math.Inf(1), 1},
		{math.Inf(-1), nan, -1},
		{0.0, negZero(), 0},
		{int64(2), 2.5, -1},
		{3.0, int64(3), 0},
		{"a", "b", -1},
		{"B", "a", -1}, // byte order
		{"ab", "a", 1},
		{false, true, -1},
		{true, true, 0},
		{Vector{1, 2}, Vector{1, 3}, -1},
		{Vector{1, 2}, Vector{1, 2, 0}, -1},
		{Vector{2}, Vector{1, 5}, 1},
		{Vector{1, 2}, Vector{1, 2}, 0},
		{[]float64{1, nan}, []float64{1, 2}, 1},
		{[]int64{1}, []int64{1, 0}, -1},
	}
	for _, tt := range tests {
		if got := Compare(tt.a, tt.b); got != tt.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Compare(tt.b, tt.a); got != -tt.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}
