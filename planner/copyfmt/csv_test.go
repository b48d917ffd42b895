package copyfmt

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestCSVReader(t *testing.T) {
	csv := Options{Format: CSV}
	two := Options{Format: CSV, Columns: 2}
	bad := pgerror.BadCopyFileFormat
	runReadCases(t, []readCase{
		{name: "empty stream", opts: csv, in: ""},
		{name: "simple", opts: two, in: "1,abc\n2,def\n",
			rows: [][]string{{"1", "abc"}, {"2", "def"}}, lines: []int{1, 2}},
		{name: "unquoted empty is NULL, quoted empty is empty", opts: Options{Format: CSV, Columns: 3}, in: `,"",x` + "\n",
			rows: [][]string{{N, "", "x"}}},
		{name: "single NULL on an empty line", opts: Options{Format: CSV, Columns: 1}, in: "\n",
			rows: [][]string{{N}}},
		{name: "custom NULL never matches quoted", opts: Options{Format: CSV, Null: "NULL", Columns: 3}, in: `NULL,"NULL",` + "\n",
			rows: [][]string{{N, "NULL", ""}}},
		{name: "doubled quote", opts: two, in: `"a""b",""""` + "\n",
			rows: [][]string{{`a"b`, `"`}}},
		{name: "quoted delimiter", opts: two, in: `"a,b",c` + "\n",
			rows: [][]string{{"a,b", "c"}}},
		{name: "quote in the middle of a field", opts: two, in: `ab"c,d"e,f` + "\n",
			rows: [][]string{{"abc,de", "f"}}},
		{name: "backslash is data", opts: two, in: `a\,\N` + "\n",
			rows: [][]string{{`a\`, `\N`}}},
		{name: "quoted newlines count lines", opts: two, in: "1,\"a\nb\nc\"\n2,\"x\r\ny\"\n3,z\n",
			rows: [][]string{{"1", "a\nb\nc"}, {"2", "x\r\ny"}, {"3", "z"}}, lines: []int{3, 5, 6}},
		{name: "CRLF", opts: two, in: "1,a\r\n2,\"b\"\r\n",
			rows: [][]string{{"1", "a"}, {"2", "b"}}},
		{name: "escape differs from quote", opts: Options{Format: CSV, Escape: '\\', Columns: 2}, in: `"a\"b\\","c\d"` + "\n",
			rows: [][]string{{`a"b\`, `c\d`}}},
		{name: "escaped quote keeps the line open", opts: Options{Format: CSV, Escape: '\\', Columns: 1}, in: "\"a\\\"\nb\"\n",
			rows: [][]string{{"a\"\nb"}}, lines: []int{2}},
		{name: "semicolon delimiter and single quote", opts: Options{Format: CSV, Delimiter: ';', Quote: '\'', Columns: 2}, in: "'a;''b';\"c\"\n",
			rows: [][]string{{"a;'b", `"c"`}}},
		{name: "header skipped, even with a quoted newline", opts: Options{Format: CSV, Header: true, Columns: 2}, in: "id,\"v\nw\"\n1,a\n",
			rows: [][]string{{"1", "a"}}, lines: []int{3}},
		{name: "end marker", opts: two, in: "1,a\n\\.\n2,b\n",
			rows: [][]string{{"1", "a"}}},
		{name: "quoted end marker is data", opts: Options{Format: CSV, Columns: 1}, in: "\"\\.\"\n",
			rows: [][]string{{`\.`}}},
		{name: "unterminated quote at EOF", opts: two, in: "1,a\n2,\"b\nc",
			rows: [][]string{{"1", "a"}}, code: bad, msg: "unterminated CSV quoted field"},
		{name: "unquoted CR", opts: two, in: "1,a\rb\n",
			code: bad, msg: "unquoted carriage return found in data"},
		{name: "missing data", opts: Options{Format: CSV, Columns: 3}, in: "1,2\n",
			code: bad, msg: `missing data for column "c"`},
		{name: "extra data", opts: two, in: "1,2,3\n",
			code: bad, msg: "extra data after last expected column"},
		{name: "quote equals delimiter", opts: Options{Format: CSV, Quote: ','}, in: "1\n",
			code: pgerror.InvalidParameterValue, msg: "COPY delimiter and quote must be different"},
	})
}

// Line counts every physical line: the error row's Line is where it ends.
func TestCSVErrorLine(t *testing.T) {
	r := NewReader(stringReader("1,2\n\"x\ny\",2,3\n"), Options{Format: CSV, Columns: 2})
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Next()
	if fc, ok := err.(*FieldCountError); !ok || fc.Line != 3 || r.Line() != 3 || r.LineContext() != "\"x\ny\",2,3" {
		t.Fatalf("err %#v line %d raw %q", err, r.Line(), r.LineContext())
	}
}
