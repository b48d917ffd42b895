package planner

import (
	"fmt"
	"strings"
	"testing"
)

// TestOperatorsResolveAsPostgreSQL: arithmetic operators resolve in
// sem.Operators as PostgreSQL 15's do (the expected answers are its):
// the result types of mixed operands, and no % of floats and no
// arithmetic on oid, which vecgres computed (1.5, 2) where PostgreSQL has
// no such operator (42883 at the operator); - of an untyped literal is
// 42725 (it was 42883).
func TestOperatorsResolveAsPostgreSQL(t *testing.T) {
	s := testSession(t)
	q := "SELECT pg_typeof(7::int8 % 2::int2)::text, pg_typeof(1::int2 * 2::int2)::text, pg_typeof(2 * 1.5)::text, " +
		"pg_typeof(1.5 / 2::real)::text, 7::int8 % 2::int2, 1.5 / 2::real, 3::int2 / 2::int4"
	if got := fmt.Sprint(exec(t, s, q).Rows[0]); got != "[bigint smallint numeric double precision 1 0.75 1]" {
		t.Errorf("%s: %s", q, got)
	}
	for q, msg := range map[string]string{
		"SELECT 5.5::float8 % 2":     "operator does not exist: double precision % integer",
		"SELECT 5.5::real % 2::real": "operator does not exist: real % real",
		"SELECT 1::oid + 1":          "operator does not exist: oid + integer",
	} {
		e, pos := execErr(t, s, q), strings.IndexAny(q, "%+-")+1
		if e.Code != "42883" || e.Message != msg || e.Position != pos {
			t.Errorf("%s: %s %q at %d, want 42883 %q at %d", q, e.Code, e.Message, e.Position, msg, pos)
		}
	}
	e := execErr(t, s, "SELECT -'1'")
	if e.Code != "42725" || e.Message != "operator is not unique: - unknown" || e.Position != 8 ||
		e.Hint != "Could not choose a best candidate operator. You might need to add explicit type casts." {
		t.Errorf("SELECT -'1': %s %q at %d hint %q", e.Code, e.Message, e.Position, e.Hint)
	}
	if got := fmt.Sprint(exec(t, s, "SELECT -(2::int2), +1.5, -(-9223372036854775807::int8)").Rows[0]); got != "[-2 1.5 9223372036854775807]" {
		t.Errorf("unary minus and plus: %s", got)
	}
}
