package copyfmt

import (
	"encoding/binary"
	"io"
)

// Binary format constants (PostgreSQL docs, COPY, "Binary Format").
const (
	binarySignature = "PGCOPY\n\377\r\n\x00" // 11 bytes
	flagWithOIDs    = 1 << 16                // flags bit 16: tuples carry an OID
	criticalFlags   = 0xffff0000             // bits 16-31 must be understood
	binaryTrailer   = -1                     // int16 field count that ends the data
	binaryNull      = -1                     // int32 field length of a NULL
	readChunk       = 1 << 20                // bytes read at a time into a field, so a huge claimed length cannot allocate ahead of the data
)

// readBinaryHeader checks the signature and flags and skips the header
// extension area.
func (r *Reader) readBinaryHeader() error {
	var sig [len(binarySignature)]byte
	if err := r.readFull(sig[:]); err != nil {
		return r.shortAs(err, fresh(errSignature))
	}
	if string(sig[:]) != binarySignature {
		return fresh(errSignature)
	}
	b := r.scratch[:]
	if err := r.readFull(b); err != nil {
		return r.shortAs(err, fresh(errMissingFlags))
	}
	flags := binary.BigEndian.Uint32(b)
	if flags&flagWithOIDs != 0 {
		return fresh(errWithOIDs)
	}
	if flags&criticalFlags != 0 {
		return fresh(errCriticalFlags)
	}
	if err := r.readFull(b); err != nil {
		return r.shortAs(err, fresh(errMissingLength))
	}
	ext := int32(binary.BigEndian.Uint32(b))
	if ext < 0 {
		return fresh(errMissingLength)
	}
	if n, err := r.br.Discard(int(ext)); n != int(ext) {
		return r.shortAs(orShort(err), fresh(errWrongLength))
	}
	return nil
}

// nextBinary reads one tuple. A clean end of stream before a field count is
// accepted as the end of data, as PostgreSQL does; every error is sticky
// because the stream is out of step afterwards.
func (r *Reader) nextBinary() ([][]byte, error) {
	if !r.begun {
		r.begun = true
		if err := r.readBinaryHeader(); err != nil {
			r.err = err
			return nil, err
		}
	}
	row, err := r.readTuple()
	if err != nil && err != io.EOF {
		r.err = err
	}
	return row, err
}

// readTuple reads a field count and the fields that follow.
func (r *Reader) readTuple() ([][]byte, error) {
	b := r.scratch[:]
	r.line++
	n, err := io.ReadFull(r.br, b[:2])
	if n == 0 && err == io.EOF {
		r.line--
		return nil, io.EOF
	}
	if err != nil {
		return nil, r.shortAs(orShort(err), fresh(errUnexpectedEOF))
	}
	count := int(int16(binary.BigEndian.Uint16(b[:2])))
	if count == binaryTrailer {
		if _, err := r.br.ReadByte(); err == nil {
			return nil, fresh(errAfterTrailer)
		}
		r.line--
		return nil, io.EOF
	}
	if want := r.opts.Columns; count < 0 || (want > 0 && count != want) {
		return nil, badFormat("row field count is %d, expected %d", count, want)
	}
	if cap(r.buf) > keepBuffer {
		r.buf = nil // the last row was huge: let it go once it was used
	}
	r.buf = r.buf[:0]
	r.offs = r.offs[:0]
	for i := range count {
		r.field = i
		if err := r.readFull(b); err != nil {
			return nil, r.shortAs(err, fresh(errUnexpectedEOF))
		}
		size := int32(binary.BigEndian.Uint32(b))
		if size == binaryNull {
			r.offs = append(r.offs, -1, -1)
			continue
		}
		if size < 0 {
			return nil, fresh(errFieldSize)
		}
		if int(size) > bufferLimit { // PostgreSQL's attribute_buf holds one field
			return nil, errBufferFull(0, int(size))
		}
		start := len(r.buf)
		if err := r.appendData(int(size)); err != nil {
			return nil, r.shortAs(err, fresh(errUnexpectedEOF))
		}
		r.offs = append(r.offs, start, len(r.buf))
	}
	r.field = -1
	r.owned = cap(r.buf) > keepBuffer // dropped by the next readTuple
	return r.binaryFields(), nil
}

// appendData appends the next n bytes of the stream to r.buf. A field
// over readChunk bytes is read in readChunk pieces first, so that memory
// follows the bytes that arrive rather than the length word, then copied
// once into r.buf grown to hold it (twice the field at the peak).
func (r *Reader) appendData(n int) error {
	if n <= readChunk {
		r.buf = growBuffer(r.buf, n)
		l := len(r.buf)
		r.buf = r.buf[:l+n]
		return r.readFull(r.buf[l:])
	}
	var pieces [][]byte
	for left := n; left > 0; left -= readChunk {
		p := make([]byte, min(left, readChunk))
		if err := r.readFull(p); err != nil {
			return err
		}
		pieces = append(pieces, p)
	}
	r.buf = growBuffer(r.buf, n)
	for i, p := range pieces {
		r.buf = append(r.buf, p...)
		pieces[i] = nil
	}
	return nil
}

// Field returns the 0-based position of the binary field being read when
// Next last failed, -1 when the error was outside a field (or in text and
// CSV): PostgreSQL's CONTEXT then names the column.
func (r *Reader) Field() int { return r.field }

// binaryFields builds r.fields from r.offs (start, end pairs; start -1 for
// NULL) once r.buf no longer moves.
func (r *Reader) binaryFields() [][]byte {
	r.fields = r.fields[:0]
	for i := 0; i < len(r.offs); i += 2 {
		if start := r.offs[i]; start < 0 {
			r.fields = append(r.fields, nil)
		} else {
			end := r.offs[i+1]
			r.fields = append(r.fields, nonNil(r.buf[start:end:end]))
		}
	}
	return r.fields
}

// shortAs returns format when err marks a truncated stream, else err.
func (r *Reader) shortAs(err, format error) error {
	if err == errShortRead {
		return format
	}
	return err
}

// orShort maps the end-of-stream errors of io.ReadFull and Discard to
// errShortRead.
func orShort(err error) error {
	if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
		return errShortRead
	}
	return err
}
