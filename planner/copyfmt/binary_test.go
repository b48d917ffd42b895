package copyfmt

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestBinaryReader(t *testing.T) {
	b := Options{Format: Binary}
	two := Options{Format: Binary, Columns: 2}
	bad := pgerror.BadCopyFileFormat
	tuple := bin(int16(2), int32(3), "abc", int32(-1))
	runReadCases(t, []readCase{
		{name: "rows and trailer", opts: two, in: binHead + tuple + bin(int16(2), int32(0), int32(1), "\x00") + bin(int16(-1)),
			rows: [][]string{{"abc", N}, {"", "\x00"}}, lines: []int{1, 2}},
		{name: "end of stream without trailer", opts: two, in: binHead + tuple,
			rows: [][]string{{"abc", N}}},
		{name: "header extension skipped", opts: two, in: bin(binarySignature, int32(0), int32(5), "xxxxx") + tuple + bin(int16(-1)),
			rows: [][]string{{"abc", N}}},
		{name: "non-critical flags ignored", opts: two, in: bin(binarySignature, int32(1), int32(0)) + tuple,
			rows: [][]string{{"abc", N}}},
		{name: "zero fields", opts: b, in: binHead + bin(int16(0), int16(-1)),
			rows: [][]string{{}}},
		{name: "empty stream", opts: b, in: "",
			code: bad, msg: "COPY file signature not recognized"},
		{name: "bad signature", opts: b, in: "PGCOPY\n\377\r\n\x01" + bin(int32(0), int32(0)),
			code: bad, msg: "COPY file signature not recognized"},
		{name: "missing flags", opts: b, in: binarySignature + "\x00\x00",
			code: bad, msg: "invalid COPY file header (missing flags)"},
		{name: "WITH OIDS", opts: b, in: bin(binarySignature, int32(1<<16), int32(0)),
			code: bad, msg: "invalid COPY file header (WITH OIDS)"},
		{name: "critical flag", opts: b, in: bin(binarySignature, int32(1<<17), int32(0)),
			code: bad, msg: "unrecognized critical flags in COPY file header"},
		{name: "negative extension length", opts: b, in: bin(binarySignature, int32(0), int32(-1)),
			code: bad, msg: "invalid COPY file header (missing length)"},
		{name: "short extension", opts: b, in: bin(binarySignature, int32(0), int32(9), "x"),
			code: bad, msg: "invalid COPY file header (wrong length)"},
		{name: "field count", opts: two, in: binHead + bin(int16(3), int32(-1), int32(-1), int32(-1)),
			code: bad, msg: "row field count is 3, expected 2"},
		{name: "truncated field count", opts: two, in: binHead + "\x00",
			code: bad, msg: "unexpected EOF in COPY data"},
		{name: "truncated length", opts: two, in: binHead + bin(int16(2), int32(1), "a", int16(0)),
			code: bad, msg: "unexpected EOF in COPY data"},
		{name: "truncated data", opts: two, in: binHead + bin(int16(2), int32(1<<30-2), "abc"),
			code: bad, msg: "unexpected EOF in COPY data"},
		// PostgreSQL 15: a field length past MaxAllocSize-1 is refused before any data is read.
		{name: "field over 1 GB", opts: two, in: binHead + bin(int16(2), int32(3), "abc", int32(1<<30-1), "abc"),
			code: pgerror.ProgramLimitExceeded, msg: "out of memory"},
		{name: "negative field size", opts: two, in: binHead + bin(int16(2), int32(-2)),
			code: bad, msg: "invalid field size"},
		{name: "data after trailer", opts: two, in: binHead + tuple + bin(int16(-1)) + "x",
			rows: [][]string{{"abc", N}}, code: bad, msg: "received copy data after EOF marker"},
	})
}

// Binary errors are sticky: the stream is out of step after one.
func TestBinaryErrorSticky(t *testing.T) {
	r := NewReader(stringReader(binHead+bin(int16(2), int32(-2))+bin(int16(-1))), Options{Format: Binary})
	_, err1 := r.Next()
	_, err2 := r.Next()
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Fatalf("errors %v, %v", err1, err2)
	}
}

// Line is the number of the tuple being read when an error occurs.
func TestBinaryErrorLine(t *testing.T) {
	r := NewReader(stringReader(binHead+bin(int16(1), int32(-1), int16(1), int32(5), "ab")), Options{Format: Binary})
	if _, err := r.Next(); err != nil || r.Line() != 1 {
		t.Fatalf("first tuple: %v line %d", err, r.Line())
	}
	if _, err := r.Next(); err == nil || r.Line() != 2 {
		t.Fatalf("second tuple: %v line %d", err, r.Line())
	}
}
