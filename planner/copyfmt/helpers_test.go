package copyfmt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"reflect"
	"testing"
	"testing/iotest"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// N marks a NULL field in expected rows; no test datum equals it.
const N = "\x00NULL\x00"

// readCase is one table-driven reader test: the rows (and their line
// numbers) expected before the final outcome, which is io.EOF when code is
// empty and otherwise an error with that SQLSTATE and message.
type readCase struct {
	name  string
	opts  Options
	in    string
	rows  [][]string
	lines []int
	code  pgerror.Code
	msg   string
}

// colNames are the names given to FieldCountError.Message in tests.
var colNames = []string{"a", "b", "c", "d", "e"}

// readAll reads every row of in, stopping at the first error (returned;
// nil for io.EOF). Fields are copied since the reader reuses them.
func readAll(r *Reader) (rows [][]string, lines []int, err error) {
	for {
		row, err := r.Next()
		if err == io.EOF {
			return rows, lines, nil
		}
		if err != nil {
			return rows, lines, err
		}
		rows = append(rows, toStrings(row))
		lines = append(lines, r.Line())
	}
}

// toStrings copies a row, NULL as N.
func toStrings(row [][]byte) []string {
	out := make([]string, len(row))
	for i, f := range row {
		if f == nil {
			out[i] = N
		} else {
			out[i] = string(f)
		}
	}
	return out
}

// toFields is the inverse of toStrings.
func toFields(row []string) [][]byte {
	out := make([][]byte, len(row))
	for i, s := range row {
		if s != N {
			out[i] = []byte(s)
		}
	}
	return out
}

// asPG converts a reader error to the client's error, formatting a
// FieldCountError with colNames.
func asPG(err error) *pgerror.Error {
	var fc *FieldCountError
	if errors.As(err, &fc) {
		return fc.Message(colNames)
	}
	return pgerror.From(err)
}

// runReadCases runs each case on the whole input and on a reader that
// returns one byte per Read, as CopyData messages may split rows anywhere.
func runReadCases(t *testing.T, cases []readCase) {
	t.Helper()
	for _, tc := range cases {
		for _, chunked := range []bool{false, true} {
			name := tc.name
			if chunked {
				name += "/1-byte"
			}
			t.Run(name, func(t *testing.T) {
				var src io.Reader = bytes.NewReader([]byte(tc.in))
				if chunked {
					src = iotest.OneByteReader(src)
				}
				rows, lines, err := readAll(NewReader(src, tc.opts))
				if !reflect.DeepEqual(rows, tc.rows) {
					t.Errorf("rows = %q, want %q", rows, tc.rows)
				}
				if tc.lines != nil && !reflect.DeepEqual(lines, tc.lines) {
					t.Errorf("lines = %v, want %v", lines, tc.lines)
				}
				checkErr(t, err, tc.code, tc.msg)
			})
		}
	}
}

// checkErr asserts err is nil when code is empty, else a client error with
// that SQLSTATE and message.
func checkErr(t *testing.T, err error, code pgerror.Code, msg string) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("error %v, want none", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("no error, want %s %q", code, msg)
	}
	pe := asPG(err)
	if pe.Code != code || pe.Message != msg {
		t.Fatalf("error %s %q, want %s %q", pe.Code, pe.Message, code, msg)
	}
}

// bin builds binary COPY input from int16, int32, string and []byte parts.
func bin(parts ...any) string {
	var b []byte
	for _, p := range parts {
		switch v := p.(type) {
		case int16:
			b = binary.BigEndian.AppendUint16(b, uint16(v))
		case int32:
			b = binary.BigEndian.AppendUint32(b, uint32(v))
		case string:
			b = append(b, v...)
		case []byte:
			b = append(b, v...)
		default:
			panic("bin: bad part")
		}
	}
	return string(b)
}

// binHead is a valid binary header with no extension.
var binHead = bin(binarySignature, int32(0), int32(0))

// stringReader returns an io.Reader of s.
func stringReader(s string) io.Reader { return bytes.NewReader([]byte(s)) }
