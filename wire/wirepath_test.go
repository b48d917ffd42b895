package wire

import (
	"net"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"
)

// countingListener hands out connections that count the server's writes.
type countingListener struct {
	net.Listener
	writes atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	nc, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: nc, writes: &l.writes}, nil
}

// countingConn counts Write calls (one write system call each on TCP).
type countingConn struct {
	net.Conn
	writes *atomic.Int64
}

func (c *countingConn) Write(b []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(b)
}

// TestOneWritePerSync: the server answers a pipeline of extended-protocol
// messages up to Sync, and a Query message, with a single write.
func TestOneWritePerSync(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &countingListener{Listener: ln}
	s := serveOn(t, cl, &fakeEngine{})
	rc := dialRaw(t, s)
	for _, batch := range []struct {
		name string
		msgs []pgproto3.FrontendMessage
		want int
	}{
		{"parse, bind, describe, execute", []pgproto3.FrontendMessage{
			&pgproto3.Parse{Name: "s", Query: "select $1"},
			&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("7")}},
			&pgproto3.Describe{ObjectType: 'P'}, &pgproto3.Execute{}, &pgproto3.Sync{}}, 6},
		{"bind, execute again", []pgproto3.FrontendMessage{
			&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("8")}},
			&pgproto3.Execute{}, &pgproto3.Sync{}}, 4},
		{"rows", []pgproto3.FrontendMessage{
			&pgproto3.Parse{Query: "SELECT 100"}, &pgproto3.Bind{}, &pgproto3.Execute{}, &pgproto3.Sync{}}, 104},
		{"query", []pgproto3.FrontendMessage{&pgproto3.Query{String: "SELECT 3"}}, 6},
	} {
		before := cl.writes.Load()
		got := rc.roundTrip(batch.msgs...)
		if len(got) != batch.want || got[len(got)-1] != "ReadyForQuery I" {
			t.Fatalf("%s: %q", batch.name, got)
		}
		if n := cl.writes.Load() - before; n != 1 {
			t.Errorf("%s: %d writes, want 1", batch.name, n)
		}
	}
}

// benchWire runs msgs to Sync on one connection per iteration, reading
// the answer up to ReadyForQuery; with -benchmem the allocations include
// the server's (the fake engine's are a few per statement).
func benchWire(b *testing.B, setup []pgproto3.FrontendMessage, msgs ...pgproto3.FrontendMessage) {
	s := startServer(b, &fakeEngine{})
	nc, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	defer nc.Close()
	fe := pgproto3.NewFrontend(nc, nc)
	exchange := func(msgs ...pgproto3.FrontendMessage) {
		for _, m := range msgs {
			fe.Send(m)
		}
		if err := fe.Flush(); err != nil {
			b.Fatal(err)
		}
		for {
			msg, err := fe.Receive()
			if err != nil {
				b.Fatal(err)
			}
			switch m := msg.(type) {
			case *pgproto3.ErrorResponse:
				b.Fatalf("%s: %s", m.Code, m.Message)
			case *pgproto3.ReadyForQuery:
				return
			}
		}
	}
	exchange(append([]pgproto3.FrontendMessage{&pgproto3.StartupMessage{
		ProtocolVersion: pgproto3.ProtocolVersion30, Parameters: map[string]string{"user": "bob"}}}, setup...)...)
	b.ReportAllocs()
	for b.Loop() {
		exchange(msgs...)
	}
}

// BenchmarkWirePrepared: Bind, Execute, Sync of a prepared one-row
// statement with one text parameter, as pgbench -M prepared sends them.
func BenchmarkWirePrepared(b *testing.B) {
	benchWire(b, []pgproto3.FrontendMessage{&pgproto3.Parse{Name: "s", Query: "select $1"}, &pgproto3.Sync{}},
		&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("42")}}, &pgproto3.Execute{}, &pgproto3.Sync{})
}

// BenchmarkWirePreparedRows: the same with 100 rows of two columns.
func BenchmarkWirePreparedRows(b *testing.B) {
	benchWire(b, []pgproto3.FrontendMessage{&pgproto3.Parse{Name: "s", Query: "SELECT 100"}, &pgproto3.Sync{}},
		&pgproto3.Bind{PreparedStatement: "s"}, &pgproto3.Execute{}, &pgproto3.Sync{})
}

// BenchmarkWireSimple: a Query message of one statement with one row.
func BenchmarkWireSimple(b *testing.B) {
	benchWire(b, nil, &pgproto3.Query{String: "SELECT 1"})
}

// maxRoundTripAllocs bounds the allocations of one Bind, Execute, Sync
// of a prepared one-row statement, client and fake engine included (24
// before the send buffer and the reused messages, 12 before the unnamed
// portal's memory, the per-connection statement context and Execute's
// decoding were reused; the fake engine and pgproto3's client make about
// 6 of them).
const maxRoundTripAllocs = 9

// TestPreparedRoundTripAllocs: re-executing a prepared statement costs
// the server a handful of allocations, not one per message.
func TestPreparedRoundTripAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	rc.roundTrip(&pgproto3.Parse{Name: "s", Query: "select $1"}, &pgproto3.Sync{})
	msgs := []pgproto3.FrontendMessage{&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("7")}},
		&pgproto3.Execute{}, &pgproto3.Sync{}}
	exchange := func() {
		for _, m := range msgs {
			rc.fe.Send(m)
		}
		if err := rc.fe.Flush(); err != nil {
			t.Fatal(err)
		}
		for {
			msg, err := rc.fe.Receive()
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
				return
			}
		}
	}
	exchange()
	if allocs := testing.AllocsPerRun(200, exchange); allocs > maxRoundTripAllocs {
		t.Errorf("%v allocations per round trip, want at most %d", allocs, maxRoundTripAllocs)
	}
}
