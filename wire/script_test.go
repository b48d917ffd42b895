package wire

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgproto3"
)

const rowDescNS = "RowDescription n:20:8:0,s:25:-1:0"

func TestSimpleQueryMessages(t *testing.T) {
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 2; ERROR; SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "DataRow 2|row 2", "CommandComplete SELECT 2",
		"ErrorResponse ERROR 22012 division by zero", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: " ; "}), "EmptyQueryResponse", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SPLITERROR"}),
		`ErrorResponse ERROR 42601 syntax error at or near "SPLITERROR"`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "NOTICE; SET application_name = 'x'"}),
		"NoticeResponse NOTICE 00000 hello notice", "CommandComplete DO",
		"CommandComplete SET", "ParameterStatus application_name=x", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "BEGIN; INSERT"}),
		"CommandComplete BEGIN", "CommandComplete INSERT 0 1", "ReadyForQuery T")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "ERROR"}),
		"ErrorResponse ERROR 22012 division by zero", "ReadyForQuery E")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "ROLLBACK"}),
		"CommandComplete ROLLBACK", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "PANIC; SELECT 1"}),
		"ErrorResponse ERROR XX000 internal error: session exploded", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "BADROW"}),
		rowDescNS, "ErrorResponse ERROR XX000 row has 1 values for 2 columns", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
}

func TestErrorResponseFields(t *testing.T) {
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	rc.fe.Send(&pgproto3.Query{String: "ERROR"})
	rc.fe.Flush()
	msg, err := rc.fe.Receive()
	if err != nil {
		t.Fatal(err)
	}
	e, ok := msg.(*pgproto3.ErrorResponse)
	if !ok {
		t.Fatalf("got %T", msg)
	}
	if e.Severity != "ERROR" || e.SeverityUnlocalized != "ERROR" || e.Code != "22012" ||
		e.Message != "division by zero" || e.Detail != "the detail" || e.Hint != "the hint" ||
		e.Position != 3 || e.Where != "the context" {
		t.Fatalf("error fields: %+v", e)
	}
}

func TestExecuteMaxRowsSuspendsPortal(t *testing.T) {
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Name: "five", Query: "SELECT 5"},
		&pgproto3.Bind{PreparedStatement: "five"},
		&pgproto3.Describe{ObjectType: 'P'},
		&pgproto3.Execute{MaxRows: 2},
		&pgproto3.Execute{MaxRows: 2},
		&pgproto3.Execute{MaxRows: 2},
		&pgproto3.Sync{},
	),
		"ParseComplete", "BindComplete", rowDescNS,
		"DataRow 1|row 1", "DataRow 2|row 2", "PortalSuspended",
		"DataRow 3|row 3", "DataRow 4|row 4", "PortalSuspended",
		"DataRow 5|NULL", "CommandComplete SELECT 1", "ReadyForQuery I")
	// The portal is gone after Sync; the named statement stays.
	checkMessages(t, rc.roundTrip(&pgproto3.Execute{}, &pgproto3.Sync{}),
		`ErrorResponse ERROR 34000 portal "" does not exist`, "ReadyForQuery I")
	// Exactly max rows: PortalSuspended, as PostgreSQL's PortalRunSelect
	// (done only when fewer rows than asked came); then SELECT 0, twice.
	checkMessages(t, rc.roundTrip(
		&pgproto3.Bind{DestinationPortal: "p", PreparedStatement: "five"},
		&pgproto3.Execute{Portal: "p", MaxRows: 5},
		&pgproto3.Execute{Portal: "p", MaxRows: 5},
		&pgproto3.Execute{Portal: "p", MaxRows: 5},
		&pgproto3.Sync{},
	),
		"BindComplete", "DataRow 1|row 1", "DataRow 2|row 2", "DataRow 3|row 3", "DataRow 4|row 4",
		"DataRow 5|NULL", "PortalSuspended", "CommandComplete SELECT 0", "CommandComplete SELECT 0", "ReadyForQuery I")
}

