package wire

import (
	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/wire/backend"
)

// streamWriter is the backend.ResultWriter of one statement: each row is
// encoded and buffered as a DataRow, each COPY payload as a CopyData, and
// the buffer is written to the connection every flushThreshold bytes, so
// a slow client blocks the statement in the write (TCP backpressure)
// while the server holds one buffer. Through the simple protocol
// RowDescription (text formats) precedes the first DataRow, and is sent by
// finish when no row came; through the extended protocol Describe sent it
// and formats are Bind's.
type streamWriter struct {
	c        *conn
	describe bool    // simple protocol: send RowDescription
	formats  []int16 // result format codes (nil: text)

	cols      []backend.Column
	begun     bool // Begin was called
	described bool // RowDescription was sent
	copying   bool // CopyOutResponse was sent
}

// newStreamWriter returns the writer of a statement of the simple
// protocol (describe) or of a portal (Bind's formats): the connection's
// one writer, reset (statements run one at a time, and the session keeps
// no writer past ExecuteTo).
func (c *conn) newStreamWriter(describe bool, formats []int16) *streamWriter {
	c.stream = streamWriter{c: c, describe: describe, formats: formats}
	return &c.stream
}

// Begin implements backend.RowWriter: it records the columns;
// RowDescription waits for the first row, so an error before it gets the
// ErrorResponse alone, as when the result was materialised.
func (w *streamWriter) Begin(cols []backend.Column) error {
	w.cols, w.begun = cols, true
	return w.c.writeErr
}

// WriteRow implements backend.RowWriter. Errors: XX000 for a row the
// encoder rejects, the connection's write error.
func (w *streamWriter) WriteRow(row []any) error {
	if w.describe && !w.described {
		w.c.send(rowDescription(w.cols, w.formats))
		w.described = true
	}
	return w.c.sendRow(w.cols, w.formats, row)
}

// BeginCopy implements backend.CopyWriter: CopyOutResponse.
func (w *streamWriter) BeginCopy(info backend.CopyInfo) error {
	w.c.sendCopyOutResponse(&info)
	w.copying = true
	return w.c.writeErr
}

// WriteCopy implements backend.CopyWriter: one CopyData, encoded into the
// send buffer at once, so data is not kept.
func (w *streamWriter) WriteCopy(data []byte) error {
	w.c.sendCopyData(data)
	return w.c.writeErr
}

// finish sends what ends the statement's rows once it succeeded: the
// RowDescription of a result without rows, or CopyDone; a statement that
// wrote nothing sends res as materialised through the simple protocol
// (sendRowsOf), while execute does it for a portal.
// The caller sends the notices and CommandComplete.
func (w *streamWriter) finish(res *backend.Result) error {
	switch {
	case w.copying:
		w.c.send(&pgproto3.CopyDone{})
	case w.begun && w.describe:
		if !w.described {
			w.c.send(rowDescription(w.cols, w.formats))
		}
		return w.c.sendRows(w.cols, w.formats, res.Rows) // none expected
	case w.begun: // a portal: execute sends any rows of res
	case w.describe:
		return w.c.sendRowsOf(res)
	}
	return w.c.writeErr
}

// streamed reports whether the statement wrote its result through w.
func (w *streamWriter) streamed() bool { return w.begun || w.copying }
