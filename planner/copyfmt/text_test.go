package copyfmt

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestTextReader(t *testing.T) {
	txt := Options{Format: Text}
	two := Options{Format: Text, Columns: 2}
	runReadCases(t, []readCase{
		{name: "empty stream", opts: txt, in: ""},
		{name: "simple", opts: two, in: "1\tabc\n2\tdef\n",
			rows: [][]string{{"1", "abc"}, {"2", "def"}}, lines: []int{1, 2}},
		{name: "no final newline", opts: two, in: "1\ta\n2\tb",
			rows: [][]string{{"1", "a"}, {"2", "b"}}},
		{name: "CRLF", opts: two, in: "1\ta\r\n2\tb\r\n",
			rows: [][]string{{"1", "a"}, {"2", "b"}}, lines: []int{1, 2}},
		{name: "NULL and empty", opts: Options{Format: Text, Columns: 3}, in: "\\N\t\t\\\\N\n",
			rows: [][]string{{N, "", `\N`}}},
		{name: "custom NULL", opts: Options{Format: Text, Null: "nil", Columns: 3}, in: "nil\t\\N\tnil2\n",
			rows: [][]string{{N, "N", "nil2"}}},
		{name: "empty NULL", opts: Options{Format: Text, NullSet: true, Columns: 2}, in: "\tx\n",
			rows: [][]string{{N, "x"}}},
		{name: "escapes", opts: txt, in: `\b\f\n\r\t\v\\\q\a\.` + "\n",
			rows: [][]string{{"\b\f\n\r\t\v\\qa."}}},
		{name: "octal and hex", opts: txt, in: `\101\7\0101\x41\x4a1\xg\303\251` + "\n",
			rows: [][]string{{"A\a\b1AJ1xg\u00e9"}}},
		{name: "escaped delimiter", opts: two, in: "a\\\tb\tc\n",
			rows: [][]string{{"a\tb", "c"}}},
		{name: "escaped newline and CR are data", opts: two, in: "a\\\nb\tc\\\r\n2\t3\n",
			rows: [][]string{{"a\nb", "c\r"}, {"2", "3"}}, lines: []int{1, 2}},
		{name: "trailing backslash dropped", opts: txt, in: "ab\\",
			rows: [][]string{{"ab"}}},
		{name: "comma delimiter", opts: Options{Format: Text, Delimiter: ',', Columns: 3}, in: "1,\\,,x\n",
			rows: [][]string{{"1", ",", "x"}}},
		{name: "empty line is one empty field", opts: txt, in: "\n\n",
			rows: [][]string{{""}, {""}}},
		{name: "end marker", opts: two, in: "1\ta\n\\.\n2\tb\n",
			rows: [][]string{{"1", "a"}}, lines: []int{1}},
		{name: "end marker CRLF", opts: two, in: "1\ta\r\n\\.\r\ngarbage",
			rows: [][]string{{"1", "a"}}},
		{name: "end marker at EOF", opts: two, in: "1\ta\n\\.",
			rows: [][]string{{"1", "a"}}},
		{name: "header skipped", opts: Options{Format: Text, Header: true, Columns: 2}, in: "id\tv\n1\ta\n",
			rows: [][]string{{"1", "a"}}, lines: []int{2}},
		{name: "missing data", opts: Options{Format: Text, Columns: 3}, in: "1\ta\tb\n2\tc\n",
			rows: [][]string{{"1", "a", "b"}}, code: pgerror.BadCopyFileFormat, msg: `missing data for column "c"`},
		{name: "extra data", opts: two, in: "1\ta\tb\n",
			code: pgerror.BadCopyFileFormat, msg: "extra data after last expected column"},
		{name: "literal CR", opts: txt, in: "a\rb\n",
			code: pgerror.BadCopyFileFormat, msg: "literal carriage return found in data"},
		{name: "bad delimiter", opts: Options{Format: Text, Delimiter: 'a'}, in: "1\n",
			code: pgerror.InvalidParameterValue, msg: `COPY delimiter cannot be "a"`},
	})
}

// A long line crosses bufio buffer boundaries, with escapes at the edges.
func TestTextLongLine(t *testing.T) {
	long := make([]byte, 3*readBufSize)
	for i := range long {
		long[i] = 'a' + byte(i%26)
	}
	in := string(long) + "\\\\\\\n" + string(long) + "\tx\n"
	want := string(long) + "\\\n" + string(long)
	runReadCases(t, []readCase{{name: "long", opts: Options{Format: Text, Columns: 2}, in: in,
		rows: [][]string{{want, "x"}}, lines: []int{1}}})
}

// After a wrong field count the reader goes on with the next row, and Line
// and LineContext name the bad row.
func TestTextFieldCountLineAndResume(t *testing.T) {
	r := NewReader(stringReader("1\t2\n3\n4\t5\n"), Options{Format: Text, Columns: 2})
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Next()
	fc, ok := err.(*FieldCountError)
	if !ok || *fc != (FieldCountError{Line: 2, Got: 1, Want: 2}) || r.Line() != 2 || r.LineContext() != "3" {
		t.Fatalf("err %#v line %d raw %q", err, r.Line(), r.LineContext())
	}
	if fc.Message(nil).Message != `missing data for column "2"` {
		t.Fatalf("unnamed message %q", fc.Message(nil).Message)
	}
	row, err := r.Next()
	if err != nil || len(row) != 2 || string(row[1]) != "5" || r.Line() != 3 {
		t.Fatalf("after error: %q %v line %d", row, err, r.Line())
	}
}
