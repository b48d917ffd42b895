package copyfmt

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// lineSource is an io.Reader of COPY text: head, then a line of n bytes of
// fill (after prefix), a newline, then tail, generated as it is read. It
// samples the heap every sampleEvery bytes, to find the peak a reader's
// buffering reaches, and counts the bytes read.
type lineSource struct {
	parts    []string // head, prefix
	fill     byte
	n        int // fill bytes still to produce
	tail     string
	read     int
	peakHeap uint64
	nextSamp int
}

const sampleEvery = 4 << 20

func newLineSource(head, prefix string, fill byte, n int, tail string) *lineSource {
	return newLineSourceEnd(head, prefix, fill, n, "", tail)
}

// newLineSourceEnd is newLineSource with suffix after the fill, before
// the newline.
func newLineSourceEnd(head, prefix string, fill byte, n int, suffix, tail string) *lineSource {
	return &lineSource{parts: []string{head, prefix}, fill: fill, n: n, tail: suffix + "\n" + tail}
}

func (s *lineSource) Read(p []byte) (int, error) {
	if s.read >= s.nextSamp {
		s.sample()
		s.nextSamp += sampleEvery
	}
	k := 0
	for len(s.parts) > 0 && k < len(p) {
		c := copy(p[k:], s.parts[0])
		k += c
		if s.parts[0] = s.parts[0][c:]; s.parts[0] == "" {
			s.parts = s.parts[1:]
		}
	}
	for k < len(p) && s.n > 0 {
		m := min(len(p)-k, s.n)
		for i := range m {
			p[k+i] = s.fill
		}
		k += m
		s.n -= m
	}
	if s.n == 0 && k < len(p) && s.tail != "" {
		c := copy(p[k:], s.tail)
		k += c
		s.tail = s.tail[c:]
	}
	s.read += k
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// sample records the heap in use now.
func (s *lineSource) sample() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	s.peakHeap = max(s.peakHeap, ms.HeapAlloc)
}

// heapNow returns the heap in use after a collection.
func heapNow() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestLongLineHeldOnce reads one text row of 128 MiB, a bytea-style
// "\\x..." field whose escape is undone in place, and one CSV row of a
// quoted 128 MiB field, decoded in place, and checks the heap never grows
// past 2.3 times the line: the line is gathered in chunks and copied once
// into a buffer of its size, not grown by steps (each step holding the old
// and the new buffer, 3 times the line when a doubling just misses) nor
// decoded into a second buffer. Before, it grew by 2.9 times.
func TestLongLineHeldOnce(t *testing.T) {
	const n = 128 << 20
	for _, tt := range []struct {
		f                                  Format
		head, prefix, suffix, tail, starts string
	}{
		{Text, "1\tsmall\n2\t", `\\x`, "", "3\tlast\n", `\xa`},
		{CSV, "1,small\n2,", `"\x`, `"`, "3,last\n", `\xa`},
	} {
		base := heapNow()
		src := newLineSourceEnd(tt.head, tt.prefix, 'a', n, tt.suffix, tt.tail)
		r := NewReader(src, Options{Format: tt.f, Columns: 2})
		var got []int
		for {
			row, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			src.sample()
			got = append(got, len(row[1]))
			if len(row[1]) == n+2 && (string(row[1][:3]) != tt.starts || row[1][n+1] != 'a') {
				t.Fatalf("%v: long field starts %q, ends %q", tt.f, row[1][:3], row[1][n+1])
			}
		}
		if len(got) != 3 || got[0] != 5 || got[1] != n+2 || got[2] != 4 {
			t.Fatalf("%v: field lengths %v", tt.f, got)
		}
		growth := float64(src.peakHeap-base) / n
		t.Logf("%v: peak heap growth %.2f times the line", tt.f, growth)
		if growth > 2.3 {
			t.Errorf("%v: heap grew by %.2f times the line, want at most 2.3", tt.f, growth)
		}
	}
}

// TestLineOverLimitRefused checks PostgreSQL's refusal of a line longer
// than its 1 GB buffer limit (lowered here to 1 MiB): 54000 "out of
// memory" with the buffer sizes in DETAIL, on the line being read, after
// reading no more than the limit of it; the error sticks. A line of
// exactly the limit (its newline included) is accepted.
func TestLineOverLimitRefused(t *testing.T) {
	setBufferLimit(t, 1<<20)
	for _, f := range []Format{Text, CSV} {
		src := newLineSource("1\n", "", 'x', 4<<20, "2\n")
		r := NewReader(src, Options{Format: f, Columns: 1})
		if row, err := r.Next(); err != nil || string(row[0]) != "1" {
			t.Fatalf("%v: first row %q, %v", f, row, err)
		}
		_, err := r.Next()
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.ProgramLimitExceeded || pe.Message != "out of memory" ||
			pe.Detail != "Cannot enlarge string buffer containing 1048576 bytes by 65536 more bytes." || r.Line() != 2 {
			t.Fatalf("%v: long line: %#v, line %d", f, err, r.Line())
		}
		if src.read > 1<<20+2*readBufSize {
			t.Errorf("%v: read %d bytes of the stream before refusing", f, src.read)
		}
		if _, err2 := r.Next(); err2 != err {
			t.Errorf("%v: next call %v, want the same error", f, err2)
		}

		src = newLineSource("", "", 'y', 1<<20-1, "")
		r = NewReader(src, Options{Format: f, Columns: 1})
		if row, err := r.Next(); err != nil || len(row[0]) != 1<<20-1 {
			t.Fatalf("%v: a line of the limit: %d bytes, %v", f, len(row[0]), err)
		}
	}
}

