package sql

import (
	"reflect"
	"testing"
)

// TestDerivedTable checks the AST of subqueries in FROM: the alias, the
// column aliases, the position of the opening parenthesis and the tables
// ReadTables lists (through nested subqueries and set operations).
func TestDerivedTable(t *testing.T) {
	tests := []struct {
		sql     string
		alias   string
		cols    []string
		fromP   int
		inner   string // the inner query's FROM
		readers []string
	}{
		{"SELECT id FROM (SELECT id FROM items ORDER BY id LIMIT 2) AS t", "t", nil, 15, "items", []string{"items"}},
		{"SELECT a FROM (SELECT id, v FROM items) s(a, b)", "s", []string{"a", "b"}, 14, "items", []string{"items"}},
		{"SELECT * FROM ((SELECT 1 FROM a) UNION (SELECT 2 FROM b UNION SELECT 3 FROM a)) u", "u", nil, 14, "", []string{"a", "b"}},
		{"SELECT * FROM (SELECT * FROM (SELECT x FROM deep) d) s", "s", nil, 14, "d", []string{"deep"}},
		{"SELECT * FROM (SELECT * FROM generate_series(1, 3)) g", "g", nil, 14, "generate_series", nil},
	}
	for _, tc := range tests {
		q, ok := parseOne(t, tc.sql).(*Select)
		if !ok || q.FromQuery == nil {
			t.Fatalf("%s: no subquery in FROM: %#v", tc.sql, q)
		}
		d := q.FromQuery
		if q.From != tc.alias || d.Alias != tc.alias || !reflect.DeepEqual(d.Columns, tc.cols) || q.FromP != tc.fromP {
			t.Errorf("%s: From %q alias %q columns %v FromP %d, want %q %v %d", tc.sql, q.From, d.Alias, d.Columns, q.FromP, tc.alias, tc.cols, tc.fromP)
		}
		if d.Query.From != tc.inner {
			t.Errorf("%s: inner FROM %q, want %q", tc.sql, d.Query.From, tc.inner)
		}
		if got := q.ReadTables(); !reflect.DeepEqual(got, tc.readers) {
			t.Errorf("%s: ReadTables %v, want %v", tc.sql, got, tc.readers)
		}
	}
}

// TestDerivedTableErrors checks what PostgreSQL 15 refuses (the alias)
// and what vecgres does not run, with their positions (1-based).
func TestDerivedTableErrors(t *testing.T) {
	tests := []struct {
		sql, code, msg string
		pos            int
	}{
		{"SELECT * FROM (SELECT 1)", "42601", "subquery in FROM must have an alias", 15},
		{"SELECT * FROM  ( (SELECT 1) UNION SELECT 2)", "42601", "subquery in FROM must have an alias", 16},
		{"SELECT * FROM LATERAL (SELECT 1) l", "0A000", "LATERAL is not supported by vecgres", 23},
		{"SELECT * FROM (SELECT 1) a JOIN (SELECT 2) b USING (x) AS j", "0A000", "JOIN ... USING ... AS alias is not supported by vecgres", 0},
		{"SELECT * FROM (SELECT a FROM t TABLESAMPLE SYSTEM (1)) v", "0A000", "TABLESAMPLE is not supported by vecgres", 44},
	}
	for _, tc := range tests {
		e := parseErr(t, tc.sql)
		if string(e.Code) != tc.code || e.Message != tc.msg || e.Position != tc.pos {
			t.Errorf("%s: %s %q at %d, want %s %q at %d", tc.sql, e.Code, e.Message, e.Position, tc.code, tc.msg, tc.pos)
		}
	}
}
