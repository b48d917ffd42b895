package sql

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestEscapeStringNUL checks that an E-string escape making a NUL or a byte
// that is not UTF-8 is PostgreSQL 15's 22021 (the scanner verifies the
// literal), without a position, as PostgreSQL reports it.
func TestEscapeStringNUL(t *testing.T) {
	for _, tt := range []struct{ query, msg string }{
		{`SELECT E'a\000b'`, `invalid byte sequence for encoding "UTF8": 0x00`},
		{`SELECT E'a\x00b'`, `invalid byte sequence for encoding "UTF8": 0x00`},
		{`SELECT E'\0'`, `invalid byte sequence for encoding "UTF8": 0x00`},
		{`INSERT INTO t VALUES (E'\xff')`, `invalid byte sequence for encoding "UTF8": 0xff`},
	} {
		_, err := Parse(tt.query)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.CharacterNotInRepertoire || pe.Message != tt.msg || pe.Position != 0 {
			t.Errorf("%s: got %#v, want 22021 %q", tt.query, err, tt.msg)
		}
	}
	if _, err := Parse(`SELECT E'a\101b'`); err != nil {
		t.Errorf("E'a\\101b': %v", err)
	}
}
