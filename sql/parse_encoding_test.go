package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestParseInvalidUTF8: PostgreSQL rejects a query string with invalid
// UTF-8 anywhere, comments included, before parsing it (22021).
func TestParseInvalidUTF8(t *testing.T) {
	for _, tc := range []struct{ q, msg string }{
		{"select '\xff'", `invalid byte sequence for encoding "UTF8": 0xff`},
		{"select 1 -- \xfe\n", `invalid byte sequence for encoding "UTF8": 0xfe`},
		{"select 1; select 2 /* \xe2\x28\xa1 */", `invalid byte sequence for encoding "UTF8": 0xe2 0x28 0xa1`},
	} {
		stmts, err := Parse(tc.q)
		pe := pgerror.From(err)
		if err == nil || pe.Code != pgerror.CharacterNotInRepertoire || pe.Message != tc.msg || len(stmts) != 0 {
			t.Errorf("Parse(%q) = %d stmts, %v (%s); want 22021 %q", tc.q, len(stmts), err, pe.Code, tc.msg)
		}
	}
}

// TestParseSimpleParams: a simple Query has no parameters, so $n is 42P02
// at its position; $ inside literals, comments and dollar quotes is not.
func TestParseSimpleParams(t *testing.T) {
	for _, tc := range []struct {
		q   string
		msg string
		pos int
	}{
		{"SELECT $1", "there is no parameter $1", 8},
		{"select 'é', 1 + $12", "there is no parameter $12", 17},
		{"select '$1', $$ $2 $$ -- $3\n", "", 0},
		{"select 1 /* $1 */", "", 0},
	} {
		stmts, err := ParseSimple(tc.q)
		if tc.msg == "" {
			if err != nil || len(stmts) != 1 {
				t.Errorf("ParseSimple(%q) = %d stmts, %v; want 1 statement", tc.q, len(stmts), err)
			}
			continue
		}
		pe := pgerror.From(err)
		if err == nil || pe.Code != pgerror.UndefinedParameter || pe.Message != tc.msg || pe.Position != tc.pos {
			t.Errorf("ParseSimple(%q) = %v (%s at %d); want 42P02 %q at %d", tc.q, err, pe.Code, pe.Position, tc.msg, tc.pos)
		}
	}
	// Parse (the extended protocol's Parse message) accepts parameters.
	if _, err := Parse("SELECT $1"); err != nil {
		t.Errorf("Parse($1): %v", err)
	}
}
