package wire

import (
	"encoding/binary"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"
)

// TestAuthRefusesLargeMessageBeforeReadingIt: while a password is awaited,
// every message is held to PostgreSQL's PG_MAX_AUTH_TOKEN_LENGTH (65535
// bytes), so a client that has not authenticated cannot make the server
// buffer a large Query: its header alone is FATAL 08P01. Before, a 'Q'
// during the SCRAM exchange was allowed MaxMessageSize (1 GB): the server
// read and held the whole body (300 MB raised its RSS by 550 MB) before
// answering "expected password response".
func TestAuthRefusesLargeMessageBeforeReadingIt(t *testing.T) {
	s := authServer(t, true)
	rc := dialNoStartup(t, s)
	rc.fe.Send(&pgproto3.StartupMessage{
		ProtocolVersion: pgproto3.ProtocolVersion30,
		Parameters:      map[string]string{"user": "alice"},
	})
	got := rc.until("AuthenticationSASL")
	if got[len(got)-1] != "AuthenticationSASL" {
		t.Fatalf("startup: %q", got)
	}
	// Only the header of a 100 MB Query: the server must answer without
	// waiting for its body.
	head := []byte{'Q', 0, 0, 0, 0}
	binary.BigEndian.PutUint32(head[1:], 100<<20+4)
	rc.nc.Write(head)
	checkMessages(t, rc.until("ErrorResponse"),
		`ErrorResponse FATAL 08P01 invalid authentication message: invalid message length: message type 'Q' of 104857604 bytes (the limit is 65535 bytes)`)
}
