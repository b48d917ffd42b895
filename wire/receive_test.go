package wire

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"
)

// rawMessage frames body as a frontend message of type typ.
func rawMessage(typ byte, body []byte) []byte {
	out := []byte{typ, 0, 0, 0, 0}
	binary.BigEndian.PutUint32(out[1:], uint32(len(body)+4))
	return append(out, body...)
}

// bindBody is a Bind of statement "s1" to the unnamed portal with one text
// parameter whose length word is length, followed by value.
func bindBody(length int32, value []byte) []byte {
	b := []byte("\x00s1\x00")
	b = append(b, 0, 0, 0, 1) // no format codes, one parameter
	b = binary.BigEndian.AppendUint32(b, uint32(length))
	b = append(b, value...)
	return append(b, 0, 0) // no result formats
}

// TestMalformedBindKeepsSession: a Bind whose parameter length is negative
// (not -1) or runs past the message is ERROR 08P01 "insufficient data left
// in message"; messages up to Sync are skipped and the session goes on, as
// in PostgreSQL (exec_bind_message, pq_getmsgbytes).
func TestMalformedBindKeepsSession(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	rc := dialRaw(t, s)
	rc.fe.Send(&pgproto3.Parse{Name: "s1", Query: "select $1"})
	rc.fe.Send(&pgproto3.Sync{})
	rc.fe.Flush()
	checkMessages(t, rc.roundTrip(), "ParseComplete", "ReadyForQuery I")
	for _, body := range [][]byte{bindBody(-2, nil), bindBody(100, []byte("12")), bindBody(-2147483648, nil)} {
		var msgs []byte
		msgs = append(msgs, rawMessage('B', body)...)
		msgs = append(msgs, rawMessage('E', []byte("\x00\x00\x00\x00\x00"))...)
		msgs = append(msgs, rawMessage('S', nil)...)
		rc.nc.Write(msgs)
		checkMessages(t, rc.roundTrip(), "ErrorResponse ERROR 08P01 insufficient data left in message", "ReadyForQuery I")
	}
	// The session still works, and a well-formed Bind of the same statement runs.
	rc.nc.Write(append(append(rawMessage('B', bindBody(1, []byte("7"))), rawMessage('E', []byte("\x00\x00\x00\x00\x00"))...), rawMessage('S', nil)...))
	checkMessages(t, rc.roundTrip(), "BindComplete", "DataRow 7", "CommandComplete SELECT 1", "ReadyForQuery I")
}

// TestMalformedQueryKeepsSession: a Query without its terminating NUL is
// ERROR 08P01 "invalid string in message" followed by ReadyForQuery.
func TestMalformedQueryKeepsSession(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	rc := dialRaw(t, s)
	rc.nc.Write(rawMessage('Q', []byte("SELECT 1")))
	checkMessages(t, rc.roundTrip(), "ErrorResponse ERROR 08P01 invalid string in message", "ReadyForQuery I")
	got := rc.roundTrip(&pgproto3.Query{String: "SELECT 1"})
	checkMessages(t, got, "RowDescription n:20:8:0,s:25:-1:0", "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
}

// TestMessageLimits: a large message up to MaxMessageSize is accepted; a
// longer one, or a small-type message over 10000 bytes, is FATAL 08P01
// naming the limit.
func TestMessageLimits(t *testing.T) {
	s := startServer(t, &fakeEngine{}, func(s *Server) { s.MaxMessageSize = 300 << 10 })
	rc := dialRaw(t, s)
	long := "SELECT 1" + strings.Repeat(" ", 200<<10) // larger than bodyChunk
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: long}),
		"RowDescription n:20:8:0,s:25:-1:0", "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")

	rc.nc.Write(rawMessage('Q', append([]byte(strings.Repeat(" ", 300<<10)), 0)))
	checkMessages(t, rc.roundTrip(),
		`ErrorResponse FATAL 08P01 invalid message length: message type 'Q' of 307205 bytes (the limit is 307204 bytes)`, "EOF")

	rc = dialRaw(t, s)
	rc.nc.Write(rawMessage('S', make([]byte, 10000)))
	checkMessages(t, rc.roundTrip(),
		`ErrorResponse FATAL 08P01 invalid message length: message type 'S' of 10004 bytes (the limit is 10000 bytes)`, "EOF")
}

// TestDefaultMessageLimit: PostgreSQL's 1 GiB limit for large messages.
func TestDefaultMessageLimit(t *testing.T) {
	c := &conn{srv: &Server{}}
	if got := c.messageLimit('Q', pgproto3.AuthTypeOk); got != 1<<30-2 {
		t.Errorf("Query limit %d, want %d", got, 1<<30-2)
	}
	if got := c.messageLimit('E', pgproto3.AuthTypeOk); got != 10000 {
		t.Errorf("Execute limit %d, want 10000", got)
	}
}

// TestReadBodyAllocatesAsDataArrives: a length word claiming 1 GiB with a
// few bytes behind it must not make the server allocate the gigabyte.
func TestReadBodyAllocatesAsDataArrives(t *testing.T) {
	c := &conn{in: bufio.NewReader(bytes.NewReader(make([]byte, 100)))}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := c.readBody(1<<30 - 10)
	runtime.ReadMemStats(&after)
	if err != io.ErrUnexpectedEOF {
		t.Fatalf("readBody: %v, want unexpected EOF", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Fatalf("readBody allocated %d bytes for 100 bytes of data", grew)
	}
	// A body that does arrive is read whole, across buffer growth.
	data := bytes.Repeat([]byte("abcdefgh"), 100000)
	c = &conn{in: bufio.NewReader(bytes.NewReader(data))}
	got, err := c.readBody(len(data))
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("readBody: %d bytes, %v", len(got), err)
	}
}

