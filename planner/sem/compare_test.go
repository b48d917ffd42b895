package sem

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestComparer pins which comparison entry operands of two types reach
// (PostgreSQL 15's choice) and the order after their conversions.
func TestComparer(t *testing.T) {
	onePointFive, _ := types.ParseNumeric("1.5")
	bpchar := types.Type{Kind: types.KindBpchar, Typmod: 5}
	day := int64(8767) // 2024-01-02
	for _, tt := range []struct {
		l, r      types.Type
		param0    types.Kind
		x, y      any
		wantOrder int
	}{
		{types.OIDType, types.Int8, types.KindOID, int64(1), int64(1), 0},
		{types.Regtype, types.OIDType, types.KindOID, int64(23), int64(24), -1},
		{types.Int4, types.Numeric, types.KindNumeric, int64(2), onePointFive, 1},
		{types.Int8, types.Float4, types.KindFloat8, int64(2), 2.5, -1},
		{bpchar, types.Text, types.KindText, "abc  ", "abc", 0},
		{types.Text, bpchar, types.KindText, "abc  ", "abc", 1},
		{bpchar, types.Varchar, types.KindBpchar, "abc", "abc  ", 0},
		{types.Date, types.Timestamp, types.KindDate, day, day * 86400e6, 0},
		{types.Timestamptz, types.Date, types.KindTimestamptz, day*86400e6 - 1, day, -1},
		{types.Unknown, types.Unknown, types.KindText, "a", "b", -1},
	} {
		cmp, f, err := Comparer("<", tt.l, tt.r)
		if err != nil {
			t.Errorf("%s < %s: %v", tt.l.Name(), tt.r.Name(), err)
			continue
		}
		if f.Args[0].Kind != tt.param0 {
			t.Errorf("%s < %s took %s < %s", tt.l.Name(), tt.r.Name(), f.Args[0].Name(), f.Args[1].Name())
		}
		if got := cmp(tt.x, tt.y); got != tt.wantOrder {
			t.Errorf("%s %v < %s %v: order %d, want %d", tt.l.Name(), tt.x, tt.r.Name(), tt.y, got, tt.wantOrder)
		}
	}
	int8Array, _ := types.ArrayOf(types.Int8)
	int4Array, _ := types.ArrayOf(types.Int4)
	for _, p := range [][2]types.Type{
		{types.OIDType, types.Float8}, {types.Float4, types.Regtype}, {types.Bool, types.Int4},
		{types.Text, types.Int4}, {int4Array, int8Array}, {types.Date, types.Text},
	} {
		if _, _, err := Comparer("=", p[0], p[1]); !errors.Is(err, ErrNoMatch) {
			t.Errorf("%s = %s: %v, want ErrNoMatch", p[0].Name(), p[1].Name(), err)
		}
	}
	if _, _, err := Comparer("+", types.Int4, types.Int4); !errors.Is(err, ErrNoMatch) {
		t.Errorf("+ as a comparison: %v, want ErrNoMatch", err)
	}
}
