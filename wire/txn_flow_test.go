package wire

import (
	"slices"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"
)

// TestImplicitTxnCalls checks when wire calls Session.BeginImplicit, Sync
// and Fail: once per Query message (multi for several statements) and
// per run of extended messages up to Sync; Fail after every error,
// including errors of Bind and Describe and of Split.
func TestImplicitTxnCalls(t *testing.T) {
	eng := &fakeEngine{}
	rc := dialRaw(t, startServer(t, eng))
	sync := &pgproto3.Sync{}
	eng.takeTxnLog() // startup
	tests := []struct {
		name string
		msgs []pgproto3.FrontendMessage
		want []string
	}{
		{"one statement", []pgproto3.FrontendMessage{&pgproto3.Query{String: "INSERT"}}, []string{"begin", "sync"}},
		{"several statements", []pgproto3.FrontendMessage{&pgproto3.Query{String: "INSERT; INSERT"}}, []string{"begin multi", "sync"}},
		{"error in a string", []pgproto3.FrontendMessage{&pgproto3.Query{String: "INSERT; ERROR; INSERT"}}, []string{"begin multi", "fail", "sync"}},
		{"split error", []pgproto3.FrontendMessage{&pgproto3.Query{String: "SPLITERROR"}}, []string{"fail", "sync"}},
		{"empty query", []pgproto3.FrontendMessage{&pgproto3.Query{String: ";"}}, []string{"sync"}},
		{"batch", []pgproto3.FrontendMessage{
			&pgproto3.Parse{Query: "INSERT"}, &pgproto3.Bind{}, &pgproto3.Execute{},
			&pgproto3.Bind{}, &pgproto3.Execute{}, sync}, []string{"begin", "sync"}},
		{"batch error", []pgproto3.FrontendMessage{
			&pgproto3.Parse{Query: "INSERT"}, &pgproto3.Bind{}, &pgproto3.Execute{},
			&pgproto3.Parse{Query: "ERROR"}, &pgproto3.Bind{}, &pgproto3.Execute{},
			&pgproto3.Parse{Query: "INSERT"}, &pgproto3.Bind{}, &pgproto3.Execute{}, sync}, []string{"begin", "fail", "sync"}},
		{"describe error", []pgproto3.FrontendMessage{&pgproto3.Describe{ObjectType: 'P', Name: "nope"}, sync}, []string{"fail", "sync"}},
		{"bind error", []pgproto3.FrontendMessage{&pgproto3.Bind{PreparedStatement: "nope"}, sync}, []string{"fail", "sync"}},
		{"after a sync", []pgproto3.FrontendMessage{&pgproto3.Parse{Query: "INSERT"}, &pgproto3.Bind{}, &pgproto3.Execute{}, sync}, []string{"begin", "sync"}},
	}
	for _, tt := range tests {
		rc.roundTrip(tt.msgs...)
		if got := eng.takeTxnLog(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: calls %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestApplyStartupFatal checks that a Session.ApplyStartup error ends the
// connection with FATAL before ReadyForQuery.
func TestApplyStartupFatal(t *testing.T) {
	rc := dialNoStartup(t, startServer(t, &fakeEngine{}))
	rc.fe.Send(&pgproto3.StartupMessage{
		ProtocolVersion: pgproto3.ProtocolVersion30,
		Parameters:      map[string]string{"user": "bob", "application_name": "fatal"},
	})
	got := rc.roundTrip()
	want := `ErrorResponse FATAL 22023 invalid value for parameter "application_name": "fatal"`
	if len(got) < 2 || got[len(got)-2] != want || got[len(got)-1] != "EOF" {
		t.Fatalf("startup: %q", got)
	}
}

// TestCommandCompleteAfterCommit checks that the last statement of a
// Query message gets its CommandComplete only once the implicit
// transaction committed: a failed commit (Session.Sync) answers with its
// ErrorResponse instead, so a client never sees "INSERT 0 1" or "COPY 1"
// for a row that was lost. Earlier statements of a multi-statement Query
// and extended-protocol Executes complete before the commit at Sync, as
// in PostgreSQL.
func TestCommandCompleteAfterCommit(t *testing.T) {
	eng := &fakeEngine{}
	rc := dialRaw(t, startServer(t, eng))
	eng.failSync.Store(true)
	fail := "ErrorResponse ERROR 58030 could not write to the write-ahead log: disk on fire"
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "INSERT"}), fail, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "INSERT; INSERT"}),
		"CommandComplete INSERT 0 1", fail, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "NOTICE"}),
		"NoticeResponse NOTICE 00000 hello notice", fail, "ReadyForQuery I")
	rc.until("CopyInResponse", &pgproto3.Query{String: "COPY t FROM STDIN"})
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte("1\tone\n")}, &pgproto3.CopyDone{}),
		fail, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Parse{Query: "INSERT"}, &pgproto3.Bind{}, &pgproto3.Execute{}, &pgproto3.Sync{}),
		"ParseComplete", "BindComplete", "CommandComplete INSERT 0 1", fail, "ReadyForQuery I")

	eng.failSync.Store(false)
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "INSERT"}), "CommandComplete INSERT 0 1", "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SET application_name = 'y'"}),
		"CommandComplete SET", "ParameterStatus application_name=y", "ReadyForQuery I")
}
