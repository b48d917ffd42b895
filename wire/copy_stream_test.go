package wire

import (
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"
)

// TestCopyDataReadInPlace checks CopyData bodies are read from the
// connection as the session consumes them: a session that fails early in
// a large CopyData message leaves the rest of that message, and the
// messages after it, to be skipped, and the next Query is understood.
// Rows split across CopyData messages arrive whole.
func TestCopyDataReadInPlace(t *testing.T) {
	eng := &fakeEngine{}
	rc := dialRaw(t, startServer(t, eng))
	big := "bad\n" + strings.Repeat("x", 4<<20) + "\n"
	rc.until("CopyInResponse", &pgproto3.Query{String: "COPY t FROM STDIN"})
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte(big)}, &pgproto3.CopyData{Data: []byte("5\tx\n")}, &pgproto3.CopyDone{}),
		`ErrorResponse ERROR 22P02 invalid input syntax for type bigint: "bad"`, "ReadyForQuery I")
	checkMessages(t, rc.roundTrip(&pgproto3.Query{String: "SELECT 1"}),
		rowDescNS, "DataRow 1|row 1", "CommandComplete SELECT 1", "ReadyForQuery I")

	rc.until("CopyInResponse", &pgproto3.Query{String: "COPY t FROM STDIN"})
	checkMessages(t, rc.roundTrip(&pgproto3.CopyData{Data: []byte("7\tse")}, &pgproto3.CopyData{}, &pgproto3.CopyData{Data: []byte("ven\n8\t")},
		&pgproto3.CopyData{Data: []byte("eight\n")}, &pgproto3.CopyDone{}),
		"CommandComplete COPY 2", "ReadyForQuery I")
	if rows := eng.rows(); len(rows) != 2 || rows[0][1] != "seven" || rows[1][1] != "eight" {
		t.Fatalf("rows %v", rows)
	}
}
