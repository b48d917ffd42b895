package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql"
)

// Expected names checked on PostgreSQL 15.
func TestOutputName(t *testing.T) {
	cases := map[string]string{
		"1e-5::numeric::float8":    "float8",
		"(1::int)::text":           "text",
		"'{a}'::text[]":            "text",
		"(ARRAY[1,2])[1]":          "array",
		"id::text":                 "id",
		"(id + 1)::text":           "text",
		"upper(x)::text":           "upper",
		"x::varchar::text":         "x",
		"4::double precision":      "float8",
		"'a'::character varying":   "varchar",
		"'a'::character(1)":        "bpchar",
		"'[1,2]'::vector":          "vector",
		"(SELECT 1)::text":         "?column?",
		"(SELECT id FROM t)::text": "id",
		"1 + 2":                    "?column?",
		"true":                     "?column?",
		"'t'::regclass":            "regclass",
		"relname::regclass":        "relname",
		"coalesce(x, 'a')::text":   "coalesce",
	}
	for src, want := range cases {
		stmts, err := sql.Parse("SELECT " + src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		sel, ok := stmts[0].(*sql.Select)
		if !ok || len(sel.Items) != 1 {
			t.Fatalf("%s: parsed as %T", src, stmts[0])
		}
		if got := outputName(sel.Items[0].Expr); got != want {
			t.Errorf("SELECT %s: column %q, want %q", src, got, want)
		}
	}
}
