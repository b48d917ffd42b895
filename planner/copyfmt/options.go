package copyfmt

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Format is the COPY data format.
type Format uint8

// The COPY formats (COPY option FORMAT).
const (
	Text Format = iota
	CSV
	Binary
)

// String returns the format's name as written in COPY ... (FORMAT name).
func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case CSV:
		return "csv"
	case Binary:
		return "binary"
	}
	return "unknown"
}

// ParseFormat maps a FORMAT option value (case-insensitive) to a Format.
func ParseFormat(name string) (Format, bool) {
	switch strings.ToLower(name) {
	case "text":
		return Text, true
	case "csv":
		return CSV, true
	case "binary":
		return Binary, true
	}
	return Text, false
}

// Options are the COPY options that shape the data stream. Zero bytes and an
// empty Null (unless NullSet) mean the format's default: Delimiter tab (text)
// or comma (CSV), Quote '"', Escape = Quote, Null `\N` (text) or "" (CSV).
// Delimiter, Null, Quote, Escape and Header are ignored in binary.
type Options struct {
	Format    Format
	Delimiter byte
	Null      string
	NullSet   bool // Null is used as given even when empty (COPY ... NULL '')
	Quote     byte
	Escape    byte
	Header    bool // text and CSV: skip the first line (reader), write names (writer)
	Columns   int  // expected fields per row; 0 = do not check
	// ForceNotNull and ForceNull (CSV reader only) flag fields by index:
	// FORCE_NOT_NULL reads an unquoted null string as that string, and
	// FORCE_NULL reads a quoted one as NULL too (PostgreSQL's NextCopyFrom).
	ForceNotNull []bool
	ForceNull    []bool
}

// Defaults returns o with the format's defaults filled in.
func (o Options) Defaults() Options {
	if o.Delimiter == 0 {
		o.Delimiter = '\t'
		if o.Format == CSV {
			o.Delimiter = ','
		}
	}
	if o.Quote == 0 {
		o.Quote = '"'
	}
	if o.Escape == 0 {
		o.Escape = o.Quote
	}
	if o.Null == "" && !o.NullSet && o.Format == Text {
		o.Null = `\N`
	}
	return o
}

// Validate checks the options after Defaults, with PostgreSQL's messages
// (src/backend/commands/copy.c); it returns a 22023 *pgerror.Error or nil.
func (o Options) Validate() error {
	o = o.Defaults()
	bad := func(msg string) error { return pgerror.New(pgerror.InvalidParameterValue, msg) }
	if o.Format == Binary {
		return nil
	}
	if o.Delimiter == '\n' || o.Delimiter == '\r' {
		return bad("COPY delimiter cannot be newline or carriage return")
	}
	if strings.ContainsAny(o.Null, "\r\n") {
		return bad("COPY null representation cannot use newline or carriage return")
	}
	if o.Format == Text && strings.IndexByte(`\.abcdefghijklmnopqrstuvwxyz0123456789`, o.Delimiter) >= 0 {
		return bad(`COPY delimiter cannot be "` + string(rune(o.Delimiter)) + `"`)
	}
	if strings.IndexByte(o.Null, o.Delimiter) >= 0 {
		return bad("COPY delimiter character must not appear in the NULL specification")
	}
	if o.Format != CSV {
		return nil
	}
	if o.Quote == o.Delimiter {
		return bad("COPY delimiter and quote must be different")
	}
	if o.Quote == '\n' || o.Quote == '\r' || o.Escape == '\n' || o.Escape == '\r' {
		return bad("COPY quote and escape cannot be newline or carriage return")
	}
	if strings.IndexByte(o.Null, o.Quote) >= 0 {
		return bad("CSV quote character must not appear in the NULL specification")
	}
	return nil
}
