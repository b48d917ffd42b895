package copyfmt

import (
	"fmt"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// FieldCountError reports a text or CSV row whose number of fields is not
// Options.Columns. The reader does not know column names; the caller turns it
// into the client's error with Message.
type FieldCountError struct {
	Line int // 1-based line number of the row (see Reader.Line)
	Got  int // fields found in the row
	Want int // fields expected (Options.Columns)
}

// Error implements error with column numbers in place of names.
func (e *FieldCountError) Error() string {
	if e.Got < e.Want {
		return fmt.Sprintf("missing data for column %d", e.Got+1)
	}
	return "extra data after last expected column"
}

// Message returns PostgreSQL's error for the row: 22P04 `missing data for
// column "name"` naming the first missing column (colNames[Got]), or 22P04
// "extra data after last expected column". colNames holds the COPY column
// list in order; a missing name is replaced by the column number.
func (e *FieldCountError) Message(colNames []string) *pgerror.Error {
	if e.Got >= e.Want {
		return pgerror.New(pgerror.BadCopyFileFormat, "extra data after last expected column")
	}
	name := fmt.Sprint(e.Got + 1)
	if e.Got < len(colNames) {
		name = colNames[e.Got]
	}
	return pgerror.Errorf(pgerror.BadCopyFileFormat, "missing data for column \"%s\"", name)
}

// LineError is an error PostgreSQL reports with the row's raw text in
// CONTEXT (`COPY t, line 2: "a\000b"`): a text-format field whose
// backslash escapes make a byte sequence that is not UTF-8, or a NUL
// (22021). Invalid bytes in the data as sent are a plain *pgerror.Error,
// reported with the line number only (`COPY t, line 2`), as PostgreSQL
// checks the stream's encoding before it splits lines into fields.
type LineError struct {
	Line int // 1-based line number of the row (see Reader.Line)
	Err  *pgerror.Error
}

// Error implements error.
func (e *LineError) Error() string { return e.Err.Error() }

// Unwrap returns the client's error, without CONTEXT.
func (e *LineError) Unwrap() error { return e.Err }

// checkEncoding is the check PostgreSQL applies to COPY text and CSV data
// (pg_verify_mbstr): nil for valid UTF-8 without NUL bytes, else 22021
// `invalid byte sequence for encoding "UTF8": 0x00` naming the first bad
// character.
func checkEncoding(b []byte) *pgerror.Error {
	if utf8.Valid(b) && indexByte(b, 0) < 0 {
		return nil
	}
	return pgerror.CheckUTF8(b)
}

// badFormat returns a 22P04 bad_copy_file_format error.
func badFormat(format string, args ...any) *pgerror.Error {
	return pgerror.Errorf(pgerror.BadCopyFileFormat, format, args...)
}

// Errors with fixed text, PostgreSQL's wording (src/backend/commands/copyfromparse.c).
var (
	errSignature     = badFormat("COPY file signature not recognized")
	errMissingFlags  = badFormat("invalid COPY file header (missing flags)")
	errWithOIDs      = badFormat("invalid COPY file header (WITH OIDS)")
	errCriticalFlags = badFormat("unrecognized critical flags in COPY file header")
	errMissingLength = badFormat("invalid COPY file header (missing length)")
	errWrongLength   = badFormat("invalid COPY file header (wrong length)")
	errUnexpectedEOF = badFormat("unexpected EOF in COPY data")
	errFieldSize     = badFormat("invalid field size")
	errAfterTrailer  = badFormat("received copy data after EOF marker")
	errUnterminated  = badFormat("unterminated CSV quoted field")
	errTextCR        = badFormat("literal carriage return found in data").
				WithHint(`Use "\r" to represent carriage return.`)
	errCSVCR = badFormat("unquoted carriage return found in data").
			WithHint("Use quoted CSV field to represent carriage return.")
)

// fresh returns a copy of one of the fixed errors above, so that a caller
// setting fields on the returned error cannot change the shared value.
func fresh(e *pgerror.Error) error { c := *e; return &c }
