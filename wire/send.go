package wire

import (
	"encoding/binary"

	"github.com/jackc/pgx/v5/pgproto3"
)

// Outgoing messages: each backend message is encoded into the connection's
// send buffer (conn.out) when sent, and flush writes the buffer with one
// Write: at Sync, at the end of a Query message, and every flushThreshold
// bytes of rows. The buffer is kept between flushes, so a statement's
// answer costs no allocation beyond what grows it the first time.
// Framing (docs §55.7): a type byte, then an int32 length that counts
// itself and the body.

// keepOutBuffer is the largest send buffer a connection keeps after a
// flush; a larger one (a huge row) is left to the garbage collector.
const keepOutBuffer = 2 * flushThreshold

// send buffers one message; an encoding failure (a message beyond the
// protocol's size limits) fails the connection at the next flush.
func (c *conn) send(msg pgproto3.BackendMessage) {
	if c.encodeErr != nil {
		return
	}
	out, err := msg.Encode(c.out)
	if err != nil {
		c.encodeErr = err
		return
	}
	c.out = out
}

// sendCommandComplete buffers CommandComplete ('C', the tag and its NUL).
func (c *conn) sendCommandComplete(tag string) {
	c.out = appendHeader(c.out, 'C', len(tag)+1)
	c.out = append(append(c.out, tag...), 0)
}

// sendReadyForQuery buffers ReadyForQuery ('Z', the status byte): the
// connection is idle (in a transaction block for 'T' and 'E'), which
// pg_stat_activity shows and idle_in_transaction_session_timeout waits
// on (idle.go).
func (c *conn) sendReadyForQuery(status byte) {
	c.out = append(appendHeader(c.out, 'Z', 1), status)
	c.ready = true
	c.mon.Idle(status)
}

// appendHeader appends a message's type byte and length word for a body
// of n bytes.
func appendHeader(b []byte, typ byte, n int) []byte {
	return binary.BigEndian.AppendUint32(append(b, typ), uint32(4+n))
}

// flush writes the buffered messages in one Write; a failure marks the
// connection dead.
func (c *conn) flush() {
	c.buffered = 0
	out := c.out
	if c.out = out[:0]; cap(out) > keepOutBuffer {
		c.out = nil
	}
	if c.writeErr != nil {
		return
	}
	if err := c.encodeErr; err != nil {
		c.encodeErr = nil
		c.writeErr = err
		c.log.Debug("encode failed", "err", err)
		return
	}
	if len(out) == 0 {
		return
	}
	if _, err := c.nc.Write(out); err != nil {
		c.writeErr = err
		c.log.Debug("write failed", "err", err)
	}
}
