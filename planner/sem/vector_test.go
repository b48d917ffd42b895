package sem

import (
	"errors"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// TestSubvector checks pgvector's bounds rules (1-based start, clipping,
// 22000 when nothing is left).
func TestSubvector(t *testing.T) {
	v := types.Vector{1, 2, 3, 4, 5}
	tests := []struct {
		start, count int64
		want         types.Vector // nil: 22000
	}{
		{1, 3, types.Vector{1, 2, 3}},
		{3, 2, types.Vector{3, 4}},
		{4, 100, types.Vector{4, 5}},
		{5, 1, types.Vector{5}},
		{-1, 3, types.Vector{1}},
		{0, 1 << 31, types.Vector{1, 2, 3, 4, 5}},
		{1, 5, types.Vector{1, 2, 3, 4, 5}},
		{3, 0, nil},
		{3, -1, nil},
		{6, 1, nil},
		{-5, 3, nil},
		{0, 1, nil},
	}
	for _, tt := range tests {
		got, err := Subvector(v, tt.start, tt.count)
		if tt.want == nil {
			var pe *pgerror.Error
			if !errors.As(err, &pe) || pe.Code != pgerror.DataException || pe.Message != "vector must have at least 1 dimension" {
				t.Errorf("subvector(%d, %d): got %v, %v; want 22000", tt.start, tt.count, got, err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("subvector(%d, %d) = %v, %v; want %v", tt.start, tt.count, got, err, tt.want)
		}
	}
	if got, _ := Subvector(v, 2, 2); &got[0] == &v[1] {
		t.Error("subvector shares the input's storage")
	}
}
