package planner

import (
	"testing"
)

// TestDistinctGroupByEqualValues checks that DISTINCT and GROUP BY treat
// values the = operator calls equal as one, as PostgreSQL does: numerics
// of different scale, -0 and 0, jsonb numbers 1.0 and 1 (also nested), and
// arrays of those. Keys were the text forms, which kept them apart.
func TestDistinctGroupByEqualValues(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE q (id int PRIMARY KEY, n numeric, f float8, j jsonb, na numeric[], fa float8[], ja jsonb[])")
	exec(t, s, `INSERT INTO q VALUES
		(1, 1.5, 0, '{"a":[1.0]}', '{1.5}', '{0}', ARRAY['1.0'::jsonb]),
		(2, 1.50, '-0', '{"a":[1]}', '{1.50}', '{-0}', ARRAY['1'::jsonb]),
		(3, 2, 1, '2', '{2}', '{1}', ARRAY['2'::jsonb])`)
	for _, col := range []string{"n", "f", "j", "na", "fa", "ja"} {
		for _, q := range []string{
			"SELECT count(*) FROM (SELECT DISTINCT " + col + " FROM q) s",
			"SELECT count(*) FROM (SELECT " + col + " FROM q GROUP BY " + col + ") s",
			"SELECT count(*) FROM (SELECT DISTINCT ON (" + col + ") id FROM q ORDER BY " + col + ") s",
		} {
			if got := exec(t, s, q).Rows[0][0]; got != int64(2) {
				t.Errorf("%s: %v, want 2", q, got)
			}
		}
	}
}
