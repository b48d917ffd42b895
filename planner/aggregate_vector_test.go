package planner

import (
	"errors"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// TestVectorAcc checks sum (float4, overflow) and avg (float8) of vectors
// and pgvector's dimension messages.
func TestVectorAcc(t *testing.T) {
	fold := func(name string, vs ...types.Vector) (any, error) {
		var a vectorAcc
		for _, v := range vs {
			if err := a.add(name, v); err != nil {
				return nil, err
			}
		}
		return a.result(name), nil
	}
	tests := []struct {
		name string
		in   []types.Vector
		want any    // types.Vector or nil
		err  string // expected message
	}{
		{"avg", []types.Vector{{1, 2, 3}, {3, 5, 7}}, types.Vector{2, 3.5, 5}, ""},
		{"sum", []types.Vector{{1, 2, 3}, {3, 5, 7}}, types.Vector{4, 7, 10}, ""},
		{"avg", nil, nil, ""},
		{"sum", nil, nil, ""},
		{"avg", []types.Vector{{3e38}, {3e38}}, types.Vector{3e38}, ""},
		{"sum", []types.Vector{{3e38}, {3e38}}, nil, "value out of range: overflow"},
		{"avg", []types.Vector{{1, 2}, {3}}, nil, "expected 2 dimensions, not 1"},
		{"sum", []types.Vector{{1, 2}, {3}}, nil, "different vector dimensions 2 and 1"},
		{"avg", []types.Vector{{0.1}, {0.2}, {0.3}}, types.Vector{float32((float64(float32(0.1)) + float64(float32(0.2)) + float64(float32(0.3))) / 3)}, ""},
	}
	for _, tt := range tests {
		got, err := fold(tt.name, tt.in...)
		if tt.err != "" {
			if !errorsHasMessage(err, tt.err) {
				t.Errorf("%s%v: got %v, %v; want error %q", tt.name, tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s%v: %v", tt.name, tt.in, err)
			continue
		}
		if tt.want == nil {
			if got != nil {
				t.Errorf("%s%v = %v, want NULL", tt.name, tt.in, got)
			}
			continue
		}
		if gv, ok := got.(types.Vector); !ok || !slices.Equal(gv, tt.want.(types.Vector)) {
			t.Errorf("%s%v = %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
}

func errorsHasMessage(err error, msg string) bool {
	var pe *pgerror.Error
	return errors.As(err, &pe) && pe.Message == msg
}