func TestErrorDiscardsUntilSync(t *testing.T) {
	eng := &fakeEngine{}
	rc := dialRaw(t, startServer(t, eng))
	before := eng.executes.Load()
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Query: "SELECT 1"},
		&pgproto3.Bind{PreparedStatement: "nope"},
		&pgproto3.Parse{Name: "never", Query: "SELECT 2"},
		&pgproto3.Bind{},
		&pgproto3.Execute{},
		&pgproto3.Query{String: "SELECT 3"},
		&pgproto3.Sync{},
	),
		"ParseComplete", `ErrorResponse ERROR 26000 prepared statement "nope" does not exist`, "ReadyForQuery I")
	if n := eng.executes.Load() - before; n != 0 {
		t.Fatalf("%d statements executed while discarding", n)
	}
	// The statement parsed after the error was discarded too.
	checkMessages(t, rc.roundTrip(&pgproto3.Describe{ObjectType: 'S', Name: "never"}, &pgproto3.Sync{}),
		`ErrorResponse ERROR 26000 prepared statement "never" does not exist`, "ReadyForQuery I")
	// The statement parsed before it works.
	checkMessages(t, rc.roundTrip(&pgproto3.Bind{}, &pgproto3.Execute{}, &pgproto3.Sync{}),
		"BindComplete", "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
	// An execution error also discards until Sync.
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Query: "ERROR"}, &pgproto3.Bind{}, &pgproto3.Execute{},
		&pgproto3.Parse{Query: "SELECT 1"}, &pgproto3.Bind{}, &pgproto3.Execute{}, &pgproto3.Sync{},
	), "ParseComplete", "BindComplete", "ErrorResponse ERROR 22012 division by zero", "ReadyForQuery I")
}

func TestExtendedProtocolErrors(t *testing.T) {
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	sync := &pgproto3.Sync{}
	checkMessages(t, rc.roundTrip(&pgproto3.Parse{Name: "s", Query: "SELECT $1"}, &pgproto3.Parse{Name: "s", Query: "SELECT 1"}, sync),
		"ParseComplete", `ErrorResponse ERROR 42P05 prepared statement "s" already exists`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("1"), []byte("2")}}, sync),
		`ErrorResponse ERROR 08P01 bind message supplies 2 parameters, but prepared statement "s" requires 1`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("1")}, ResultFormatCodes: []int16{0, 1}}, sync),
		`ErrorResponse ERROR 08P01 bind message has 2 result formats but query has 1 columns`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Bind{PreparedStatement: "s", Parameters: [][]byte{[]byte("1")}, ResultFormatCodes: []int16{7}}, sync),
		`ErrorResponse ERROR 22023 unsupported format code: 7`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Execute{Portal: "zz"}, sync),
		`ErrorResponse ERROR 34000 portal "zz" does not exist`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Describe{ObjectType: 'P', Name: "zz"}, sync),
		`ErrorResponse ERROR 34000 portal "zz" does not exist`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Parse{Query: "SELECT 1; SELECT 2"}, sync),
		`ErrorResponse ERROR 42601 cannot insert multiple commands into a prepared statement`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Parse{Query: "PREPAREPANIC"}, sync),
		`ErrorResponse ERROR XX000 internal error: prepare exploded`, "ReadyForQuery I")
	// Close of anything, existing or not, completes; the statement is gone.
	checkMessages(t, rc.roundTrip(&pgproto3.Close{ObjectType: 'S', Name: "s"}, &pgproto3.Close{ObjectType: 'P', Name: "q"},
		&pgproto3.Describe{ObjectType: 'S', Name: "s"}, sync),
		"CloseComplete", "CloseComplete", `ErrorResponse ERROR 26000 prepared statement "s" does not exist`, "ReadyForQuery I")
	// Named portal twice inside a transaction block: 42P03, and like any
	// error it fails the block (PostgreSQL answers ReadyForQuery E).
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "BEGIN"}), "CommandComplete BEGIN", "ReadyForQuery T")
	checkMessages(t, rc.roundTrip(&pgproto3.Parse{Query: "SELECT 1"}, &pgproto3.Bind{DestinationPortal: "c"},
		&pgproto3.Bind{DestinationPortal: "c"}, sync),
		"ParseComplete", "BindComplete", `ErrorResponse ERROR 42P03 portal "c" already exists`, "ReadyForQuery E")
}

