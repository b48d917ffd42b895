package copyfmt

import (
	"bytes"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// MaxBufferBytes is the most bytes a text or CSV line (with its line
// terminator) or a binary field may hold: PostgreSQL's MaxAllocSize - 1,
// the most its line_buf and attribute_buf StringInfos grow to
// (enlargeStringInfo, src/common/stringinfo.c). A longer line or field is
// 54000, and the reader never holds more than this of it.
const MaxBufferBytes = 1<<30 - 2

// bufferLimit is MaxBufferBytes; tests lower it to exercise the refusal
// without gigabytes of data.
var bufferLimit = MaxBufferBytes

// keepBuffer is the largest line or field buffer a Reader keeps for the
// next row; a larger one is left to the garbage collector once its row
// was used, so one huge row does not pin its memory for the whole COPY.
const keepBuffer = 1 << 20

// copyPiece is how many bytes growBuffer copies at a time: a plain copy of
// hundreds of MiB is one memmove the scheduler cannot preempt, holding up
// a garbage collection's stop-the-world, and so every other session.
const copyPiece = 1 << 20

// errBufferFull is PostgreSQL's error for a line or binary field that
// would pass MaxBufferBytes: 54000 "out of memory", DETAIL `Cannot enlarge
// string buffer containing held bytes by more more bytes.`
func errBufferFull(held, more int) *pgerror.Error {
	return pgerror.New(pgerror.ProgramLimitExceeded, "out of memory").
		WithDetail(fmt.Sprintf("Cannot enlarge string buffer containing %d bytes by %d more bytes.", held, more))
}

// growBuffer returns buf with room for n more bytes: buf itself, or a copy
// with twice the capacity (at most bufferLimit, at least what n needs),
// made copyPiece bytes at a time.
func growBuffer(buf []byte, n int) []byte {
	need := len(buf) + n
	if need <= cap(buf) {
		return buf
	}
	size := max(min(2*cap(buf), bufferLimit), need, 512)
	grown := make([]byte, len(buf), size)
	for off := 0; off < len(buf); off += copyPiece {
		copy(grown[off:], buf[off:min(off+copyPiece, len(buf))])
	}
	return grown
}

// indexByte is bytes.IndexByte run copyPiece bytes at a time, so that a
// scan of a huge line can be preempted between pieces.
func indexByte(b []byte, c byte) int {
	for off := 0; off < len(b); off += copyPiece {
		if i := bytes.IndexByte(b[off:min(off+copyPiece, len(b))], c); i >= 0 {
			return off + i
		}
	}
	return -1
}

// appendPieces is append(dst, p...) made copyPiece bytes at a time; dst
// and p may overlap when dst's end is not after p's start (in-place
// de-escaping).
func appendPieces(dst, p []byte) []byte {
	for len(p) > copyPiece {
		dst = append(dst, p[:copyPiece]...)
		p = p[copyPiece:]
	}
	return append(dst, p...)
}

// maxDisplayBytes is how much of a line or value an error's CONTEXT
// shows, as PostgreSQL's limit_printout_length (MAX_COPY_DATA_DISPLAY).
const maxDisplayBytes = 100

// Display returns b as an error CONTEXT shows it: whole when it is at
// most 100 bytes, else its first 100 bytes cut back to a UTF-8 character
// boundary, followed by "..." (PostgreSQL's limit_printout_length).
func Display(b []byte) string {
	if len(b) <= maxDisplayBytes {
		return string(b)
	}
	n := maxDisplayBytes
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + "..."
}

// String returns field as a string of its own, copied copyPiece bytes at
// a time (string(field) is one memmove, not preemptible, for a value that
// may be a gigabyte).
func String(field []byte) string {
	if len(field) <= copyPiece {
		return string(field)
	}
	b := appendPieces(make([]byte, 0, len(field)), field)
	return unsafe.String(&b[0], len(b))
}

// View returns field's bytes as a string without copying them: for a
// parser that keeps nothing of its input (bytea's), or for a field of a
// row whose bytes never change (Reader.Owned). Valid only while the
// field's bytes do not change.
func View(field []byte) string {
	return unsafe.String(unsafe.SliceData(field), len(field))
}
