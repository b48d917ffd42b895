package sql

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestCopy checks COPY forms, option syntaxes and the per-format defaults.
func TestCopy(t *testing.T) {
	text := Copy{Table: "t", From: true, Format: CopyText, Delimiter: '\t', Null: `\N`}
	csv := Copy{Table: "t", From: true, Format: CopyCSV, Delimiter: ',', Null: "", Quote: '"', Escape: '"'}
	with := func(c Copy, f func(*Copy)) Copy { f(&c); return c }
	tests := []struct {
		sql  string
		want Copy
	}{
		{"COPY t FROM STDIN", text},
		{"copy t to stdout", with(text, func(c *Copy) { c.From = false })},
		{"COPY t (a, b) FROM STDIN", with(text, func(c *Copy) { c.Columns = []string{"a", "b"} })},
		{"COPY t FROM STDIN WITH (FORMAT text, DELIMITER '|', NULL 'x')", with(text, func(c *Copy) { c.Delimiter, c.Null = '|', "x" })},
		{"COPY t FROM STDIN WITH (FORMAT csv)", csv},
		{"COPY t FROM STDIN (FORMAT 'CSV', HEADER)", with(csv, func(c *Copy) { c.Header = true })},
		{"COPY t FROM STDIN (FORMAT csv, HEADER true, DELIMITER ';', NULL 'NA', QUOTE '''', ESCAPE '\\')",
			with(csv, func(c *Copy) { c.Header, c.Delimiter, c.Null, c.Quote, c.Escape = true, ';', "NA", '\'', '\\' })},
		{"COPY t FROM STDIN (FORMAT csv, QUOTE '|')", with(csv, func(c *Copy) { c.Quote, c.Escape = '|', '|' })},
		{"COPY t FROM STDIN (FORMAT csv, HEADER off)", csv},
		{"COPY t FROM STDIN (FORMAT csv, HEADER 0)", csv},
		{"COPY t FROM STDIN CSV", csv},
		{"COPY t FROM STDIN CSV HEADER DELIMITER AS ';'", with(csv, func(c *Copy) { c.Header, c.Delimiter = true, ';' })},
		{"COPY t FROM STDIN WITH CSV NULL AS 'n' QUOTE AS '*' ESCAPE AS '!'", with(csv, func(c *Copy) { c.Null, c.Quote, c.Escape = "n", '*', '!' })},
		{"COPY t FROM STDIN BINARY", Copy{Table: "t", From: true, Format: CopyBinary}},
		{"COPY t TO STDOUT (FORMAT binary)", Copy{Table: "t", Format: CopyBinary}},
		{"COPY public.t FROM STDIN DELIMITER ','", with(text, func(c *Copy) { c.Delimiter = ','; c.Table = "public.t" })},
	}
	for _, tt := range tests {
		got, ok := parseOne(t, tt.sql).(*Copy)
		if !ok || !reflect.DeepEqual(*got, tt.want) {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, dump(got), dump(tt.want))
		}
	}
}

// TestCopyErrors checks PostgreSQL's option checks.
func TestCopyErrors(t *testing.T) {
	tests := []struct {
		sql  string
		code pgerror.Code
		msg  string
	}{
		{"COPY t FROM STDIN (FORMAT xml)", pgerror.InvalidParameterValue, `COPY format "xml" not recognized`},
		{"COPY t FROM STDIN (FORMAT csv, FORMAT csv)", pgerror.SyntaxError, "conflicting or redundant options"},
		{"COPY t FROM STDIN (HEADER, HEADER false)", pgerror.SyntaxError, "conflicting or redundant options"},
		{"COPY t FROM STDIN (BOGUS 1)", pgerror.SyntaxError, `option "bogus" not recognized`},
		{"COPY t FROM STDIN (HEADER maybe)", pgerror.SyntaxError, `header requires a Boolean value or "match"`},
		{"COPY t FROM STDIN (DELIMITER)", pgerror.SyntaxError, "delimiter requires a parameter"},
		{"COPY t FROM STDIN (DELIMITER ',,')", pgerror.FeatureNotSupported, "COPY delimiter must be a single one-byte character"},
		{"COPY t FROM STDIN (DELIMITER 'é')", pgerror.FeatureNotSupported, "COPY delimiter must be a single one-byte character"},
		{"COPY t FROM STDIN (DELIMITER E'\\n')", pgerror.InvalidParameterValue, "COPY delimiter cannot be newline or carriage return"},
		{"COPY t FROM STDIN (DELIMITER 'a')", pgerror.InvalidParameterValue, `COPY delimiter cannot be "a"`},
		{"COPY t FROM STDIN (QUOTE '\"')", pgerror.FeatureNotSupported, "COPY QUOTE requires CSV mode"},
		{"COPY t FROM STDIN (ESCAPE '\\')", pgerror.FeatureNotSupported, "COPY ESCAPE requires CSV mode"},
		{"COPY t FROM STDIN (FORMAT csv, QUOTE ',')", pgerror.InvalidParameterValue, "COPY delimiter and quote must be different"},
		{"COPY t FROM STDIN (FORMAT csv, QUOTE 'ab')", pgerror.FeatureNotSupported, "COPY quote must be a single one-byte character"},
		{"COPY t FROM STDIN (NULL E'\\r')", pgerror.InvalidParameterValue, "COPY null representation cannot use newline or carriage return"},
		{"COPY t FROM STDIN (DELIMITER '|', NULL 'a|b')", pgerror.InvalidParameterValue, "COPY delimiter character must not appear in the NULL specification"},
		{"COPY t FROM STDIN (FORMAT binary, DELIMITER ',')", pgerror.SyntaxError, "cannot specify DELIMITER in BINARY mode"},
		{"COPY t FROM STDIN (FORMAT binary, NULL '')", pgerror.SyntaxError, "cannot specify NULL in BINARY mode"},
		{"COPY t FROM STDIN (FORMAT binary, HEADER)", pgerror.SyntaxError, "cannot specify HEADER in BINARY mode"},
	}
	for _, tt := range tests {
		e := parseErr(t, tt.sql)
		if e.Code != tt.code || e.Message != tt.msg {
			t.Errorf("%s: got %s %q, want %s %q", tt.sql, e.Code, e.Message, tt.code, tt.msg)
		}
	}
}