func TestDescribeAndParams(t *testing.T) {
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	checkMessages(t, rc.roundTrip(
		&pgproto3.Parse{Name: "p", Query: "SELECT $1, $2", ParameterOIDs: []uint32{0, 25}},
		&pgproto3.Describe{ObjectType: 'S', Name: "p"},
		&pgproto3.Bind{PreparedStatement: "p", ParameterFormatCodes: []int16{1, 0},
			Parameters: [][]byte{be64(-42), []byte("héllo")}, ResultFormatCodes: []int16{0}},
		&pgproto3.Describe{ObjectType: 'P'},
		&pgproto3.Execute{},
		&pgproto3.Bind{PreparedStatement: "p", Parameters: [][]byte{[]byte("7"), nil}},
		&pgproto3.Execute{},
		&pgproto3.Parse{Name: "ins", Query: "INSERT"},
		&pgproto3.Describe{ObjectType: 'S', Name: "ins"},
		&pgproto3.Parse{Query: ""},
		&pgproto3.Describe{ObjectType: 'S'},
		&pgproto3.Bind{},
		&pgproto3.Execute{},
		&pgproto3.Sync{},
	),
		"ParseComplete", "ParameterDescription [20 25]", "RowDescription ?column?:20:8:0,?column?:25:-1:0",
		"BindComplete", "RowDescription ?column?:20:8:0,?column?:25:-1:0", "DataRow -42|héllo", "CommandComplete SELECT 1",
		"BindComplete", "DataRow 7|NULL", "CommandComplete SELECT 1",
		"ParseComplete", "ParameterDescription []", "NoData",
		"ParseComplete", "ParameterDescription []", "NoData", "BindComplete", "EmptyQueryResponse",
		"ReadyForQuery I")
	// Binary results: int8 as 8 big-endian bytes, text as its bytes.
	rc.fe.Send(&pgproto3.Bind{PreparedStatement: "p", Parameters: [][]byte{[]byte("258"), []byte("t")}, ResultFormatCodes: []int16{1}})
	rc.fe.Send(&pgproto3.Describe{ObjectType: 'P'})
	rc.fe.Send(&pgproto3.Execute{})
	rc.fe.Send(&pgproto3.Sync{})
	rc.fe.Flush()
	var row []string
	for {
		msg, err := rc.fe.Receive()
		if err != nil {
			t.Fatal(err)
		}
		if rd, ok := msg.(*pgproto3.RowDescription); ok && (rd.Fields[0].Format != 1 || rd.Fields[1].Format != 1) {
			t.Fatalf("portal formats %+v", rd.Fields)
		}
		if d, ok := msg.(*pgproto3.DataRow); ok {
			row = []string{string(d.Values[0]), string(d.Values[1])}
		}
		if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
			break
		}
	}
	if row == nil || row[0] != string(be64(258)) || row[1] != "t" {
		t.Fatalf("binary row %q", row)
	}
}

func TestBindParamDecodeErrorContext(t *testing.T) {
	rc := dialRaw(t, startServer(t, &fakeEngine{}))
	rc.fe.Send(&pgproto3.Parse{Query: "SELECT $1"})
	rc.fe.Send(&pgproto3.Bind{Parameters: [][]byte{[]byte("abc")}})
	rc.fe.Send(&pgproto3.Sync{})
	rc.fe.Flush()
	for {
		msg, err := rc.fe.Receive()
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := msg.(*pgproto3.ErrorResponse); ok {
			if e.Code != "22P02" || e.Where != "unnamed portal parameter $1 = 'abc'" {
				t.Fatalf("error %s %q where %q", e.Code, e.Message, e.Where)
			}
			return
		}
		if _, ok := msg.(*pgproto3.ReadyForQuery); ok {
			t.Fatal("no error for bad int8 text")
		}
	}
}

