package planner

import (
	"fmt"
	"testing"
)

// TestAbsKeepsArgumentType: abs has one signature per numeric type and
// returns its argument's type, as PostgreSQL 15 (abs(int2) ...
// abs(numeric)); the expected texts are PostgreSQL's. abs took numeric
// only, so abs(float8) lost digits (6.19583474404142 for
// 6.195834744041417), printed 1e301 as 302 digits, and abs of the most
// negative integer answered instead of failing with 22003.
func TestAbsKeepsArgumentType(t *testing.T) {
	s := testSession(t)
	cases := []struct{ expr, typ, val string }{
		{"-6.195834744041417::float8", "double precision", "6.195834744041417"},
		{"(1e300::float8 * -10)", "double precision", "1e+301"},
		{"'-Infinity'::float8", "double precision", "Infinity"},
		{"-0.1::real", "real", "0.1"},
		{"-5", "integer", "5"},
		{"-5::smallint", "smallint", "5"},
		{"-9007199254740993::bigint", "bigint", "9007199254740993"},
		{"-1.50", "numeric", "1.50"},
		{"'-1.50'", "double precision", "1.5"},
		{"NULL", "double precision", "<nil>"},
	}
	for _, c := range cases {
		q := fmt.Sprintf("SELECT pg_typeof(abs(%s))::text, abs(%s)::text", c.expr, c.expr)
		res := exec(t, s, q)
		if got := fmt.Sprint(res.Rows[0]); got != fmt.Sprintf("[%s %s]", c.typ, c.val) {
			t.Errorf("%s: got %s, want [%s %s]", q, got, c.typ, c.val)
		}
	}
	for q, msg := range map[string]string{
		"SELECT abs(x) FROM (SELECT -2147483647 - 1 AS x) s":                  "integer out of range",
		"SELECT abs(x) FROM (SELECT (-32767)::smallint - 1::smallint AS x) s": "smallint out of range",
		"SELECT abs(x) FROM (SELECT -9223372036854775807::bigint - 1 AS x) s": "bigint out of range",
	} {
		if e := execErr(t, s, q); e.Code != "22003" || e.Message != msg {
			t.Errorf("%s: %s %q, want 22003 %q", q, e.Code, e.Message, msg)
		}
	}
}
