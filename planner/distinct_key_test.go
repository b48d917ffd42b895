package planner

import (
	"context"
	"fmt"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
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

// TestPrimaryKeyEqualValues checks that a primary key refuses a value
// equal (by =) to one it holds though spelled differently, with
// PostgreSQL's 23505, and that ON CONFLICT sees it. The key map used the
// stored encoding, which told 1.5 from 1.50, -0 from 0 and jsonb 1.0 from
// 1.
func TestPrimaryKeyEqualValues(t *testing.T) {
	s := testSession(t)
	for i, tc := range []struct{ typ, first, second string }{
		{"numeric", "1.5", "1.50"},
		{"float8", "0", "-0"},
		{"float4", "-0", "0"},
		{"jsonb", `{"a": [1.0]}`, `{"a": [1]}`},
		{"numeric[]", "{1.5,2}", "{1.50,2.0}"},
		{"vector(2)", "[0,1]", "[-0,1]"},
	} {
		table := fmt.Sprintf("pk%d", i)
		exec(t, s, "CREATE TABLE "+table+" (k "+tc.typ+" PRIMARY KEY, n int)")
		exec(t, s, "INSERT INTO "+table+" VALUES ('"+tc.first+"', 1)")
		ps, err := s.Split("INSERT INTO " + table + " VALUES ('" + tc.second + "', 4)")
		if err == nil {
			_, err = s.Execute(context.Background(), ps[0], nil)
		}
		if err == nil || pgerror.CodeOf(err) != pgerror.UniqueViolation {
			t.Errorf("%s: inserting %s beside %s: %v, want 23505", tc.typ, tc.second, tc.first, err)
		}
		if res := exec(t, s, "INSERT INTO "+table+" VALUES ('"+tc.second+"', 2) ON CONFLICT (k) DO UPDATE SET n = 3"); res.Tag != "INSERT 0 1" {
			t.Errorf("%s: ON CONFLICT tag %q", tc.typ, res.Tag)
		}
		if got := exec(t, s, "SELECT n FROM "+table).Rows; len(got) != 1 || got[0][0] != int64(3) {
			t.Errorf("%s: rows %v after ON CONFLICT DO UPDATE, want [[3]]", tc.typ, got)
		}
	}
}
