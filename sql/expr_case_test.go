package sql

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestParseCase checks both forms of CASE through FormatExpr, and the
// positions of CASE and of each WHEN.
func TestParseCase(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"CASE WHEN a = 1 THEN 'x' END", "CASE WHEN (a = 1) THEN 'x' END"},
		{"CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END", "CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END"},
		{"case a when 1 then 'one' when 2 then 'two' else null end", "CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE NULL END"},
		{"CASE WHEN a THEN CASE b WHEN 1 THEN v END END", "CASE WHEN a THEN CASE b WHEN 1 THEN v END END"},
		{"(CASE WHEN a THEN 1 END) + 1", "(CASE WHEN a THEN 1 END + 1)"},
	}
	for _, tt := range tests {
		s := parseOne(t, "SELECT "+tt.expr).(*Select)
		if got := FormatExpr(s.Items[0].Expr); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.expr, got, tt.want)
		}
	}
	c := parseOne(t, "SELECT CASE x WHEN 1 THEN 2 WHEN 3 THEN 4 END").(*Select).Items[0].Expr.(*CaseExpr)
	if c.P != 7 || len(c.Whens) != 2 || c.Whens[0].P != 14 || c.Whens[1].P != 28 || c.Else != nil {
		t.Errorf("positions: CASE %d, WHENs %+v, else %v", c.P, c.Whens, c.Else)
	}
}

// TestParseCaseUnsupportedInside checks that a construct outside the
// dialect inside a branch is still 0A000.
func TestParseCaseUnsupportedInside(t *testing.T) {
	_, err := Parse("SELECT CASE WHEN a SIMILAR TO b THEN 1 END")
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.FeatureNotSupported {
		t.Fatalf("SIMILAR TO inside CASE: %v, want 0A000", err)
	}
}
