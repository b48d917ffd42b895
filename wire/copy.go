package wire

import (
	"context"
	"errors"
	"io"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// errTerminated marks a connection whose client sent Terminate while in
// copy-in mode.
var errTerminated = errors.New("client terminated during COPY")

// copyFormats gives CopyInResponse/CopyOutResponse format fields: the
// overall format and one code per column (all equal, docs §55.7).
func copyFormats(info *backend.CopyInfo) (byte, []uint16) {
	var f uint16
	if info.Binary {
		f = pgproto3.BinaryFormat
	}
	codes := make([]uint16, max(info.Columns, 0))
	for i := range codes {
		codes[i] = f
	}
	return byte(f), codes
}

// copyIn runs COPY FROM STDIN for p (docs §55.2.6): CopyInResponse, then
// Session.CopyFrom reading the CopyData payloads lazily until CopyDone
// (EOF) or CopyFail (57014). It returns the result, whose CommandComplete
// the caller sends. Copy messages left after a failure are dropped by the
// main loop.
func (c *conn) copyIn(p backend.Prepared, info *backend.CopyInfo) (*backend.Result, error) {
	overall, cols := copyFormats(info)
	c.send(&pgproto3.CopyInResponse{OverallFormat: overall, ColumnFormatCodes: cols})
	c.flush()
	if c.writeErr != nil {
		return nil, c.writeErr
	}
	r := &copyReader{c: c}
	var res *backend.Result
	err := c.run(func(ctx context.Context) (err error) {
		res, err = c.sess.CopyFrom(ctx, p, r)
		return err
	})
	if c.writeErr != nil {
		return nil, c.writeErr
	}
	if err == nil && !r.done {
		_, err = io.Copy(io.Discard, r) // the session stopped early: finish the stream
	}
	r.skipRest()
	if c.writeErr != nil {
		return nil, c.writeErr
	}
	if r.failed != nil {
		return nil, r.failed
	}
	if err != nil {
		return nil, err
	}
	if res == nil {
		return nil, pgerror.New(pgerror.InternalError, "COPY returned no result")
	}
	return res, nil
}

// copyReader is the COPY data stream: Read reads the body of each CopyData
// message straight from the connection, so no message is held whole (a
// CopyData may be as large as a Query). CopyDone is io.EOF; CopyFail and
// any other message but Flush and Sync (ignored) end the stream with an
// error.
type copyReader struct {
	c      *conn
	left   int64          // unread body bytes of the current CopyData message
	done   bool           // CopyDone, CopyFail or another message was read
	err    error          // what Read returns once left is 0
	failed *pgerror.Error // the CopyFail or protocol error, reported as is
}

func (r *copyReader) Read(p []byte) (int, error) {
	for r.left == 0 {
		if r.err != nil {
			return 0, r.err
		}
		r.next()
	}
	if len(p) == 0 {
		return 0, nil
	}
	n, err := r.c.in.Read(p[:min(int64(len(p)), r.left)])
	r.left -= int64(n)
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		r.broken(err)
		if n == 0 {
			return 0, err
		}
	}
	return n, nil
}

// skipRest drops the unread part of the current CopyData message, so the
// main loop reads the next message from its start.
func (r *copyReader) skipRest() {
	if r.left > 0 && r.err == nil {
		if err := r.c.skipBody(r.left + 4); err != nil {
			r.broken(err)
		}
	}
	r.left = 0
}

// broken records a failed read: the connection is unusable.
func (r *copyReader) broken(err error) {
	r.c.writeErr = err
	r.err = err
}

// next receives one message into r: the header of a CopyData message, or
// a whole other message.
func (r *copyReader) next() {
	typ, n, err := r.c.receiveHeader(pgproto3.AuthTypeOk)
	if err == nil && typ == 'd' {
		r.left = n - 4
		return
	}
	var msg pgproto3.FrontendMessage
	if err == nil {
		msg, err = r.c.receiveBody(typ, n, pgproto3.AuthTypeOk)
	}
	var m *errMalformed
	if errors.As(err, &m) {
		r.fail(m.pe)
		return
	}
	if err != nil {
		r.broken(err) // the connection is unusable
		return
	}
	switch m := msg.(type) {
	case *pgproto3.CopyDone:
		r.done, r.err = true, io.EOF
	case *pgproto3.CopyFail:
		r.fail(pgerror.Errorf(pgerror.QueryCanceled, "COPY from stdin failed: %s", m.Message))
	case *pgproto3.Flush, *pgproto3.Sync:
	case *pgproto3.Terminate:
		r.c.writeErr = errTerminated
		r.err = errTerminated
	default:
		r.fail(pgerror.Errorf(pgerror.ProtocolViolation,
			"unexpected message type 0x%02X during COPY from stdin", frontendType(msg)))
	}
}

func (r *copyReader) fail(e *pgerror.Error) {
	r.done, r.failed, r.err = true, e, e
}

// frontendType is the type byte of a frontend message (0 if unknown).
func frontendType(msg pgproto3.FrontendMessage) byte {
	switch msg.(type) {
	case *pgproto3.Query:
		return 'Q'
	case *pgproto3.Parse:
		return 'P'
	case *pgproto3.Bind:
		return 'B'
	case *pgproto3.Describe:
		return 'D'
	case *pgproto3.Execute:
		return 'E'
	case *pgproto3.Close:
		return 'C'
	case *pgproto3.FunctionCall:
		return 'F'
	case *pgproto3.PasswordMessage, *pgproto3.SASLInitialResponse, *pgproto3.SASLResponse, *pgproto3.GSSResponse:
		return 'p'
	}
	return 0
}

// copyOut sends COPY TO STDOUT: CopyOutResponse, one CopyData per payload
// of res.CopyData, CopyDone. The caller sends CommandComplete.
func (c *conn) copyOut(res *backend.Result) {
	c.sendCopyOutResponse(res.CopyOut)
	for _, d := range res.CopyData {
		c.sendCopyData(d)
	}
	c.send(&pgproto3.CopyDone{})
}

// sendCopyOutResponse buffers the CopyOutResponse that starts COPY TO
// STDOUT's sub-protocol.
func (c *conn) sendCopyOutResponse(info *backend.CopyInfo) {
	overall, cols := copyFormats(info)
	c.send(&pgproto3.CopyOutResponse{OverallFormat: overall, ColumnFormatCodes: cols})
}

// sendCopyData buffers one CopyData, flushing every flushThreshold bytes.
func (c *conn) sendCopyData(data []byte) {
	c.send(&pgproto3.CopyData{Data: data})
	c.flushIfBig(len(data) + 5)
}
