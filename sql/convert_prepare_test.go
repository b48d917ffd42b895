package sql

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParsePrepareExecute(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"PREPARE p AS SELECT 1", `Prepare{Name:"p" Stmt:Select{Items:[SelectItem{Expr:1}]}}`},
		{"PREPARE p (int, varchar(3)) AS SELECT $1", `Prepare{Name:"p" Types:[int4 varchar] Stmt:Select{Items:[SelectItem{Expr:$1}]}}`},
		{`PREPARE "Q" (text) AS DELETE FROM t WHERE a = $1`, `Prepare{Name:"Q" Types:[text] Stmt:Delete{Table:"t" Where:(a = $1)}}`},
		{"EXECUTE p", `Execute{Name:"p" Params:[]}`},
		{"EXECUTE p(1, 'x', $2)", `Execute{Name:"p" Params:[1 'x' $2]}`},
		{"DROP EXTENSION vector", `DropExtension{Names:["vector"]}`},
		{"DROP EXTENSION IF EXISTS a, vector RESTRICT", `DropExtension{Names:["a" "vector"] IfExists:true}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
	if e := parseErr(t, "PREPARE p (nosuchtype) AS SELECT 1"); e.Code != pgerror.UndefinedObject {
		t.Errorf("unknown declared type: %s %q", e.Code, e.Message)
	}
}

// A simple Query has no parameters (42P02), but the body of a PREPARE in
// it may use $n; a $n elsewhere in the same string is still refused.
func TestParseSimplePrepareParams(t *testing.T) {
	ok := []string{
		"PREPARE p AS SELECT $1",
		"PREPARE p (int) AS SELECT $1; PREPARE q AS SELECT $2::text",
		"SELECT '$1'; PREPARE p AS SELECT $1",
	}
	for _, q := range ok {
		if _, err := ParseSimple(q); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
	bad := []struct {
		sql string
		pos int
	}{
		{"PREPARE p AS SELECT $1; SELECT $1", 32},
		{"SELECT $1; PREPARE p AS SELECT $1", 8},
		{"EXECUTE p($1)", 11},
	}
	for _, tt := range bad {
		_, err := ParseSimple(tt.sql)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.UndefinedParameter || pe.Message != "there is no parameter $1" || pe.Position != tt.pos {
			t.Errorf("%s: %v (position %d), want 42P02 at %d", tt.sql, err, pe.Position, tt.pos)
		}
	}
}
