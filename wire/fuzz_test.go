package wire

import (
	"io"
	"math/rand/v2"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgproto3"
)

// sendGarbage connects, completes startup when startup is true, writes data,
// half-closes and reads until the server closes or answers with
// ReadyForQuery-free silence for a second.
func sendGarbage(t testing.TB, s *Server, startup bool, data []byte) {
	nc, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(3 * time.Second))
	if startup {
		fe := pgproto3.NewFrontend(nc, nc)
		fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersion30, Parameters: map[string]string{"user": "fuzz"}})
		fe.Flush()
		for {
			msg, err := fe.Receive()
			if err != nil {
				t.Fatalf("startup: %v", err)
			}
			if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
				break
			}
		}
	}
	nc.Write(data)
	nc.(*net.TCPConn).CloseWrite()
	io.Copy(io.Discard, nc) // until the server closes (EOF) or the deadline
}

// checkServes asserts that s accepts a new connection and runs a query.
func checkServes(t *testing.T, s *Server) {
	rc := dialRaw(t, s)
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
}

func TestServerSurvivesRandomBytes(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	rng := rand.New(rand.NewPCG(1, 2))
	types := []byte("BCDEFfdcHPpQSX")
	for i := range 40 {
		data := make([]byte, 1+rng.IntN(300))
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		if i%2 == 0 { // a valid type byte and a small length reach the decoders
			data = append([]byte{types[rng.IntN(len(types))], 0, 0, 0, byte(4 + rng.IntN(40))}, data...)
		}
		sendGarbage(t, s, i%5 != 0, data)
	}
	checkServes(t, s)
	waitFor(t, func() bool { return eng.closed.Load() == eng.opened.Load()-1 }, "garbage sessions closed")
}

// FuzzFrontendMessages feeds arbitrary bytes after startup; the server must
// neither crash nor stop serving.
func FuzzFrontendMessages(f *testing.F) {
	f.Add([]byte{'Q', 0, 0, 0, 13, 'S', 'E', 'L', 'E', 'C', 'T', ' ', '1', 0})
	f.Add([]byte{'B', 0, 0, 0, 12, 0, 0, 0, 2, 0, 1, 0, 1})
	f.Add([]byte{'P', 0, 0, 0, 8, 0, 0, 0, 0, 'S', 0, 0, 0, 4})
	f.Add([]byte{'d', 0, 0, 0, 5, 'x', 'c', 0, 0, 0, 4})
	f.Add([]byte{'E', 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0, 0, 0, 0, 0, 0})
	s := startServer(f, &fakeEngine{})
	f.Fuzz(func(t *testing.T, data []byte) {
		sendGarbage(t, s, true, data)
		checkServes(t, s)
	})
}
