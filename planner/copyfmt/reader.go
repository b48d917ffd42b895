package copyfmt

import (
	"bufio"
	"errors"
	"io"
)

// readBufSize is the bufio buffer size in bytes: a whole text row of a
// 784-dimensional vector (about 8 KiB) fits, so most rows are split in place.
const readBufSize = 64 << 10

// empty is the non-nil zero-length field (an empty string, not NULL).
var empty = []byte{}

// Reader splits a COPY data stream into rows of raw fields. It is not safe
// for concurrent use.
type Reader struct {
	br      *bufio.Reader
	opts    Options  // with defaults filled in
	line    int      // physical line (text, CSV) or tuple number (binary) of the last row
	head    []byte   // the first bytes of the last text/CSV row, kept before splitting may overwrite it (LineContext)
	long    bool     // the row is longer than head
	acc     []byte   // accumulates a row that spans bufio segments
	chunks  [][]byte // earlier chunks of a long row (hold)
	held    int      // bytes of the row gathered in chunks and acc
	buf     []byte   // binary: the bytes of the row's fields
	offs    []int    // binary: start, end offsets in buf of each field; -1, -1 for NULL
	fields  [][]byte
	scratch [4]byte // binary: integer being read
	field   int     // binary: the field being read, -1 between fields (Field)
	owned   bool    // the last row's fields are in buffers never reused (Owned)
	begun   bool    // header handled
	done    bool    // end of data seen
	err     error   // sticky error (I/O, or a binary stream out of step)
}

// NewReader returns a Reader of the COPY data in r. Invalid options make
// every Next return the error of Options.Validate.
func NewReader(r io.Reader, opts Options) *Reader {
	rd := &Reader{br: bufio.NewReaderSize(r, readBufSize), opts: opts.Defaults(), field: -1}
	rd.err = opts.Validate()
	return rd
}

// Next returns the next row's fields; a nil element is NULL. The slice and
// the field bytes are valid until the next call. At the end of the data
// (end of stream, a "\." line in text and CSV, the trailer in binary) it
// returns io.EOF. Errors: *FieldCountError (text, CSV; the next call reads
// the following row), *pgerror.Error 22P04 for a malformed stream or 22021
// for text or CSV data that is not UTF-8 or holds a NUL byte, *LineError
// 22021 for a text field whose escapes make such bytes, or the underlying
// reader's error.
func (r *Reader) Next() ([][]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.done {
		return nil, io.EOF
	}
	var row [][]byte
	var err error
	r.owned = false
	switch r.opts.Format {
	case Binary:
		row, err = r.nextBinary()
	case CSV:
		if row, err = r.nextLine(r.readCSVLine, r.splitCSV); err == nil {
			r.applyForce(row)
		}
	default:
		row, err = r.nextLine(r.readTextLine, r.splitText)
	}
	if err == io.EOF {
		r.done = true
	}
	return row, err
}

// Line returns the 1-based line number of the row last returned (or of the
// row that caused the last error): for text and CSV the physical line on
// which the row ends, header included, as PostgreSQL reports it in CONTEXT;
// for binary the tuple number.
func (r *Reader) Line() int { return r.line }

// Owned reports whether the fields of the row last returned lie in
// buffers the Reader drops rather than reuses (those of a text or CSV line,
// or of a binary row, over keepBuffer bytes): their bytes never change
// again, so the caller may keep them (View) instead of copying a huge
// value.
func (r *Reader) Owned() bool { return r.owned }

// LineContext returns the last text or CSV row as read, without its line
// terminator, as an error CONTEXT such as `COPY t, line 2: "1	2"` shows
// it (Display: at most 100 bytes and "..."); "" in binary.
func (r *Reader) LineContext() string {
	if r.long {
		return Display(r.head)
	}
	return string(r.head)
}

// nextLine reads one line with read (which returns it without its
// terminator, and the number of newlines inside quoted CSV fields), skips
// the header, detects the end marker and splits the line with split.
func (r *Reader) nextLine(read func() ([]byte, int, error), split func([]byte) error) ([][]byte, error) {
	for {
		line, extra, err := read()
		if err != nil {
			r.head, r.long = r.head[:0], false
			if err != io.EOF {
				r.err = err
				r.line += 1 + extra // the line being read, as PostgreSQL counts it
			}
			return nil, err
		}
		r.line += 1 + extra
		r.long = len(line) > maxDisplayBytes
		r.head = append(r.head[:0], line[:min(len(line), maxDisplayBytes+1)]...)
		if e := checkEncoding(line); e != nil {
			return nil, e
		}
		if !r.begun {
			r.begun = true
			if r.opts.Header {
				continue
			}
		}
		if len(line) == 2 && line[0] == '\\' && line[1] == '.' {
			return nil, io.EOF
		}
		if err := split(line); err != nil {
			return nil, err
		}
		r.owned = len(line) > keepBuffer
		if n := r.opts.Columns; n > 0 && len(r.fields) != n {
			return nil, &FieldCountError{Line: r.line, Got: len(r.fields), Want: n}
		}
		return r.fields, nil
	}
}

