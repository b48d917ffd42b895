package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql"
)

// The text kept for an expression default is what PostgreSQL's
// pg_get_expr prints, and parses back.
func TestDefaultText(t *testing.T) {
	tests := map[string]string{
		"now()":             "now()",
		"CURRENT_TIMESTAMP": "CURRENT_TIMESTAMP",
		"current_date":      "CURRENT_DATE",
		"gen_random_uuid()": "gen_random_uuid()",
	}
	for in, want := range tests {
		stmts, err := sql.Parse("SELECT " + in)
		if err != nil {
			t.Fatal(err)
		}
		e := stmts[0].(*sql.Select).Items[0].Expr
		got := defaultText(e)
		if got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
		if _, err := sql.Parse("SELECT " + got); err != nil {
			t.Errorf("%s: %q does not parse back: %v", in, got, err)
		}
	}
	if !callsVolatile("gen_random_uuid()") || callsVolatile("now()") {
		t.Error("callsVolatile: gen_random_uuid() is volatile, now() is not")
	}
}
