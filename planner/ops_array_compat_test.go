package planner

import (
	"fmt"
	"testing"
)

// TestArrayConcatAnycompatible: || on arrays takes PostgreSQL 15's
// anycompatiblearray and anycompatible parameters (array_cat,
// array_append, array_prepend): the result is an array of the operands'
// common type, so integer[] || bigint is bigint[] and smallint[] ||
// integer is integer[] (vecgres answered 42883 where the element was
// wider than the array's); arrays and elements of types with no common
// one stay 42883. Values and types are PostgreSQL 15's (pg_typeof as
// OIDs: 1007 integer[], 1009 text[], 1015 character varying[], 1016 bigint[], 1231 numeric[]).
func TestArrayConcatAnycompatible(t *testing.T) {
	s := testSession(t)
	for q, want := range map[string]string{
		"SELECT ARRAY[1] || 2::bigint, pg_typeof(ARRAY[1] || 2::bigint)":                       "[[1 2] 1016]",
		"SELECT 2::bigint || ARRAY[1], pg_typeof(2::bigint || ARRAY[1])":                       "[[2 1] 1016]",
		"SELECT pg_typeof(ARRAY[1::int2] || 1), pg_typeof('{1}'::int[] || 2.5)":                "[1007 1231]",
		"SELECT ('{1}'::int[] || 2.5)::text, (ARRAY[1.5] || 2)::text":                          "[{1,2.5} {1.5,2}]",
		"SELECT pg_typeof(ARRAY['a'::varchar] || 'b'::text), ARRAY['a'::varchar] || 'b'::text": "[1015 [a b]]",
		"SELECT pg_typeof('b'::text || ARRAY['a'::varchar]), 'b'::text || ARRAY['a'::varchar]": "[1009 [b a]]",
		"SELECT pg_typeof(ARRAY[1] || ARRAY[2::bigint]), ARRAY[1] || ARRAY[2::bigint]":         "[1016 [1 2]]",
	} {
		if got := fmt.Sprint(exec(t, s, q).Rows[0]); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	if got := fmt.Sprint(exec(t, s, "SELECT ARRAY[1] || ARRAY[2.5], ARRAY[1.5] || ARRAY[2]").Rows[0]); got != "[[1 2.5] [1.5 2]]" {
		t.Errorf("ARRAY[1] || ARRAY[2.5], ARRAY[1.5] || ARRAY[2]: %s, want [[1 2.5] [1.5 2]] (not 2.5 cast to 3)", got)
	}
	e := execErr(t, s, "SELECT ARRAY[1] || 'a'::text")
	if e.Code != "42883" || e.Message != "operator does not exist: integer[] || text" {
		t.Errorf("ARRAY[1] || 'a'::text: %s %q", e.Code, e.Message)
	}
}
