package wire

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Startup packet codes and limits (PostgreSQL docs §55.7 "Message
// Formats": SSLRequest, GSSENCRequest, CancelRequest, StartupMessage;
// MAX_STARTUP_PACKET_LENGTH of PostgreSQL's pqcomm.h).
const (
	cancelRequestCode  = 80877102
	sslRequestCode     = 80877103
	gssEncRequestCode  = 80877104
	maxStartupPacket   = 10000 // bytes after the length word
	minStartupPacket   = 4     // the version or request code alone
	supportedProtocol  = pgproto3.ProtocolVersion30
	protocolMajorShift = 16
)

// startupPacket is one packet of the startup phase: msg is the decoded
// request; for a StartupMessage, options lists its "_pq_." protocol
// options in the order the client sent them.
type startupPacket struct {
	msg     pgproto3.FrontendMessage
	options []string
}

// readStartupPacket reads one startup-phase packet from r. Unlike
// pgproto3's ReceiveStartupMessage it accepts any protocol 3.x: PostgreSQL
// 15 takes a newer minor version (or protocol options it does not know)
// as 3.0 and says so with NegotiateProtocolVersion (postmaster.c,
// ProcessStartupPacket). Another major version is FATAL 0A000
// `unsupported frontend protocol x.y: server supports 3.0 to 3.0`; a
// malformed packet is an error for the caller to report as 08P01.
func readStartupPacket(r io.Reader) (*startupPacket, error) {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, err
	}
	n := int(int32(binary.BigEndian.Uint32(head[:]))) - 4
	if n < minStartupPacket || n > maxStartupPacket {
		return nil, fmt.Errorf("invalid length of startup packet: %d", n)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	code := binary.BigEndian.Uint32(buf)
	var msg interface {
		pgproto3.FrontendMessage
		Decode([]byte) error
	}
	switch code {
	case sslRequestCode:
		msg = &pgproto3.SSLRequest{}
	case gssEncRequestCode:
		msg = &pgproto3.GSSEncRequest{}
	case cancelRequestCode:
		msg = &pgproto3.CancelRequest{}
	default:
		return decodeStartupMessage(code, buf)
	}
	if err := msg.Decode(buf); err != nil {
		return nil, err
	}
	return &startupPacket{msg: msg}, nil
}

// decodeStartupMessage decodes a StartupMessage asking for protocol
// version code, keeping that version in ProtocolVersion.
func decodeStartupMessage(code uint32, buf []byte) (*startupPacket, error) {
	if code>>protocolMajorShift != supportedProtocol>>protocolMajorShift {
		return nil, pgerror.Errorf(pgerror.FeatureNotSupported,
			"unsupported frontend protocol %d.%d: server supports 3.0 to 3.0", code>>protocolMajorShift, code&0xffff)
	}
	// pgproto3 decodes only the versions it knows: decode as 3.0.
	binary.BigEndian.PutUint32(buf, supportedProtocol)
	m := &pgproto3.StartupMessage{}
	if err := m.Decode(buf); err != nil {
		return nil, err
	}
	m.ProtocolVersion = code
	return &startupPacket{msg: m, options: protocolOptions(buf[4:])}, nil
}

// protocolOptions returns the names starting with "_pq_." among the
// name/value pairs of a StartupMessage body (NUL-terminated strings), in
// order.
func protocolOptions(body []byte) []string {
	var out []string
	for i, start, key := 0, 0, true; i < len(body); i++ {
		if body[i] != 0 {
			continue
		}
		if s := string(body[start:i]); key && strings.HasPrefix(s, protocolOptionPrefix) {
			out = append(out, s)
		}
		start, key = i+1, !key
	}
	return out
}
