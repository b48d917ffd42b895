package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestCaseResultType checks the type CASE reports (RowDescription):
// PostgreSQL's common type, with the type modifier only when every
// result, the implicit ELSE NULL included, has the same one.
func TestCaseResultType(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE ct (id int PRIMARY KEY, v varchar(5), e vector(3), n numeric(6,2))")
	exec(t, s, "INSERT INTO ct VALUES (1, 'abc', '[1,2,3]', 1.5)")
	tests := []struct {
		query string
		want  types.Type
	}{
		{"SELECT CASE WHEN id = 1 THEN v ELSE v END FROM ct", types.Type{Kind: types.KindVarchar, Typmod: 5}},
		{"SELECT CASE WHEN id = 1 THEN v END FROM ct", types.Type{Kind: types.KindVarchar, Typmod: types.NoTypmod}},
		{"SELECT CASE WHEN id = 1 THEN v ELSE 'x' END FROM ct", types.Type{Kind: types.KindVarchar, Typmod: types.NoTypmod}},
		{"SELECT CASE id WHEN 1 THEN e ELSE e END FROM ct", types.VectorOf(3)},
		{"SELECT CASE WHEN id = 1 THEN e END FROM ct", types.VectorOf(types.NoTypmod)},
		{"SELECT CASE WHEN true THEN n END FROM ct", types.Type{Kind: types.KindNumeric, Typmod: types.NoTypmod}},
		{"SELECT CASE WHEN true THEN 1 ELSE 2.5 END", types.Type{Kind: types.KindNumeric, Typmod: types.NoTypmod}},
		{"SELECT CASE WHEN true THEN 1::int2 ELSE 2::float4 END", types.Float4},
		{"SELECT CASE WHEN true THEN 'a' END", types.Text},
		{"SELECT CASE WHEN true THEN NULL END", types.Text},
		{"SELECT CASE WHEN true THEN 'a'::text ELSE v END FROM ct", types.Type{Kind: types.KindVarchar, Typmod: types.NoTypmod}},
		{"SELECT CASE WHEN true THEN 'a'::text ELSE v::text END FROM ct", types.Text},
	}
	for _, tc := range tests {
		res := exec(t, s, tc.query)
		if got := res.Columns[0].Type; got != tc.want {
			t.Errorf("%s: type %v, want %v", tc.query, got, tc.want)
		}
	}
	// The ELSE's type comes first: varchar ELSE, text THEN is varchar.
	res := exec(t, s, "SELECT CASE WHEN true THEN 'a'::text ELSE v END FROM ct")
	if res.Rows[0][0] != "a" {
		t.Errorf("value %v, want a", res.Rows[0][0])
	}
}

// TestCaseShortCircuit checks that a branch not taken is not evaluated:
// its division by zero does not fail, while the taken one does (22012).
func TestCaseShortCircuit(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE cz (id int PRIMARY KEY, d int)")
	exec(t, s, "INSERT INTO cz VALUES (1, 0), (2, 2)")
	res := exec(t, s, "SELECT CASE WHEN d = 0 THEN -1 ELSE 10 / d END FROM cz ORDER BY id")
	if len(res.Rows) != 2 || res.Rows[0][0] != int64(-1) || res.Rows[1][0] != int64(5) {
		t.Fatalf("rows %v, want [-1] [5]", res.Rows)
	}
	if pe := execErr(t, s, "SELECT CASE WHEN d <> 0 THEN -1 ELSE 10 / d END FROM cz"); pe.Code != "22012" {
		t.Errorf("taken branch dividing by zero: %s %s, want 22012", pe.Code, pe.Message)
	}
}

// TestCommonTypmod checks that COALESCE, GREATEST and LEAST keep a type
// modifier all their arguments share, as PostgreSQL 15 does.
func TestCommonTypmod(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE tm (v varchar(5), n numeric(6,2), e vector(2))")
	tests := []struct {
		query string
		want  types.Type
	}{
		{"SELECT coalesce(v, v) FROM tm", types.Type{Kind: types.KindVarchar, Typmod: 5}},
		{"SELECT greatest(v, v) FROM tm", types.Type{Kind: types.KindVarchar, Typmod: 5}},
		{"SELECT least(n, n) FROM tm", types.Type{Kind: types.KindNumeric, Typmod: 6<<16 | 2 + 4}},
		{"SELECT coalesce(n, 1) FROM tm", types.Type{Kind: types.KindNumeric, Typmod: types.NoTypmod}},
		{"SELECT coalesce(e, e) FROM tm", types.VectorOf(2)},
		{"SELECT coalesce(e, '[1,2]') FROM tm", types.VectorOf(types.NoTypmod)},
	}
	for _, tc := range tests {
		if got := exec(t, s, tc.query).Columns[0].Type; got != tc.want {
			t.Errorf("%s: type %v, want %v", tc.query, got, tc.want)
		}
	}
}