// rawStartup frames a StartupMessage for version with params in order.
func rawStartup(version uint32, params ...string) []byte {
	body := binary.BigEndian.AppendUint32(nil, version)
	for _, p := range params {
		body = append(append(body, p...), 0)
	}
	body = append(body, 0)
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(body)+4)), body...)
}

// TestStartupNewerMinorVersion: PostgreSQL 15 accepts protocol 3.x for any
// x, answering NegotiateProtocolVersion (3.0, and the "_pq_." options in
// the order sent) before authentication, and goes on with 3.0.
func TestStartupNewerMinorVersion(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	for _, tc := range []struct {
		packet []byte
		want   string
	}{
		{rawStartup(3<<16|1, "user", "eve"), "NegotiateProtocolVersion 196608 []"},
		{rawStartup(3<<16|5, "user", "eve", "_pq_.zeta", "1", "_pq_.alpha", "x"), "NegotiateProtocolVersion 196608 [_pq_.zeta _pq_.alpha]"},
		{rawStartup(3<<16, "_pq_.only", "1", "user", "eve"), "NegotiateProtocolVersion 196608 [_pq_.only]"},
	} {
		rc := dialNoStartup(t, s)
		rc.nc.Write(tc.packet)
		got := rc.roundTrip()
		if got[0] != tc.want || got[1] != "AuthenticationOk" || got[len(got)-1] != "ReadyForQuery I" {
			t.Fatalf("startup %x: %q", tc.packet[4:8], got)
		}
		checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 1"}),
			"RowDescription n:20:8:0,s:25:-1:0", "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
	}
	// Plain 3.0 without options gets no NegotiateProtocolVersion.
	rc := dialNoStartup(t, s)
	rc.nc.Write(rawStartup(3<<16, "user", "eve"))
	if got := rc.roundTrip(); got[0] != "AuthenticationOk" {
		t.Fatalf("3.0 startup: %q", got)
	}
}

// FuzzReceive: receive never panics and reports every malformed body as
// an error the session survives.
func FuzzReceive(f *testing.F) {
	f.Add(rawMessage('B', bindBody(-2, nil)))
	f.Add(rawMessage('B', bindBody(1, []byte("7"))))
	f.Add(rawMessage('Q', []byte("SELECT 1")))
	f.Add(rawMessage('D', []byte("S")))
	f.Add(rawMessage('p', []byte("secret\x00")))
	f.Add([]byte{'Q', 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &conn{srv: &Server{MaxMessageSize: 1 << 16}, in: bufio.NewReader(bytes.NewReader(data))}
		for range 4 {
			msg, err := c.receive()
			var m *errMalformed
			switch {
			case err == nil && msg == nil:
				t.Fatal("no message and no error")
			case errors.As(err, &m):
				if m.pe.Code != "08P01" {
					t.Fatalf("malformed body: %v", m.pe)
				}
			case err != nil:
				return // the stream ends or cannot be trusted
			}
		}
	})
}

// TestBindInvalidUTF8: a text-format parameter that is not valid UTF-8 is
// 22021 naming the bad bytes, with the parameter (not its value) as
// context, before the type's input function runs (pg_client_to_server).
func TestBindInvalidUTF8(t *testing.T) {
	s := startServer(t, &fakeEngine{})
	rc := dialRaw(t, s)
	rc.fe.Send(&pgproto3.Parse{Name: "s1", Query: "select $1"})
	rc.fe.Send(&pgproto3.Bind{PreparedStatement: "s1", Parameters: [][]byte{[]byte("1\xe2\x28\xa1")}})
	rc.fe.Send(&pgproto3.Sync{})
	rc.fe.Flush()
	var errMsg *pgproto3.ErrorResponse
	for {
		msg, err := rc.fe.Receive()
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := msg.(*pgproto3.ErrorResponse); ok {
			c := *e
			errMsg = &c
		}
		if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
			break
		}
	}
	if errMsg == nil || errMsg.Code != "22021" || errMsg.Message != `invalid byte sequence for encoding "UTF8": 0xe2 0x28 0xa1` ||
		errMsg.Where != "unnamed portal parameter $1" {
		t.Fatalf("error %+v", errMsg)
	}
}

// FuzzStartupPacket: readStartupPacket never panics, and a StartupMessage
// it returns keeps the requested version and lists only "_pq_." options.
func FuzzStartupPacket(f *testing.F) {
	f.Add(rawStartup(3<<16|5, "user", "eve", "_pq_.a", "1"))
	f.Add(rawStartup(3<<16, "user", "eve"))
	f.Add(rawStartup(4<<16, "user", "eve"))
	f.Add([]byte{0, 0, 0, 8, 4, 210, 22, 47}) // SSLRequest
	f.Add([]byte{0, 0, 0, 16, 4, 210, 22, 46, 0, 0, 0, 1, 0, 0, 0, 2})
	f.Add([]byte{0, 0, 0, 7, 0, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		pkt, err := readStartupPacket(bytes.NewReader(data))
		if err != nil {
			return
		}
		if m, ok := pkt.msg.(*pgproto3.StartupMessage); ok {
			if m.ProtocolVersion>>16 != 3 || m.ProtocolVersion != binary.BigEndian.Uint32(data[4:]) {
				t.Fatalf("version %x", m.ProtocolVersion)
			}
			for _, o := range pkt.options {
				if !strings.HasPrefix(o, protocolOptionPrefix) {
					t.Fatalf("option %q", o)
				}
				if _, ok := m.Parameters[o]; !ok {
					t.Fatalf("option %q not among the parameters", o)
				}
			}
		}
	})
}
