package copyfmt

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestReaderEncoding checks PostgreSQL 15's 22021 for text and CSV data
// that is not UTF-8 or holds a NUL byte, sent raw or (text format) made
// by an escape.
func TestReaderEncoding(t *testing.T) {
	const bad = pgerror.CharacterNotInRepertoire
	const nul = `invalid byte sequence for encoding "UTF8": 0x00`
	txt := Options{Format: Text}
	csv := Options{Format: CSV}
	runReadCases(t, []readCase{
		{name: "raw NUL", opts: txt, in: "x\ny\x00z\n", rows: [][]string{{"x"}}, code: bad, msg: nul},
		{name: "octal NUL", opts: txt, in: "x\ny\\000z\n", rows: [][]string{{"x"}}, code: bad, msg: nul},
		{name: "short octal NUL", opts: txt, in: "y\\0\n", code: bad, msg: nul},
		{name: "hex NUL", opts: txt, in: "y\\x00z\n", code: bad, msg: nul},
		{name: "escaped high byte", opts: txt, in: "\\377\n", code: bad, msg: `invalid byte sequence for encoding "UTF8": 0xff`},
		{name: "escaped UTF-8 accepted", opts: txt, in: "\\xc3\\xa9\n", rows: [][]string{{"é"}}},
		{name: "raw invalid UTF-8", opts: txt, in: "a\xe2\x82b\n", code: bad, msg: `invalid byte sequence for encoding "UTF8": 0xe2 0x82 0x62`},
		{name: "NUL in header", opts: Options{Format: Text, Header: true}, in: "h\x00\nx\n", code: bad, msg: nul},
		{name: "NUL in NULL marker field", opts: Options{Format: Text, Columns: 2}, in: "\\N\t\\0\n", code: bad, msg: nul},
		{name: "CSV quoted NUL", opts: csv, in: "x\n\"y\x00z\"\n", rows: [][]string{{"x"}}, code: bad, msg: nul},
		{name: "CSV unquoted NUL", opts: csv, in: "y\x00z\n", code: bad, msg: nul},
	})
}

// An escape that makes a NUL is a *LineError naming the line, so the
// caller can show the raw line; raw bad bytes are a plain error.
func TestReaderEncodingErrorKinds(t *testing.T) {
	r := NewReader(stringReader("ok\na\\000b\n"), Options{Format: Text})
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Next()
	var le *LineError
	if !errors.As(err, &le) || le.Line != 2 || r.LineContext() != `a\000b` {
		t.Fatalf("escaped NUL: err %#v, raw %q", err, r.LineContext())
	}
	r = NewReader(stringReader("ok\na\x00b\n"), Options{Format: Text})
	r.Next()
	_, err = r.Next()
	if errors.As(err, &le) || r.Line() != 2 {
		t.Fatalf("raw NUL: err %#v (want a plain *pgerror.Error), line %d", err, r.Line())
	}
}