func TestCopyInTextSimpleProtocol(t *testing.T) {
	eng := &fakeEngine{}
	rc := dialRaw(t, startServer(t, eng))
	checkMessages(t, rc.until("CopyInResponse", &pgproto3.Query{String: "COPY t FROM STDIN"}), "CopyInResponse 0 [0 0]")
	checkMessages(t, rc.roundTrip(
		&pgproto3.CopyData{Data: []byte("1\tone\n2\tt")},
		&pgproto3.Flush{},
		&pgproto3.CopyData{Data: []byte("wo\n")},
		&pgproto3.Sync{},
		&pgproto3.CopyDone{},
	), "CommandComplete COPY 2", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "select n, s from t"}),
		rowDescNS, "DataRow 1|one", "DataRow 2|two", "CommandComplete SELECT 2", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "COPY t TO STDOUT"}),
		"CopyOutResponse 0 [0 0]", `CopyData "1\tone\n"`, `CopyData "2\ttwo\n"`, "CopyDone",
		"CommandComplete COPY 2", "ReadyForQuery I")

	// CopyFail: 57014 with the client's message; nothing stored.
	rc.until("CopyInResponse", &pgproto3.Query{String: "COPY t FROM STDIN; SELECT 1"})
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte("3\tthree\n")}, &pgproto3.CopyFail{Message: "client gave up"}),
		"ErrorResponse ERROR 57014 COPY from stdin failed: client gave up", "ReadyForQuery I")

	// A bad row: the error comes, the rest of the copy stream is dropped.
	rc.until("CopyInResponse", &pgproto3.Query{String: "COPY t FROM STDIN"})
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte("bad\n")}, &pgproto3.CopyDone{}),
		`ErrorResponse ERROR 22P02 invalid input syntax for type bigint: "bad"`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte("4\tx\n")}, &pgproto3.CopyDone{}, &pgproto3.Query{String: "SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")
	if n := len(eng.rows()); n != 2 {
		t.Fatalf("table has %d rows, want 2", n)
	}
}

func TestCopyInExtendedProtocol(t *testing.T) {
	eng := &fakeEngine{}
	rc := dialRaw(t, startServer(t, eng))
	checkMessages(t, rc.until("CopyInResponse",
		&pgproto3.Parse{Query: "COPY t FROM STDIN"}, &pgproto3.Bind{}, &pgproto3.Execute{}, &pgproto3.Sync{}),
		"ParseComplete", "BindComplete", "CopyInResponse 0 [0 0]")
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte("9\tnine\n")}, &pgproto3.CopyDone{}, &pgproto3.Sync{}),
		"CommandComplete COPY 1", "ReadyForQuery I")
	// A failed extended COPY discards until Sync.
	rc.until("CopyInResponse", &pgproto3.Parse{Query: "COPY t FROM STDIN"}, &pgproto3.Bind{}, &pgproto3.Execute{})
	checkMessages(t, rc.roundTrip(&pgproto3.CopyFail{Message: "no"}, &pgproto3.Query{String: "SELECT 1"}, &pgproto3.Sync{}),
		"ErrorResponse ERROR 57014 COPY from stdin failed: no", "ReadyForQuery I")
	rows := eng.rows()
	if len(rows) != 1 || rows[0][0] != int64(9) || rows[0][1] != "nine" {
		t.Fatalf("rows %v", rows)
	}
}

