package wire

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgproto3"
)

// startServer serves eng on 127.0.0.1:0 until the test ends; Serve must
// then return nil.
func startServer(t testing.TB, eng backend.Engine, configure ...func(*Server)) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return serveOn(t, ln, eng, configure...)
}

// serveOn is startServer on the listener ln.
func serveOn(t testing.TB, ln net.Listener, eng backend.Engine, configure ...func(*Server)) *Server {
	t.Helper()
	s := &Server{Engine: eng, ShutdownTimeout: 2 * time.Second}
	for _, f := range configure {
		f(s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve returned %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Serve did not return after cancel")
		}
	})
	for s.Addr() == nil {
		time.Sleep(time.Millisecond)
	}
	return s
}

func connString(s *Server) string {
	return fmt.Sprintf("postgres://alice@%s/db?sslmode=disable&application_name=wiretest", s.Addr())
}

// connect opens a pgx connection using mode by default.
func connect(t *testing.T, s *Server, mode pgx.QueryExecMode) *pgx.Conn {
	t.Helper()
	cfg, err := pgx.ParseConfig(connString(s))
	if err != nil {
		t.Fatal(err)
	}
	cfg.DefaultQueryExecMode = mode
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// rawClient is a pgproto3 frontend on a started connection.
type rawClient struct {
	t  *testing.T
	nc net.Conn
	fe *pgproto3.Frontend
}

// dialRaw connects and completes startup, returning the client after the
// first ReadyForQuery.
func dialRaw(t *testing.T, s *Server) *rawClient {
	t.Helper()
	rc := dialNoStartup(t, s)
	rc.fe.Send(&pgproto3.StartupMessage{
		ProtocolVersion: pgproto3.ProtocolVersion30,
		Parameters:      map[string]string{"user": "bob"},
	})
	got := rc.roundTrip()
	if !strings.HasPrefix(got[0], "AuthenticationOk") || got[len(got)-1] != "ReadyForQuery I" {
		t.Fatalf("startup: %q", got)
	}
	return rc
}

func dialNoStartup(t *testing.T, s *Server) *rawClient {
	t.Helper()
	nc, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	t.Cleanup(func() { nc.Close() })
	return &rawClient{t: t, nc: nc, fe: pgproto3.NewFrontend(nc, nc)}
}

// roundTrip sends msgs and reads until ReadyForQuery (or an error), returning
// the summaries of the messages received.
func (rc *rawClient) roundTrip(msgs ...pgproto3.FrontendMessage) []string {
	rc.t.Helper()
	return rc.until("ReadyForQuery", msgs...)
}

// until sends msgs and reads messages until one whose summary starts with
// stop; a read error ends the list with "EOF".
func (rc *rawClient) until(stop string, msgs ...pgproto3.FrontendMessage) []string {
	rc.t.Helper()
	for _, m := range msgs {
		rc.fe.Send(m)
	}
	if err := rc.fe.Flush(); err != nil {
		rc.t.Fatalf("flush: %v", err)
	}
	var out []string
	for {
		msg, err := rc.fe.Receive()
		if err != nil {
			return append(out, "EOF")
		}
		s := summarize(msg)
		out = append(out, s)
		if strings.HasPrefix(s, stop) {
			return out
		}
	}
}

// summarize prints a backend message as one line: type name and the fields
// the tests check. DataRow values print as text, binary ints as "i8:<n>".
func summarize(msg pgproto3.BackendMessage) string {
	switch m := msg.(type) {
	case *pgproto3.ReadyForQuery:
		return "ReadyForQuery " + string(m.TxStatus)
	case *pgproto3.CommandComplete:
		return "CommandComplete " + string(m.CommandTag)
	case *pgproto3.ErrorResponse:
		return fmt.Sprintf("ErrorResponse %s %s %s", m.Severity, m.Code, m.Message)
	case *pgproto3.NoticeResponse:
		return fmt.Sprintf("NoticeResponse %s %s %s", m.Severity, m.Code, m.Message)
	case *pgproto3.RowDescription:
		var f []string
		for _, fd := range m.Fields {
			f = append(f, fmt.Sprintf("%s:%d:%d:%d", fd.Name, fd.DataTypeOID, fd.DataTypeSize, fd.Format))
		}
		return "RowDescription " + strings.Join(f, ",")
	case *pgproto3.DataRow:
		var v []string
		for _, b := range m.Values {
			switch {
			case b == nil:
				v = append(v, "NULL")
			default:
				v = append(v, string(b))
			}
		}
		return "DataRow " + strings.Join(v, "|")
	case *pgproto3.ParameterDescription:
		return fmt.Sprintf("ParameterDescription %v", m.ParameterOIDs)
	case *pgproto3.ParameterStatus:
		return "ParameterStatus " + m.Name + "=" + m.Value
	case *pgproto3.CopyInResponse:
		return fmt.Sprintf("CopyInResponse %d %v", m.OverallFormat, m.ColumnFormatCodes)
	case *pgproto3.CopyOutResponse:
		return fmt.Sprintf("CopyOutResponse %d %v", m.OverallFormat, m.ColumnFormatCodes)
	case *pgproto3.CopyData:
		return fmt.Sprintf("CopyData %q", m.Data)
	case *pgproto3.BackendKeyData:
		return fmt.Sprintf("BackendKeyData %d", len(m.SecretKey))
	case *pgproto3.NegotiateProtocolVersion:
		return fmt.Sprintf("NegotiateProtocolVersion %d %v", m.NewestMinorProtocol, m.UnrecognizedOptions)
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", msg), "*pgproto3.")
}

func be64(n int64) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }

// checkMessages compares received summaries with want.
func checkMessages(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("messages:\n got  %q\n want %q", got, want)
	}
}
