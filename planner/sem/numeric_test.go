package sem

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// Expected values checked on PostgreSQL 15 (trunc, ceil, floor of numeric).
func TestTruncCeilFloorNumeric(t *testing.T) {
	cases := []struct {
		in    string
		scale int64
		trunc string
		ceil  string
		floor string
	}{
		{"2.7", 0, "2", "3", "2"},
		{"-2.7", 0, "-2", "-2", "-3"},
		{"-0.5", 0, "0", "0", "-1"},
		{"0.5", 0, "0", "1", "0"},
		{"2.567", 2, "2.56", "3", "2"},
		{"2.5", 3, "2.500", "3", "2"},
		{"-2.567", -1, "0", "-2", "-3"},
		{"1234.5", -2, "1200", "1235", "1234"},
		{"-1234.5", -2, "-1200", "-1234", "-1235"},
		{"7", 0, "7", "7", "7"},
		{"NaN", 0, "NaN", "NaN", "NaN"},
	}
	text := func(n types.Decimal) string { return string(types.AppendNumericText(nil, n)) }
	for _, c := range cases {
		n, err := types.ParseNumeric(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := text(TruncNumeric(n, c.scale)); got != c.trunc {
			t.Errorf("trunc(%s, %d) = %s, want %s", c.in, c.scale, got, c.trunc)
		}
		if got := text(CeilNumeric(n)); got != c.ceil {
			t.Errorf("ceil(%s) = %s, want %s", c.in, got, c.ceil)
		}
		if got := text(FloorNumeric(n)); got != c.floor {
			t.Errorf("floor(%s) = %s, want %s", c.in, got, c.floor)
		}
	}
}