func TestStartupVariants(t *testing.T) {
	s := startServer(t, &fakeEngine{})

	// SSLRequest and GSSEncRequest are refused with 'N' and startup continues.
	rc := dialNoStartup(t, s)
	for _, m := range []pgproto3.FrontendMessage{&pgproto3.SSLRequest{}, &pgproto3.GSSEncRequest{}} {
		rc.fe.Send(m)
		rc.fe.Flush()
		b := make([]byte, 1)
		if _, err := io.ReadFull(rc.nc, b); err != nil || b[0] != 'N' {
			t.Fatalf("%T answer %q %v", m, b, err)
		}
	}
	rc.fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersion30,
		Parameters: map[string]string{"user": "carol", "application_name": "app1"}})
	got := rc.roundTrip()
	want := []string{"AuthenticationOk", "ParameterStatus application_name=app1", "ParameterStatus client_encoding=UTF8",
		"ParameterStatus DateStyle=ISO, MDY", "ParameterStatus default_transaction_read_only=off",
		"ParameterStatus in_hot_standby=off", "ParameterStatus integer_datetimes=on",
		"ParameterStatus IntervalStyle=postgres", "ParameterStatus is_superuser=on",
		"ParameterStatus server_encoding=UTF8", "ParameterStatus server_version=15.20",
		"ParameterStatus session_authorization=carol", "ParameterStatus standard_conforming_strings=on",
		"ParameterStatus TimeZone=UTC", "BackendKeyData 4", "ReadyForQuery I"}
	checkMessages(t, got, want...)

	// Protocol 3.2 and a protocol option: NegotiateProtocolVersion, then 3.0.
	rc = dialNoStartup(t, s)
	rc.fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersion32,
		Parameters: map[string]string{"user": "dave", "_pq_.frob": "1"}})
	got = rc.roundTrip()
	if got[0] != "NegotiateProtocolVersion 196608 [_pq_.frob]" || got[1] != "AuthenticationOk" || got[len(got)-1] != "ReadyForQuery I" {
		t.Fatalf("3.2 startup: %q", got)
	}

	// No user: FATAL 28000.
	rc = dialNoStartup(t, s)
	rc.fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersion30, Parameters: map[string]string{"database": "x"}})
	checkMessages(t, rc.roundTrip(), "ErrorResponse FATAL 28000 no PostgreSQL user name specified in startup packet", "EOF")

	// Another major protocol version: FATAL 0A000, as PostgreSQL 15.
	rc = dialNoStartup(t, s)
	rc.nc.Write([]byte{0, 0, 0, 8, 0, 9, 9, 9})
	checkMessages(t, rc.roundTrip(), "ErrorResponse FATAL 0A000 unsupported frontend protocol 9.2313: server supports 3.0 to 3.0", "EOF")

	// Garbage startup packet (length below 8): FATAL 08P01.
	rc = dialNoStartup(t, s)
	rc.nc.Write([]byte{0, 0, 0, 7, 0, 3, 0})
	got = rc.roundTrip()
	if len(got) != 2 || !strings.HasPrefix(got[0], "ErrorResponse FATAL 08P01 invalid startup packet") || got[1] != "EOF" {
		t.Fatalf("bad startup: %q", got)
	}
}

func TestUnknownMessageIsFatal(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	rc := dialRaw(t, s)
	rc.nc.Write([]byte{'z', 0, 0, 0, 4})
	got := rc.roundTrip()
	if len(got) != 2 || !strings.HasPrefix(got[0], "ErrorResponse FATAL 08P01 invalid frontend message") || got[1] != "EOF" {
		t.Fatalf("got %q", got)
	}
	waitFor(t, func() bool { return eng.closed.Load() == 1 }, "session closed after protocol violation")
	// A password message after startup is a protocol violation too.
	rc = dialRaw(t, s)
	checkMessages(t, rc.roundTrip(&pgproto3.PasswordMessage{Password: "pw"}),
		"ErrorResponse FATAL 08P01 invalid frontend message type 112", "EOF")
}

func TestMaxConns(t *testing.T) {
	s := startServer(t, &fakeEngine{}, func(s *Server) { s.MaxConns = 1 })
	dialRaw(t, s)
	rc := dialNoStartup(t, s)
	rc.fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersion30, Parameters: map[string]string{"user": "u"}})
	checkMessages(t, rc.roundTrip(), "ErrorResponse FATAL 53300 sorry, too many clients already", "EOF")
}

func TestTerminateAndDropCloseSession(t *testing.T) {
	eng := &fakeEngine{}
	s := startServer(t, eng)
	rc := dialRaw(t, s)
	checkMessages(t, rc.roundTrip(&pgproto3.Terminate{}), "EOF")
	rc = dialRaw(t, s)
	rc.fe.Send(&pgproto3.Query{String: "SELECT 1"}) // no read: just drop
	rc.fe.Flush()
	rc.nc.Close()
	waitFor(t, func() bool { return eng.closed.Load() == 2 }, "both sessions closed")
	if eng.opened.Load() != 2 {
		t.Fatalf("opened %d sessions", eng.opened.Load())
	}
}

func TestShutdownSendsAdminShutdown(t *testing.T) {
	eng := &fakeEngine{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Engine: eng}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	for s.Addr() == nil {
		time.Sleep(time.Millisecond)
	}
	rc := dialRaw(t, s)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
	checkMessages(t, rc.roundTrip(), "ErrorResponse FATAL 57P01 terminating connection due to administrator command", "EOF")
	if eng.closed.Load() != 1 {
		t.Fatal("session not closed at shutdown")
	}
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Fatal("listener still accepting")
	}
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
