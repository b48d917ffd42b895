package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Message length limits (PostgreSQL's SocketBackend and pq_getmessage in
// postgres.c and pqcomm.c): a message's length word counts itself, so the
// body may be 4 bytes shorter. Query, Parse, Bind, FunctionCall and the
// COPY messages may be large; the others are small.
const (
	pqLargeMessageLimit = 1<<30 - 2 // MaxAllocSize - 1
	pqSmallMessageLimit = 10000
	pqAuthMessageLimit  = 65535 // PG_MAX_AUTH_TOKEN_LENGTH
	// keepBodyBuffer is the largest body buffer a connection keeps for the
	// next message; a larger one is left to the garbage collector.
	keepBodyBuffer = 1 << 20
	// bodyChunk is the first allocation for a body, which then grows as its
	// bytes arrive: a length word alone cannot make the server allocate.
	bodyChunk = 64 << 10
)

// errMalformed marks a message whose length was valid but whose body did
// not decode; the message was consumed, so the session may go on.
type errMalformed struct {
	msgType byte
	pe      *pgerror.Error
}

func (e *errMalformed) Error() string { return e.pe.Message }

// receive reads the next frontend message (docs §55.7) from c.in. Its
// body is read as it arrives rather than allocated from the length word,
// and stays valid until the next receive. Errors: a network error; 08P01
// for a length below 4 or above the type's limit, or an unknown type
// (the stream cannot be trusted: the caller ends the connection);
// *errMalformed for a body that does not decode.
func (c *conn) receive() (pgproto3.FrontendMessage, error) {
	return c.receiveAuth(pgproto3.AuthTypeOk)
}

// receiveAuth is receive during authentication, when a 'p' message is
// decoded as authType expects (pgproto3.AuthTypeSASL and so on).
//
// A CopyData message read here is left over from a failed COPY (copy.go
// reads those of a running COPY itself): its body is skipped, not held,
// and an empty CopyData returned.
func (c *conn) receiveAuth(authType uint32) (pgproto3.FrontendMessage, error) {
	typ, n, err := c.receiveHeader(authType)
	if err != nil {
		return nil, err
	}
	if typ == 'd' {
		return &pgproto3.CopyData{}, c.skipBody(n)
	}
	return c.receiveBody(typ, n, authType)
}

// receiveHeader reads a message's type byte and length word (which
// counts itself), checking both as receive describes.
func (c *conn) receiveHeader(authType uint32) (byte, int64, error) {
	head := c.head[:]
	if _, err := io.ReadFull(c.in, head); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, 0, err
	}
	typ, n := head[0], int64(int32(binary.BigEndian.Uint32(head[1:])))
	if !knownFrontendType(typ) {
		return 0, 0, pgerror.Errorf(pgerror.ProtocolViolation, "invalid frontend message type %d", typ)
	}
	if limit := c.messageLimit(typ, authType); n < 4 || n > limit {
		return 0, 0, pgerror.Errorf(pgerror.ProtocolViolation,
			"invalid message length: message type %q of %d bytes (the limit is %d bytes)", typ, n, limit)
	}
	return typ, n, nil
}

// skipBody reads and drops the body of a message of length word n.
func (c *conn) skipBody(n int64) error {
	if _, err := c.in.Discard(int(n - 4)); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	return nil
}

// receiveBody reads and decodes the body of a message whose header
// (type typ, length word n) receiveHeader read.
func (c *conn) receiveBody(typ byte, n int64, authType uint32) (pgproto3.FrontendMessage, error) {
	msg := c.frontendMessage(typ, authType)
	body, err := c.readBody(int(n - 4))
	if err != nil {
		return nil, err
	}
	if err := decode(msg, body); err != nil {
		return nil, &errMalformed{msgType: typ, pe: malformedError(typ, body)}
	}
	return msg, nil
}

// decode decodes body into msg: an Execute, which every statement of the
// extended protocol sends, without pgproto3's copy of the portal name;
// any other message with its own Decode.
func decode(msg decodable, body []byte) error {
	m, ok := msg.(*pgproto3.Execute)
	if !ok {
		return msg.Decode(body)
	}
	// Execute: the portal name and its NUL, then the row limit (int32);
	// bytes beyond are ignored, as pgproto3's Decode ignores them.
	i := bytes.IndexByte(body, 0)
	if i < 0 || len(body)-i-1 < 4 {
		return errors.New("invalid Execute message")
	}
	m.Portal = string(body[:i])
	m.MaxRows = binary.BigEndian.Uint32(body[i+1:])
	return nil
}

// messageLimit is the largest length word accepted for a message of type
// typ: Server.MaxMessageSize (plus the length word) for the large types.
// While a password is awaited (authType is not AuthTypeOk) every message
// is held to PG_MAX_AUTH_TOKEN_LENGTH, so that a client that has not
// authenticated cannot make the server read and hold a large body.
func (c *conn) messageLimit(typ byte, authType uint32) int64 {
	if authType != pgproto3.AuthTypeOk {
		return pqAuthMessageLimit
	}
	switch typ {
	case 'Q', 'P', 'B', 'F', 'd', 'c', 'f':
		return int64(c.srv.maxMessageSize()) + 4
	}
	return pqSmallMessageLimit
}

