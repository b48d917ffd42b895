package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql"
)

// TestRuleDeparse: CHECK expressions print as PostgreSQL 15's
// pg_get_constraintdef prints them, not pretty and pretty (the wants are
// a real PostgreSQL 15's answers for the same table and expressions).
func TestRuleDeparse(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE TABLE t (price numeric, n int, s varchar(10), f float8, b bigint, c char(3), name text, d date)")
	tb, _ := s.cat.Table("t")
	for _, c := range []struct{ in, want, pretty string }{
		{"price > 0", "(price > (0)::numeric)", "price > 0::numeric"},
		{"n BETWEEN 1 AND 10", "((n >= 1) AND (n <= 10))", "n >= 1 AND n <= 10"},
		{"s <> ''", "((s)::text <> ''::text)", "s::text <> ''::text"},
		{"f >= 0.5", "(f >= (0.5)::double precision)", "f >= 0.5::double precision"},
		{"b > 0", "(b > 0)", "b > 0"},
		{"n > -1", "(n > '-1'::integer)", "n > '-1'::integer"},
		{"c = 'ab'", "(c = 'ab'::bpchar)", "c = 'ab'::bpchar"},
		{"name IN ('a','b')", "(name = ANY (ARRAY['a'::text, 'b'::text]))", "name = ANY (ARRAY['a'::text, 'b'::text])"},
		{"s IN ('a','b')", "((s)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[]))",
			"s::text = ANY (ARRAY['a'::character varying, 'b'::character varying]::text[])"},
		{"length(s) > 2", "(length((s)::text) > 2)", "length(s::text) > 2"},
		{"price > 1.5", "(price > 1.5)", "price > 1.5"},
		{"price::int > 3", "((price)::integer > 3)", "price::integer > 3"},
		{"name LIKE 'a%'", "(name ~~ 'a%'::text)", "name ~~ 'a%'::text"},
		{"n IS NOT NULL", "(n IS NOT NULL)", "n IS NOT NULL"},
		{"NOT (n = 3)", "(NOT (n = 3))", "NOT n = 3"},
		{"n + 1 > 2 * n", "((n + 1) > (2 * n))", "(n + 1) > (2 * n)"},
		{"'5'::int > n", "(5 > n)", "5 > n"},
		{"d > '2020-01-01'", "(d > '2020-01-01'::date)", "d > '2020-01-01'::date"},
		{"lower(name) <> upper(name)", "(lower(name) <> upper(name))", "lower(name) <> upper(name)"},
		{"f > 1e3", "(f > ('1000'::numeric)::double precision)", "f > '1000'::numeric::double precision"},
		{"b > 10000000000", "(b > '10000000000'::bigint)", "b > '10000000000'::bigint"},
		{"price > -1.5", "(price > '-1.5'::numeric)", "price > '-1.5'::numeric"},
		{"f >= 0", "(f >= (0)::double precision)", "f >= 0::double precision"},
		{"f >= '0'", "(f >= '0'::double precision)", "f >= '0'::double precision"},
		{"n > 1.5", "((n)::numeric > 1.5)", "n::numeric > 1.5"},
		{"f > n", "(f > (n)::double precision)", "f > n::double precision"},
		{"price * 2 > 1", "((price * (2)::numeric) > (1)::numeric)", "(price * 2::numeric) > 1::numeric"},
		{"name <> 'x' AND s <> 'y'", "((name <> 'x'::text) AND ((s)::text <> 'y'::text))", "name <> 'x'::text AND s::text <> 'y'::text"},
		{"f >= 0::numeric", "(f >= ((0)::numeric)::double precision)", "f >= 0::numeric::double precision"},
		{"price > 1.5::float8", "((price)::double precision > (1.5)::double precision)", "price::double precision > 1.5::double precision"},
		// PostgreSQL's own text binds to the same expression (pg_dump's script loaded)
		{"(price > (0)::numeric)", "(price > (0)::numeric)", "price > 0::numeric"},
		{"((s)::text <> ''::text)", "((s)::text <> ''::text)", "s::text <> ''::text"},
		{"(name = ANY (ARRAY['a'::text, 'b'::text]))", "(name = ANY (ARRAY['a'::text, 'b'::text]))", "name = ANY (ARRAY['a'::text, 'b'::text])"},
		{"((s)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[]))",
			"((s)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[]))",
			"s::text = ANY (ARRAY['a'::character varying, 'b'::character varying]::text[])"},
	} {
		stmts, err := sql.Parse("SELECT " + c.in)
		if err != nil {
			t.Fatal(err)
		}
		x, err := bindCheckExpr(s, tb, stmts[0].(*sql.Select).Items[0].Expr)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got, ok := ruleDeparse(x, false); !ok || got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.in, got, ok, c.want)
		}
		if got, ok := ruleDeparse(x, true); !ok || got != c.pretty {
			t.Errorf("%s pretty: %q (%v), want %q", c.in, got, ok, c.pretty)
		}
	}
}
