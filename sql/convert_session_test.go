package sql

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParseSessionStatements(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"DEALLOCATE s1", `Deallocate{Name:"s1"}`},
		{"deallocate prepare \"Mixed Case\"", `Deallocate{Name:"Mixed Case"}`},
		{"DEALLOCATE ALL", `Deallocate{All:true}`},
		{"DEALLOCATE PREPARE ALL", `Deallocate{All:true}`},
		{"DISCARD ALL", `Discard{}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
	for q, construct := range map[string]string{
		"DISCARD PLANS":     "DISCARD PLANS",
		"DISCARD SEQUENCES": "DISCARD SEQUENCES",
		"DISCARD TEMP":      "DISCARD TEMP",
		"DISCARD TEMPORARY": "DISCARD TEMP",
	} {
		e := parseErr(t, q)
		if want := construct + " is not supported by vecgres"; e.Code != pgerror.FeatureNotSupported || e.Message != want {
			t.Errorf("%s: %s %q, want 0A000 %q", q, e.Code, e.Message, want)
		}
	}
}

func TestParseArrayExpr(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"SELECT ARRAY[1,2]", `Select{Items:[SelectItem{Expr:ARRAY[1, 2]}]}`},
		{"SELECT ARRAY[1.5, -2, $1, 'x', NULL]", `Select{Items:[SelectItem{Expr:ARRAY[1.5, -2, $1, 'x', NULL]}]}`},
		{"SELECT ARRAY[]::integer[]", `Select{Items:[SelectItem{Expr:(ARRAY[])::_int4}]}`},
		{"SELECT ARRAY[1.0,2.0]::vector", `Select{Items:[SelectItem{Expr:(ARRAY[1.0, 2.0])::vector}]}`},
		{"SELECT id FROM t ORDER BY v <-> ARRAY[a + 1, 2]",
			`Select{Items:[SelectItem{Expr:id}] From:"t" OrderBy:[OrderItem{Expr:(v <-> ARRAY[(a + 1), 2])}]}`},
		{"INSERT INTO t (v) VALUES (ARRAY[1,2,3])", `Insert{Table:"t" Columns:["v"] Rows:[[ARRAY[1, 2, 3]]]}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
	// The constructor's position is that of the ARRAY keyword.
	sel := parseOne(t, "SELECT 1, ARRAY[2]").(*Select)
	if p := sel.Items[1].Expr.Pos(); p != 10 {
		t.Errorf("ARRAY position %d, want 10", p)
	}
	// Nested constructors are elements of their own.
	sel = parseOne(t, "SELECT ARRAY[[1,2],[3,4]], ARRAY[1, ARRAY[2]]").(*Select)
	if a := sel.Items[0].Expr.(*ArrayExpr); len(a.Elems) != 2 || a.Elems[1].(*ArrayExpr).P != 19 {
		t.Errorf("ARRAY[[1,2],[3,4]]: %#v", a)
	}
	if a := sel.Items[1].Expr.(*ArrayExpr); a.Elems[1].(*ArrayExpr).P != 36 {
		t.Errorf("ARRAY[1, ARRAY[2]]: %#v", a)
	}
	// Consecutive brackets are one subscript; a colon makes all a slice.
	for q, want := range map[string]string{
		"SELECT a[1][2] FROM t":        "a[1][2]",
		"SELECT a[1:2][3] FROM t":      "a[1:2][3]",
		"SELECT a[:2][2:] FROM t":      "a[:2][2:]",
		"SELECT (a[1])[2] FROM t":      "a[1][2]",
		"SELECT (x).f[1][$1] FROM t x": "(x).f[1][$1]",
	} {
		e := parseOne(t, q).(*Select).Items[0].Expr
		var b strings.Builder
		formatExpr(&b, e)
		if b.String() != want {
			t.Errorf("%s: %s, want %s", q, b.String(), want)
		}
	}
}