// readBody reads an n-byte body into a buffer that at most doubles per
// read, so memory follows the bytes received rather than the length word.
func (c *conn) readBody(n int) ([]byte, error) {
	buf := c.bodyBuf[:0]
	for len(buf) < n {
		if len(buf) == cap(buf) {
			grown := make([]byte, len(buf), min(n, max(bodyChunk, 2*cap(buf))))
			copy(grown, buf)
			buf = grown
		}
		k, err := io.ReadFull(c.in, buf[len(buf):min(n, cap(buf))])
		buf = buf[:len(buf)+k]
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	if cap(buf) <= keepBodyBuffer {
		c.bodyBuf = buf
	} else {
		c.bodyBuf = nil
	}
	return buf, nil
}

// decodable is a frontend message that decodes its body.
type decodable interface {
	pgproto3.FrontendMessage
	Decode([]byte) error
}

// frontendMessages are a connection's reused messages of the types every
// statement sends: a message received stays valid until the next receive
// (its handler keeps copies of what it needs), as its body does.
type frontendMessages struct {
	bind     pgproto3.Bind
	close    pgproto3.Close
	describe pgproto3.Describe
	execute  pgproto3.Execute
	parse    pgproto3.Parse
	query    pgproto3.Query
}

// frontendTypes are the message types a client may send.
const frontendTypes = "BCDEFHPQSXdcfp"

// knownFrontendType reports whether typ is in frontendTypes.
func knownFrontendType(typ byte) bool { return strings.IndexByte(frontendTypes, typ) >= 0 }

// frontendMessage returns the message to decode a body of type typ into:
// the connection's reused one for the per-statement types, else
// newFrontendMessage's.
func (c *conn) frontendMessage(typ byte, authType uint32) decodable {
	switch typ {
	case 'B':
		return &c.msgs.bind
	case 'C':
		return &c.msgs.close
	case 'D':
		return &c.msgs.describe
	case 'E':
		return &c.msgs.execute
	case 'P':
		return &c.msgs.parse
	case 'Q':
		return &c.msgs.query
	}
	return newFrontendMessage(typ, authType)
}

// newFrontendMessage returns an empty message of type typ, nil for an
// unknown type.
func newFrontendMessage(typ byte, authType uint32) decodable {
	switch typ {
	case 'B':
		return &pgproto3.Bind{}
	case 'C':
		return &pgproto3.Close{}
	case 'D':
		return &pgproto3.Describe{}
	case 'E':
		return &pgproto3.Execute{}
	case 'F':
		return &pgproto3.FunctionCall{}
	case 'H':
		return &pgproto3.Flush{}
	case 'P':
		return &pgproto3.Parse{}
	case 'Q':
		return &pgproto3.Query{}
	case 'S':
		return &pgproto3.Sync{}
	case 'X':
		return &pgproto3.Terminate{}
	case 'd':
		return &pgproto3.CopyData{}
	case 'c':
		return &pgproto3.CopyDone{}
	case 'f':
		return &pgproto3.CopyFail{}
	case 'p':
		switch authType {
		case pgproto3.AuthTypeSASL:
			return &pgproto3.SASLInitialResponse{}
		case pgproto3.AuthTypeSASLContinue, pgproto3.AuthTypeSASLFinal:
			return &pgproto3.SASLResponse{}
		}
		return &pgproto3.PasswordMessage{}
	}
	return nil
}

// malformedError is PostgreSQL's ERROR for a body that does not decode
// (pqformat.c): 08P01 "invalid string in message" when a string lacks its
// NUL, "insufficient data left in message" for a Bind whose values run
// past the end (or have a negative length), else "invalid message format".
func malformedError(typ byte, body []byte) *pgerror.Error {
	nstr := map[byte]int{'Q': 1, 'P': 2, 'B': 2, 'E': 1, 'f': 1}[typ]
	rest := body
	if typ == 'C' || typ == 'D' { // a type byte, then the name
		nstr, rest = 1, body[min(1, len(body)):]
	}
	for range nstr {
		i := bytes.IndexByte(rest, 0)
		if i < 0 {
			return pgerror.New(pgerror.ProtocolViolation, "invalid string in message")
		}
		rest = rest[i+1:]
	}
	if typ == 'B' {
		return pgerror.New(pgerror.ProtocolViolation, "insufficient data left in message")
	}
	return pgerror.New(pgerror.ProtocolViolation, "invalid message format")
}

// malformed handles a receive error that left the session usable (a body
// that did not decode), as PostgreSQL does: an ERROR, then for a message
// of the extended protocol everything up to Sync is skipped, and for a
// Query ReadyForQuery follows. It reports whether err was such an error.
func (c *conn) malformed(err error) bool {
	var m *errMalformed
	if !errors.As(err, &m) {
		return false
	}
	if c.ignoreTillSync {
		return true
	}
	c.reportFailed(m.pe) // an ERROR ends the transaction (Session.Fail)
	switch m.msgType {
	case 'Q', 'F':
		c.readyForQuery()
		c.flush()
	case 'B', 'C', 'D', 'E', 'H', 'P':
		c.ignoreTillSync = true
	}
	return true
}
