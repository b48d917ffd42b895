package planner

import (
	"fmt"
	"testing"
)

// TestFunctionArgumentsTakeImplicitCastsOnly: a function's arguments
// convert to its parameter types by PostgreSQL's implicit casts only
// (pg_cast 'i'), whichever number of signatures it has. The answers are
// PostgreSQL 15's: an integer is an oid (has_table_privilege(int, text)),
// a bigint is no integer (repeat, array_length: 42883, where vecgres
// converted any number to any number for a function of one signature;
// sum(oid) is no sum either, where vecgres summed it as double precision).
func TestFunctionArgumentsTakeImplicitCastsOnly(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (a int)")
	oid := exec(t, s, "SELECT 't'::regclass::oid").Rows[0][0]
	for q, want := range map[string]string{
		fmt.Sprintf("SELECT has_table_privilege(%v, 'SELECT')", oid):               "[true]",
		fmt.Sprintf("SELECT has_table_privilege(%v::bigint, 'SELECT')", oid):       "[true]",
		"SELECT array_length(ARRAY[1, 2], 1::smallint), repeat('ab', 2::smallint)": "[2 abab]",
		"SELECT format_type(23::bigint, NULL), round(2.5::real)":                   "[integer 2]",
	} {
		if got := fmt.Sprint(exec(t, s, q).Rows[0]); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	for q, msg := range map[string]string{
		"SELECT repeat('ab', 2::bigint)":              "function repeat(unknown, bigint) does not exist",
		"SELECT array_length(ARRAY[1, 2], 1::bigint)": "function array_length(integer[], bigint) does not exist",
		"SELECT sum(x) FROM (SELECT 1::oid AS x) s":   "function sum(oid) does not exist",
		"SELECT vector_dims(3::bigint)":               "function vector_dims(bigint) does not exist",
	} {
		if e := execErr(t, s, q); e.Code != "42883" || e.Message != msg || e.Position != 8 {
			t.Errorf("%s: %s %q at %d, want 42883 %q at 8", q, e.Code, e.Message, e.Position, msg)
		}
	}
}
