package sem

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestArrayConcatResolve pins which || entry operands reach: array_cat
// for two arrays of types with a common one, array_append and
// array_prepend for an element of a type common with the array's (as
// PostgreSQL 15's anycompatible), none otherwise (Func.Check narrows the
// pseudo-type candidates).
func TestArrayConcatResolve(t *testing.T) {
	arr := func(t types.Type) types.Type { a, _ := types.ArrayOf(t); return a }
	for _, tt := range []struct {
		l, r     types.Type
		elemSide int // 0 array_cat, 1 element on the left, 2 on the right, -1 none
	}{
		{arr(types.Text), arr(types.Text), 0},
		{arr(types.Int4), types.Int2, 2},
		{types.Int8, arr(types.Int8), 1},
		{arr(types.Numeric), types.Int4, 2},
		{arr(types.Text), types.Varchar, 2},
		{arr(types.Text), types.Int4, -1},
		{arr(types.Int4), arr(types.Int8), 0}, // anycompatiblearray: bigint[], as PostgreSQL 15's
		{arr(types.Int2), types.Int4, 2},      // integer[], as PostgreSQL 15's
		{arr(types.Int4), types.Text, -1},
		{arr(types.Int4), arr(types.Text), -1},
	} {
		f, err := ResolveOperator("||", tt.l, tt.r)
		if tt.elemSide < 0 {
			if !errors.Is(err, ErrNoMatch) {
				t.Errorf("%s || %s: %v, want ErrNoMatch", tt.l.Name(), tt.r.Name(), err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s || %s: %v", tt.l.Name(), tt.r.Name(), err)
			continue
		}
		side := 0
		if f.Args[0].Kind == AnyElement.Kind {
			side = 1
		} else if f.Args[1].Kind == AnyElement.Kind {
			side = 2
		}
		if side != tt.elemSide {
			t.Errorf("%s || %s took %s || %s", tt.l.Name(), tt.r.Name(), TypeName(f.Args[0]), TypeName(f.Args[1]))
		}
	}
}
