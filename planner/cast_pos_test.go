package planner

import "testing"

// TestCastErrorPosition: a cast of a typed value that fails (a constant
// folded at bind time too) has no position, as PostgreSQL 15's, which
// runs it when it folds constants in the planner; a literal read as the
// target type does point at the literal. vecgres pointed at the cast.
func TestCastErrorPosition(t *testing.T) {
	s := testSession(t)
	for q, want := range map[string]struct {
		code, msg string
		pos       int32
	}{
		"SELECT 32768::int2":          {"22003", "smallint out of range", 0},
		"SELECT 3000000000::int":      {"22003", "integer out of range", 0},
		"SELECT 1.5e10::numeric::int": {"22003", "integer out of range", 0},
		"SELECT 'abc'::int":           {"22P02", `invalid input syntax for type integer: "abc"`, 8},
		"SELECT mod(-32768::int2, 1)": {"22003", "smallint out of range", 0},
	} {
		e := execErr(t, s, q)
		if string(e.Code) != want.code || e.Message != want.msg || int32(e.Position) != want.pos {
			t.Errorf("%s: %s %q at %d, want %s %q at %d", q, e.Code, e.Message, e.Position, want.code, want.msg, want.pos)
		}
	}
}