// TestBinaryFieldOverLimitRefused checks a binary field whose length word
// passes the limit: 54000 at once, naming the field, without reading it.
func TestBinaryFieldOverLimitRefused(t *testing.T) {
	setBufferLimit(t, 1<<20)
	in := binHead + bin(int16(2), int32(1), "a", int32(1<<20+1)) + strings.Repeat("z", 100)
	r := NewReader(stringReader(in), Options{Format: Binary, Columns: 2})
	_, err := r.Next()
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.ProgramLimitExceeded ||
		pe.Detail != "Cannot enlarge string buffer containing 0 bytes by 1048577 more bytes." || r.Field() != 1 || r.Line() != 1 {
		t.Fatalf("err %#v field %d line %d", err, r.Field(), r.Line())
	}
}

// TestDisplay checks the CONTEXT form of a long line: 100 bytes cut back
// to a character boundary, then "...".
func TestDisplay(t *testing.T) {
	short := strings.Repeat("a", 100)
	if got := Display([]byte(short)); got != short {
		t.Errorf("100 bytes: %q", got)
	}
	if got := Display([]byte(short + "b")); got != short+"..." {
		t.Errorf("101 bytes: %q", got)
	}
	long := strings.Repeat("a", 99) + "é" + "tail" // é spans bytes 99 and 100
	if got := Display([]byte(long)); got != strings.Repeat("a", 99)+"..." {
		t.Errorf("cut inside a character: %q", got)
	}
}

// TestOwnedFieldsStay checks Owned: the fields of a line over keepBuffer
// keep their bytes while later rows, long and short, are read.
func TestOwnedFieldsStay(t *testing.T) {
	long := strings.Repeat("k", 2<<20)
	in := map[Format]string{
		Text: "a\t" + long + "\n" + `b\t` + strings.Repeat("m", 3<<20) + "\tc\nshort\tx\n",
		CSV:  "a," + long + "\n" + `"b,` + strings.Repeat("m", 3<<20) + `",c` + "\nshort,x\n",
	}
	for _, f := range []Format{Text, CSV} {
		r := NewReader(stringReader(in[f]), Options{Format: f})
		row, err := r.Next()
		if err != nil || !r.Owned() {
			t.Fatalf("%v: long row: %v, owned %v", f, err, r.Owned())
		}
		kept := row[1]
		if _, err := r.Next(); err != nil || !r.Owned() {
			t.Fatalf("%v: second long row: %v, owned %v", f, err, r.Owned())
		}
		if _, err := r.Next(); err != nil || r.Owned() {
			t.Fatalf("%v: short row: %v, owned %v", f, err, r.Owned())
		}
		if string(kept) != long {
			t.Fatalf("%v: the first row's field changed", f)
		}
	}
}

// TestEscapedNewlineAcrossSegments checks that a run of backslashes split
// between two reads of the buffer still decides whether the newline after
// it ends the line: odd, it is data; even, it ends the line.
func TestEscapedNewlineAcrossSegments(t *testing.T) {
	a := strings.Repeat("a", readBufSize-3)
	for _, tt := range []struct {
		slashes int
		want    []string
	}{
		{5, []string{a + "\\\\\nb"}},
		{4, []string{a + "\\\\", "b"}},
	} {
		in := a + strings.Repeat(`\`, tt.slashes) + "\nb\n"
		rows, _, err := readAll(NewReader(stringReader(in), Options{Format: Text}))
		var got []string
		for _, r := range rows {
			got = append(got, r...)
		}
		if err != nil || len(got) != len(tt.want) || got[0] != tt.want[0] || got[len(got)-1] != tt.want[len(tt.want)-1] {
			t.Errorf("%d backslashes: %d fields, %v", tt.slashes, len(got), err)
		}
	}
}

// TestLineContextOfLongLine checks the CONTEXT text of a row with too many
// fields: the raw line as sent (its escapes not undone, though fields are
// de-escaped in place), cut to 100 bytes and "...".
func TestLineContextOfLongLine(t *testing.T) {
	line := `\\x` + strings.Repeat(`ab\t`, 40) + "\tmore"
	r := NewReader(stringReader(line+"\n"), Options{Format: Text, Columns: 1})
	_, err := r.Next()
	var fc *FieldCountError
	if !errors.As(err, &fc) || r.LineContext() != line[:100]+"..." {
		t.Fatalf("err %v, context %q", err, r.LineContext())
	}
}

// TestOwnedBinaryFieldStays checks Owned in binary: a row holding a
// field over keepBuffer is owned, and its bytes survive the rows after it.
func TestOwnedBinaryFieldStays(t *testing.T) {
	long := strings.Repeat("q", 3<<20)
	in := binHead + bin(int16(1), int32(len(long)), long) + bin(int16(1), int32(2<<20), strings.Repeat("r", 2<<20)) +
		bin(int16(1), int32(1), "s", int16(-1))
	r := NewReader(stringReader(in), Options{Format: Binary, Columns: 1})
	row, err := r.Next()
	if err != nil || !r.Owned() || len(row[0]) != len(long) {
		t.Fatalf("long row: %v, owned %v", err, r.Owned())
	}
	kept := row[0]
	for _, owned := range []bool{true, false} {
		if _, err := r.Next(); err != nil || r.Owned() != owned {
			t.Fatalf("next row: %v, owned %v", err, r.Owned())
		}
	}
	if string(kept) != long {
		t.Fatal("the first row's field changed")
	}
}
