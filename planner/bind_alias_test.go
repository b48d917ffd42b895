package planner

import "testing"

// TestUpdateTargetNames checks UPDATE's SET targets as PostgreSQL's
// transformUpdateTargetList resolves them: the name before any field or
// subscript must be a column (42703 at it, so `SET alias.col` fails), and
// assigning an array element of a real column is outside vecgres's
// dialect (0A000).
func TestUpdateTargetNames(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ut (id int PRIMARY KEY, a int[])")
	tests := []struct {
		query, code, msg string
		pos              int
	}{
		{"UPDATE ut AS u SET u.a = '{1}'", "42703", `column "u" of relation "ut" does not exist`, 20},
		{"UPDATE ut SET nosuch[1] = 1", "42703", `column "nosuch" of relation "ut" does not exist`, 15},
		{"UPDATE ut SET a[1] = 1", "0A000", "UPDATE of array elements or fields is not supported by vecgres", 15},
		{"UPDATE ut u SET a = '{}' WHERE ut.id = 1", "42P01", `invalid reference to FROM-clause entry for table "ut"`, 32},
	}
	for _, tc := range tests {
		pe := execErr(t, s, tc.query)
		if string(pe.Code) != tc.code || pe.Message != tc.msg || pe.Position != tc.pos {
			t.Errorf("%s: %s %q at %d, want %s %q at %d", tc.query, pe.Code, pe.Message, pe.Position, tc.code, tc.msg, tc.pos)
		}
	}
}
