package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql"
)

// TestRuleDeparseShapes: CASE, pgvector's distance operators, ANY of an
// array literal, NOT BETWEEN, COALESCE, casts of columns and functions of
// several arguments print as PostgreSQL 15 (with pgvector 0.8.1) prints
// the same CHECK expressions in pg_get_constraintdef, not pretty and
// pretty (the wants are its answers, "CHECK (...)" stripped); each text
// binds back to the same text, as a CHECK stored as PostgreSQL's text
// must.
func TestRuleDeparseShapes(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE EXTENSION IF NOT EXISTS vector")
	exec(t, s, "CREATE TABLE rd (price numeric, n int, s varchar(10), f float8, name text, d date, emb vector(3), tags text[])")
	tb, _ := s.cat.Table("rd")
	deparse := func(in string, pretty bool) (string, bool) {
		stmts, err := sql.Parse("SELECT " + in)
		if err != nil {
			t.Fatal(err)
		}
		x, err := bindCheckExpr(s, tb, stmts[0].(*sql.Select).Items[0].Expr)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		return ruleDeparse(x, pretty)
	}
	for _, c := range []struct{ in, want, pretty string }{
		{"CASE WHEN n > 0 THEN price > 0 ELSE true END",
			"\nCASE\n    WHEN (n > 0) THEN (price > (0)::numeric)\n    ELSE true\nEND",
			"\nCASE\n    WHEN n > 0 THEN price > 0::numeric\n    ELSE true\nEND"},
		{"(emb <-> '[1,2,3]') < 5",
			"((emb <-> '[1,2,3]'::vector) < (5)::double precision)",
			"(emb <-> '[1,2,3]'::vector) < 5::double precision"},
		{"(emb <=> '[1,2,3]') < 0.5",
			"((emb <=> '[1,2,3]'::vector) < (0.5)::double precision)",
			"(emb <=> '[1,2,3]'::vector) < 0.5::double precision"},
		{"name = ANY ('{a,b}'::text[])",
			"(name = ANY ('{a,b}'::text[]))",
			"name = ANY ('{a,b}'::text[])"},
		{"n IS NULL OR n BETWEEN 1 AND 9",
			"((n IS NULL) OR ((n >= 1) AND (n <= 9)))",
			"n IS NULL OR n >= 1 AND n <= 9"},
		{"name LIKE 'a%' AND s NOT LIKE 'b%'",
			"((name ~~ 'a%'::text) AND ((s)::text !~~ 'b%'::text))",
			"name ~~ 'a%'::text AND s::text !~~ 'b%'::text"},
		{"COALESCE(n, 0) >= 0",
			"(COALESCE(n, 0) >= 0)",
			"COALESCE(n, 0) >= 0"},
		{"n::text <> '' AND price::int < 10",
			"(((n)::text <> ''::text) AND ((price)::integer < 10))",
			"n::text <> ''::text AND price::integer < 10"},
		{"substr(name, 1, 2) <> 'zz' AND round(price, 2) > 0",
			"((substr(name, 1, 2) <> 'zz'::text) AND (round(price, 2) > (0)::numeric))",
			"substr(name, 1, 2) <> 'zz'::text AND round(price, 2) > 0::numeric"},
		{"CASE n WHEN 1 THEN 'a' WHEN 2 THEN 'b' END <> 'c'",
			"(\nCASE n\n    WHEN 1 THEN 'a'::text\n    WHEN 2 THEN 'b'::text\n    ELSE NULL::text\nEND <> 'c'::text)",
			"\nCASE n\n    WHEN 1 THEN 'a'::text\n    WHEN 2 THEN 'b'::text\n    ELSE NULL::text\nEND <> 'c'::text"},
		{"CASE WHEN n > 0 THEN 'x' END IS NOT NULL",
			"(\nCASE\n    WHEN (n > 0) THEN 'x'::text\n    ELSE NULL::text\nEND IS NOT NULL)",
			"\nCASE\n    WHEN n > 0 THEN 'x'::text\n    ELSE NULL::text\nEND IS NOT NULL"},
		{"emb <#> '[1,2,3]' < 0 AND (emb <+> '[1,2,3]') > 0",
			"(((emb <#> '[1,2,3]'::vector) < (0)::double precision) AND ((emb <+> '[1,2,3]'::vector) > (0)::double precision))",
			"(emb <#> '[1,2,3]'::vector) < 0::double precision AND (emb <+> '[1,2,3]'::vector) > 0::double precision"},
		{"s = ANY ('{a,b}'::varchar[])",
			"((s)::text = ANY (('{a,b}'::character varying[])::text[]))",
			"s::text = ANY ('{a,b}'::character varying[]::text[])"},
		{"COALESCE(name, s, 'q') <> ''",
			"(COALESCE(name, (s)::text, 'q'::text) <> ''::text)",
			"COALESCE(name, s::text, 'q'::text) <> ''::text"},
		{"n NOT BETWEEN 5 AND 6",
			"((n < 5) OR (n > 6))",
			"n < 5 OR n > 6"},
		{"n <> ALL ('{1,2}'::int[])",
			"(n <> ALL ('{1,2}'::integer[]))",
			"n <> ALL ('{1,2}'::integer[])"},
	} {
		if got, ok := deparse(c.in, false); !ok || got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.in, got, ok, c.want)
		}
		if got, ok := deparse(c.in, true); !ok || got != c.pretty {
			t.Errorf("%s pretty: %q (%v), want %q", c.in, got, ok, c.pretty)
		}
		if got, ok := deparse(c.want, false); !ok || got != c.want {
			t.Errorf("%s again: %q (%v), want %q", c.want, got, ok, c.want)
		}
	}
}