// readSegments reads bytes up to a '\n' that ends the line: feed is called
// once per bufio segment, in order, and returns true when the segment
// ends the line. It returns the line (a view of the bufio buffer when one
// segment holds it, else a buffer of its own, see hold), the number of
// newlines that feed rejected, and io.EOF only when no byte is left. A
// line longer than MaxBufferBytes is 54000 (errBufferFull), returned with
// the newlines read so far.
func (r *Reader) readSegments(feed func(seg []byte) bool) ([]byte, int, error) {
	if cap(r.acc) > keepBuffer {
		r.acc = nil // the last line was huge: let it go once its row was used
	}
	r.acc, r.held = r.acc[:0], 0
	extra := 0
	for n := 0; ; n++ {
		seg, err := r.br.ReadSlice('\n')
		if err != nil && err != bufio.ErrBufferFull && err != io.EOF {
			return nil, extra, err
		}
		ends := feed(seg)
		if n == 0 && (ends || err == io.EOF) {
			if len(seg) == 0 {
				return nil, 0, io.EOF
			}
			return seg, extra, nil
		}
		if herr := r.hold(seg); herr != nil {
			return nil, extra, herr
		}
		if ends || err == io.EOF {
			return r.joined(), extra, nil
		}
		if err == nil {
			extra++
		}
	}
}

// lineChunk is the size of the chunks a long line is gathered in.
const lineChunk = 1 << 20

// hold appends a segment of a line that spans several: to r.acc while the
// line is short, then in lineChunk-sized chunks, so that gathering a line
// of unknown length never copies what it holds (joined copies it once).
func (r *Reader) hold(seg []byte) error {
	if r.held+len(seg) > bufferLimit {
		return errBufferFull(r.held, len(seg))
	}
	r.held += len(seg)
	for len(seg) > 0 {
		if cap(r.acc) < lineChunk {
			r.acc = append(r.acc, seg...)
			return nil
		}
		if len(r.acc) == cap(r.acc) {
			r.chunks = append(r.chunks, r.acc)
			r.acc = make([]byte, 0, lineChunk)
		}
		k := min(cap(r.acc)-len(r.acc), len(seg))
		r.acc = append(r.acc, seg[:k]...)
		seg = seg[k:]
	}
	return nil
}

// joined returns the line hold gathered: r.acc, or the chunks and r.acc
// copied into one buffer of the line's size, which becomes r.acc.
func (r *Reader) joined() []byte {
	if len(r.chunks) == 0 {
		return r.acc
	}
	line := make([]byte, 0, r.held)
	for i, c := range r.chunks {
		line = appendPieces(line, c)
		r.chunks[i] = nil
	}
	r.chunks = r.chunks[:0]
	r.acc = appendPieces(line, r.acc)
	return r.acc
}

// endsLine reports whether seg ends with a newline.
func endsLine(seg []byte) bool { return len(seg) > 0 && seg[len(seg)-1] == '\n' }

// isNull reports whether the raw field equals the NULL string.
func (r *Reader) isNull(raw []byte) bool { return string(raw) == r.opts.Null }

// nonNil returns raw, or the non-nil empty field when raw is empty.
func nonNil(raw []byte) []byte {
	if len(raw) == 0 {
		return empty
	}
	return raw
}

// errShortRead marks a truncated binary value.
var errShortRead = errors.New("short read")

// readFull reads exactly len(b) bytes; a clean or partial end of stream is
// errShortRead, other errors are returned as they are.
func (r *Reader) readFull(b []byte) error {
	_, err := io.ReadFull(r.br, b)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errShortRead
	}
	return err
}

// applyForce applies Options.ForceNotNull and ForceNull to a CSV row: a
// NULL field (an unquoted null string) flagged FORCE_NOT_NULL becomes the
// null string itself; a non-NULL field equal to the null string (so it was
// quoted) flagged FORCE_NULL becomes NULL.
func (r *Reader) applyForce(row [][]byte) {
	for i, f := range row {
		switch {
		case f == nil && i < len(r.opts.ForceNotNull) && r.opts.ForceNotNull[i]:
			row[i] = nonNil([]byte(r.opts.Null))
		case f != nil && i < len(r.opts.ForceNull) && r.opts.ForceNull[i] && string(f) == r.opts.Null:
			row[i] = nil
		}
	}
}
