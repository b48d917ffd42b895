package copyfmt

import (
	"fmt"

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
